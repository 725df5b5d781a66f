import { CONDICION, ORDEN_ESTADOS } from '@obra/domain';
import { sql, type SQL } from 'drizzle-orm';
import { selectPlanned, selectRows, type Executor } from '../../db/client.ts';
import { projectSql, type ProjectScope } from '../../platform/scope.ts';
import { intArray } from '../../platform/sql-arrays.ts';

/**
 * SQL of the order reports (docs/business-rules.md "Order reports"). The reports page through
 * the orders by id (keyset: `ord_id > after`), so each batch is one short query and a year of
 * orders never sits in memory; amounts leave the database as NUMERIC text.
 */

const ANULADO = ORDEN_ESTADOS.find((e) => e.ore_codigo === 'anulado')!.ore_id;
/** Conditions under which an order is paid through payment orders (spec 1 §2.13: credit or advance). */
const CONDICIONES_CON_PAGOS = [CONDICION.CREDITO, CONDICION.ADELANTO_50, CONDICION.ADELANTO_15, CONDICION.ADELANTO];

export interface ReporteFilter {
  desde: string;
  hasta: string;
  tipos: number[];
  centros: number[];
  proveedor: number | null;
  categoria: number | null;
  tipo: number | null;
  scope: ProjectScope;
}

/** The caller's scope on the project of the order's cost centre (alias `c`). */
const scopeSql = (scope: ProjectScope): SQL => projectSql(scope, sql`c.pry_id`);

/** The product condition on a line `i` (its product `p`), or null when the report filters no product. */
function productoSql(f: ReporteFilter): SQL | null {
  const parts: SQL[] = [];
  if (f.categoria) parts.push(sql`p.cat_id = ${f.categoria}`);
  if (f.tipo) parts.push(sql`p.tip_id = ${f.tipo}`);
  return parts.length ? sql.join(parts, sql` and `) : null;
}

/** Which orders the report covers, on `orden o` joined to `centro_costo c`. */
export function ordenWhere(f: ReporteFilter): SQL {
  const where: SQL[] = [sql`o.ord_fecha_orden between ${f.desde} and ${f.hasta}`, scopeSql(f.scope)];
  if (f.tipos.length === 1) where.push(sql`o.ord_tipo_orden = ${f.tipos[0]}`);
  if (f.centros.length) where.push(sql`o.cec_id = any(${intArray(f.centros)})`);
  if (f.proveedor) where.push(sql`o.pve_id = ${f.proveedor}`);
  const producto = productoSql(f);
  if (producto) {
    where.push(sql`exists (select 1 from orden_item i join producto p on p.prv_id = i.prv_id where i.ord_id = o.ord_id and ${producto})`);
  }
  return sql.join(where, sql` and `);
}

/** Purchase and service orders of the range that are paid through payment orders, not anulado. */
export function pagosWhere(desde: string, hasta: string, scope: ProjectScope): SQL {
  return sql`o.ord_fecha_orden between ${desde} and ${hasta} and ${scopeSql(scope)} and o.ore_id <> ${ANULADO}
    and (o.coc_id = any(${intArray(CONDICIONES_CON_PAGOS)}) or exists (select 1 from orden_pago g where g.ord_id = o.ord_id))`;
}

/** One batch of a report: the next `limit` orders after the id `after` that meet `where`. */
export interface Batch {
  where: SQL;
  after: number;
  limit: number;
}

/**
 * The batch's order ids, in id order (keyset on the primary key), as the CTE `ids` its rows
 * query joins: one statement per batch, the ids never leave the database. Each batch is planned
 * with its own values (`selectPlanned`): a generic plan cannot tell a year from a week, and for a
 * year it read the whole range by date and sorted it again on every batch.
 */
const idsCte = (b: Batch) => sql`with ids as (
  select o.ord_id from orden o join centro_costo c on c.cec_id = o.cec_id
  where o.ord_id > ${b.after} and ${b.where} order by o.ord_id limit ${sql.raw(String(b.limit))})`;

/** The columns both reports repeat for an order. */
const ORDEN_COLUMNAS = sql`o.ord_id, o.ord_codigo as codigo, o.ord_tipo_orden as tipo_orden,
  to_char(o.ord_fecha_orden, 'YYYY-MM-DD') as fecha, e.ore_descripcion as estado,
  c.cec_codigo || ' - ' || c.cec_descripcion as centro_costo,
  v.pve_razon_social as proveedor, v.pve_ruc as ruc,
  m.mon_simbolo as moneda, cc.coc_descripcion as condicion, o.ord_referencia as referencia`;
/**
 * The supplier is a join, not two subqueries: each subquery was costed as an index scan per row,
 * which put a batch of lines over `jit_above_cost`, and compiling it cost more than running it.
 */
const ORDEN_JOINS = sql`join centro_costo c on c.cec_id = o.cec_id
  join orden_estado e on e.ore_id = o.ore_id join moneda m on m.mon_id = o.mon_id
  join condicion_comercial cc on cc.coc_id = o.coc_id left join proveedor v on v.pve_id = o.pve_id`;

