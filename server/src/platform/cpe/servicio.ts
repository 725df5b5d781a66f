/**
 * What the rest of the server uses of the e-voucher machinery (issue 22): the issuer's settings
 * reader, the secrets that seal them, and the sending worker. Built once per process by `createDeps`.
 */
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { Mailer } from '../mail.ts';
import { crearSecretos, type Secretos } from '../secretos.ts';
import { asegurarEmisor, crearLectorEmisor, type LectorEmisor } from './configuracion.ts';
import { crearWorker, type CpeWorker, type OpcionesWorker } from './envio/worker.ts';

export interface Cpe {
  secretos: Secretos;
  lector: LectorEmisor;
  worker: CpeWorker;
}

export async function crearCpe(config: Config, database: Database, mailer: Mailer, opciones: Partial<OpcionesWorker> = {}): Promise<Cpe> {
  const secretos = crearSecretos(config.secretsKey);
  await asegurarEmisor(database.db, config, secretos);
  const lector = crearLectorEmisor(secretos);
  const worker = crearWorker({ database, lector, secretos, mailer, timeoutMs: config.cpe.timeoutMs, ...opciones });
  return { secretos, lector, worker };
}
