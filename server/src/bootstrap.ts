import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Config } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { seedDemoIfEmpty } from './db/seed/demo.ts';
import { refreshReference } from './db/seed/reference.ts';
import type { Deps } from './deps.ts';
import { createProfileCache } from './platform/auth/profile-cache.ts';
import { createTokenService } from './platform/auth/tokens.ts';
import { createMailer } from './platform/mail.ts';
import { createLocalStorage } from './platform/storage.ts';

/** Opens (and migrates) the database named by the configuration. */
export function openConfiguredDatabase(config: Config): Promise<Database> {
  return openDatabase(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { pgliteDir: join(config.dataDir, 'pgdata') });
}

/**
 * PGlite runs no autovacuum: refresh the planner's statistics. `main.ts` runs it once the server
 * listens: on an existing store it was about a quarter of the time before listening.
 */
export async function refreshStatistics(database: Database): Promise<void> {
  if (database.kind === 'pglite') await database.db.execute(sql`analyze`);
}

/** Everything the app needs; reference data is refreshed when it changed, demo data only once. */
export async function createDeps(config: Config, database?: Database): Promise<Deps> {
  const db = database ?? (await openConfiguredDatabase(config));
  await refreshReference(db.db);
  if (config.seedDemo) await seedDemoIfEmpty(db.db);
  const storage = createLocalStorage(join(config.dataDir, 'files'));
  return {
    config,
    database: db,
    storage,
    mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, storage }),
    tokens: createTokenService(config.jwtSecret, config.jwtTtlSeconds),
    profiles: await createProfileCache(db),
  };
}
