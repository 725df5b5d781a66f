import { sql, type SQL } from 'drizzle-orm';
import { selectRows, type Executor } from '../../db/client.ts';
import { type ProjectScope, projectSql, warehouseSql } from '../../platform/scope.ts';
import { alcanceSql as cajaAlcanceSql } from '../caja/queries.ts';
import { pendienteSql as envioPendienteSql } from '../envio/queries.ts';

/** The order scope of the lists: the project of the order's cost centre (alias `o`), as orden/queries.ts. */
function ordenScope(scope: ProjectScope): SQL {
  if (scope.kind === 'all') return sql`true`;
  if (scope.kind === 'none') return sql`false`;
  return sql`o.cec_id in (select cec_id from centro_costo where pry_id = ${scope.pry_id})`;
}

/** The payment order scope of /ordenPago/bandeja (alias `p`). */
function pagoScope(scope: ProjectScope): SQL {
  if (scope.kind === 'all') return sql`true`;
  if (scope.kind === 'none') return sql`false`;
  return sql`p.ord_id in (select o.ord_id from orden o join centro_costo c on c.cec_id = o.cec_id where c.pry_id = ${scope.pry_id})`;
}

export interface ColaFiltro {
  /** As orden/estados.ts pending(): null none, 'all' (SUPER) or the gerencia user. */
  gerencia: number | 'all' | null;
  contabilidad: boolean;
  /** Payment orders: count OXA (to approve) and/or OPA (to deposit). */
  pagoAprobar: boolean;
  pagoDepositar: boolean;
  /** Transfers to confirm in the caller's warehouses (null: no module). */
  transferencias: boolean;
  compraExterna: number;
  creado: number;
  scope: ProjectScope;
  usu_id: number;
  /** Petty cash (DECISIONS §5): approver of every cash box ('all': option aprobar_caja or SUPER), of those they manage ('propias'), or none. */
  cajaAprobar: 'all' | 'propias' | null;
  /** Treasury deposits cash boxes and reimburses settlements. */
  cajaTesoreria: boolean;
  /** Sales orders in creado on a credit condition, for holders of aprobar_orden_venta. */
  ventaAprobar: { creado: number; condiciones: readonly number[] } | null;
  envios: boolean;
  comprobantes: boolean;
  /** Stock below its minimum (the renewal screen, module orden_compra). */
  stockMinimo: boolean;
  pedidoAprobar: boolean;
}

export interface ColaConteos {
  orden_gerencia: number;
  orden_contabilidad: number;
  pago_aprobar: number;
  pago_depositar: number;
  transferencia_ingresar: number;
  caja_aprobar: number;
  caja_depositar: number;
  rendicion_aprobar: number;
  rendicion_reembolsar: number;
  venta_aprobar: number;
  envio_hoy: number;
  envio_atrasado: number;
  cpe_rechazado: number;
  cpe_sin_aceptar: number;
  stock_minimo: number;
  pedido_aprobar: number;
}

