import type {
  DocProveedor, HistorialTransferenciaRow, OrdenItemTransferencia, OrdenParaTransferencia, Paged, ProductoTransferencia, Transferencia,
  TransferenciaDetalleRow, TransferenciaRow,
} from '@obra/domain';
import { sql, type SQL } from 'drizzle-orm';
import { selectRows, type Executor, type Tx } from '../../db/client.ts';
import { listPage, nombreDeUsuario, type ListRequest, type ListSpec } from '../../platform/list.ts';
import { projectSql, warehouseSql, type ProjectScope } from '../../platform/scope.ts';
import { likePattern } from '../../platform/search.ts';

/** The only file of the transfers module that touches the tables (spec 2 §3 "Transfer"). */

const nombre = (alias: string) => sql.raw(`(${alias}.usu_nombre || ' ' || ${alias}.usu_apellido)`);
const lima = (expr: string) => sql.raw(`to_char(${expr} at time zone 'America/Lima', 'YYYY-MM-DD"T"HH24:MI:SS')`);

/**
 * The columns of a list row; `t` is the transfer, `e` its status, `ad` its destination. The registrar,
 * the origin warehouse and the order are scalar subqueries (docs/architecture.md "Lists").
 */
const ROW_COLUMNS = sql`t.tfi_id, t.tfi_codigo, t.tfi_tipo,
  case t.tfi_tipo when 1 then 'Orden de compra' when 2 then 'Entre almacenes' else 'Compra externa' end as tfi_tipo_nombre,
  ${lima('t.tfi_fecha_registro')} as tfi_fecha_registro,
  t.tfi_usu_registrador, ${nombreDeUsuario('t.tfi_usu_registrador')} as tfi_usu_registrador_nombre,
  t.alm_origen, (select x.alm_nombre from almacen x where x.alm_id = t.alm_origen) as alm_origen_nombre,
  t.alm_destino, ad.alm_nombre as alm_destino_nombre, ad.pry_id as pry_destino,
  t.ord_id, (select x.ord_codigo from orden x where x.ord_id = t.ord_id) as ord_code, t.est_id, e.est_codigo, e.est_nombre, e.est_styles`;

const ROW_JOINS = sql`join estado e on e.est_id = t.est_id join almacen ad on ad.alm_id = t.alm_destino`;

/** Newest first; the page's ids are found on `transferencia` alone, then their rows joined. */
const LISTA: ListSpec = {
  name: 'transferencia_list',
  from: sql`transferencia t`,
  key: [{ expr: 't.tfi_id', type: 'int' }],
  desc: true,
  columns: ROW_COLUMNS,
  join: sql`join transferencia t on t.tfi_id = page.k0 ${ROW_JOINS}`,
};

export interface ListaFiltro {
  tfi_tipo: number | null;
  est_id: number | null;
  alm_destino: number | null;
  alm_origen: number | null;
  ord_code: string | null;
  fecha_inicio: string | null;
  fecha_fin: string | null;
  scope: ProjectScope;
}

/** A transfer is within a project user's scope when its destination or its origin is a warehouse of their project. */
function scopeCondition(scope: ProjectScope): SQL | undefined {
  if (scope.kind === 'all') return undefined;
  if (scope.kind === 'none') return sql`false`;
  return sql`(${warehouseSql(scope, sql`t.alm_destino`)} or ${warehouseSql(scope, sql`t.alm_origen`)})`;
}

function conditions(f: ListaFiltro): (SQL | undefined)[] {
  const where: (SQL | undefined)[] = [];
  if (f.tfi_tipo !== null) where.push(sql`t.tfi_tipo = ${f.tfi_tipo}`);
  if (f.est_id !== null) where.push(sql`t.est_id = ${f.est_id}`);
  if (f.alm_destino !== null) where.push(sql`t.alm_destino = ${f.alm_destino}`);
  // Spec 2 §2: the origin filter exists for between-warehouses, the order code for purchase orders.
  if (f.alm_origen !== null && f.tfi_tipo === 2) where.push(sql`t.alm_origen = ${f.alm_origen}`);
  if (f.ord_code && f.tfi_tipo === 1) {
    where.push(sql`t.ord_id in (select ord_id from orden where lower(ord_codigo) like ${likePattern(f.ord_code)})`);
  }
  if (f.fecha_inicio) where.push(sql`t.tfi_fecha_registro >= (${f.fecha_inicio}::date)::timestamp at time zone 'America/Lima'`);
  if (f.fecha_fin) where.push(sql`t.tfi_fecha_registro < (${f.fecha_fin}::date + 1)::timestamp at time zone 'America/Lima'`);
  where.push(scopeCondition(f.scope));
  return where;
}

