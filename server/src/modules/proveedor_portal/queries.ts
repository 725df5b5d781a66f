import type { FacturaArchivo, OrdenProveedorDetalle, OrdenProveedorFila, OrdenProveedorFiltro, Paged, PagoProveedorFila } from '@obra/domain';
import { OPG_VISIBLES_PROVEEDOR, ORE, ORE_VISIBLES_PROVEEDOR } from '@obra/domain';
import { sql, type SQL } from 'drizzle-orm';
import { selectRows, type Executor } from '../../db/client.ts';
import { ordenArchivo, ordenFactura } from '../../db/schema/index.ts';
import { listPage, type ListRequest, type ListSpec } from '../../platform/list.ts';
import { likePattern } from '../../platform/search.ts';

/**
 * The supplier's own orders, their payments and the invoices it sent (spec 3 §2 "Supplier orders",
 * §3 "Order as seen by a supplier"). Every statement carries `o.pve_id = <the caller's supplier>`
 * and the visibility rule, so another supplier's order is never read, whatever id is asked for.
 */

const list = (values: readonly (number | string)[]) => sql.join(values.map((v) => sql`${v}`), sql`, `);

/** Issued orders (`ORE_VISIBLES_PROVEEDOR`); a cancelled one only if it had been issued before. */
const VISIBLE = sql`(o.ore_id in (${list(ORE_VISIBLES_PROVEEDOR.filter((e) => e !== ORE.ANULADO))})
  or (o.ore_id = ${ORE.ANULADO} and exists (select 1 from orden_historial h where h.ord_id = o.ord_id and h.ore_id_hasta = ${ORE.EMITIDO})))`;

const delProveedor = (pveId: number) => sql`o.pve_id = ${pveId} and ${VISIBLE}`;

const COLUMNS = sql`o.ord_id, o.ord_codigo as ord_code, o.ord_tipo_orden,
  case o.ord_tipo_orden when 2 then 'Orden de Servicio' else 'Orden de Compra' end as ord_tipo_orden_descripcion,
  to_char(o.ord_fecha_orden, 'YYYY-MM-DD') as ord_fecha_orden, trim(ul.usu_nombre || ' ' || ul.usu_apellido) as ord_usu_logistica,
  cc.coc_descripcion, e.ore_id, e.ore_descripcion, e.ore_styles, m.mon_simbolo, m.mon_descripcion,
  o.ord_monto_sin_impuesto::text as ord_monto_sigv, o.ord_monto_con_impuesto::text as ord_monto_cigv,
  (select count(*) from orden_pago p where p.ord_id = o.ord_id and p.opg_estado in (${list(OPG_VISIBLES_PROVEEDOR)}))::int as opg_numero_ordenes_pago`;

const JOINS = sql`join orden_estado e on e.ore_id = o.ore_id
  join condicion_comercial cc on cc.coc_id = o.coc_id
  join moneda m on m.mon_id = o.mon_id
  join usuario ul on ul.usu_id = o.ord_usu_logistica`;

/** Newest first, paged in SQL (platform/list.ts) on the supplier's orders (index orden_pve_idx). */
const ordenesProveedor: ListSpec = {
  name: 'portal_orden_list',
  from: sql`orden o`,
  key: [{ expr: sql`o.ord_id`, type: 'int' }],
  desc: true,
  columns: COLUMNS,
  join: sql`join orden o on o.ord_id = page.k0 ${JOINS}`,
};

export function listaOrdenes(db: Executor, pveId: number, f: Omit<OrdenProveedorFiltro, 'page' | 'pve_id'>, page: ListRequest): Promise<Paged<OrdenProveedorFila>> {
  const where: SQL[] = [delProveedor(pveId)];
  if (f.ord_tipo_orden) where.push(sql`o.ord_tipo_orden = ${f.ord_tipo_orden}`);
  if (f.ord_codigo) {
    // Digits alone are the order's id or the number its code starts with (57, 000057); anything
    // else a part of the code. A digit found anywhere in a code would match nearly every order.
    const n = /^\d{1,9}$/.test(f.ord_codigo) ? Number(f.ord_codigo) : null;
    where.push(n === null ? sql`lower(o.ord_codigo) like ${likePattern(f.ord_codigo)}` : sql`(o.ord_id = ${n} or o.ord_numero = ${n})`);
  }
  if (f.ord_fecha_inicio) where.push(sql`o.ord_fecha_orden >= ${f.ord_fecha_inicio}::date`);
  if (f.ord_fecha_fin) where.push(sql`o.ord_fecha_orden <= ${f.ord_fecha_fin}::date`);
  return listPage<OrdenProveedorFila>(db, ordenesProveedor, where, page);
}