export interface OrdenCols {
  ord_id: number;
  codigo: string;
  tipo_orden: number;
  fecha: string;
  estado: string;
  centro_costo: string;
  proveedor: string;
  ruc: string;
  moneda: string;
  condicion: string;
  referencia: string;
}

export interface ReporteOrdenRow extends OrdenCols {
  base: string;
  igv: string;
  detraccion: string;
  retencion: string;
  percepcion: string;
  otros: string;
  total: string;
  registrado_por: string;
  aprobado_gerencia: string | null;
  fecha_gerencia: string | null;
  aprobado_contabilidad: string | null;
  fecha_contabilidad: string | null;
}

const limaTime = (col: string) => sql.raw(`to_char(${col} at time zone 'America/Lima', 'YYYY-MM-DD"T"HH24:MI:SS')`);

/** Report type 1: one row per order (with its taxes by type and its approvals), in id order. */
export function ordenRows(db: Executor, b: Batch): Promise<ReporteOrdenRow[]> {
  return selectPlanned<ReporteOrdenRow>(db, 'orden_reporte', sql`${idsCte(b)}
    select ${ORDEN_COLUMNAS}, o.ord_monto_sin_impuesto::text as base,
      t.igv::text as igv, t.detraccion::text as detraccion, t.retencion::text as retencion,
      t.percepcion::text as percepcion, t.otros::text as otros, o.ord_monto_con_impuesto::text as total,
      ur.usu_nombre || ' ' || ur.usu_apellido as registrado_por,
      ug.usu_nombre || ' ' || ug.usu_apellido as aprobado_gerencia, ${limaTime('o.ord_fecha_aprobacion_gerencia')} as fecha_gerencia,
      uc.usu_nombre || ' ' || uc.usu_apellido as aprobado_contabilidad, ${limaTime('o.ord_fecha_aprobacion_contabilidad')} as fecha_contabilidad
    from ids join orden o on o.ord_id = ids.ord_id ${ORDEN_JOINS}
      join usuario ur on ur.usu_id = o.ord_usu_registrador
      left join usuario ug on ug.usu_id = o.ord_usu_aprobador_gerencia
      left join usuario uc on uc.usu_id = o.ord_usu_aprobador_contabilidad
      cross join lateral (
        select coalesce(sum(x.ori_valor_aplicado) filter (where x.ori_tipo = 1), 0) as igv,
          coalesce(sum(x.ori_valor_aplicado) filter (where x.ori_tipo = 2), 0) as detraccion,
          coalesce(sum(x.ori_valor_aplicado) filter (where x.ori_tipo = 4), 0) as retencion,
          coalesce(sum(x.ori_valor_aplicado) filter (where x.ori_tipo = 3), 0) as percepcion,
          coalesce(sum(x.ori_valor_aplicado) filter (where x.ori_tipo > 4), 0) as otros
        from orden_impuesto x where x.ord_id = o.ord_id) t
    order by o.ord_id`);
}

export interface ReporteItemRow extends OrdenCols {
  linea: number;
  marca: string | null;
  descripcion: string;
  unidad: string;
  cantidad: string;
  precio_unitario: string;
  subtotal: string;
  categoria: string | null;
  tipo_producto: string | null;
}

/** Report type 2: the lines of the given orders (only those matching the product filter), in order. */
export function itemRows(db: Executor, b: Batch, f: ReporteFilter): Promise<ReporteItemRow[]> {
  const producto = productoSql(f);
  return selectPlanned<ReporteItemRow>(db, 'orden_reporte_items', sql`${idsCte(b)}
    select ${ORDEN_COLUMNAS}, i.oci_orden as linea, ma.mar_nombre as marca, i.oci_descripcion as descripcion,
      u.unm_simbolo as unidad, i.oci_cantidad::text as cantidad, i.oci_precio_unitario::text as precio_unitario,
      i.oci_importe::text as subtotal, cat.cat_nombre as categoria, tip.tip_nombre as tipo_producto
    from ids join orden o on o.ord_id = ids.ord_id ${ORDEN_JOINS}
      join orden_item i on i.ord_id = o.ord_id
      join unidad_medida u on u.unm_id = i.unm_id
      left join marca ma on ma.mar_id = i.mar_id
      left join producto p on p.prv_id = i.prv_id
      left join categoria_producto cat on cat.cat_id = p.cat_id
      left join tipo_producto tip on tip.tip_id = p.tip_id
    ${producto ? sql`where ${producto}` : sql``}
    order by o.ord_id, i.oci_orden`);
}

export interface TotalOrdenRow {
  moneda: string;
  base: string;
  igv: string;
  detraccion: string;
  retencion: string;
  percepcion: string;
  otros: string;
  total: string;
}

