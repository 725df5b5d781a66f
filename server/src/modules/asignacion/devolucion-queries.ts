import type { DevolucionDetalle, DevolucionItemRow, DevolucionRow, Paged } from '@obra/domain';
import { ASI_EST } from '@obra/domain';
import { sql, type SQL } from 'drizzle-orm';
import { selectRows, type Executor } from '../../db/client.ts';
import { listPage, nombreDeProyecto, nombreDeUsuario, type ListRequest, type ListSpec } from '../../platform/list.ts';
import { projectSql } from '../../platform/scope.ts';
import { likePattern } from '../../platform/search.ts';
import { empleadoNombre, type Filtro, type FiltroItem } from './queries.ts';

/** The tables of returns (`devolucion v`, `devolucion_detalle dd`); stock moves in devolucion.ts through the ledger. */

const num = (expr: SQL) => sql`trim_scale(${expr})::text`;

/** Columns of a return row (aliases `v`, its assignment `a`, `al`, line aggregates `s`; the rest are scalar subqueries). */
const ROW_COLUMNS = sql`v.dei_id, v.dei_fecha_registro::text as dei_fecha_registro, v.asi_id, v.est_id,
  a.alm_id, al.alm_nombre, al.alm_tipo, v.pry_id, ${nombreDeProyecto('v.pry_id')} as pry_nombre,
  a.emp_solicitante, ${empleadoNombre('a.emp_solicitante')} as solicitante,
  v.usu_registrador, ${nombreDeUsuario('v.usu_registrador')} as registrador,
  s.items, ${num(sql`s.cantidad`)} as cantidad`;

const ROW_JOINS = sql`join asignacion a on a.asi_id = v.asi_id
  join almacen al on al.alm_id = a.alm_id
  cross join lateral (select count(*)::int as items, coalesce(sum(dd.did_cantidad), 0) as cantidad
    from devolucion_detalle dd where dd.dei_id = v.dei_id) s`;

const DEVOLUCIONES: ListSpec = {
  name: 'devolucion_list',
  from: sql`devolucion v join asignacion a on a.asi_id = v.asi_id`,
  key: [{ expr: 'v.dei_id', type: 'int' }],
  desc: true,
  columns: ROW_COLUMNS,
  join: sql`join devolucion v on v.dei_id = page.k0 ${ROW_JOINS}`,
};

/** Returns by the tab 0 filter: deleted (24), every one (null), or else the live ones. */
export function buscar(db: Executor, f: Filtro, req: ListRequest): Promise<Paged<DevolucionRow>> {
  return listPage<DevolucionRow>(db, DEVOLUCIONES, [
    projectSql(f.scope, sql`v.pry_id`),
    f.est_id === null ? undefined : sql`v.est_id = ${f.est_id === ASI_EST.ELIMINADO ? ASI_EST.ELIMINADO : ASI_EST.REGISTRADO}`,
    f.alm_id ? sql`a.alm_id = ${f.alm_id}` : undefined,
    f.emp_solicitante ? sql`a.emp_solicitante = ${f.emp_solicitante}` : undefined,
    f.fecha_inicio ? sql`v.dei_fecha_registro >= ${f.fecha_inicio}::date` : undefined,
    f.fecha_fin ? sql`v.dei_fecha_registro <= ${f.fecha_fin}::date` : undefined,
  ], req);
}

export async function fila(db: Executor, deiId: number): Promise<(DevolucionRow & { dei_notas: string }) | undefined> {
  const [r] = await selectRows<DevolucionRow & { dei_notas: string }>(db, sql`
    select ${ROW_COLUMNS}, v.dei_notas from devolucion v ${ROW_JOINS} where v.dei_id = ${deiId}`);
  return r;
}

const LINE_COLUMNS = sql`dd.did_id, dd.aid_id, dd.pal_id, d.prv_id, p.prv_nombre, pa.pal_numero_serie, coalesce(um.unm_simbolo, '') as unm_simbolo,
  ${num(sql`d.aid_cantidad`)} as aid_cantidad, ${num(sql`dd.did_cantidad`)} as did_cantidad, dd.did_notas`;

const LINE_JOINS = sql`join asignacion_detalle d on d.aid_id = dd.aid_id
  join producto p on p.prv_id = d.prv_id
  join producto_almacen pa on pa.pal_id = dd.pal_id
  left join unidad_medida um on um.unm_id = p.unm_id`;

export function detalle(db: Executor, deiId: number): Promise<DevolucionDetalle[]> {
  return selectRows<DevolucionDetalle>(db, sql`
    select ${LINE_COLUMNS} from devolucion_detalle dd ${LINE_JOINS} where dd.dei_id = ${deiId} order by dd.did_id`);
}

