import type { OrdenVentaDetalleLinea, OrdenVentaFila, Paged } from '@obra/domain';
import { eq, sql, type SQL } from 'drizzle-orm';
import { selectPrepared, selectRows, type Executor } from '../../db/client.ts';
import { ordenVenta, ordenVentaDetalle } from '../../db/schema/index.ts';
import { listPage, type ListRequest, type ListSpec } from '../../platform/list.ts';
import { likePattern } from '../../platform/search.ts';
import { intArray } from '../../platform/sql-arrays.ts';

/**
 * The sales order tables (spec 3 §3 "Sales order", "Sales order line"): the list, the order's header
 * and lines, the row lock every action takes, and what a registration names. Payments and e-vouchers
 * have their own query files.
 */

/** A Lima time as text: 'YYYY-MM-DDTHH:mm:ss' by default. */
export const lima = (expr: string, format = 'YYYY-MM-DD"T"HH24:MI:SS') => sql.raw(`to_char(${expr} at time zone 'America/Lima', '${format}')`);
const ENTREGA = 'DD-MM-YYYY HH24:MI';

// ------------------------------------------------------------------ list

/** The list's filter (OrdenVentaBuscar, already checked). */
export interface Filtro {
  cli_search: string | null;
  cli_nombre: string | null;
  ovt_id: number | null;
  est_id: number | null;
  ubi_id: string | null;
  ovt_fecha_inicio: string | null;
  ovt_fecha_fin: string | null;
  ovt_hora_inicio: string | null;
  ovt_hora_fin: string | null;
  fecha_por: 'venta' | 'entrega';
}

/** The filter as conditions on `orden_venta o`. The client text uses cliente's trigram index (document + name). */
export function condiciones(f: Filtro): SQL[] {
  const where: SQL[] = [];
  for (const texto of [f.cli_search, f.cli_nombre]) {
    if (texto) where.push(sql`o.cli_id in (select cli_id from cliente where lower(cli_documento_identidad || ' ' || cli_nombre) like ${likePattern(texto)})`);
  }
  if (f.ovt_id) where.push(sql`o.ovt_id = ${f.ovt_id}`);
  if (f.est_id !== null) where.push(sql`o.est_id = ${f.est_id}`);
  if (f.ubi_id) where.push(sql`o.ubi_id = ${f.ubi_id}`);
  const fecha = sql.raw(f.fecha_por === 'entrega' ? 'o.ovt_fecha_entrega' : 'o.ovt_fecha_venta');
  if (f.ovt_fecha_inicio) where.push(sql`${fecha} >= (${f.ovt_fecha_inicio}::date)::timestamp at time zone 'America/Lima'`);
  if (f.ovt_fecha_fin) where.push(sql`${fecha} < (${f.ovt_fecha_fin}::date + 1)::timestamp at time zone 'America/Lima'`);
  // The dispatch tab's hours: the Lima time of day of the requested delivery.
  const hora = sql`(o.ovt_fecha_entrega at time zone 'America/Lima')::time`;
  if (f.ovt_hora_inicio) where.push(sql`${hora} >= ${f.ovt_hora_inicio}::time`);
  if (f.ovt_hora_fin) where.push(sql`${hora} <= ${f.ovt_hora_fin}::time`);
  return where;
}

export type FilaRow = Omit<OrdenVentaFila, 'puede_editar' | 'lista_orden_venta_detalle'>;

const FILA_COLUMNS = sql`o.ovt_id, o.cli_id, c.cli_documento_identidad, c.cli_nombre, ${lima('o.ovt_fecha_venta')} as ovt_fecha_venta,
  ${lima('o.ovt_fecha_entrega', ENTREGA)} as ovt_fecha_entrega, o.ovt_total::text as ovt_total, o.ovt_pagado::text as ovt_pagado,
  o.ovt_direccion_envio, o.ubi_id, u.ubi_nombre, o.ovt_comprobante, o.est_id, e.est_nombre, e.est_styles`;

const FILA_JOINS = sql`join cliente c on c.cli_id = o.cli_id join ubigeo u on u.ubi_id = o.ubi_id join estado e on e.est_id = o.est_id`;

/**
 * Newest first. `ovt_fecha_venta` is the insert's now(), so ids grow with it: the id alone orders the
 * list and pages by key, while the date range uses orden_venta_fecha_idx.
 */
