import type { CorreoEstado, CorreoRow, Paged } from '@obra/domain';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { selectRows, type Executor } from '../db/client.ts';
import { correoSalida } from '../db/schema/index.ts';
import { listPage, type ListRequest, type ListSpec } from './list.ts';
import { likePattern } from './search.ts';

export async function insertOutbox(db: Executor, row: typeof correoSalida.$inferInsert): Promise<number> {
  const [r] = await db.insert(correoSalida).values(row).returning({ id: correoSalida.cos_id });
  return r.id;
}

/** A message as its sender needs it. */
export type OutboxMessage = Pick<typeof correoSalida.$inferSelect, 'cos_id' | 'cos_para' | 'cos_asunto' | 'cos_texto' | 'cos_html' | 'cos_adjuntos'>;

/**
 * Up to `n` waiting messages, oldest first, leased to this process for `leaseMs` in one statement: rows another
 * process holds (locked, or leased and not lapsed) are skipped, so instances never wait on each other and no message
 * is handed to two of them. The lease is all that is held while SMTP answers: no lock, no transaction.
 */
export function claimOutbox(db: Executor, n: number, leaseMs: number): Promise<OutboxMessage[]> {
  return selectRows<OutboxMessage>(db, sql`update correo_salida set cos_reclamado_hasta = now() + ${leaseMs} * interval '1 millisecond'
    where cos_id in (select cos_id from correo_salida where cos_estado = 'pendiente' and (cos_reclamado_hasta is null or cos_reclamado_hasta < now())
      order by cos_id limit ${n} for update skip locked)
    returning cos_id, cos_para, cos_asunto, cos_texto, cos_html, cos_adjuntos`);
}

/** What became of a leased message; its lease ends. Only a message still waiting is written (never an 'enviado' twice). */
export async function releaseOutbox(db: Executor, cosId: number, estado: CorreoEstado, error: string | null): Promise<void> {
  await db.update(correoSalida).set({ cos_estado: estado, cos_error: error, cos_reclamado_hasta: null })
    .where(and(eq(correoSalida.cos_id, cosId), eq(correoSalida.cos_estado, 'pendiente')));
}

/**
 * An administrator's Reenviar: a refused message ('error') waits again, with no lease, when `reencolar` (there is an
 * SMTP server). A waiting message is left as it is (it may be being sent right now). The message's state before; none
 * when it does not exist.
 */
export async function requeueOutbox(db: Executor, cosId: number, reencolar: boolean): Promise<{ cos_estado: CorreoEstado } | undefined> {
  const [r] = await db.select({ cos_estado: correoSalida.cos_estado }).from(correoSalida).where(eq(correoSalida.cos_id, cosId));
  if (r?.cos_estado === 'error' && reencolar) {
    await db.update(correoSalida).set({ cos_estado: 'pendiente', cos_error: null, cos_reclamado_hasta: null })
      .where(and(eq(correoSalida.cos_id, cosId), eq(correoSalida.cos_estado, 'error')));
  }
  return r ? { cos_estado: r.cos_estado as CorreoEstado } : undefined;
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

