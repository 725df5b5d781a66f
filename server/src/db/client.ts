import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { sql, type ExtractTablesWithRelations, type SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { PgDialect, type PgDatabase, type PgQueryResultHKT, type PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { pgliteSelectInTransaction, pgliteSelectPrepared } from './pglite-prepared.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;

const dialect = new PgDialect();
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A service passes `tx` down; a query accepts either. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  ping(): Promise<void>;
  /**
   * LISTEN on a channel: `onNotify` gets each payload, `onState(true)` once listening and
   * `onState(false)` whenever the listening connection is lost (it reconnects by itself).
   * Resolves to a function that stops listening.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** The embedded instance, when running on PGlite. */
  pglite?: PGlite;
}

export interface ListenHandlers {
  onNotify(payload: string): void;
  onState(listening: boolean): void;
}

/**
 * A dedicated node-postgres connection for LISTEN (a pooled one would be handed to other
 * queries). On an error or a server restart it reports the loss and reconnects with a backoff.
 */
async function listenPostgres(connectionString: string, channel: string, h: ListenHandlers): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (delayMs: number): Promise<void> => {
    const c = new pg.Client({ connectionString });
    c.on('notification', (n) => { if (n.channel === channel) h.onNotify(n.payload ?? ''); });
    const lost = () => {
      if (client !== c) return;
      client = null;
      h.onState(false);
      c.end().catch(() => {});
      if (!stopped) retry = setTimeout(() => void connect(Math.min(delayMs * 2, 10_000)), delayMs);
    };
    c.on('error', lost);
    c.on('end', lost);
    client = c;
    try {
      await c.connect();
      await c.query(`listen ${pg.escapeIdentifier(channel)}`);
      if (client === c) h.onState(true);
    } catch {
      lost();
    }
  };
  await connect(250);
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const c = client;
    client = null;
    await c?.end().catch(() => {});
  };
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

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
    // A server that does not answer fails the request after 5 s (503) instead of holding it.
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10, connectionTimeoutMillis: 5000 });
    // An idle connection the server closed (restart, failover, a dropped test database) is
    // discarded by the pool and replaced on the next query; without a listener the process
    // would crash on the 'error' event. Queries in flight still fail and are answered 503.
    pool.on('error', () => {});
    const db = drizzleNodePg({ client: pool, schema }) as unknown as Db;
    if (!(await migrationsCurrent(db))) await migrateNodePg(db as never, { migrationsFolder });
    return {
      db,
      kind: 'postgres',
      ping: async () => { await pool.query('select 1'); },
      listen: (channel, handlers) => listenPostgres(opts.databaseUrl!, channel, handlers),
      close: () => pool.end(),
    };
  }
  const dir = opts.pgliteDir ?? 'memory://';
  if (!dir.startsWith('memory://')) mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir, {
    extensions: { pg_trgm, unaccent },
    loadDataDir: opts.pgliteLoad,
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${pgliteSharedBuffersMb(dir)}MB`],
  });
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  if (!(await migrationsCurrent(db))) await migratePglite(db as never, { migrationsFolder });
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
    pglite: client,
  };
}

const MB = 1024 * 1024;

/**
 * PGlite's buffer pool in MB, sized to the store: its tables and indexes and half again, between 32
 * and 128 (PostgreSQL's default). PGlite zeroes the whole pool when it opens, about 0.8 ms a MB on
 * this machine, so the default pool cost a small store about 0.1 s of every start and 128 MB of
 * memory it never used; a store that grows gets its larger pool at the next start, and a page
 * outside the pool is read from the operating system's cache (docs/operations.md, "PGlite").
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

/** Statement names by prefix and text: a list sends the same few texts on every request, so each is hashed once. */
const statementNames = new Map<string, string>();
const MAX_STATEMENT_NAMES = 5000;

function statementName(prefix: string, text: string): string {
  const key = `${prefix}\0${text}`;
  let name = statementNames.get(key);
  if (name === undefined) {
    if (statementNames.size >= MAX_STATEMENT_NAMES) statementNames.clear();
    name = `${prefix}_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
    statementNames.set(key, name);
  }
  return name;
}

