import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

/** The SQL migrations (server/dist/migrations in the compiled server). */
export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Whether the database has every migration of the folder already: the newest one it recorded is
 * the journal's last. A start on an existing database then asks one row instead of reading and
 * hashing every migration and running drizzle's checks (about 30 ms of a PGlite start); anything
 * else (a fresh database, a new migration) goes through drizzle's `migrate` as before.
 */
export async function migrationsCurrent(db: Db): Promise<boolean> {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] };
  const newest = Math.max(...journal.entries.map((e) => e.when));
  try {
    const result = (await db.execute(sql`select max(created_at)::text as newest from drizzle.__drizzle_migrations`)) as unknown as { rows: { newest: string | null }[] };
    return Number(result.rows[0]?.newest) === newest;
  } catch {
    return false; // no migrations table yet
  }
}