/** Live return lines one per item (the returns-per-item popup), newest first. */
const POR_ITEM: ListSpec = {
  name: 'devolucion_item_list',
  from: sql`devolucion_detalle dd join devolucion v on v.dei_id = dd.dei_id join asignacion a on a.asi_id = v.asi_id
    join asignacion_detalle d on d.aid_id = dd.aid_id join producto p on p.prv_id = d.prv_id`,
  key: [{ expr: 'dd.did_id', type: 'int' }],
  desc: true,
  columns: sql`${LINE_COLUMNS}, v.dei_id, v.dei_fecha_registro::text as dei_fecha_registro, v.asi_id,
    al.alm_nombre, al.alm_tipo, pr.pry_nombre, (es.emp_nombre || ' ' || es.emp_apellido) as solicitante,
    (u.usu_nombre || ' ' || u.usu_apellido) as registrador`,
  join: sql`join devolucion_detalle dd on dd.did_id = page.k0 join devolucion v on v.dei_id = dd.dei_id
    join asignacion a on a.asi_id = v.asi_id ${LINE_JOINS}
    join almacen al on al.alm_id = a.alm_id join proyecto pr on pr.pry_id = v.pry_id
    join empleado es on es.emp_id = a.emp_solicitante join usuario u on u.usu_id = v.usu_registrador`,
};

export function porItem(db: Executor, f: Omit<FiltroItem, 'est_id' | 'alm_id'> & { aid_id: number | null; asi_id: number | null }, req: ListRequest): Promise<Paged<DevolucionItemRow>> {
  return listPage<DevolucionItemRow>(db, POR_ITEM, [
    projectSql(f.scope, sql`v.pry_id`),
    sql`v.est_id = ${ASI_EST.REGISTRADO}`,
    f.aid_id ? sql`dd.aid_id = ${f.aid_id}` : undefined,
    f.asi_id ? sql`v.asi_id = ${f.asi_id}` : undefined,
    f.pal_id ? sql`dd.pal_id = ${f.pal_id}` : undefined,
    f.prv_id ? sql`d.prv_id = ${f.prv_id}` : undefined,
    f.prv_nombre ? sql`lower(p.prv_nombre) like ${likePattern(f.prv_nombre)}` : undefined,
    f.emp_solicitante ? sql`a.emp_solicitante = ${f.emp_solicitante}` : undefined,
  ], req);
}

// ---- registration and delete ----

export async function insertDevolucion(db: Executor, v: { asi_id: number; dei_fecha_registro: string; usu_registrador: number; pry_id: number; dei_notas: string }): Promise<number> {
  const [r] = await selectRows<{ dei_id: number }>(db, sql`
    insert into devolucion (asi_id, est_id, dei_fecha_registro, usu_registrador, pry_id, dei_notas)
    values (${v.asi_id}, ${ASI_EST.REGISTRADO}, ${v.dei_fecha_registro}, ${v.usu_registrador}, ${v.pry_id}, ${v.dei_notas}) returning dei_id`);
  return r.dei_id;
}

export async function insertDetalle(db: Executor, deiId: number, l: { aid_id: number; pal_id: number; did_cantidad: string; did_notas: string }): Promise<void> {
  await db.execute(sql`
    insert into devolucion_detalle (dei_id, aid_id, pal_id, did_cantidad, did_notas)
    values (${deiId}, ${l.aid_id}, ${l.pal_id}, ${l.did_cantidad}, ${l.did_notas})`);
}

/** The assignment of a return (it never changes), to take the assignment's lock first. */
export async function asignacionDe(db: Executor, deiId: number): Promise<number | undefined> {
  const [r] = await selectRows<{ asi_id: number }>(db, sql`select asi_id from devolucion where dei_id = ${deiId}`);
  return r?.asi_id;
}

export async function lockDevolucion(db: Executor, deiId: number): Promise<{ dei_id: number; est_id: number } | undefined> {
  const [r] = await selectRows<{ dei_id: number; est_id: number }>(db, sql`
    select dei_id, est_id from devolucion where dei_id = ${deiId} for update`);
  return r;
}

export function lineas(db: Executor, deiId: number): Promise<{ aid_id: number; pal_id: number; prv_nombre: string; did_cantidad: string }[]> {
  return selectRows(db, sql`
    select dd.aid_id, dd.pal_id, p.prv_nombre, dd.did_cantidad::text as did_cantidad
    from devolucion_detalle dd join producto_almacen pa on pa.pal_id = dd.pal_id join producto p on p.prv_id = pa.prv_id
    where dd.dei_id = ${deiId} order by dd.pal_id, dd.did_id`);
}

export async function marcarEliminada(db: Executor, deiId: number, usuId: number): Promise<void> {
  await db.execute(sql`
    update devolucion set est_id = ${ASI_EST.ELIMINADO}, dei_fecha_eliminacion = now(), dei_usu_eliminador = ${usuId} where dei_id = ${deiId}`);
}
