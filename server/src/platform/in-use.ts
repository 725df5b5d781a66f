import { PG, pgErrorCode } from './errors.ts';

/**
 * When `err` is a delete refused by a foreign key, the table holding the reference (PostgreSQL's
 * `table` field of error 23503: the referencing table), or '' when the driver did not say.
 * Null for any other error. Lets a screen say *what* uses a record instead of a generic refusal.
 */
export function referencingTable(err: unknown): string | null {
  if (pgErrorCode(err) !== PG.foreignKeyViolation) return null;
  for (let e = err as { table?: unknown; cause?: unknown } | undefined, i = 0; e && i < 4; e = e.cause as typeof e, i++) {
    if (typeof e.table === 'string') return e.table;
  }
  return '';
}

/** "está siendo usada por productos" style reason, naming known tables and falling back to a generic text. */
export function inUseReason(table: string, names: Record<string, string>, gender: 'a' | 'o'): string {
  return `está siendo usad${gender} por ${names[table] ?? 'otros registros'}`;
}
