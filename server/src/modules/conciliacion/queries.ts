import type { ConciliacionFactura, ConciliacionLinea, ConciliacionMarca } from '@obra/domain';
import { ORE } from '@obra/domain';
import { sql, type SQL } from 'drizzle-orm';
import { selectRows, type Db, type Executor } from '../../db/client.ts';
import type { ProjectScope } from '../../platform/scope.ts';

/**
 * The three-way match in SQL (issue 25, docs/business-rules.md "Conciliación de tres vías"): one
 * statement computes every line's ordered, received and invoiced figures and their flags, so the
 * order's screen and the work queue's count read the same rule. Received = entries confirmed by
 * purchase transfers (tipo 1, states ingreso confirmado 25 and parcial 26) on the order's lines;
 * invoiced = the lines of the invoices read line by line (orden_factura.ofa_por_linea), and every
 * invoice in the totals.
 */

/** Tolerance: percent (0–100) and soles, each null when unused; the stricter applies. */
export interface ToleranciaSql {
  porcentaje: string | null;
  monto: string | null;
}

/** The order scope (alias `o`): the project of its cost centre, as orden/queries.ts. */
function ordenScope(scope: ProjectScope): SQL {
  if (scope.kind === 'all') return sql`true`;
  if (scope.kind === 'none') return sql`false`;
  return sql`o.cec_id in (select cec_id from centro_costo where pry_id = ${scope.pry_id})`;
}

/**
 * A difference `dif` is beyond tolerance when |dif| is greater than the smaller of `porcentaje` % of |base| and the amount (in the order's currency, `tol_monto`).
 */
const excede = (t: ToleranciaSql, dif: SQL, base: SQL) =>
  sql`(abs(${dif}) > coalesce(least(abs(${base}) * ${t.porcentaje}::numeric / 100, tol_monto), 0))`;

