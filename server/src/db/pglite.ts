import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { Database, Db } from './client.ts';
import { migrationsCurrent, migrationsFolder } from './migrate.ts';
import * as schema from './schema/index.ts';

export { pgliteSelectInTransaction, pgliteSelectPrepared } from './pglite-prepared.ts';

// The embedded PGlite store; loaded by openDatabase only without a DATABASE_URL.

/**
 * Opens the store in `dir` (`memory://` keeps it in memory), from a data-dir tarball when given;
 * a new store on disk begins from the `template` file when there is one (DatabaseOptions).
 */
export async function openPglite(dir: string, load?: Blob, template?: string): Promise<Database> {
  if (!dir.startsWith('memory://')) {
    mkdirSync(dir, { recursive: true });
    if (!load && template && !existsSync(join(dir, 'PG_VERSION')) && existsSync(template)) load = new Blob([readFileSync(template)]);
  }
  const client = await PGlite.create(dir, {
    extensions: { pg_trgm, unaccent },
    loadDataDir: load,
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${pgliteSharedBuffersMb(dir)}MB`],
  });
  const db = drizzle({ client, schema }) as unknown as Db;
  if (!(await migrationsCurrent(db))) await migrate(db as never, { migrationsFolder });
  return {
    db,
    kind: 'pglite',
    ping: async () => { await client.query('select 1'); },
    listen: async (channel, handlers) => {
      // One process owns the embedded database, so its notifications never get lost.
      const unlisten = await client.listen(channel, handlers.onNotify);
      handlers.onState(true);
      return unlisten;
    },
    close: () => client.close(),
    exclusive: (fn) => fn(),
    pglite: client,
  };
}

export const isPglite = (client: unknown): client is PGlite => client instanceof PGlite;

const MB = 1024 * 1024;

/**
 * PGlite's buffer pool in MB, sized to the store: its tables and indexes and half again, between 32
 * and 128 (PostgreSQL's default). PGlite zeroes the whole pool when it opens, about 0.8 ms a MB on
 * this machine, so the default pool cost a small store about 0.1 s of every start and 128 MB of
 * memory it never used; a store that grows gets its larger pool at the next start, and a page
 * outside the pool is read from the operating system's cache (docs/operations.md, "Starting and building").
 */
export function pgliteSharedBuffersMb(dir: string): number {
  const bytes = dir.startsWith('memory://') ? 0 : treeBytes(join(dir, 'base'));
  return Math.min(128, Math.max(32, Math.ceil((bytes * 1.5) / (8 * MB)) * 8));
}

/** Bytes of the files under `dir` (0 when it does not exist yet). */
function treeBytes(dir: string): number {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  let total = 0;
  for (const e of entries) {
    const path = join(dir, e.name);
    if (e.isDirectory()) total += treeBytes(path);
    else if (e.isFile()) total += statSync(path, { throwIfNoEntry: false })?.size ?? 0;
  }
  return total;
}
