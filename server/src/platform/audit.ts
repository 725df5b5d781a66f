import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../db/client.ts';
import { insertAudit, type AuditEntry } from './audit-queries.ts';

const SECRET_KEY = /pass|token|secret|firma|authorization/i;
const MAX_DETAIL = 2000;

/** A copy of a request body safe to keep: no secrets, bounded size. */
export function auditDetail(body: unknown): unknown {
  if (body === null || typeof body !== 'object') return null;
  const clean = JSON.parse(JSON.stringify(body, (k, v) => (SECRET_KEY.test(k) ? '***' : v)));
  const text = JSON.stringify(clean);
  return text.length > MAX_DETAIL ? { resumen: text.slice(0, MAX_DETAIL) } : clean;
}

/** Auditing never breaks the request it describes; a failure to record is logged. */
export async function recordAudit(db: Executor, entry: AuditEntry, log?: FastifyBaseLogger): Promise<void> {
  try {
    await insertAudit(db, entry);
  } catch (err) {
    log?.error({ err, accion: entry.aud_accion }, 'no se pudo registrar la auditoría');
  }
}
