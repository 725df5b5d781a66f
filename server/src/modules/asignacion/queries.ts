import type { AsignacionDetalle, AsignacionItemRow, AsignacionRow, Paged } from '@obra/domain';
import { ASI_EST } from '@obra/domain';
import { sql, type SQL } from 'drizzle-orm';
import { selectRows, type Executor } from '../../db/client.ts';
import { listPage, nombreDeProyecto, nombreDeUsuario, type ListRequest, type ListSpec } from '../../platform/list.ts';
import { projectSql, type ProjectScope } from '../../platform/scope.ts';
import { likePattern } from '../../platform/search.ts';
import { intArray } from '../../platform/sql-arrays.ts';

/**
 * The tables of assignments (`asignacion a`, `asignacion_detalle d`). Stock moves only through
 * `platform/stock-ledger.ts` (service.ts); here are the reads, the locks and the document rows.
 */

/** Today in Lima (DECISIONS §2), as a date. */
export const HOY = sql`(now() at time zone 'America/Lima')::date`;

/** A live line (alias `d`, its assignment `a`, its product `p`) past its estimated return days with a balance left: por devolver. */
export const VENCIDA = sql`(d.aid_devuelto < d.aid_cantidad and p.prv_retorno_estimado is not null and a.asi_fecha_registro + p.prv_retorno_estimado < ${HOY})`;

/** Decimal text without trailing zeros: '1' rather than '1.0000'. */
const num = (expr: SQL) => sql`trim_scale(${expr})::text`;

/** The status of an assignment as shown (alias `a`, its line aggregates `s`): eliminado, por devolver, asignado or devuelto. */
const ESTADO = sql`case when a.est_id = ${ASI_EST.ELIMINADO} then ${ASI_EST.ELIMINADO}
  when s.vencida then ${ASI_EST.POR_DEVOLVER} when s.saldo > 0 then ${ASI_EST.ASIGNADO} else ${ASI_EST.DEVUELTO} end`;

const nombre = (alias: string) => sql.raw(`(${alias}.emp_nombre || ' ' || ${alias}.emp_apellido)`);
/** An employee's full name by id, as a scalar subquery of the row (docs/architecture.md "Lists"). */
export const empleadoNombre = (column: string) => sql.raw(`(select x.emp_nombre || ' ' || x.emp_apellido from empleado x where x.emp_id = ${column})`);

/** Columns of an assignment row; the joins below bring the warehouse and the line totals, the rest are scalar subqueries. */
const ROW_COLUMNS = sql`a.asi_id, a.asi_fecha_registro::text as asi_fecha_registro, (${ESTADO})::int as est_id,
  a.alm_id, al.alm_nombre, al.alm_tipo, a.pry_id, ${nombreDeProyecto('a.pry_id')} as pry_nombre,
  a.emp_solicitante, ${empleadoNombre('a.emp_solicitante')} as solicitante,
  a.emp_autorizador, ${empleadoNombre('a.emp_autorizador')} as autorizador,
  a.usu_registrador, ${nombreDeUsuario('a.usu_registrador')} as registrador,
  s.items, ${num(sql`s.saldo`)} as saldo,
  exists (select 1 from devolucion v where v.asi_id = a.asi_id and v.est_id = ${ASI_EST.REGISTRADO}) as con_devoluciones`;

/** Joins from `asignacion a` to what its row shows. */
const ROW_JOINS = sql`join almacen al on al.alm_id = a.alm_id
  cross join lateral (
    select count(*)::int as items, coalesce(sum(d.aid_cantidad - d.aid_devuelto), 0) as saldo, coalesce(bool_or(${VENCIDA}), false) as vencida
    from asignacion_detalle d join producto p on p.prv_id = d.prv_id where d.asi_id = a.asi_id) s`;

/** Newest first; the page's ids are found on `asignacion` alone, then their rows joined. */
const ASIGNACIONES: ListSpec = {
  name: 'asignacion_list',
  from: sql`asignacion a`,
  key: [{ expr: 'a.asi_id', type: 'int' }],
  desc: true,
  columns: ROW_COLUMNS,
  join: sql`join asignacion a on a.asi_id = page.k0 ${ROW_JOINS}`,
};

export interface Filtro {
  est_id: number | null;
  alm_id: number | null;
  emp_solicitante: number | null;
  fecha_inicio: string | null;
  fecha_fin: string | null;
  scope: ProjectScope;
}