export function lista(db: Executor, f: ListaFiltro, req: ListRequest): Promise<Paged<TransferenciaRow>> {
  return listPage<TransferenciaRow>(db, LISTA, conditions(f), req);
}

const CABECERA = sql`select ${ROW_COLUMNS},
    ${lima('t.tfi_fecha_ingreso')} as tfi_fecha_ingreso, t.tfi_fecha_estimada_llegada::text as tfi_fecha_estimada_llegada,
    t.tfi_guia_remision, t.tfi_notas, t.tfi_usu_recepcionador, t.tfi_doc_tipo, t.tfi_doc_serie, t.tfi_doc_numero,
    coalesce(t.tfi_doc_fecha::text, '') as tfi_doc_fecha,
    (select a.oar_nombre from orden_archivo a where a.ord_id = t.ord_id and a.oar_proveedor and a.oar_tipo = 'application/xml'
      order by a.oar_id desc limit 1) as factura_proveedor,
    case when r.usu_id is null then null else ${nombre('r')} end as tfi_usu_recepcionador_nombre,
    pd.pry_nombre as pry_destino_nombre, po.pry_nombre as pry_origen_nombre, ao.pry_id as pry_origen
  from transferencia t ${ROW_JOINS}
    join proyecto pd on pd.pry_id = ad.pry_id
    left join almacen ao on ao.alm_id = t.alm_origen
    left join proyecto po on po.pry_id = ao.pry_id
    left join usuario r on r.usu_id = t.tfi_usu_recepcionador`;

/** `factura_proveedor`: the file name of the last invoice XML the order's supplier sent from the portal. */
export type Cabecera = Omit<Transferencia, 'detalle' | 'doc_sugerido'> & { pry_origen: number | null; factura_proveedor: string | null };

export async function cabecera(db: Executor, tfiId: number): Promise<Cabecera | undefined> {
  const [row] = await selectRows<Cabecera>(db, sql`${CABECERA} where t.tfi_id = ${tfiId}`);
  return row;
}

/** The transfers of an order (the order view's 'Ver Transferencia'), newest first. */
export function cabecerasDeOrden(db: Executor, ordId: number): Promise<Cabecera[]> {
  return selectRows<Cabecera>(db, sql`${CABECERA} where t.ord_id = ${ordId} order by t.tfi_id desc`);
}

export function detalle(db: Executor, tfiIds: number[]): Promise<(TransferenciaDetalleRow & { tfi_id: number })[]> {
  if (tfiIds.length === 0) return Promise.resolve([]);
  return selectRows(db, sql`
    select d.tfi_id, d.tid_id, d.prv_id, p.prv_nombre, p.prv_item, un.unm_simbolo, d.oci_id, oi.oci_descripcion, oi.oci_cantidad::numeric::text as oci_cantidad,
      d.tid_cantidad::numeric::text as tid_cantidad, d.tid_ingreso_cantidad::numeric::text as tid_ingreso_cantidad, d.tid_ingreso_notas,
      d.pal_origen, d.pal_destino, coalesce(po.pal_stock, pd.pal_stock)::numeric::text as pal_stock,
      coalesce(nullif(d.tid_numero_serie, ''), po.pal_numero_serie, pd.pal_numero_serie, '') as pal_numero_serie
    from transferencia_detalle d
      join producto p on p.prv_id = d.prv_id
      join unidad_medida un on un.unm_id = p.unm_id
      left join orden_item oi on oi.oci_id = d.oci_id
      left join producto_almacen po on po.pal_id = d.pal_origen
      left join producto_almacen pd on pd.pal_id = d.pal_destino
    where d.tfi_id in (${sql.join(tfiIds.map((i) => sql`${i}`), sql`, `)})
    order by d.tfi_id, d.tid_id`);
}

/** A transfer locked for a change (`FOR UPDATE`): of two simultaneous changes the second waits and sees the first's result. */
export interface Bloqueada {
  tfi_id: number;
  tfi_codigo: string;
  tfi_tipo: number;
  est_id: number;
  est_nombre: string;
  ord_id: number | null;
  alm_origen: number | null;
  alm_destino: number;
  tfi_usu_registrador: number;
  pry_destino: number;
  pry_origen: number | null;
}