/** Per order of `filtro` (alias `o` on `orden`): its lines with flags, its totals and order flags. */
function conciliacionSql(t: ToleranciaSql, filtro: SQL): SQL {
  return sql`
    with ord as (
      select o.ord_id, o.ord_tipo_orden, o.ord_monto_sin_impuesto as subtotal_pedido,
        o.ord_monto_sin_impuesto + coalesce((select sum(i.ori_valor_aplicado) from orden_impuesto i where i.ord_id = o.ord_id and i.ori_tipo = 1), 0) as total_pedido,
        ${t.monto}::numeric / nullif(o.ord_tipo_cambio, 0) as tol_monto
      from orden o where ${filtro}
    ),
    lin as (
      select ord.ord_id, ord.ord_tipo_orden, ord.tol_monto, oi.oci_id, oi.oci_orden, oi.oci_descripcion, un.unm_simbolo, oi.prv_id,
        oi.oci_cantidad as q, oi.oci_precio_unitario as p, oi.oci_importe as imp,
        case when oi.prv_id is null or ord.ord_tipo_orden = 2 then null else coalesce(r.recibido, 0) end as rec,
        f.cantidad as fq, f.importe as fi
      from ord join orden_item oi on oi.ord_id = ord.ord_id join unidad_medida un on un.unm_id = oi.unm_id
        left join lateral (
          select sum(coalesce(d.tid_ingreso_cantidad, 0)) as recibido
          from transferencia_detalle d join transferencia t on t.tfi_id = d.tfi_id
          where d.oci_id = oi.oci_id and t.tfi_tipo = 1 and t.est_id in (25, 26)
        ) r on true
        left join lateral (
          select sum((x->>'cantidad')::numeric) as cantidad, sum((x->>'importe')::numeric) as importe
          from orden_factura fa cross join lateral jsonb_array_elements(fa.ofa_lineas) x
          where fa.ord_id = oi.ord_id and fa.ofa_por_linea and (x->>'oci_orden')::int = oi.oci_orden
        ) f on true
    ),
    marc as (
      select lin.*, array_remove(array[
        case when rec > q and ${excede(t, sql`(rec - q) * p`, sql`imp`)} then 'recibido_mayor' end,
        case when fq > rec and ${excede(t, sql`(fq - rec) * p`, sql`imp`)} then 'facturado_sin_recibir' end,
        case when fq > q and ${excede(t, sql`(fq - q) * p`, sql`imp`)} then 'cantidad_facturada' end,
        case when fq > 0 and ${excede(t, sql`fi - fq * p`, sql`fq * p`)} then 'precio' end,
        case when fi > imp and ${excede(t, sql`fi - imp`, sql`imp`)} then 'importe' end
      ]::text[], null) as marcas
      from lin
    ),
    tot as (
      select ord.*,
        coalesce((select sum(fa.ofa_total) from orden_factura fa where fa.ord_id = ord.ord_id), 0) as total_facturado,
        coalesce((select sum(fa.ofa_subtotal) from orden_factura fa where fa.ord_id = ord.ord_id), 0) as subtotal_facturado,
        exists (select 1 from orden_factura fa where fa.ord_id = ord.ord_id and not fa.ofa_por_linea and jsonb_array_length(fa.ofa_lineas) > 0) as sin_linea,
        case when ord.ord_tipo_orden = 2 then null else round(
          (select sum(case when m.rec is null then m.imp else m.rec * m.p end) from marc m where m.ord_id = ord.ord_id)
          * ord.subtotal_pedido / nullif((select sum(m.imp) from marc m where m.ord_id = ord.ord_id), 0), 2) end as valor_recibido
      from ord
    )
    select tot.ord_id, tot.total_pedido::text as total_pedido, tot.subtotal_pedido::text as subtotal_pedido,
      tot.valor_recibido::text as valor_recibido, tot.total_facturado::text as total_facturado, tot.subtotal_facturado::text as subtotal_facturado,
      (round(tot.tol_monto, 2))::text as tol_monto,
      array_remove(array[
        case when tot.total_facturado > tot.total_pedido and ${excede(t, sql`tot.total_facturado - tot.total_pedido`, sql`tot.total_pedido`)} then 'total_facturado' end,
        case when tot.subtotal_facturado > tot.valor_recibido and ${excede(t, sql`tot.subtotal_facturado - tot.valor_recibido`, sql`tot.subtotal_pedido`)} then 'total_sin_recibir' end,
        case when tot.sin_linea then 'linea_sin_orden' end
      ]::text[], null) as marcas,
      coalesce((select json_agg(json_build_object(
        'oci_id', m.oci_id, 'oci_orden', m.oci_orden, 'descripcion', m.oci_descripcion, 'unidad', m.unm_simbolo,
        'cantidad_pedida', m.q::text, 'precio_pedido', m.p::text, 'importe_pedido', m.imp::text,
        'cantidad_recibida', m.rec::text, 'cantidad_facturada', m.fq::text, 'importe_facturado', m.fi::text,
        'precio_facturado', case when m.fq > 0 then round(m.fi / m.fq, 4)::text end, 'marcas', m.marcas) order by m.oci_orden)
        from marc m where m.ord_id = tot.ord_id), '[]'::json) as lineas
    from tot`;
}

export interface ConciliacionFila {
  ord_id: number;
  total_pedido: string;
  subtotal_pedido: string;
  valor_recibido: string | null;
  total_facturado: string;
  subtotal_facturado: string;
  tol_monto: string | null;
  marcas: ConciliacionMarca[];
  lineas: ConciliacionLinea[];
}

export async function conciliacion(db: Executor, ordId: number, t: ToleranciaSql): Promise<ConciliacionFila | undefined> {
  const [r] = await selectRows<ConciliacionFila>(db, conciliacionSql(t, sql`o.ord_id = ${ordId}`));
  return r;
}