/** Whether an assignment (alias `a`) has a line matching `cond` (aliases `d`, `p`). */
const algunaLinea = (cond: SQL) => sql`exists (select 1 from asignacion_detalle d join producto p on p.prv_id = d.prv_id where d.asi_id = a.asi_id and ${cond})`;

/**
 * The status filter on `asignacion a` (docs/business-rules.md "Assignments and returns"): 3 (the
 * default) every live assignment, 12 live ones with something still to return, 23 those past their
 * return days, 24 deleted, null every one.
 */
function estadoCond(est: number | null): SQL | undefined {
  if (est === null) return undefined;
  if (est === ASI_EST.ELIMINADO) return sql`a.est_id = ${ASI_EST.ELIMINADO}`;
  const vivo = sql`a.est_id = ${ASI_EST.ASIGNADO}`;
  if (est === ASI_EST.ASIGNADO) return sql`${vivo} and ${algunaLinea(sql`d.aid_devuelto < d.aid_cantidad`)}`;
  if (est === ASI_EST.POR_DEVOLVER) return sql`${vivo} and ${algunaLinea(VENCIDA)}`;
  return vivo;
}

function conditions(f: Filtro): (SQL | undefined)[] {
  return [
    projectSql(f.scope, sql`a.pry_id`),
    estadoCond(f.est_id),
    f.alm_id ? sql`a.alm_id = ${f.alm_id}` : undefined,
    f.emp_solicitante ? sql`a.emp_solicitante = ${f.emp_solicitante}` : undefined,
    f.fecha_inicio ? sql`a.asi_fecha_registro >= ${f.fecha_inicio}::date` : undefined,
    f.fecha_fin ? sql`a.asi_fecha_registro <= ${f.fecha_fin}::date` : undefined,
  ];
}

export function buscar(db: Executor, f: Filtro, req: ListRequest): Promise<Paged<AsignacionRow>> {
  return listPage<AsignacionRow>(db, ASIGNACIONES, conditions(f), req);
}

/** One assignment's row (no scope: the service checks it on `pry_id`). */
export async function fila(db: Executor, asiId: number): Promise<(AsignacionRow & { asi_notas: string }) | undefined> {
  const [r] = await selectRows<AsignacionRow & { asi_notas: string }>(db, sql`
    select ${ROW_COLUMNS}, a.asi_notas from asignacion a ${ROW_JOINS} where a.asi_id = ${asiId}`);
  return r;
}

/** Columns of an assignment line (aliases `d`, `a`, `p`, `pa`, `um`). */
const LINE_COLUMNS = sql`d.aid_id, d.asi_id, d.pal_id, d.prv_id, p.prv_nombre, pa.pal_numero_serie, coalesce(um.unm_simbolo, '') as unm_simbolo,
  ${num(sql`d.aid_cantidad`)} as aid_cantidad, ${num(sql`d.aid_devuelto`)} as did_cantidad_total,
  ${num(sql`d.aid_cantidad - d.aid_devuelto`)} as aid_saldo, d.aid_notas, p.prv_retorno_estimado,
  (a.asi_fecha_registro + p.prv_retorno_estimado)::text as fecha_retorno,
  (a.est_id = ${ASI_EST.ASIGNADO} and ${VENCIDA}) as por_devolver`;

const LINE_JOINS = sql`join producto p on p.prv_id = d.prv_id
  join producto_almacen pa on pa.pal_id = d.pal_id
  left join unidad_medida um on um.unm_id = p.unm_id`;

export function detalle(db: Executor, asiId: number): Promise<AsignacionDetalle[]> {
  return selectRows<AsignacionDetalle>(db, sql`
    select ${LINE_COLUMNS}
    from asignacion_detalle d join asignacion a on a.asi_id = d.asi_id ${LINE_JOINS}
    where d.asi_id = ${asiId} order by d.aid_id`);
}