type Cabecera = Omit<OrdenProveedorDetalle, 'lista_orden_item' | 'lista_orden_impuesto' | 'puede_enviar_factura'>;

/** One of the supplier's orders with its lines and taxes, or undefined (absent, another supplier's, not issued). */
export async function detalle(db: Executor, ordId: number, pveId: number): Promise<Omit<OrdenProveedorDetalle, 'puede_enviar_factura'> | undefined> {
  const [h] = await selectRows<Cabecera>(db, sql`
    select ${COLUMNS}, mp.mep_descripcion, o.ord_referencia, o.ord_observacion
    from orden o ${JOINS} join metodo_pago mp on mp.mep_id = o.mep_id
    where o.ord_id = ${ordId} and ${delProveedor(pveId)}`);
  if (!h) return undefined;
  const [items, impuestos] = await Promise.all([
    selectRows<OrdenProveedorDetalle['lista_orden_item'][number]>(db, sql`
      select i.oci_descripcion, i.oci_cantidad::text as oci_cantidad, i.oci_precio_unitario::text as oci_precio_unitario,
        i.oci_importe::text as oci_importe, u.unm_simbolo
      from orden_item i join unidad_medida u on u.unm_id = i.unm_id where i.ord_id = ${ordId} order by i.oci_orden`),
    selectRows<OrdenProveedorDetalle['lista_orden_impuesto'][number]>(db, sql`
      select ori_id, ori_descripcion, ori_valor::text as ori_valor, ori_valor_aplicado::text as ori_valor_aplicado, ori_tipo
      from orden_impuesto where ord_id = ${ordId} order by ori_tipo`),
  ]);
  return { ...h, lista_orden_item: items, lista_orden_impuesto: impuestos };
}

/** The supplier's RUC: the issuer its invoices must carry. */
export async function rucProveedor(db: Executor, pveId: number): Promise<string> {
  const [r] = await selectRows<{ pve_ruc: string }>(db, sql`select pve_ruc from proveedor where pve_id = ${pveId}`);
  return r?.pve_ruc ?? '';
}

export interface OrdenBasica {
  ord_id: number;
  ore_id: number;
  mon_codigo: string;
  /** What the supplier may invoice: the discounted subtotal plus IGV (detracción and retención are the buyer's). */
  total_facturable: string;
}

/** The order's state and currency if it is one the supplier sees; `lock` takes it `FOR UPDATE`. */
export async function ordenDelProveedor(db: Executor, ordId: number, pveId: number, lock = false): Promise<OrdenBasica | undefined> {
  const [r] = await selectRows<OrdenBasica>(db, sql`
    select o.ord_id, o.ore_id, m.mon_codigo, (o.ord_monto_sin_impuesto + coalesce((select sum(i.ori_valor_aplicado) from orden_impuesto i
      where i.ord_id = o.ord_id and i.ori_tipo = 1), 0))::text as total_facturable
    from orden o join moneda m on m.mon_id = o.mon_id
    where o.ord_id = ${ordId} and ${delProveedor(pveId)}${lock ? sql` for update of o` : sql``}`);
  return r && { ...r, ord_id: Number(r.ord_id), ore_id: Number(r.ore_id) };
}

