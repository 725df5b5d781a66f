import type { CorreoEstado, CorreoRow, Paged } from '@obra/domain';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { correoSalida } from '../db/schema/index.ts';
import { listPage, type ListRequest, type ListSpec } from './list.ts';
import { likePattern } from './search.ts';

export async function insertOutbox(db: Executor, row: typeof correoSalida.$inferInsert): Promise<number> {
  const [r] = await db.insert(correoSalida).values(row).returning({ id: correoSalida.cos_id });
  return r.id;
}

/** A message's attachments (they never change once recorded), read before the transaction that sends it. */
export async function outboxAdjuntos(db: Executor, cosId: number) {
  const [r] = await db.select({ adjuntos: correoSalida.cos_adjuntos }).from(correoSalida).where(eq(correoSalida.cos_id, cosId));
  return r?.adjuntos ?? [];
}

/** One outbox message locked while it is sent again, so that two administrators cannot send it twice. */
export async function lockOutbox(db: Executor, cosId: number) {
  const [r] = await db.select().from(correoSalida).where(eq(correoSalida.cos_id, cosId)).for('update');
  return r;
}

/**
 * A waiting outbox message locked for its automatic delivery, unless another process holds it (it is being sent
 * there) or it no longer waits: undefined then. Instances never wait on each other's messages.
 */
export async function claimWaitingOutbox(db: Executor, cosId: number) {
  const [r] = await db.select().from(correoSalida)
    .where(and(eq(correoSalida.cos_id, cosId), eq(correoSalida.cos_estado, 'pendiente')))
    .for('update', { skipLocked: true });
  return r;
}

export async function setOutboxEstado(db: Executor, cosId: number, estado: CorreoEstado, error: string | null): Promise<void> {
  await db.update(correoSalida).set({ cos_estado: estado, cos_error: error }).where(eq(correoSalida.cos_id, cosId));
}

const OUTBOX: ListSpec = {
  name: 'correo_list',
  from: sql`correo_salida c`,
  key: [{ expr: 'c.cos_id', type: 'int' }],
  desc: true,
  columns: sql`c.cos_id, to_char(c.cos_fecha at time zone 'America/Lima', 'YYYY-MM-DD"T"HH24:MI:SS') as cos_fecha, c.cos_para, c.cos_asunto,
    c.cos_estado, c.cos_error, c.cos_texto, coalesce((select json_agg(a->>'nombre') from jsonb_array_elements(c.cos_adjuntos) a), '[]'::json) as adjuntos`,
  join: sql`join correo_salida c on c.cos_id = page.k0`,
};

export interface OutboxFilter {
  estado: CorreoEstado | null;
  search: string;
}

/**
 * The outbox, newest first, paged in SQL (platform/list.ts): by state (index on state and id) and
 * by a text in the recipient or the subject (trigram index on the same expression).
 */
export function listOutbox(db: Executor, f: OutboxFilter, page: ListRequest): Promise<Paged<CorreoRow>> {
  const where: SQL[] = [];
  if (f.estado) where.push(sql`c.cos_estado = ${f.estado}`);
  if (f.search) where.push(sql`lower(c.cos_para || ' ' || c.cos_asunto) like ${likePattern(f.search)}`);
  return listPage<CorreoRow>(db, OUTBOX, where, page);
}

