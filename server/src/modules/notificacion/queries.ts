import type { NotificacionFila, NotificacionFiltro, NotificacionTipo, Paged } from '@obra/domain';
import { sql, type SQL } from 'drizzle-orm';
import { selectRows, type Executor } from '../../db/client.ts';
import { listPage, nombreDeUsuario, type ListRequest, type ListSpec } from '../../platform/list.ts';

const columns = sql`n.ntf_id::float8 as ntf_id, n.ntf_tipo, n.ntf_documento_tipo, n.ntf_documento_id, n.ntf_codigo, n.ntf_accion, n.ntf_enlace,
  ${nombreDeUsuario('n.usu_actor')} as actor, to_char(n.ntf_fecha at time zone 'America/Lima', 'YYYY-MM-DD HH24:MI:SS') as ntf_fecha, n.ntf_leida`;

/** Newest first (index on user and id). */
const POR_FECHA: ListSpec = {
  name: 'notificacion_fecha',
  from: sql`notificacion n`,
  key: [{ expr: 'n.ntf_id', type: 'int' }],
  desc: true,
  columns,
  join: sql`join notificacion n on n.ntf_id = page.k0`,
};

/** Unread first, each group newest first (index on user, read flag and id). */
const NO_LEIDAS_PRIMERO: ListSpec = {
  ...POR_FECHA,
  name: 'notificacion_no_leidas',
  key: [{ expr: sql`(case when n.ntf_leida then 0 else 1 end)`, type: 'int' }, { expr: 'n.ntf_id', type: 'int' }],
  join: sql`join notificacion n on n.ntf_id = page.k1`,
};

/** The caller's notifications only: every statement here is bound to `usuId`. */
export function buscar(db: Executor, usuId: number, f: NotificacionFiltro, page: ListRequest): Promise<Paged<NotificacionFila>> {
  const where: SQL[] = [sql`n.usu_id = ${usuId}`];
  if (f.no_leidas) where.push(sql`not n.ntf_leida`);
  return listPage<NotificacionFila>(db, f.orden === 'fecha' || f.no_leidas ? POR_FECHA : NO_LEIDAS_PRIMERO, where, page);
}

/** The bell's count: an index-only read of the partial index of unread rows. */
export async function noLeidas(db: Executor, usuId: number): Promise<number> {
  const [r] = await selectRows<{ n: number }>(db, sql`select count(*)::int as n from notificacion where usu_id = ${usuId} and not ntf_leida`);
  return Number(r?.n ?? 0);
}

/** Marks one of the caller's own; false when it is not theirs (or does not exist). */
export async function marcarLeida(db: Executor, usuId: number, ntfId: number): Promise<boolean> {
  const rows = await selectRows<{ ntf_id: number }>(db, sql`
    update notificacion set ntf_leida = true, ntf_fecha_leida = coalesce(ntf_fecha_leida, now())
    where ntf_id = ${ntfId} and usu_id = ${usuId} returning ntf_id`);
  return rows.length === 1;
}

export async function marcarTodas(db: Executor, usuId: number): Promise<number> {
  const rows = await selectRows<{ n: number }>(db, sql`
    with m as (update notificacion set ntf_leida = true, ntf_fecha_leida = now() where usu_id = ${usuId} and not ntf_leida returning 1)
    select count(*)::int as n from m`);
  return Number(rows[0]?.n ?? 0);
}

export function preferencias(db: Executor, usuId: number): Promise<{ npr_tipo: string; npr_correo: boolean }[]> {
  return selectRows(db, sql`select npr_tipo, npr_correo from notificacion_preferencia where usu_id = ${usuId}`);
}

export async function guardarPreferencia(db: Executor, usuId: number, tipo: NotificacionTipo, correo: boolean): Promise<void> {
  await db.execute(sql`insert into notificacion_preferencia (usu_id, npr_tipo, npr_correo) values (${usuId}, ${tipo}, ${correo})
    on conflict (usu_id, npr_tipo) do update set npr_correo = excluded.npr_correo`);
}
