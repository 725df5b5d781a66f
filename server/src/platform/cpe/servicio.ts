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
  /** Makes the demo's test certificate when the issuer has none (the first reader of the settings would otherwise). Resolves with its error, if any. */
  preparar(): Promise<Error | null>;
  /** Stops the worker and waits for `preparar`. */
  cerrar(): Promise<void>;
}

export async function crearCpe(config: Config, database: Database, mailer: Mailer, opciones: Partial<OpcionesWorker> = {}): Promise<Cpe> {
  const secretos = crearSecretos(config.secretsKey);
  await asegurarEmisor(database.db, config, secretos);
  const lector = crearLectorEmisor(secretos);
  let certificado: Promise<Error | null> | null = null;
  // Reading the settings once makes the demo's certificate when it lacks one; a failure is logged by the server.
  const preparar = () => (certificado ??= lector.leer(database.db).then(() => null, (err: unknown) => (err instanceof Error ? err : new Error(String(err)))));
  const worker = crearWorker({ database, lector, secretos, mailer, timeoutMs: config.cpe.timeoutMs, ...opciones });
  return {
    secretos, lector, worker, preparar,
    async cerrar() {
      await worker.stop();
      await certificado;
    },
  };
}