/** Assignment lines one per item (tab 1, the histories by requester or item), newest first. */
const POR_ITEM: ListSpec = {
  name: 'asignacion_item_list',
  from: sql`asignacion_detalle d join asignacion a on a.asi_id = d.asi_id join producto p on p.prv_id = d.prv_id`,
  key: [{ expr: 'd.aid_id', type: 'int' }],
  desc: true,
  columns: sql`${LINE_COLUMNS}, a.asi_fecha_registro::text as asi_fecha_registro,
    (case when a.est_id = ${ASI_EST.ELIMINADO} then ${ASI_EST.ELIMINADO} when ${VENCIDA} then ${ASI_EST.POR_DEVOLVER}
      when d.aid_devuelto < d.aid_cantidad then ${ASI_EST.ASIGNADO} else ${ASI_EST.DEVUELTO} end)::int as est_id,
    a.alm_id, al.alm_nombre, al.alm_tipo, pr.pry_nombre, a.emp_solicitante, ${nombre('es')} as solicitante`,
  join: sql`join asignacion_detalle d on d.aid_id = page.k0 join asignacion a on a.asi_id = d.asi_id ${LINE_JOINS}
    join almacen al on al.alm_id = a.alm_id join proyecto pr on pr.pry_id = a.pry_id join empleado es on es.emp_id = a.emp_solicitante`,
};

export interface FiltroItem {
  prv_nombre: string;
  pal_id: number | null;
  prv_id: number | null;
  alm_id: number | null;
  emp_solicitante: number | null;
  est_id: number | null;
  scope: ProjectScope;
}

/** The line-level status filter: as `estadoCond`, on the line itself. */
function estadoLineaCond(est: number | null): SQL | undefined {
  if (est === null) return undefined;
  if (est === ASI_EST.ELIMINADO) return sql`a.est_id = ${ASI_EST.ELIMINADO}`;
  const vivo = sql`a.est_id = ${ASI_EST.ASIGNADO}`;
  if (est === ASI_EST.ASIGNADO) return sql`${vivo} and d.aid_devuelto < d.aid_cantidad`;
  if (est === ASI_EST.POR_DEVOLVER) return sql`${vivo} and ${VENCIDA}`;
  return vivo;
}

export function porItem(db: Executor, f: FiltroItem, req: ListRequest): Promise<Paged<AsignacionItemRow>> {
  return listPage<AsignacionItemRow>(db, POR_ITEM, [
    projectSql(f.scope, sql`a.pry_id`),
    estadoLineaCond(f.est_id),
    f.prv_nombre ? sql`lower(p.prv_nombre) like ${likePattern(f.prv_nombre)}` : undefined,
    f.pal_id ? sql`d.pal_id = ${f.pal_id}` : undefined,
    f.prv_id ? sql`d.prv_id = ${f.prv_id}` : undefined,
    f.alm_id ? sql`a.alm_id = ${f.alm_id}` : undefined,
    f.emp_solicitante ? sql`a.emp_solicitante = ${f.emp_solicitante}` : undefined,
  ], req);
}

// ---- registration ----

export interface Almacen {
  alm_id: number;
  pry_id: number;
  alm_estado: number;
}

export async function almacen(db: Executor, almId: number): Promise<Almacen | undefined> {
  const [r] = await selectRows<Almacen>(db, sql`select alm_id, pry_id, alm_estado from almacen where alm_id = ${almId}`);
  return r;
}

export interface Empleado {
  emp_id: number;
  emp_nombre: string;
  emp_apellido: string;
  pry_id: number | null;
  emp_estado: number;
}

export async function empleados(db: Executor, ids: number[]): Promise<Empleado[]> {
  return selectRows<Empleado>(db, sql`
    select emp_id, emp_nombre, emp_apellido, pry_id, emp_estado from empleado where emp_id = any(${intArray(ids)})`);
}

export interface Stock {
  pal_id: number;
  alm_id: number;
  alm_nombre: string;
  prv_id: number;
  prv_nombre: string;
  pal_numero_serie: string | null;
  pal_stock: string;
}

export function stocks(db: Executor, palIds: number[]): Promise<Stock[]> {
  return selectRows<Stock>(db, sql`
    select pa.pal_id, pa.alm_id, a.alm_nombre, pa.prv_id, p.prv_nombre, pa.pal_numero_serie, pa.pal_stock::text as pal_stock
    from producto_almacen pa join producto p on p.prv_id = pa.prv_id join almacen a on a.alm_id = pa.alm_id
    where pa.pal_id = any(${intArray(palIds)})
    order by pa.pal_id
    for update of pa`);
}