/** Report type 1 totals per currency, summed exactly in NUMERIC; anulado orders are listed but not added. */
export function totalesOrden(db: Executor, f: ReporteFilter): Promise<TotalOrdenRow[]> {
  return selectRows<TotalOrdenRow>(db, sql`
    select m.mon_simbolo as moneda, sum(o.ord_monto_sin_impuesto)::text as base,
      sum(t.igv)::text as igv, sum(t.detraccion)::text as detraccion, sum(t.retencion)::text as retencion,
      sum(t.percepcion)::text as percepcion, sum(t.otros)::text as otros, sum(o.ord_monto_con_impuesto)::text as total
    from orden o join centro_costo c on c.cec_id = o.cec_id join moneda m on m.mon_id = o.mon_id
      cross join lateral (
        select coalesce(sum(x.ori_valor_aplicado) filter (where x.ori_tipo = 1), 0) as igv,
          coalesce(sum(x.ori_valor_aplicado) filter (where x.ori_tipo = 2), 0) as detraccion,
          coalesce(sum(x.ori_valor_aplicado) filter (where x.ori_tipo = 4), 0) as retencion,
          coalesce(sum(x.ori_valor_aplicado) filter (where x.ori_tipo = 3), 0) as percepcion,
          coalesce(sum(x.ori_valor_aplicado) filter (where x.ori_tipo > 4), 0) as otros
        from orden_impuesto x where x.ord_id = o.ord_id) t
    where ${ordenWhere(f)} and o.ore_id <> ${ANULADO}
    group by m.mon_id, m.mon_simbolo order by m.mon_id`);
}

/** Report type 2 totals per currency: the matching lines of orders not anulado. */
export function totalesItem(db: Executor, f: ReporteFilter): Promise<{ moneda: string; subtotal: string }[]> {
  const producto = productoSql(f);
  return selectRows(db, sql`
    select m.mon_simbolo as moneda, sum(i.oci_importe)::text as subtotal
    from orden o join centro_costo c on c.cec_id = o.cec_id join moneda m on m.mon_id = o.mon_id
      join orden_item i on i.ord_id = o.ord_id left join producto p on p.prv_id = i.prv_id
    where ${ordenWhere(f)} and o.ore_id <> ${ANULADO} ${producto ? sql`and ${producto}` : sql``}
    group by m.mon_id, m.mon_simbolo order by m.mon_id`);
}

export interface PagoSumas {
  total: string;
  /** What the payment orders may add up to: the total with its detracción added back. */
  pagable: string;
  registrado: string;
  aprobado: string;
  depositado: string;
  saldo: string;
}

export interface ReportePagoRow extends OrdenCols, PagoSumas {
  /** Deposited over the payable amount × 100, two decimals; null when that amount is 0. */
  porcentaje: string | null;
}

/**
 * The payable amount and the sums of an order's payment orders by state (DECISIONS §4 codes), NUMERIC.
 * Payable = total with the detracción added back (docs/business-rules.md "Payment orders": the total
 * subtracts the detracción, each payment order takes its own off), so saldo = payable − non-cancelled.
 */
const PAGO_SUMAS = sql`cross join lateral (
    select o.ord_monto_con_impuesto - coalesce(sum(x.ori_valor_aplicado), 0) as pagable
    from orden_impuesto x where x.ord_id = o.ord_id and x.ori_tipo = 2) d
  cross join lateral (
    select coalesce(sum(g.opg_total) filter (where g.opg_estado in ('OPR', 'OXA', 'OPD')), 0) as registrado,
      coalesce(sum(g.opg_total) filter (where g.opg_estado = 'OPA'), 0) as aprobado,
      coalesce(sum(g.opg_total) filter (where g.opg_estado = 'OPP'), 0) as depositado,
      coalesce(sum(g.opg_total) filter (where g.opg_estado <> 'OPC'), 0) as comprometido
    from orden_pago g where g.ord_id = o.ord_id) s`;

/** The purchase-versus-payment rows of the given orders, in id order. */
export function pagoRows(db: Executor, b: Batch): Promise<ReportePagoRow[]> {
  return selectPlanned<ReportePagoRow>(db, 'orden_reporte_pagos', sql`${idsCte(b)}
    select ${ORDEN_COLUMNAS}, o.ord_monto_con_impuesto::text as total, d.pagable::text as pagable,
      s.registrado::text as registrado, s.aprobado::text as aprobado, s.depositado::text as depositado,
      (d.pagable - s.comprometido)::text as saldo,
      case when d.pagable = 0 then null else round(s.depositado * 100 / d.pagable, 2)::text end as porcentaje
    from ids join orden o on o.ord_id = ids.ord_id ${ORDEN_JOINS} ${PAGO_SUMAS}
    order by o.ord_id`);
}

/** Purchase-versus-payment totals per currency. */
export function totalesPago(db: Executor, where: SQL): Promise<(PagoSumas & { moneda: string })[]> {
  return selectRows(db, sql`
    select m.mon_simbolo as moneda, sum(o.ord_monto_con_impuesto)::text as total, sum(d.pagable)::text as pagable,
      sum(s.registrado)::text as registrado, sum(s.aprobado)::text as aprobado, sum(s.depositado)::text as depositado,
      sum(d.pagable - s.comprometido)::text as saldo
    from orden o join centro_costo c on c.cec_id = o.cec_id join moneda m on m.mon_id = o.mon_id ${PAGO_SUMAS}
    where ${where}
    group by m.mon_id, m.mon_simbolo order by m.mon_id`);
}