export async function bloquear(tx: Tx, tfiId: number): Promise<Bloqueada | undefined> {
  // The lock alone first: a join in the locking statement would be rechecked against the joined rows read
  // before the wait (PostgreSQL's EvalPlanQual), so a status changed meanwhile would lose the row instead of showing it.
  await tx.execute(sql`select tfi_id from transferencia where tfi_id = ${tfiId} for update`);
  const [row] = await selectRows<Bloqueada>(tx, sql`
    select t.tfi_id, t.tfi_codigo, t.tfi_tipo, t.est_id, e.est_nombre, t.ord_id, t.alm_origen, t.alm_destino, t.tfi_usu_registrador,
      ad.pry_id as pry_destino, ao.pry_id as pry_origen
    from transferencia t join estado e on e.est_id = t.est_id
      join almacen ad on ad.alm_id = t.alm_destino left join almacen ao on ao.alm_id = t.alm_origen
    where t.tfi_id = ${tfiId}`);
  return row;
}

export interface LineaGuardada {
  tid_id: number;
  prv_id: number;
  prv_nombre: string;
  prv_item: number;
  oci_id: number | null;
  pal_origen: number | null;
  pal_destino: number | null;
  tid_numero_serie: string;
  tid_cantidad: string;
  tid_ingreso_cantidad: string | null;
  origen_serie: string | null;
  /** The unit cost it left the origin with (type 2) or was bought at (type 3), soles. */
  tid_costo_unitario: string | null;
}

export function lineas(tx: Tx, tfiId: number): Promise<LineaGuardada[]> {
  return selectRows<LineaGuardada>(tx, sql`
    select d.tid_id, d.prv_id, p.prv_nombre, p.prv_item, d.oci_id, d.pal_origen, d.pal_destino, d.tid_numero_serie,
      d.tid_cantidad::numeric::text as tid_cantidad, d.tid_ingreso_cantidad::numeric::text as tid_ingreso_cantidad,
      d.tid_costo_unitario::text as tid_costo_unitario, po.pal_numero_serie as origen_serie
    from transferencia_detalle d join producto p on p.prv_id = d.prv_id
      left join producto_almacen po on po.pal_id = d.pal_origen
    where d.tfi_id = ${tfiId} order by d.tid_id`);
}

/**
 * The unit cost in soles without IGV at which each line of a purchase order enters the valued kardex
 * (docs/business-rules.md "Kardex valorizado"): the line's unit price, times the order's discount prorated
 * over its lines (discounted subtotal / Σ line amounts, DECISIONS §2), times the order's exchange rate; 8 decimals.
 */
export async function costosOrden(tx: Tx, ordId: number): Promise<Map<number, string>> {
  const rows = await selectRows<{ oci_id: number; costo: string }>(tx, sql`
    select i.oci_id, round(i.oci_precio_unitario
        * case when t.importe > 0 then o.ord_monto_sin_impuesto / t.importe else 1 end
        * o.ord_tipo_cambio, 8)::text as costo
    from orden o join orden_item i on i.ord_id = o.ord_id
      cross join lateral (select sum(x.oci_importe) as importe from orden_item x where x.ord_id = o.ord_id) t
    where o.ord_id = ${ordId}`);
  return new Map(rows.map((r) => [Number(r.oci_id), r.costo]));
}

export interface AlmacenRow { alm_id: number; alm_nombre: string; alm_estado: number; pry_id: number }

export function almacenes(db: Executor, ids: number[]): Promise<AlmacenRow[]> {
  return selectRows<AlmacenRow>(db, sql`
    select alm_id, alm_nombre, alm_estado, pry_id from almacen where alm_id in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})`);
}

export interface ProductoRow { prv_id: number; prv_nombre: string; prv_item: number; prv_estado: number }

export function productos(db: Executor, ids: number[]): Promise<ProductoRow[]> {
  return selectRows<ProductoRow>(db, sql`
    select prv_id, prv_nombre, prv_item, prv_estado from producto where prv_id in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})`);
}

export interface StockRow { pal_id: number; alm_id: number; prv_id: number; prv_nombre: string; prv_item: number; pal_numero_serie: string }

