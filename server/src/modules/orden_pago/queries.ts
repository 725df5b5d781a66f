import type { OrdenPagoRow, Paged } from '@obra/domain';
import { eq, sql, type SQL } from 'drizzle-orm';
import { selectRows, type Executor } from '../../db/client.ts';
import { ordenPago } from '../../db/schema/index.ts';
import { listPage, nombreDeUsuario, type ListRequest, type ListSpec } from '../../platform/list.ts';
import { projectSql, type ProjectScope } from '../../platform/scope.ts';

/** The caller's scope on the project of the order's cost centre (alias `c`). */
const scopeSql = (scope: ProjectScope): SQL => projectSql(scope, sql`c.pry_id`);

export interface OrdenLocked {
  ord_id: number;
  ore_id: number;
  coc_id: number;
  pry_id: number;
  /** What its payment orders may add up to (`montoPagable`). */
  total: string;
  mon_simbolo: string;
  /** Detracción rate of the order (its orden_impuesto row with ori_tipo 2), null when none. */
  tasa_detraccion: string | null;
  /** Σ opg_total of its payment orders not cancelled (OPC). */
  comprometido: string;
}

/**
 * What an order's payment orders may add up to: its total with the detracción added back. The
 * order's total already subtracts the detracción (a negative tax row), and each payment order
 * takes its own detracción off its total (DECISIONS §4, docs/business-rules.md "Payment orders").
 */
const montoPagable = sql`(o.ord_monto_con_impuesto - coalesce((select sum(i.ori_valor_aplicado) from orden_impuesto i where i.ord_id = o.ord_id and i.ori_tipo = 2), 0))`;

/** Whether the deposited payment orders (OPP) of an order add up to its payable amount (`montoPagable`). */
export async function depositosCubren(db: Executor, ordId: number): Promise<boolean> {
  const [r] = await selectRows<{ cubre: boolean }>(db, sql`
    select coalesce((select sum(opg_total) from orden_pago where ord_id = o.ord_id and opg_estado = 'OPP'), 0) >= ${montoPagable} as cubre
    from orden o where o.ord_id = ${ordId}`);
  return r?.cubre === true;
}

/**
 * The purchase order locked `FOR UPDATE` with what payment orders check. Every payment order
 * mutation takes this lock first, so registrations, modifications and deposits of one order
 * queue: the balance cannot be overspent nor a number repeated, and the order's own state
 * calls (anular) see the payment orders as they are.
 */
export async function lockOrden(db: Executor, ordId: number): Promise<OrdenLocked | undefined> {
  const [r] = await selectRows<OrdenLocked>(db, sql`
    select o.ord_id, o.ore_id, o.coc_id, c.pry_id, ${montoPagable}::text as total, m.mon_simbolo,
      (select i.ori_valor::text from orden_impuesto i where i.ord_id = o.ord_id and i.ori_tipo = 2 order by i.ori_id limit 1) as tasa_detraccion
    from orden o join centro_costo c on c.cec_id = o.cec_id join moneda m on m.mon_id = o.mon_id
    where o.ord_id = ${ordId} for update of o`);
  if (!r) return undefined;
  const [s] = await selectRows<{ comprometido: string }>(db, sql`
    select coalesce(sum(opg_total), 0)::text as comprometido from orden_pago where ord_id = ${ordId} and opg_estado <> 'OPC'`);
  return { ...r, ord_id: Number(r.ord_id), ore_id: Number(r.ore_id), coc_id: Number(r.coc_id), pry_id: Number(r.pry_id), comprometido: s.comprometido };
}

/** The order a payment order belongs to (it never changes), to take the order's lock first. */
export async function ordenDePago(db: Executor, opgId: number): Promise<number | undefined> {
  const [r] = await selectRows<{ ord_id: number }>(db, sql`select ord_id from orden_pago where opg_id = ${opgId}`);
  return r ? Number(r.ord_id) : undefined;
}

export interface PagoLocked {
  opg_id: number;
  ord_id: number;
  opg_numero: number;
  opg_estado: string;
  opg_total: string;
  opg_version: number;
  opg_archivo_clave: string | null;
}