const LISTA: ListSpec = {
  name: 'orden_venta_list',
  from: sql`orden_venta o`,
  key: [{ expr: 'o.ovt_id', type: 'int' }],
  desc: true,
  columns: FILA_COLUMNS,
  join: sql`join orden_venta o on o.ovt_id = page.k0 ${FILA_JOINS}`,
};

export async function lista(db: Executor, f: Filtro, req: ListRequest): Promise<Paged<FilaRow>> {
  const page = await listPage<FilaRow>(db, LISTA, condiciones(f), req);
  // In place: each row is a fresh object of its own, and a copy per row was a cost of the list (issue 28).
  for (const r of page.data) {
    r.ovt_id = Number(r.ovt_id);
    r.cli_id = Number(r.cli_id);
    r.est_id = Number(r.est_id);
  }
  return page;
}

// ------------------------------------------------------------------ one order

export interface CabeceraRow {
  ovt_id: number; cli_id: number; cli_nombre: string; cli_documento_identidad: string; tdi_id: number; cli_especial: number;
  cde_id: number | null; tid_id: number; tid_descripcion: string; mon_id: number; mon_simbolo: string; coc_id: number; coc_descripcion: string;
  ovt_nombre_contacto: string; ovt_documento_identidad_contacto: string; ovt_telefono_contacto: string; ovt_correo_contacto: string;
  ovt_observaciones: string; ovt_guia: string; ovt_fecha_venta: string; ovt_fecha_entrega: string;
  ovt_subtotal: string; ovt_igv_tasa: string; ovt_igv: string; ovt_total: string; ovt_pagado: string;
  ovt_registrador: number; ovt_registrador_nombre: string; ven_id: number | null; ven_nombre: string | null;
  ovt_direccion_envio: string; ovt_referencia_envio: string; ubi_id: string; ubi_nombre: string;
  ovt_comprobante: string | null; ovt_comprobante_enlace: string | null; ovt_aprobador_nombre: string | null; ovt_fecha_aprobacion: string | null;
  est_id: number; est_nombre: string; est_styles: string; ovt_version: number;
}

const INTS = ['ovt_id', 'cli_id', 'tdi_id', 'cli_especial', 'tid_id', 'mon_id', 'coc_id', 'ovt_registrador', 'est_id', 'ovt_version'] as const;

export async function cabecera(db: Executor, ovtId: number): Promise<CabeceraRow | undefined> {
  const [r] = await selectRows<CabeceraRow>(db, sql`
    select o.ovt_id, o.cli_id, c.cli_nombre, c.cli_documento_identidad, c.tdi_id, c.cli_especial, o.cde_id, o.tid_id, t.tid_descripcion,
      o.mon_id, m.mon_simbolo, o.coc_id, cc.coc_descripcion, o.ovt_nombre_contacto, o.ovt_documento_identidad_contacto, o.ovt_telefono_contacto,
      o.ovt_correo_contacto, o.ovt_observaciones, o.ovt_guia, ${lima('o.ovt_fecha_venta')} as ovt_fecha_venta,
      ${lima('o.ovt_fecha_entrega', ENTREGA)} as ovt_fecha_entrega, o.ovt_subtotal::text as ovt_subtotal, o.ovt_igv_tasa::text as ovt_igv_tasa,
      o.ovt_igv::text as ovt_igv, o.ovt_total::text as ovt_total, o.ovt_pagado::text as ovt_pagado, o.ovt_registrador,
      ur.usu_nombre || ' ' || ur.usu_apellido as ovt_registrador_nombre, o.ven_id, v.ven_nombre, o.ovt_direccion_envio, o.ovt_referencia_envio,
      o.ubi_id, u.ubi_nombre, o.ovt_comprobante, o.ovt_comprobante_enlace,
      case when ua.usu_id is null then null else ua.usu_nombre || ' ' || ua.usu_apellido end as ovt_aprobador_nombre,
      ${lima('o.ovt_fecha_aprobacion')} as ovt_fecha_aprobacion, o.est_id, e.est_nombre, e.est_styles, o.ovt_version
    from orden_venta o join cliente c on c.cli_id = o.cli_id
      join tipo_documento t on t.tid_id = o.tid_id join moneda m on m.mon_id = o.mon_id
      join condicion_comercial cc on cc.coc_id = o.coc_id join usuario ur on ur.usu_id = o.ovt_registrador
      left join vendedor v on v.ven_id = o.ven_id join ubigeo u on u.ubi_id = o.ubi_id join estado e on e.est_id = o.est_id
      left join usuario ua on ua.usu_id = o.ovt_aprobador
    where o.ovt_id = ${ovtId}`);
  if (!r) return undefined;
  const out = { ...r, cde_id: r.cde_id === null ? null : Number(r.cde_id), ven_id: r.ven_id === null ? null : Number(r.ven_id) };
  for (const k of INTS) out[k] = Number(r[k]);
  return out;
}

