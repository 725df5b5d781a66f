import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A service passes `tx` down; a query accepts either. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  ping(): Promise<void>;
  close(): Promise<void>;
  /** The embedded instance, when running on PGlite. */
  pglite?: PGlite;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export interface DatabaseOptions {
  /** PostgreSQL server; when absent the embedded PGlite store is used. */
  databaseUrl?: string;
  /** PGlite folder; `memory://` keeps it in memory (tests). */
  pgliteDir?: string;
  /** A PGlite data-dir tarball to start from (tests clone one migrated template). */
  pgliteLoad?: Blob;
  poolSize?: number;
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10 });
    // An idle connection the server closed (restart, failover, a dropped test database) is
    // discarded by the pool and replaced on the next query; without a listener the process
    // would crash on the 'error' event. Queries in flight still fail and are answered 5xx.
    pool.on('error', () => {});
    const db = drizzleNodePg({ client: pool, schema }) as unknown as Db;
    await migrateNodePg(db as never, { migrationsFolder });
    return {
      db,
      kind: 'postgres',
      ping: async () => { await pool.query('select 1'); },
      close: () => pool.end(),
    };
  }
  const dir = opts.pgliteDir ?? 'memory://';
  if (!dir.startsWith('memory://')) mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir, {
    extensions: { pg_trgm, unaccent },
    loadDataDir: opts.pgliteLoad,
  });
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  return {
    db,
    kind: 'pglite',
    ping: async () => { await client.query('select 1'); },
    close: () => client.close(),
    pglite: client,
  };
}

/** Rows of a raw SQL statement; both drivers answer `{ rows }`. */
export async function selectRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