/** The order's code, type, currency and project, or undefined when outside the caller's scope. */
export async function ordenEnAlcance(db: Executor, ordId: number, scope: ProjectScope) {
  const [r] = await selectRows<{ ord_id: number; ord_codigo: string; ord_tipo_orden: number; mon_codigo: string; mon_simbolo: string }>(db, sql`
    select o.ord_id, o.ord_codigo, o.ord_tipo_orden, m.mon_codigo, m.mon_simbolo
    from orden o join moneda m on m.mon_id = o.mon_id where o.ord_id = ${ordId} and ${ordenScope(scope)}`);
  return r;
}

/** The invoices read for the order, oldest first. */
export function facturas(db: Executor, ordId: number): Promise<ConciliacionFactura[]> {
  return selectRows<ConciliacionFactura>(db, sql`
    select f.ofa_id, f.ofa_serie || '-' || f.ofa_numero as numero, to_char(f.ofa_fecha_emision, 'YYYY-MM-DD') as fecha_emision,
      f.ofa_moneda as moneda, f.ofa_subtotal::text as subtotal, f.ofa_igv::text as igv, f.ofa_total::text as total,
      f.ofa_por_linea as por_linea, f.ofa_lineas as lineas,
      to_char(f.ofa_fecha at time zone 'America/Lima', 'YYYY-MM-DD"T"HH24:MI:SS') as fecha_subida
    from orden_factura f where f.ord_id = ${ordId} order by f.ofa_id`);
}

/**
 * Computes the three-way match again for up to `lote` orders marked by the triggers of migration 0040 (whatever the
 * match reads changed), oldest first, and keeps the result on each (`ord_observada`; a cancelled order has none).
 * One statement; orders another process is computing are skipped (SKIP LOCKED), so instances share the work. How many
 * it computed. Without JIT: the match's many expressions over an estimated batch cost more to compile (1.5–3 s at
 * 200 000 orders) than to run.
 */
export async function refrescarObservadas(db: Db, t: ToleranciaSql, lote: number): Promise<number> {
  const filas = await db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return selectRows<{ ord_id: number }>(tx, sql`
    with d as (select ord_id from orden where ord_conciliar order by ord_id limit ${lote} for update skip locked),
    obs as (
      select c.ord_id from (${conciliacionSql(t, sql`o.ord_id in (select ord_id from d) and o.ore_id <> ${ORE.ANULADO}`)}) c
      where cardinality(c.marcas) > 0 or exists (select 1 from json_array_elements(c.lineas) l where json_array_length(l->'marcas') > 0)
    )
    update orden o set ord_conciliar = false, ord_observada = exists (select 1 from obs where obs.ord_id = o.ord_id)
    from d where o.ord_id = d.ord_id
    returning o.ord_id`);
  });
  return filas.length;
}

/** Every order that may have a flag, marked to be computed again: the tolerance changed. */
export async function marcarTodas(db: Executor): Promise<void> {
  await db.execute(sql`update orden o set ord_conciliar = true where not o.ord_conciliar and (o.ord_observada
    or exists (select 1 from orden_factura fa where fa.ord_id = o.ord_id)
    or exists (select 1 from transferencia t where t.ord_id = o.ord_id and t.tfi_tipo = 1))`);
}

/** The ids (`ord_id`) of the orders with a flag in the scope: the queue counts them, the order list filters on them. */
export function observadasSql(scope: ProjectScope): SQL {
  return sql`select o.ord_id from orden o where o.ord_observada and o.ore_id <> ${ORE.ANULADO} and ${ordenScope(scope)}`;
}

/** For the work queue (issue 25; inicio owns the queue): how many orders in the caller's scope have a flag. */
export async function contarObservadas(db: Executor, scope: ProjectScope): Promise<number> {
  const [r] = await selectRows<{ n: number }>(db, sql`select count(*)::int as n from (${observadasSql(scope)}) c`);
  return Number(r.n);
}
