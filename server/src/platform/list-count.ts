import { outsideTransaction, selectPreparedText, type Executor } from '../db/client.ts';

/**
 * A list's count kept in memory while the data stays the same (docs/architecture.md "Lists").
 *
 * Every row written to a table advances one sequence, `obra_version_datos` (migration 0020), and
 * the writing transaction then holds a lock on that sequence until it has ended. The page
 * statement reads the sequence: when it still says the version a count was kept under, no row of
 * any table changed since, and the kept count is the count. Otherwise the page statement also
 * says, after reading the version, whether any other session holds that lock, that is, whether a
 * writer that advanced it is still open; the count then runs in a statement of its own, whose
 * snapshot is taken later, and is kept under the version only when no writer was open. Every
 * write the count does not see therefore advanced the version after it was read, and the next
 * page counts again. Every instance reads the same sequence, so no instance serves a stale count.
 *
 * Not kept: counts inside a transaction (its writes are not committed), and counts whose SQL
 * reads the clock (their result changes without a write).
 */
interface Kept { version: string; total: number }

const MAX_KEPT = 2000;
/** Per database (a test process opens many): the database object is the key. */
const keptByDatabase = new WeakMap<object, Map<string, Kept>>();
function keptOf(db: object): Map<string, Kept> {
  let kept = keptByDatabase.get(db);
  if (!kept) keptByDatabase.set(db, (kept = new Map()));
  return kept;
}
const READS_CLOCK = /\b(now|current_date|current_time|current_timestamp|localtime|localtimestamp|clock_timestamp|statement_timestamp|transaction_timestamp|timeofday|random)\b/i;

/** A count statement as text, its parameters `$1`… in `text`. */
export interface CountStatement { text: string; params: unknown[] }

/** Another session of this database holds the sequence as a writer does (nextval's lock, to its transaction's end). */
const WRITER_OPEN = `exists (select 1 from pg_locks l where l.locktype = 'relation'
  and l.relation = 'obra_version_datos'::regclass and l.mode <> 'AccessShareLock' and l.pid <> pg_backend_pid()
  and l.database = (select oid from pg_database where datname = current_database()))`;

export interface CountSlot {
  /**
   * The page statement's `_version` column: '=' while the kept count holds, else the version and
   * ' abierta' if a writer is open. `param` adds a parameter to the page statement and answers its `$n`.
   */
  column(param: (value: unknown) => string): string;
  /** The count, from the page's `_version`: the kept one, or counted (and kept when it may be). */
  total(version: string): Promise<number>;
}

/**
 * Where a list's count may be kept, or undefined where it may not (inside a transaction, or a
 * count that reads the clock). `name` prefixes the count statement's name.
 */
export function countSlot(db: Executor, name: string, count: CountStatement): CountSlot | undefined {
  if (!outsideTransaction(db)) return undefined;
  if (READS_CLOCK.test(count.text)) return undefined;
  const kept = keptOf(db);
  const key = `${count.text}\0${JSON.stringify(count.params)}`;
  const hit = kept.get(key);
  return {
    column: (param) => `(select case when last_value::text = ${param(hit?.version ?? null)} then '='
      else last_value::text || case when ${WRITER_OPEN} then ' abierta' else '' end end from obra_version_datos) as "_version"`,
    async total(version) {
      if (version === '=' && hit) return hit.total;
      const [now, open] = version.split(' ');
      const total = Number((await selectPreparedText<{ count: number }>(db, `${name}_count`, count.text, count.params))[0].count);
      if (!open) {
        if (!kept.has(key) && kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value as string);
        kept.set(key, { version: now, total });
      }
      return total;
    },
  };
}