export function stocks(db: Executor, ids: number[]): Promise<StockRow[]> {
  return selectRows<StockRow>(db, sql`
    select pa.pal_id, pa.alm_id, pa.prv_id, p.prv_nombre, p.prv_item, pa.pal_numero_serie
    from producto_almacen pa join producto p on p.prv_id = pa.prv_id
    where pa.pal_id in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})`);
}

/** The stock rows of some products in one warehouse (a type 2 line named by product and serial, issue 27). */
export function stocksDeProductos(db: Executor, almId: number, prvIds: number[]): Promise<StockRow[]> {
  return selectRows<StockRow>(db, sql`
    select pa.pal_id, pa.alm_id, pa.prv_id, p.prv_nombre, p.prv_item, pa.pal_numero_serie
    from producto_almacen pa join producto p on p.prv_id = pa.prv_id
    where pa.alm_id = ${almId} and pa.prv_id in (${sql.join(prvIds.map((i) => sql`${i}`), sql`, `)})`);
}

export async function insertar(tx: Tx, v: {
  tfi_codigo: string; tfi_numero: number; tfi_anio: number; tfi_tipo: number; ord_id: number | null; alm_origen: number | null; alm_destino: number;
  tfi_fecha_estimada_llegada: string; tfi_guia_remision: string; tfi_notas: string; tfi_usu_registrador: number;
  /** Absent: now. */
  tfi_fecha_registro?: Date;
} & DocProveedor): Promise<number> {
  const [row] = await selectRows<{ tfi_id: number }>(tx, sql`
    insert into transferencia (tfi_codigo, tfi_numero, tfi_anio, tfi_tipo, ord_id, alm_origen, alm_destino, tfi_fecha_estimada_llegada,
      tfi_guia_remision, tfi_notas, tfi_usu_registrador, tfi_fecha_registro, tfi_doc_tipo, tfi_doc_serie, tfi_doc_numero, tfi_doc_fecha)
    values (${v.tfi_codigo}, ${v.tfi_numero}, ${v.tfi_anio}, ${v.tfi_tipo}, ${v.ord_id}, ${v.alm_origen}, ${v.alm_destino}, ${v.tfi_fecha_estimada_llegada},
      ${v.tfi_guia_remision}, ${v.tfi_notas}, ${v.tfi_usu_registrador}, coalesce(${v.tfi_fecha_registro?.toISOString() ?? null}::timestamptz, now()),
      ${v.tfi_doc_tipo}, ${v.tfi_doc_serie}, ${v.tfi_doc_numero}, ${v.tfi_doc_fecha || null}::date)
    returning tfi_id`);
  return Number(row.tfi_id);
}

export async function insertarLinea(tx: Tx, v: {
  tfi_id: number; prv_id: number; oci_id: number | null; pal_origen: number | null; pal_destino: number | null; tid_numero_serie: string; tid_cantidad: string;
  tid_costo_unitario: string | null;
}): Promise<number> {
  const [row] = await selectRows<{ tid_id: number }>(tx, sql`
    insert into transferencia_detalle (tfi_id, prv_id, oci_id, pal_origen, pal_destino, tid_numero_serie, tid_cantidad, tid_costo_unitario)
    values (${v.tfi_id}, ${v.prv_id}, ${v.oci_id}, ${v.pal_origen}, ${v.pal_destino}, ${v.tid_numero_serie}, ${v.tid_cantidad}, ${v.tid_costo_unitario}::numeric)
    returning tid_id`);
  return Number(row.tid_id);
}

export async function registrarIngresoLinea(tx: Tx, v: { tid_id: number; cantidad: string; notas: string; pal_destino: number | null; serie: string }): Promise<void> {
  await tx.execute(sql`
    update transferencia_detalle set tid_ingreso_cantidad = ${v.cantidad}, tid_ingreso_notas = ${v.notas},
      pal_destino = coalesce(${v.pal_destino}::int, pal_destino), tid_numero_serie = ${v.serie}
    where tid_id = ${v.tid_id}`);
}