const clientOf = (db: Executor) => (db._.session as unknown as { client: PGlite | Transaction | pg.Pool | pg.PoolClient }).client;

/** Whether `db` is a database itself and not a transaction (whose writes others do not see yet). */
export const outsideTransaction = (db: Executor): boolean => {
  const client = clientOf(db);
  return client instanceof pg.Pool || client instanceof PGlite;
};

/** The SQL text and parameters of a fragment, as it would be sent. */
export const renderSql = (query: SQL): { sql: string; params: unknown[] } => dialect.sqlToQuery(query);

/**
 * Rows of a raw SQL statement run as a named prepared statement: the name is `prefix` and a hash
 * of the text, so each text is parsed once per connection and, after five runs, PostgreSQL uses
 * its cached generic plan instead of planning again. Write row counts (LIMIT) into the text, not
 * as parameters: a parameter LIMIT makes the generic plan look costly and it is never chosen.
 * On PGlite outside a transaction the statement is named through the wire protocol
 * (`pglite-prepared.ts`); inside one it runs unnamed.
 */
export function selectPrepared<T>(db: Executor, prefix: string, query: SQL): Promise<T[]> {
  const built = dialect.sqlToQuery(query);
  return selectPreparedText<T>(db, prefix, built.sql, built.params);
}

/** `selectPrepared` of a statement already written as text with its parameters (`$1`… in `text`). */
export async function selectPreparedText<T>(db: Executor, prefix: string, text: string, params: unknown[]): Promise<T[]> {
  const name = statementName(prefix, text);
  const client = clientOf(db);
  if (client instanceof PGlite) return pgliteSelectPrepared<T>(client, name, text, params);
  if (!(client instanceof pg.Pool || client instanceof pg.Client)) return pgliteSelectInTransaction<T>(client, text, params);
  // Straight to node-postgres (the pool, or the transaction's connection), with the type parsers
  // drizzle uses for raw SQL: the same rows as through drizzle's prepared query, without building
  // one (and its per-query parser closures) on every call of a list.
  const result = await client.query<T & pg.QueryResultRow>({ name, text, values: params, types: RAW_TYPES });
  return result.rows;
}

/** Dates, timestamps and intervals (and their arrays) stay text, as `drizzle-orm/node-postgres` returns them from raw SQL. */
const TEXT_TYPES = new Set<number>([pg.types.builtins.TIMESTAMPTZ, pg.types.builtins.TIMESTAMP, pg.types.builtins.DATE, pg.types.builtins.INTERVAL, 1231, 1115, 1185, 1187, 1182]);
const asText = (value: string) => value;
const RAW_TYPES = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => (TEXT_TYPES.has(oid) ? asText : pg.types.getTypeParser(oid, format as 'text'))) as pg.CustomTypesConfig['getTypeParser'],
};

/**
 * The SQL text of a list's fixed fragment (its columns, joins, table), rendered once: a list
 * request then writes only its filters, not the same forty columns again. Keyed by the fragment
 * object, so it serves fragments built once (module constants). A constant written as a
 * parameter (`${ASI_EST.ELIMINADO}`) is written into the text as a literal, as `sql.raw` would;
 * only numbers, booleans, text and null can be.
 */
const renderedFragments = new WeakMap<SQL, string>();
const inlinable = (v: unknown) => v === null || typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v));
export function fixedText(fragment: SQL): string {
  let text = renderedFragments.get(fragment);
  if (text === undefined) {
    const built = dialect.sqlToQuery(fragment);
    if (built.params.some((v) => !inlinable(v))) throw new Error(`Un fragmento fijo de SQL lleva un valor que no se puede escribir en el texto: ${built.sql}`);
    text = built.params.length ? dialect.sqlToQuery(sql`${fragment}`.inlineParams()).sql : built.sql;
    renderedFragments.set(fragment, text);
  }
  return text;
}

/** Rows of a raw SQL statement; both drivers answer `{ rows }`. */
export async function selectRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
