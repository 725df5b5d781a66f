import type { AuditoriaCambio } from '@obra/domain';
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

/** The fields whose values differ between two versions of a record (compared as JSON), in the order of `despues`. */
export function camposCambiados(antes: Record<string, unknown>, despues: Record<string, unknown>): AuditoriaCambio[] {
  const campos = [...new Set([...Object.keys(despues), ...Object.keys(antes)])];
  return campos
    .filter((c) => JSON.stringify(antes[c] ?? null) !== JSON.stringify(despues[c] ?? null))
    .map((c) => ({ campo: c, antes: antes[c] ?? null, despues: despues[c] ?? null }));
}

/**
 * A change of a document with the before and after of each field it altered (issue 26), written in the caller's
 * transaction: the audit screen shows it beside the route's own 'mutacion' line. Nothing is written when nothing changed.
 */
export async function registrarCambios(db: Executor, c: {
  usuId: number; modulo: string; documento: string; ruta: string; antes: Record<string, unknown>; despues: Record<string, unknown>;
}): Promise<void> {
  const cambios = camposCambiados(c.antes, c.despues);
  if (cambios.length === 0) return;
  await insertAudit(db, {
    aud_accion: 'cambio', usu_id: c.usuId, aud_metodo: 'POST', aud_ruta: c.ruta, aud_modulo: c.modulo,
    aud_documento: c.documento.slice(0, 80), aud_detalle: { cambios },
  });
}