export async function lineas(db: Executor, ovtId: number): Promise<OrdenVentaDetalleLinea[]> {
  return (await lineasDe(db, [ovtId])).get(ovtId) ?? [];
}

/**
 * The lines of several orders in one statement (`ovt_id = any(...)` on orden_venta_detalle_producto_uq), by order:
 * `obtener`'s lines, and those of a list page's orders (spec 3 "Sales order as seen by dispatch"), read after the
 * page by its ids so the page's own statement and plan stay as they are. A prepared statement, as the page: each list
 * request ran it, and PostgreSQL planned its four joins every time (issue 28).
 */
export async function lineasDe(db: Executor, ovtIds: number[]): Promise<Map<number, OrdenVentaDetalleLinea[]>> {
  const porOrden = new Map<number, OrdenVentaDetalleLinea[]>();
  if (ovtIds.length === 0) return porOrden;
  const rows = await selectPrepared<OrdenVentaDetalleLinea & { ovt_id: number }>(db, 'orden_venta_lineas', sql`
    select d.ovt_id, d.ovd_id, d.pvt_id, d.ovd_producto, p.pvt_precio::text as pvt_precio, p.pvt_precio_minimo::text as pvt_precio_minimo,
      um.unm_simbolo, d.ovd_precio::text as ovd_precio, d.ovd_cantidad::text as ovd_cantidad, m.mon_codigo as ovd_moneda,
      m.mon_descripcion as ovd_moneda_descripcion, d.ovd_subtotal::text as ovd_subtotal, d.ovd_igv::text as ovd_igv,
      d.ovd_total::text as ovd_total, p.pvt_despacho_mixer,
      -- A line of a product no mixer carries (a service) has nothing to dispatch (issue 24), whatever
      -- was stored for it before that rule (orders registered earlier kept their whole quantity).
      case when p.pvt_despacho_mixer then d.ovd_saldo_envio else 0 end::text as ovd_saldo_envio, d.env_frecuencia
    from orden_venta_detalle d join orden_venta o on o.ovt_id = d.ovt_id join moneda m on m.mon_id = o.mon_id
      join producto_venta p on p.pvt_id = d.pvt_id join unidad_medida um on um.unm_id = p.unm_id
    where d.ovt_id = any(${intArray(ovtIds)}) order by d.ovt_id, d.ovd_id`);
  for (const { ovt_id, ...r } of rows) {
    const id = Number(ovt_id);
    const linea = { ...r, ovd_id: Number(r.ovd_id), pvt_id: Number(r.pvt_id), env_frecuencia: Number(r.env_frecuencia) };
    const suyas = porOrden.get(id);
    if (suyas) suyas.push(linea);
    else porOrden.set(id, [linea]);
  }
  return porOrden;
}

/** What an action checks, read under the order's lock. */
export interface OrdenLocked {
  ovt_id: number;
  cli_id: number;
  est_id: number;
  tid_id: number;
  ovt_total: string;
  ovt_pagado: string;
  ovt_version: number;
  aprobada: boolean;
  /** The payment condition: a credit one, once approved, may be invoiced before it is paid (issue 23). */
  coc_id: number;
  ovt_comprobante: string | null;
  ovt_fecha_entrega: string;
  cli_especial: number;
  tdi_id: number;
}

/**
 * The order locked `FOR UPDATE`: every action takes this lock first, so of two approvals, payments
 * or voucher issues at once the second reads what the first wrote.
 */
export async function lock(db: Executor, ovtId: number): Promise<OrdenLocked | undefined> {
  const [r] = await selectRows<OrdenLocked>(db, sql`
    select o.ovt_id, o.cli_id, o.est_id, o.tid_id, o.ovt_total::text as ovt_total, o.ovt_pagado::text as ovt_pagado, o.ovt_version,
      (o.ovt_aprobador is not null) as aprobada, o.coc_id, o.ovt_comprobante, o.ovt_fecha_entrega, c.cli_especial, c.tdi_id
    from orden_venta o join cliente c on c.cli_id = o.cli_id where o.ovt_id = ${ovtId} for update of o`);
  return r && {
    ...r, ovt_id: Number(r.ovt_id), cli_id: Number(r.cli_id), est_id: Number(r.est_id), tid_id: Number(r.tid_id), ovt_version: Number(r.ovt_version),
    cli_especial: Number(r.cli_especial), tdi_id: Number(r.tdi_id), coc_id: Number(r.coc_id), ovt_fecha_entrega: new Date(r.ovt_fecha_entrega).toISOString(),
  };
}