/** Conditional on the state read under the lock: a transfer leaves creado once. */
export async function cambiarEstado(tx: Tx, tfiId: number, v: { est_id: number; usu_id: number; ingreso: boolean; fecha?: Date }): Promise<void> {
  const fecha = sql`coalesce(${v.fecha?.toISOString() ?? null}::timestamptz, now())`;
  const set = v.ingreso
    ? sql`est_id = ${v.est_id}, tfi_fecha_ingreso = ${fecha}, tfi_usu_recepcionador = ${v.usu_id}`
    : sql`est_id = ${v.est_id}, tfi_fecha_eliminacion = ${fecha}, tfi_usu_eliminador = ${v.usu_id}`;
  await tx.execute(sql`update transferencia set ${set} where tfi_id = ${tfiId} and est_id = 3`);
}

/** The supplier's document of a receipt (PLE 12.1 fields 10–13), kept on the transfer. */
export async function guardarDocProveedor(tx: Tx, tfiId: number, d: DocProveedor): Promise<void> {
  await tx.execute(sql`update transferencia set tfi_doc_tipo = ${d.tfi_doc_tipo}, tfi_doc_serie = ${d.tfi_doc_serie}, tfi_doc_numero = ${d.tfi_doc_numero},
    tfi_doc_fecha = ${d.tfi_doc_fecha || null}::date
    where tfi_id = ${tfiId}`);
}

/** An order as the transfer popups see it, locked when `lock` (registering a purchase-order transfer). */
export interface OrdenRow extends OrdenParaTransferencia { ord_tipo_orden: number }

const ORDEN_COLUMNS = sql`o.ord_id, o.ord_codigo, o.ore_id, oe.ore_descripcion, pv.pve_razon_social, o.ord_referencia,
  o.ord_fecha_orden::text as ord_fecha_orden, c.pry_id, pr.pry_nombre, o.ord_tipo_orden`;
const ORDEN_JOINS = sql`join orden_estado oe on oe.ore_id = o.ore_id join proveedor pv on pv.pve_id = o.pve_id
  join centro_costo c on c.cec_id = o.cec_id join proyecto pr on pr.pry_id = c.pry_id`;

export async function orden(db: Executor, ordId: number, lock = false): Promise<OrdenRow | undefined> {
  // Locked alone first, then read with its joins (see `bloquear`).
  if (lock) await db.execute(sql`select ord_id from orden where ord_id = ${ordId} for update`);
  const [row] = await selectRows<OrdenRow>(db, sql`select ${ORDEN_COLUMNS} from orden o ${ORDEN_JOINS} where o.ord_id = ${ordId}`);
  return row;
}

/** Purchase orders whose code, reference or supplier contains `texto`, in `estados`, within scope; newest first, at most `limit`. */
export function buscarOrdenes(db: Executor, f: { texto: string; estados: readonly number[]; scope: ProjectScope; limit: number }): Promise<OrdenRow[]> {
  const like = likePattern(f.texto);
  return selectRows<OrdenRow>(db, sql`
    select ${ORDEN_COLUMNS} from orden o ${ORDEN_JOINS}
    where o.ord_tipo_orden = 1 and o.ore_id in (${sql.join(f.estados.map((e) => sql`${e}`), sql`, `)}) and ${projectSql(f.scope, sql`c.pry_id`)}
      and (lower(o.ord_codigo || ' ' || o.ord_referencia) like ${like} or lower(pv.pve_razon_social) like ${like})
    order by o.ord_id desc limit ${f.limit}`);
}

/**
 * The order's items with what live transfers took: sent in created transfers plus confirmed in confirmed ones
 * (an entry confirmed short leaves the rest to a later transfer), and the remaining balance.
 */
export function itemsOrden(db: Executor, ordId: number): Promise<OrdenItemTransferencia[]> {
  return selectRows<OrdenItemTransferencia>(db, sql`
    select oi.oci_id, oi.oci_orden, oi.prv_id, p.prv_nombre, coalesce(p.prv_item, 0)::int as prv_item, oi.oci_descripcion, un.unm_simbolo,
      oi.oci_cantidad::numeric::text as oci_cantidad, coalesce(x.total, 0)::numeric::text as tid_total,
      greatest(oi.oci_cantidad - coalesce(x.total, 0), 0)::numeric::text as oci_saldo_transferencia
    from orden_item oi
      join unidad_medida un on un.unm_id = oi.unm_id
      left join producto p on p.prv_id = oi.prv_id
      left join lateral (
        select sum(case when t.est_id = 3 then d.tid_cantidad else coalesce(d.tid_ingreso_cantidad, 0) end) as total
        from transferencia_detalle d join transferencia t on t.tfi_id = d.tfi_id
        where d.oci_id = oi.oci_id and t.est_id <> 24
      ) x on true
    where oi.ord_id = ${ordId}
    order by oi.oci_orden`);
}

