import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type App } from '../app.ts';
import { createDeps } from '../bootstrap.ts';
import { loadConfig } from '../config.ts';
import { openDatabase, selectRows, type Database } from '../db/client.ts';
import type { Deps } from '../deps.ts';
import { startS3 } from './s3.ts';

export interface TestContext {
  app: App;
  deps: Deps;
  /** A valid bearer token of a seeded user, signed as the login would. */
  tokenFor(correo: string): Promise<string>;
  /** Authorization header of a seeded user. */
  auth(correo: string): Promise<{ authorization: string }>;
  /**
   * A second instance of the product on the same database (its own access guard cache, listening as a separate
   * process would): what one instance writes must reach the other's guard. Closed with the context.
   */
  otraInstancia(): Promise<App>;
  close(): Promise<void>;
}

/** A throwaway database on the PostgreSQL server of DATABASE_URL. */
async function postgresDatabase(baseUrl: string): Promise<{ database: Database; drop: () => Promise<void> }> {
  const name = `obra_test_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 20 });
  return {
    database,
    drop: async () => {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * A fresh app on a fresh database for one test file, with the demo data less its purchase history (SEED_DEMO=base).
 * `{SEED_DEMO: 'true'}` asks for the whole demo: on PGlite the database then starts empty (not from the template)
 * and the app seeds it, as a first start of the product does. Files go to a temporary folder; with
 * `STORAGE=s3` (in `env`, or in the shell to run any test file on a bucket) and no `S3_ENDPOINT`,
 * to a bucket of a local S3-compatible server started for the context (test/s3.ts).
 */
export async function createTestContext(env: Record<string, string> = {}): Promise<TestContext> {
  const dataDir = mkdtempSync(join(tmpdir(), 'obra-test-'));
  const certificado = inject('certificadoPrueba');
  const s3 = (env.STORAGE ?? process.env.STORAGE) === 's3' && !env.S3_ENDPOINT ? await startS3() : null;
  const config = loadConfig({
    DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'base', JWT_SECRET: 'x'.repeat(48),
    CPE_CERTIFICADO: certificado.archivo, CPE_CERTIFICADO_CLAVE: certificado.clave, ...s3?.env, ...env,
  });
  let database: Database;
  let drop = async () => {};
  const baseUrl = process.env.DATABASE_URL;
  if (baseUrl) {
    ({ database, drop } = await postgresDatabase(baseUrl));
  } else if (config.seedDemo === 'completa') {
    database = await openDatabase({ pgliteDir: 'memory://' });
  } else {
    const template = readFileSync(inject('pgliteTemplate'));
    database = await openDatabase({ pgliteDir: 'memory://', pgliteLoad: new Blob([template]) });
  }
  const deps = await createDeps(config, database);
  const app = await buildApp(deps);
  await app.ready();

  const tokenFor = async (correo: string) => {
    const [u] = await selectRows<{ usu_id: number; v: number }>(database.db,
      sql`select usu_id, usu_token_version as v from usuario where lower(usu_correo) = ${correo.toLowerCase()}`);
    if (!u) throw new Error(`usuario de prueba inexistente: ${correo}`);
    return deps.tokens.sign({ usu_id: u.usu_id, ver: u.v });
  };
  const otras: { app: App; deps: Deps }[] = [];
  return {
    app,
    deps,
    tokenFor,
    auth: async (correo) => ({ authorization: `Bearer ${await tokenFor(correo)}` }),
    otraInstancia: async () => {
      const otra = await createDeps(config, database);
      const otraApp = await buildApp(otra);
      await otraApp.ready();
      otras.push({ app: otraApp, deps: otra });
      return otraApp;
    },
    close: async () => {
      for (const o of otras) {
        await o.app.close();
        await o.deps.cpe.cerrar();
      }
      await app.close();
      await deps.cpe.cerrar();
      await database.close();
      await drop();
      await s3?.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const ADMIN = 'admin@andina.pe';
export const VIEWER = 'visualizador@andina.pe';
export const SUPPLIER = 'proveedor@andina.pe';
export const WEB_CLIENT = `Basic ${Buffer.from('obra-web:obra').toString('base64')}`;