export async function estadoNombre(db: Executor, estId: number): Promise<string> {
  const [r] = await selectRows<{ est_nombre: string }>(db, sql`select est_nombre from estado where est_id = ${estId}`);
  return r?.est_nombre ?? String(estId);
}

// ------------------------------------------------------------------ register and modify

/** What a registration names, as found. */
export interface Referencias {
  cliente: { cli_estado: number; tdi_id: number } | null;
  direccion: { cde_direccion: string; cde_referencia: string; ubi_id: string } | null;
  vendedor: boolean;
  condicion: boolean;
  distrito: boolean;
}

export async function referencias(db: Executor, d: { cli_id: number; cde_id: number; ven_id: number | null; coc_id: number; ubi_id: string | null }): Promise<Referencias> {
  const [r] = await selectRows<{ cliente: Referencias['cliente']; direccion: Referencias['direccion']; vendedor: boolean; condicion: boolean; distrito: boolean }>(db, sql`
    select (select json_build_object('cli_estado', cli_estado, 'tdi_id', tdi_id) from cliente where cli_id = ${d.cli_id}) as cliente,
      (select json_build_object('cde_direccion', cde_direccion, 'cde_referencia', cde_referencia, 'ubi_id', ubi_id)
        from cliente_direccion_envio where cde_id = ${d.cde_id} and cli_id = ${d.cli_id} and cde_estado = 1) as direccion,
      (${d.ven_id}::int is null or exists (select 1 from vendedor where ven_id = ${d.ven_id} and est_id = 1)) as vendedor,
      exists (select 1 from condicion_comercial where coc_id = ${d.coc_id}) as condicion,
      (${d.ubi_id}::text is null or exists (select 1 from ubigeo where ubi_id = ${d.ubi_id})) as distrito`);
  const parse = <T>(v: T | string | null): T | null => (typeof v === 'string' ? JSON.parse(v) as T : v);
  return { ...r, cliente: parse(r.cliente), direccion: parse(r.direccion) };
}

export async function condicionExiste(db: Executor, cocId: number): Promise<boolean> {
  const [r] = await selectRows<{ ok: boolean }>(db, sql`select exists (select 1 from condicion_comercial where coc_id = ${cocId}) as ok`);
  return r.ok;
}

export interface ProductoRow { pvt_id: number; pvt_nombre: string; pvt_precio_minimo: string; est_id: number; pvt_despacho_mixer: boolean }

/** The products of the lines, read with a share lock so a price floor cannot change under the registration. */
export async function productos(db: Executor, ids: number[]): Promise<Map<number, ProductoRow>> {
  const rows = await selectRows<ProductoRow>(db, sql`
    select pvt_id, pvt_nombre, pvt_precio_minimo::text as pvt_precio_minimo, est_id, pvt_despacho_mixer from producto_venta
    where pvt_id = any(${intArray(ids)}) order by pvt_id for share`);
  return new Map(rows.map((r) => [Number(r.pvt_id), { ...r, pvt_id: Number(r.pvt_id), est_id: Number(r.est_id) }]));
}

export async function insertOrden(db: Executor, v: typeof ordenVenta.$inferInsert): Promise<number> {
  const [r] = await db.insert(ordenVenta).values(v).returning({ id: ordenVenta.ovt_id });
  return r.id;
}

/** Writes the given columns and moves the version on (a popup opened before then fails to save). */
export async function updateOrden(db: Executor, ovtId: number, v: Partial<typeof ordenVenta.$inferInsert>): Promise<number> {
  const [r] = await db.update(ordenVenta).set({ ...v, ovt_version: sql`${ordenVenta.ovt_version} + 1` })
    .where(eq(ordenVenta.ovt_id, ovtId)).returning({ version: ordenVenta.ovt_version });
  return r.version;
}

/** Replaces the order's lines (modify happens only in creado: nothing was dispatched from them). */
export async function replaceLineas(db: Executor, ovtId: number, rows: (typeof ordenVentaDetalle.$inferInsert)[]): Promise<void> {
  await db.delete(ordenVentaDetalle).where(eq(ordenVentaDetalle.ovt_id, ovtId));
  if (rows.length) await db.insert(ordenVentaDetalle).values(rows);
}
