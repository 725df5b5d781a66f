import { createHash } from 'node:crypto';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { sql, type ExtractTablesWithRelations, type SQL } from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT, type PgTransaction } from 'drizzle-orm/pg-core';
import type * as schema from './schema/index.ts';

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
  /**
   * Runs `fn` while no other process runs its own `exclusive` on this database: instances that start together
   * migrate, refresh the reference data and seed one after another (a PostgreSQL advisory lock; PGlite has one process).
   */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  /** The embedded instance, when running on PGlite. */
  pglite?: PGlite;
}

export interface ListenHandlers {
  onNotify(payload: string): void;
  onState(listening: boolean): void;
}

export interface DatabaseOptions {
  /** PostgreSQL server; when absent the embedded PGlite store is used. */
  databaseUrl?: string;
  /** PGlite folder; `memory://` keeps it in memory (tests). */
  pgliteDir?: string;
  /** A PGlite data-dir tarball to start from (tests clone one migrated template). */
  pgliteLoad?: Blob;
  /**
   * A file holding such a tarball, of a store with every migration applied (the build writes
   * `server/dist/store-template.tar.gz`): a new store begins from it instead of running initdb
   * and the migrations. Ignored when the store exists or the file does not.
   */
  pgliteTemplate?: string;
  poolSize?: number;
}

/**
 * Opens the database, migrated. Each kind's driver is its own module, loaded here: a start loads
 * only its own (node-postgres with what it pulls in is about 35 ms of a PGlite start).
 */
export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) {
    drivers.postgres ??= await import('./postgres.ts');
    return drivers.postgres.openPostgres(opts.databaseUrl, opts.poolSize ?? 10);
  }
  drivers.pglite ??= await import('./pglite.ts');
  return drivers.pglite.openPglite(opts.pgliteDir ?? 'memory://', opts.pgliteLoad, opts.pgliteTemplate);
}

/** The driver modules loaded so far. */
const drivers: { postgres?: typeof import('./postgres.ts'); pglite?: typeof import('./pglite.ts') } = {};

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

const clientOf = (db: Executor) => (db._.session as unknown as { client: unknown }).client;

/** Whether `db` is a database itself and not a transaction (whose writes others do not see yet). */
export const outsideTransaction = (db: Executor): boolean => {
  const client = clientOf(db);
  return Boolean(drivers.postgres?.isPool(client) || drivers.pglite?.isPglite(client));
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
export async function selectPreparedText<T>(db: Executor, prefix: string, text: string, params: unknown[], planEachRun = false): Promise<T[]> {
  const name = statementName(prefix, text);
  const client = clientOf(db);
  if (drivers.postgres?.isConnection(client)) return drivers.postgres.pgSelectPrepared<T>(client, planEachRun ? undefined : name, text, params);
  if (drivers.pglite?.isPglite(client)) return drivers.pglite.pgliteSelectPrepared<T>(client, name, text, params, planEachRun);
  return drivers.pglite!.pgliteSelectInTransaction<T>(client as Transaction, text, params);
}

/**
 * `selectPrepared`'s rows (the same types, the same fast reader on PGlite), but planned on every run
 * with the values it is given (an unnamed statement): for a statement whose best plan depends on
 * them, which a cached generic plan cannot see. A report's batches are one: `ord_id > $1 and
 * ord_fecha_orden between $2 and $3 order by ord_id limit 2000` walks the primary key from `$1`
 * when the range holds much of the table, but the generic plan, guessing a narrow range, reads the
 * whole range by date and sorts it on every batch (bench/RESULTS.md, the year report). Planning costs a
 * millisecond or two, nothing beside a batch.
 */
export function selectPlanned<T>(db: Executor, prefix: string, query: SQL): Promise<T[]> {
  const built = dialect.sqlToQuery(query);
  return selectPreparedText<T>(db, prefix, built.sql, built.params, true);
}

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