/** One payment order locked `FOR UPDATE` (after its order). */
export async function lockPago(db: Executor, opgId: number): Promise<PagoLocked | undefined> {
  const [r] = await selectRows<PagoLocked>(db, sql`
    select opg_id, ord_id, opg_numero, opg_estado, opg_total::text as opg_total, opg_version, opg_archivo_clave
    from orden_pago where opg_id = ${opgId} for update`);
  return r && { ...r, opg_id: Number(r.opg_id), ord_id: Number(r.ord_id), opg_version: Number(r.opg_version) };
}

export async function insertPago(db: Executor, v: typeof ordenPago.$inferInsert): Promise<number> {
  const [r] = await db.insert(ordenPago).values(v).returning({ id: ordenPago.opg_id });
  return r.id;
}

/** Writes the given columns and moves the version on (a popup opened before then fails to save). */
export async function updatePago(db: Executor, opgId: number, v: Partial<typeof ordenPago.$inferInsert>): Promise<number> {
  const [r] = await db.update(ordenPago).set({ ...v, opg_version: sql`${ordenPago.opg_version} + 1` })
    .where(eq(ordenPago.opg_id, opgId)).returning({ version: ordenPago.opg_version });
  return r.version;
}

/** Storage key of the attached document (never sent to clients). */
export async function archivoClave(db: Executor, opgId: number): Promise<string | null> {
  const [r] = await selectRows<{ clave: string | null }>(db, sql`select opg_archivo_clave as clave from orden_pago where opg_id = ${opgId}`);
  return r?.clave ?? null;
}

const nombre = (alias: string) => sql.raw(`case when ${alias}.usu_id is null then null else ${alias}.usu_nombre || ' ' || ${alias}.usu_apellido end`);
const lima = (col: string) => sql.raw(`to_char(${col} at time zone 'America/Lima', 'YYYY-MM-DD"T"HH24:MI:SS')`);

/**
 * The columns of a payment order row (`OrdenPagoRow`), over `orden_pago p` and `ROW_JOINS`; document
 * type, users, currency and supplier are scalar subqueries (docs/architecture.md "Lists").
 */
export const ROW_COLUMNS = sql`
  p.opg_id, p.opg_numero, p.ord_id, o.ord_codigo, p.opg_descripcion,
    to_char(p.opg_fecha_pago_programado, 'YYYY-MM-DD') as opg_fecha_pago_programado, p.opg_pago_cierre,
    p.tid_id, (select td.tid_descripcion from tipo_documento td where td.tid_id = p.tid_id) as tid_descripcion,
    p.opg_comprobante, p.opg_sistema_pago,
    p.opg_total::text as opg_total, p.opg_detraccion::text as opg_detraccion, p.opg_pago::text as opg_pago,
    p.opg_estado, e.edo_nombre, e.edo_styles,
    p.opg_creador, ${nombreDeUsuario('p.opg_creador')} as opg_creador_nombre,
    p.opg_aprobador, ${nombreDeUsuario('p.opg_aprobador')} as opg_aprobador_nombre,
    ${lima('p.opg_fecha_registro')} as opg_fecha_registro, ${lima('p.opg_fecha_aprobacion')} as opg_fecha_aprobacion,
    ${nombreDeUsuario('p.opg_depositante')} as opg_depositante_nombre, ${lima('p.opg_fecha_deposito')} as opg_fecha_deposito, p.opg_numero_operacion,
    p.opg_archivo_nombre, p.opg_version, (select m.mon_simbolo from moneda m where m.mon_id = o.mon_id) as mon_simbolo,
    (select v.pve_razon_social from proveedor v where v.pve_id = o.pve_id) as pve_razon_social, o.ore_id`;

/** What a payment order row joins to, after `orden_pago p`. */
export const ROW_JOINS = sql`
    join orden o on o.ord_id = p.ord_id
    join centro_costo c on c.cec_id = o.cec_id
    join estado_documento e on e.edo_codigo = p.opg_estado`;

const ROW = sql`select ${ROW_COLUMNS} from orden_pago p ${ROW_JOINS}`;

