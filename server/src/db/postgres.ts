import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Database, Db, ListenHandlers } from './client.ts';
import { migrationsCurrent, migrationsFolder } from './migrate.ts';
import * as schema from './schema/index.ts';

// A PostgreSQL server through node-postgres; loaded by openDatabase only for a DATABASE_URL.

export async function openPostgres(connectionString: string, poolSize: number): Promise<Database> {
  // A server that does not answer fails the request after 5 s (503) instead of holding it.
  const pool = new pg.Pool({ connectionString, max: poolSize, connectionTimeoutMillis: 5000 });
  // An idle connection the server closed (restart, failover, a dropped test database) is
  // discarded by the pool and replaced on the next query; without a listener the process
  // would crash on the 'error' event. Queries in flight still fail and are answered 503.
  pool.on('error', () => {});
  const db = drizzle({ client: pool, schema }) as unknown as Db;
  // Checked again under the lock: an instance that waited finds the migrations another one just applied.
  if (!(await migrationsCurrent(db))) {
    await exclusive(connectionString, async () => { if (!(await migrationsCurrent(db))) await migrate(db as never, { migrationsFolder }); });
  }
  return {
    db,
    kind: 'postgres',
    ping: async () => { await pool.query('select 1'); },
    listen: (channel, handlers) => listenPostgres(connectionString, channel, handlers),
    close: () => pool.end(),
    exclusive: (fn) => exclusive(connectionString, fn),
  };
}

/** The advisory lock key of start-up work ('obra' in ASCII); advisory locks are per database. */
const START_LOCK = 0x6f627261;

/**
 * Runs `fn` holding a session advisory lock on a connection of its own (drizzle's migrator takes none, and two
 * instances creating the same tables at once would fail one start). Ending the session releases the lock, also
 * when the process dies.
 */
async function exclusive<T>(connectionString: string, fn: () => Promise<T>): Promise<T> {
  const lock = new pg.Client({ connectionString });
  lock.on('error', () => {});
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [START_LOCK]);
    return await fn();
  } finally {
    await lock.end().catch(() => {});
  }
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

export const isPool = (client: unknown): client is pg.Pool => client instanceof pg.Pool;
/** The pool, or a transaction's connection. */
export const isConnection = (client: unknown): client is pg.Pool | pg.Client => client instanceof pg.Pool || client instanceof pg.Client;

/**
 * `selectPrepared` on node-postgres: straight to the pool or the transaction's connection, with the
 * type parsers drizzle uses for raw SQL: the same rows as through drizzle's prepared query, without
 * building one (and its per-query parser closures) on every call of a list. Without a name the
 * statement is unnamed: planned on each run with its values (`selectPlanned`).
 */
export async function pgSelectPrepared<T>(client: pg.Pool | pg.Client, name: string | undefined, text: string, params: unknown[]): Promise<T[]> {
  const result = await client.query<T & pg.QueryResultRow>({ name, text, values: params, types: RAW_TYPES });
  return result.rows;
}

/** Dates, timestamps and intervals (and their arrays) stay text, as `drizzle-orm/node-postgres` returns them from raw SQL. */
const TEXT_TYPES = new Set<number>([pg.types.builtins.TIMESTAMPTZ, pg.types.builtins.TIMESTAMP, pg.types.builtins.DATE, pg.types.builtins.INTERVAL, 1231, 1115, 1185, 1187, 1182]);
const asText = (value: string) => value;
const RAW_TYPES = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => (TEXT_TYPES.has(oid) ? asText : pg.types.getTypeParser(oid, format as 'text'))) as pg.CustomTypesConfig['getTypeParser'],
};