/** How much of the order's products entered stock, against what was ordered (items with a product only). */
export async function recepcionOrden(tx: Tx, ordId: number): Promise<{ pedido: string; ingresado: string; completo: boolean }> {
  const [r] = await selectRows<{ pedido: string; ingresado: string; completo: boolean }>(tx, sql`
    select coalesce(sum(oi.oci_cantidad), 0)::numeric::text as pedido, coalesce(sum(x.ingresado), 0)::numeric::text as ingresado,
      coalesce(bool_and(coalesce(x.ingresado, 0) >= oi.oci_cantidad), false) as completo
    from orden_item oi
      left join lateral (
        select sum(coalesce(d.tid_ingreso_cantidad, 0)) as ingresado
        from transferencia_detalle d join transferencia t on t.tfi_id = d.tfi_id
        where d.oci_id = oi.oci_id and t.est_id in (25, 26)
      ) x on true
    where oi.ord_id = ${ordId} and oi.prv_id is not null`);
  return r;
}

/** Whether stock entered for an order through a confirmed transfer (anular and restart are refused then, DECISIONS §4). */
export async function ordenConIngresos(db: Executor, ordId: number): Promise<boolean> {
  const rows = await selectRows<{ x: number }>(db, sql`
    select 1 as x from transferencia t join transferencia_detalle d on d.tfi_id = t.tfi_id
    where t.ord_id = ${ordId} and t.est_id in (25, 26) and d.tid_ingreso_cantidad > 0 limit 1`);
  return rows.length > 0;
}

/** The transfer history of a stock row: lines that took from it or put into it. */
export function historial(db: Executor, palId: number): Promise<HistorialTransferenciaRow[]> {
  return selectRows<HistorialTransferenciaRow>(db, sql`
    select t.tfi_id, t.tfi_codigo,
      case t.tfi_tipo when 1 then 'Orden de compra' when 2 then 'Entre almacenes' else 'Compra externa' end as tfi_tipo_nombre,
      ${lima('t.tfi_fecha_registro')} as tfi_fecha_registro, d.tid_cantidad::numeric::text as tid_cantidad,
      ${lima('t.tfi_fecha_ingreso')} as tfi_fecha_ingreso, d.tid_ingreso_cantidad::numeric::text as tid_ingreso_cantidad, d.tid_ingreso_notas,
      ao.alm_nombre as alm_origen_nombre, ad.alm_nombre as alm_destino_nombre,
      case when d.pal_origen = ${palId} then 'salida' else 'ingreso' end as movimiento, e.est_nombre, e.est_styles
    from transferencia_detalle d join transferencia t on t.tfi_id = d.tfi_id join estado e on e.est_id = t.est_id
      join almacen ad on ad.alm_id = t.alm_destino left join almacen ao on ao.alm_id = t.alm_origen
    where d.pal_origen = ${palId} or d.pal_destino = ${palId}
    order by t.tfi_id desc, d.tid_id
    limit 500`);
}

export async function proyectoDeStock(db: Executor, palId: number): Promise<number | undefined> {
  const [r] = await selectRows<{ pry_id: number }>(db, sql`
    select a.pry_id from producto_almacen pa join almacen a on a.alm_id = pa.alm_id where pa.pal_id = ${palId}`);
  return r?.pry_id;
}

/** Active products by name (the external-purchase popup), at most `limit`. */
export function buscarProductos(db: Executor, texto: string, limit: number): Promise<ProductoTransferencia[]> {
  const like = likePattern(texto);
  return selectRows<ProductoTransferencia>(db, sql`
    select p.prv_id, p.prv_nombre, p.prv_item, un.unm_simbolo
    from producto p join unidad_medida un on un.unm_id = p.unm_id
    where p.prv_estado = 1 and lower(p.prv_nombre) like ${like}
    order by p.prv_nombre, p.prv_id limit ${limit}`);
}

/** Signature storage keys and names of users (entry-order PDF). */
export function firmantes(db: Executor, ids: number[]): Promise<{ usu_id: number; nombre: string; usu_firma: string | null }[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return selectRows(db, sql`
    select usu_id, usu_nombre || ' ' || usu_apellido as nombre, usu_firma from usuario
    where usu_id in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})`);
}