export async function insertAsignacion(db: Executor, v: {
  asi_fecha_registro: string; usu_registrador: number; emp_solicitante: number; emp_autorizador: number; pry_id: number; alm_id: number; asi_notas: string;
}): Promise<number> {
  const [r] = await selectRows<{ asi_id: number }>(db, sql`
    insert into asignacion (asi_fecha_registro, est_id, usu_registrador, emp_solicitante, emp_autorizador, pry_id, alm_id, asi_notas)
    values (${v.asi_fecha_registro}, ${ASI_EST.ASIGNADO}, ${v.usu_registrador}, ${v.emp_solicitante}, ${v.emp_autorizador}, ${v.pry_id}, ${v.alm_id}, ${v.asi_notas})
    returning asi_id`);
  return r.asi_id;
}

export async function insertDetalle(db: Executor, asiId: number, l: {
  pal_id: number; prv_id: number; aid_cantidad: string; aid_notas: string; aid_costo_unitario: string | null;
}): Promise<number> {
  const [r] = await selectRows<{ aid_id: number }>(db, sql`
    insert into asignacion_detalle (asi_id, pal_id, prv_id, aid_cantidad, aid_notas, aid_costo_unitario)
    values (${asiId}, ${l.pal_id}, ${l.prv_id}, ${l.aid_cantidad}, ${l.aid_notas}, ${l.aid_costo_unitario}::numeric) returning aid_id`);
  return r.aid_id;
}

// ---- locks ----

export interface AsignacionLocked {
  asi_id: number;
  est_id: number;
  pry_id: number;
  alm_id: number;
  asi_fecha_registro: string;
  solicitante: string;
}

/**
 * The assignment locked `FOR UPDATE`. Every mutation of an assignment or of its returns takes this
 * lock first, then its lines (`lockLineas`), then the stock rows through the ledger: a delete and a
 * return of the same assignment queue, and two returns of it see each other's balances.
 */
export async function lockAsignacion(db: Executor, asiId: number): Promise<AsignacionLocked | undefined> {
  const [r] = await selectRows<AsignacionLocked>(db, sql`
    select a.asi_id, a.est_id, a.pry_id, a.alm_id, a.asi_fecha_registro::text as asi_fecha_registro, ${nombre('e')} as solicitante
    from asignacion a join empleado e on e.emp_id = a.emp_solicitante where a.asi_id = ${asiId} for update of a`);
  return r;
}

export interface LineaLocked {
  aid_id: number;
  pal_id: number;
  prv_nombre: string;
  aid_cantidad: string;
  aid_devuelto: string;
  /** The unit cost the line left the warehouse with (null: assigned before the valued kardex, enters at average). */
  aid_costo_unitario: string | null;
}

/** The lines of an assignment locked `FOR UPDATE`, in id order. */
export function lockLineas(db: Executor, asiId: number): Promise<LineaLocked[]> {
  return selectRows<LineaLocked>(db, sql`
    select d.aid_id, d.pal_id, p.prv_nombre, d.aid_cantidad::text as aid_cantidad, d.aid_devuelto::text as aid_devuelto,
      d.aid_costo_unitario::text as aid_costo_unitario
    from asignacion_detalle d join producto p on p.prv_id = d.prv_id
    where d.asi_id = ${asiId} order by d.aid_id for update of d`);
}

/** Whether an assignment has a live return. */
export async function tieneDevoluciones(db: Executor, asiId: number): Promise<boolean> {
  const [r] = await selectRows<{ n: number }>(db, sql`
    select count(*)::int as n from devolucion where asi_id = ${asiId} and est_id = ${ASI_EST.REGISTRADO}`);
  return r.n > 0;
}

export async function marcarEliminada(db: Executor, asiId: number, usuId: number): Promise<void> {
  await db.execute(sql`
    update asignacion set est_id = ${ASI_EST.ELIMINADO}, asi_fecha_eliminacion = now(), asi_usu_eliminador = ${usuId} where asi_id = ${asiId}`);
}

/**
 * Adds `cantidad` (negative to take it off) to what a line got back, only while it stays within
 * 0..assigned; false when it would not (the caller answers 409).
 */
export async function sumarDevuelto(db: Executor, aidId: number, cantidad: string): Promise<boolean> {
  const rows = await selectRows<{ aid_id: number }>(db, sql`
    update asignacion_detalle set aid_devuelto = aid_devuelto + ${cantidad}::numeric
    where aid_id = ${aidId} and aid_devuelto + ${cantidad}::numeric between 0 and aid_cantidad returning aid_id`);
  return rows.length === 1;
}