/** The payment orders of an order the supplier sees (checked by the caller), from approval on, by number. */
export function pagos(db: Executor, ordId: number): Promise<PagoProveedorFila[]> {
  return selectRows<PagoProveedorFila>(db, sql`
    select p.opg_id, p.opg_numero, p.opg_descripcion, p.opg_total::text as opg_total, p.opg_detraccion::text as opg_detraccion,
      p.opg_pago::text as opg_pago, to_char(p.opg_fecha_aprobacion at time zone 'America/Lima', 'YYYY-MM-DD"T"HH24:MI:SS') as opg_fecha_aprobacion,
      p.opg_estado, e.edo_nombre as opg_estado_nombre, e.edo_styles as opg_estado_styles
    from orden_pago p join estado_documento e on e.edo_codigo = p.opg_estado
    where p.ord_id = ${ordId} and p.opg_estado in (${list(OPG_VISIBLES_PROVEEDOR)})
    order by p.opg_numero`);
}

const ARCHIVO = sql`a.oar_id, a.oar_nombre, a.oar_tipo, a.oar_tamano,
  to_char(a.oar_fecha at time zone 'America/Lima', 'YYYY-MM-DD"T"HH24:MI:SS') as oar_fecha`;

/** The files the supplier sent for an order (never the staff's own attachments), oldest first. */
export function facturas(db: Executor, ordId: number): Promise<FacturaArchivo[]> {
  return selectRows<FacturaArchivo>(db, sql`
    select ${ARCHIVO} from orden_archivo a where a.ord_id = ${ordId} and a.oar_proveedor order by a.oar_id`);
}

/** Whether a file of that name was already sent for the order (the invoice number is in the name). */
export async function facturaEnviada(db: Executor, ordId: number, nombre: string): Promise<boolean> {
  const rows = await selectRows<{ n: number }>(db, sql`
    select 1 as n from orden_archivo a where a.ord_id = ${ordId} and a.oar_proveedor and a.oar_nombre = ${nombre} limit 1`);
  return rows.length > 0;
}

export async function insertArchivo(db: Executor, v: Omit<typeof ordenArchivo.$inferInsert, 'oar_proveedor'>): Promise<FacturaArchivo> {
  const [r] = await db.insert(ordenArchivo).values({ ...v, oar_proveedor: true }).returning({ id: ordenArchivo.oar_id });
  const [row] = await selectRows<FacturaArchivo>(db, sql`select ${ARCHIVO} from orden_archivo a where a.oar_id = ${r.id}`);
  return row;
}

/** One file the supplier sent, on one of its orders, with where its bytes are; undefined otherwise. */
export async function facturaArchivo(db: Executor, oarId: number, pveId: number) {
  const [r] = await selectRows<{ oar_nombre: string; oar_tipo: string; oar_clave: string }>(db, sql`
    select a.oar_nombre, a.oar_tipo, a.oar_clave from orden_archivo a join orden o on o.ord_id = a.ord_id
    where a.oar_id = ${oarId} and a.oar_proveedor and ${delProveedor(pveId)}`);
  return r;
}

/** Whether the issuer already sent that series-number (for any order). */
export async function numeroRegistrado(db: Executor, ruc: string, serie: string, numero: number): Promise<boolean> {
  const rows = await selectRows<{ n: number }>(db, sql`
    select 1 as n from orden_factura where ofa_ruc = ${ruc} and ofa_serie = ${serie} and ofa_numero = ${numero} limit 1`);
  return rows.length > 0;
}

/** The total of the invoices already read for the order. */
export async function totalFacturado(db: Executor, ordId: number): Promise<string> {
  const [r] = await selectRows<{ total: string }>(db, sql`select coalesce(sum(ofa_total), 0)::text as total from orden_factura where ord_id = ${ordId}`);
  return r.total;
}

/** The order's lines as the invoice lines are matched against them. */
export function lineasOrden(db: Executor, ordId: number) {
  return selectRows<{ oci_orden: number; descripcion: string; producto: string | null; cantidad: string; precio: string }>(db, sql`
    select i.oci_orden, i.oci_descripcion as descripcion, p.prv_nombre as producto, i.oci_cantidad::text as cantidad, i.oci_precio_unitario::text as precio
    from orden_item i left join producto p on p.prv_id = i.prv_id where i.ord_id = ${ordId} order by i.oci_orden`);
}

export async function insertFactura(db: Executor, v: typeof ordenFactura.$inferInsert): Promise<void> {
  await db.insert(ordenFactura).values(v);
}
