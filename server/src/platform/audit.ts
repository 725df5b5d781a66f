import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../db/client.ts';
import { insertAudit, type AuditEntry } from './audit-queries.ts';
import { isConnectionError } from './errors.ts';

const SECRET_KEY = /pass|token|secret|firma|authorization/i;
const MAX_DETAIL = 2000;

/** A copy of a request body safe to keep: no secrets, bounded size. */
export function auditDetail(body: unknown): unknown {
  if (body === null || typeof body !== 'object') return null;
  // jsonb cannot hold U+0000: a refused body that carried one is still audited, without it.
  const clean = JSON.parse(JSON.stringify(body, (k, v) => (SECRET_KEY.test(k) ? '***' : typeof v === 'string' ? v.replaceAll('\u0000', '') : v)));
  const text = JSON.stringify(clean);
  return text.length > MAX_DETAIL ? { resumen: text.slice(0, MAX_DETAIL) } : clean;
}

/** Auditing never breaks the request it describes; a failure to record is logged. */
export async function recordAudit(db: Executor, entry: AuditEntry, log?: FastifyBaseLogger): Promise<void> {
  try {
    await insertAudit(db, entry);
  } catch (err) {
    // While the database is unreachable the request already answered 503: a warning, not a bug.
    if (isConnectionError(err)) log?.warn({ accion: entry.aud_accion }, 'no se pudo registrar la auditoría: base de datos no disponible');
    else log?.error({ err, accion: entry.aud_accion }, 'no se pudo registrar la auditoría');
  }
}
