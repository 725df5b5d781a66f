import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Config } from './config.ts';
import { openDatabase, selectRows, type Database } from './db/client.ts';
import { seedDemoIfEmpty } from './db/seed/demo.ts';
import { refreshReference } from './db/seed/reference.ts';
import type { Deps } from './deps.ts';
import { createAjustes } from './platform/ajustes.ts';
import { createProfileCache } from './platform/auth/profile-cache.ts';
import { createTokenService } from './platform/auth/tokens.ts';
import { crearCpe } from './platform/cpe/servicio.ts';
import { createMailer } from './platform/mail.ts';
import { createLocalStorage } from './platform/storage.ts';
import { createS3Storage } from './platform/storage-s3.ts';

/** The migrated store a new embedded database begins from: written by the build beside the bundle (server/build.mjs), absent under tsx. */
const STORE_TEMPLATE = fileURLToPath(new URL('./store-template.tar.gz', import.meta.url));

/** Opens (and migrates) the database named by the configuration. */
export function openConfiguredDatabase(config: Config): Promise<Database> {
  return openDatabase(config.databaseUrl
    ? { databaseUrl: config.databaseUrl }
    : { pgliteDir: join(config.dataDir, 'pgdata'), pgliteTemplate: STORE_TEMPLATE });
}

/**
 * PGlite runs no autovacuum and keeps no change counters across restarts: refresh the planner's
 * statistics of the tables that changed since they were last analysed, judged by their size on disk
 * against the size the last analyse recorded (`relpages`), and of those never analysed. `main.ts`
 * runs it once the server listens and then every hour; an unchanged store analyses nothing, so the
 * first requests after a start do not wait behind a whole-database ANALYZE (0.2–0.5 s). Returns the
 * tables analysed.
 */
export async function refreshStatistics(database: Database): Promise<string[]> {
  if (database.kind !== 'pglite') return [];
  const stale = await selectRows<{ tabla: string }>(database.db, sql`
    select format('%I.%I', n.nspname, c.relname) as tabla
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind = 'r'
      and (c.reltuples < 0 or abs(pg_relation_size(c.oid) / 8192 - c.relpages) > greatest(1, c.relpages / 5))`);
  for (const { tabla } of stale) await database.db.execute(sql.raw(`analyze ${tabla}`));
  return stale.map((t) => t.tabla);
}

/** Stops what `createDeps` started (the access guard's listening connection, then the database), so a script can exit. */
export async function closeDeps(deps: Deps): Promise<void> {
  await deps.mailer.stop();
  await deps.cpe.cerrar();
  await deps.profiles.close();
  await deps.database.close();
}

/** Everything the app needs; reference data is refreshed when it changed, demo data only once. */
export async function createDeps(config: Config, database?: Database): Promise<Deps> {
  const db = database ?? (await openConfiguredDatabase(config));
  await db.exclusive(async () => {
    await refreshReference(db.db);
    if (config.seedDemo) await seedDemoIfEmpty(db.db, { historialCompras: config.seedDemo === 'completa' });
  });
  const storage = config.storage.kind === 's3' ? await createS3Storage(config.storage) : createLocalStorage(config.storage.root);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, storage, db: db.db });
  return {
    config,
    database: db,
    storage,
    mailer,
    tokens: createTokenService(config.jwtSecret, config.jwtTtlSeconds),
    profiles: await createProfileCache(db),
    cpe: await crearCpe(config, db, mailer),
    ajustes: createAjustes(db.db, { publicUrl: config.publicUrl, host: config.host, port: config.port }),
  };
}