/** Every count of the queue in one round trip; each sub-select reads the same conditions as its list. */
export async function conteos(db: Executor, f: ColaFiltro): Promise<ColaConteos> {
  const gerencia = f.gerencia === null ? sql`0`
    : sql`(select count(*) from orden o where o.ore_id = 1 and not o.ord_rechazada
        ${f.gerencia === 'all' ? sql`` : sql`and o.ord_usu_gerencia = ${f.gerencia}`} and ${ordenScope(f.scope)})`;
  const contabilidad = f.contabilidad ? sql`(select count(*) from orden o where o.ore_id = 2 and ${ordenScope(f.scope)})` : sql`0`;
  const pago = (estado: string, on: boolean) =>
    on ? sql`(select count(*) from orden_pago p where p.opg_estado = ${estado} and ${pagoScope(f.scope)})` : sql`0`;
  const destino = warehouseSql(f.scope, sql`t.alm_destino`) ?? sql`true`;
  const transferencias = f.transferencias
    ? sql`(select count(*) from transferencia t where t.est_id = ${f.creado} and t.tfi_tipo <> ${f.compraExterna} and ${destino})`
    : sql`0`;
  // Petty cash: the list's scope, and for an approver without the option only the cash boxes they manage.
  const cajaScope = cajaAlcanceSql({ scope: f.scope, usu_id: f.usu_id }) ?? sql`true`;
  const caja = (estado: string, on: boolean, extra: SQL = sql`true`) =>
    on ? sql`(select count(*) from caja c where c.caj_estado = ${estado} and ${cajaScope} and ${extra})` : sql`0`;
  const gerente = f.cajaAprobar === 'propias' ? sql`c.usu_gerente = ${f.usu_id}` : sql`true`;
  const venta = f.ventaAprobar
    ? sql`(select count(*) from orden_venta o where o.est_id = ${f.ventaAprobar.creado}
        and o.coc_id in (${sql.join(f.ventaAprobar.condiciones.map((c) => sql`${c}`), sql`, `)}))`
    : sql`0`;
  const envio = (kind: 'hoy' | 'atrasados') => f.envios ? sql`(select count(*) from envio v where ${envioPendienteSql(kind)})` : sql`0`;
  const cpe = (estados: string[]) => f.comprobantes
    ? sql`(select count(*) from comprobante n where n.nco_estado_sunat in (${sql.join(estados.map((e) => sql`${e}`), sql`, `)}))`
    : sql`0`;
  // The renewal list's rows (stock_minimo / producto minimum): only pairs with a minimum above 0 can be below it.
  const almacen = warehouseSql(f.scope, sql`pa.alm_id`) ?? sql`true`;
  const stock = f.stockMinimo
    ? sql`(select count(*) from (
        select pa.alm_id, pa.prv_id from producto_almacen pa
          join producto p on p.prv_id = pa.prv_id and p.prv_estado = 1
          join almacen a on a.alm_id = pa.alm_id and a.alm_estado = 1
          left join stock_minimo s on s.alm_id = pa.alm_id and s.prv_id = pa.prv_id
        where ${almacen} and coalesce(s.stm_minimo, p.prv_stock_minimo) > 0
        group by pa.alm_id, pa.prv_id, coalesce(s.stm_minimo, p.prv_stock_minimo)
        having sum(pa.pal_stock) < coalesce(s.stm_minimo, p.prv_stock_minimo)) b)`
    : sql`0`;
  const pedido = f.pedidoAprobar
    ? sql`(select count(*) from pedido_items p where p.pei_estado = 'POR_APROBAR' and ${projectSql(f.scope, sql`p.pry_id`)})`
    : sql`0`;
  const [r] = await selectRows<Record<keyof ColaConteos, string | number>>(db, sql`select
    ${gerencia} as orden_gerencia, ${contabilidad} as orden_contabilidad,
    ${pago('OXA', f.pagoAprobar)} as pago_aprobar, ${pago('OPA', f.pagoDepositar)} as pago_depositar,
    ${transferencias} as transferencia_ingresar,
    ${caja('CPA', f.cajaAprobar !== null, gerente)} as caja_aprobar, ${caja('CAP', f.cajaTesoreria)} as caja_depositar,
    ${caja('RPA', f.cajaAprobar !== null, gerente)} as rendicion_aprobar,
    ${caja('RAP', f.cajaTesoreria, sql`c.ren_total > c.caj_monto`)} as rendicion_reembolsar,
    ${venta} as venta_aprobar, ${envio('hoy')} as envio_hoy, ${envio('atrasados')} as envio_atrasado,
    ${cpe(['rechazado'])} as cpe_rechazado, ${cpe(['por_enviar', 'enviado', 'error'])} as cpe_sin_aceptar,
    ${stock} as stock_minimo, ${pedido} as pedido_aprobar`);
  return Object.fromEntries(Object.entries(r!).map(([k, v]) => [k, Number(v)])) as unknown as ColaConteos;
}