/** The payment orders of one order, by number (the order's scope was checked by the caller). */
export function listByOrden(db: Executor, ordId: number): Promise<OrdenPagoRow[]> {
  return selectRows<OrdenPagoRow>(db, sql`${ROW} where p.ord_id = ${ordId} order by p.opg_numero`);
}

/** One payment order, or undefined when absent or outside the caller's scope. */
export async function obtener(db: Executor, opgId: number, scope: ProjectScope): Promise<OrdenPagoRow | undefined> {
  const [r] = await selectRows<OrdenPagoRow>(db, sql`${ROW} where p.opg_id = ${opgId} and ${scopeSql(scope)}`);
  return r;
}

/** Payment orders of one supplier's orders, newest first (platform/list.ts); the filter reaches the order and its cost centre. */
const porProveedorList: ListSpec = {
  name: 'orden_pago_proveedor',
  from: sql`orden_pago p join orden o on o.ord_id = p.ord_id join centro_costo c on c.cec_id = o.cec_id`,
  key: [{ expr: sql`p.opg_id`, type: 'int' }],
  desc: true,
  columns: ROW_COLUMNS,
  join: sql`join orden_pago p on p.opg_id = page.k0 ${ROW_JOINS}`,
};

/** Payment orders of the orders of one supplier, within the caller's scope. */
export function listByProveedor(db: Executor, f: { pve_id: number; scope: ProjectScope }, page: ListRequest): Promise<Paged<OrdenPagoRow>> {
  return listPage<OrdenPagoRow>(db, porProveedorList, [sql`o.pve_id = ${f.pve_id}`, scopeSql(f.scope)], page);
}

/** The purchase order as seen by payment orders (spec 1 §3), before balance and permissions; undefined outside scope. */
export async function ordenCompra(db: Executor, ordId: number, scope: ProjectScope) {
  const [r] = await selectRows<{
    ord_id: number; ord_code: string; cec_descripcion: string; ord_tipo_orden: number; ord_usu_logistica: string; ord_monto_cigv: string;
    ori_detraccion: string; ori_detraccion_aplicado: string; comprometido: string; opg_depositado: string; ord_referencia: string;
    ore_id: number; ore_descripcion: string; ore_styles: string; coc_id: number; coc_descripcion: string; ord_usu_aprobador: string | null;
    mon_simbolo: string; pve_razon_social: string;
  }>(db, sql`
    select o.ord_id, o.ord_codigo as ord_code, c.cec_descripcion, o.ord_tipo_orden, ${nombre('ul')} as ord_usu_logistica,
      ${montoPagable}::text as ord_monto_cigv,
      coalesce(d.ori_valor::text, '0') as ori_detraccion, coalesce(d.ori_valor_aplicado::text, '0.00') as ori_detraccion_aplicado,
      (select coalesce(sum(opg_total), 0)::text from orden_pago where ord_id = o.ord_id and opg_estado <> 'OPC') as comprometido,
      (select coalesce(sum(opg_total), 0)::text from orden_pago where ord_id = o.ord_id and opg_estado = 'OPP') as opg_depositado,
      o.ord_referencia, e.ore_id, e.ore_descripcion, e.ore_styles, cc.coc_id, cc.coc_descripcion,
      ${nombre('ug')} as ord_usu_aprobador, m.mon_simbolo, v.pve_razon_social
    from orden o
      join centro_costo c on c.cec_id = o.cec_id
      join proveedor v on v.pve_id = o.pve_id
      join moneda m on m.mon_id = o.mon_id
      join orden_estado e on e.ore_id = o.ore_id
      join condicion_comercial cc on cc.coc_id = o.coc_id
      join usuario ul on ul.usu_id = o.ord_usu_logistica
      left join usuario ug on ug.usu_id = o.ord_usu_aprobador_gerencia
      left join lateral (select ori_valor, ori_valor_aplicado from orden_impuesto where ord_id = o.ord_id and ori_tipo = 2 order by ori_id limit 1) d on true
    where o.ord_id = ${ordId} and ${scopeSql(scope)}`);
  return r && { ...r, ord_id: Number(r.ord_id), ore_id: Number(r.ore_id), coc_id: Number(r.coc_id) };
}
