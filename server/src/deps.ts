import type { Config } from './config.ts';
import type { Ajustes } from './platform/ajustes.ts';
import type { Database } from './db/client.ts';
import type { Cpe } from './platform/cpe/servicio.ts';
import type { Mailer } from './platform/mail.ts';
import type { Storage } from './platform/storage.ts';
import type { ProfileCache } from './platform/auth/profile-cache.ts';
import type { TokenService } from './platform/auth/tokens.ts';

/** What services need from the outside world; tests build their own. */
export interface Deps {
  config: Config;
  database: Database;
  storage: Storage;
  mailer: Mailer;
  tokens: TokenService;
  /** The access guard's profiles, kept current through LISTEN/NOTIFY on every instance. */
  profiles: ProfileCache;
  /** E-vouchers and sender guides (issues 22, 23): the issuer's settings, their sealed secrets and the worker that sends to SUNAT. */
  cpe: Cpe;
  /** Settings changed from a screen (issue 24): the public address links are built with. */
  ajustes: Ajustes;
}
