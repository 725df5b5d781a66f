import type { OrdenDetalle, OrdenHistorialRow, OrdenListRow, OrdenPendienteRow, Paged } from '@obra/domain';
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { selectRows, type Executor } from '../../db/client.ts';
import { orden, ordenHistorial, ordenImpuesto, ordenItem, producto } from '../../db/schema/index.ts';
import { listPage, nombreDeUsuario, type ListRequest, type ListSpec } from '../../platform/list.ts';
import { projectSql, type ProjectScope } from '../../platform/scope.ts';
import { likePattern } from '../../platform/search.ts';
import { intArray } from '../../platform/sql-arrays.ts';

/** The columns of `orden` a save writes (everything but number, code, year, state, registrar). */
export type OrdenValues = Omit<typeof orden.$inferInsert, 'ord_id' | 'ord_numero' | 'ord_codigo' | 'ord_anio' | 'ore_id' | 'ord_version' | 'ord_fecha_registro' | 'ord_usu_registrador'>;
export type ItemValues = Omit<typeof ordenItem.$inferInsert, 'oci_id' | 'ord_id'>;
export type ImpuestoValues = Omit<typeof ordenImpuesto.$inferInsert, 'ori_id' | 'ord_id'>;

/** The caller's scope on the project of the order's cost centre (alias `c`). */
const scopeSql = (scope: ProjectScope): SQL => projectSql(scope, sql`c.pry_id`);

/**
 * The scope as a condition on `orden o` alone (its cost centre's project), so that counting and
 * paging need no join: the list and pending queries page ids first, then join the page's rows.
 */
function ordenScopeSql(scope: ProjectScope): SQL {
  if (scope.kind === 'project') return sql`o.cec_id in (select cec_id from centro_costo where pry_id = ${scope.pry_id})`;
  return scopeSql(scope);
}

export async function centroCosto(db: Executor, cecId: number) {
  const [r] = await selectRows<{ cec_codigo: string; pry_id: number; cec_estado: number }>(db,
    sql`select cec_codigo, pry_id, cec_estado from centro_costo where cec_id = ${cecId}`);
  return r;
}

export async function proveedorActivo(db: Executor, pveId: number): Promise<boolean> {
  const rows = await selectRows(db, sql`select 1 from proveedor where pve_id = ${pveId} and pve_es_activo`);
  return rows.length > 0;
}

/** How many of the given users are active staff accounts. */
export async function usuariosActivos(db: Executor, ids: number[]): Promise<Map<number, number[]>> {
  const rows = await selectRows<{ usu_id: number; roles: number[] }>(db, sql`
    select u.usu_id, coalesce(array_agg(r.rol_id) filter (where r.rol_id is not null), '{}') as roles
    from usuario u left join usuario_rol r on r.usu_id = u.usu_id
    where u.usu_id in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)}) and u.usu_estado = 1 and u.tiu_id = 1
    group by u.usu_id`);
  return new Map(rows.map((r) => [Number(r.usu_id), r.roles.map(Number)]));
}

/** Names of the given products, by id (missing ids are absent). */
export async function productos(db: Executor, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: producto.prv_id, nombre: producto.prv_nombre }).from(producto).where(inArray(producto.prv_id, ids));
  return new Map(rows.map((r) => [r.id, r.nombre]));
}

export async function insertOrden(db: Executor, v: typeof orden.$inferInsert): Promise<number> {
  const [r] = await db.insert(orden).values(v).returning({ id: orden.ord_id });
  return r.id;
}

/** Replaces the lines and taxes of an order. */
export async function replaceLines(db: Executor, ordId: number, items: ItemValues[], impuestos: ImpuestoValues[]): Promise<void> {
  await db.delete(ordenItem).where(eq(ordenItem.ord_id, ordId));
  await db.delete(ordenImpuesto).where(eq(ordenImpuesto.ord_id, ordId));
  if (items.length) await db.insert(ordenItem).values(items.map((i) => ({ ...i, ord_id: ordId })));
  if (impuestos.length) await db.insert(ordenImpuesto).values(impuestos.map((t) => ({ ...t, ord_id: ordId })));
}

/** The order row locked for an update, with what the update checks. */
export async function lockForUpdate(db: Executor, ordId: number) {
  const [r] = await selectRows<{ ord_tipo_orden: number; ord_version: number; ord_numero: number; ord_anio: number; pry_id: number; es_editable: boolean }>(db, sql`
    select o.ord_tipo_orden, o.ord_version, o.ord_numero, o.ord_anio, c.pry_id, e.ore_es_editable as es_editable
    from orden o join centro_costo c on c.cec_id = o.cec_id join orden_estado e on e.ore_id = o.ore_id
    where o.ord_id = ${ordId} for update of o`);
  return r;
}

export async function updateOrden(db: Executor, ordId: number, v: OrdenValues & { ord_codigo: string }): Promise<number> {
  // A save by logística answers a rejection: the order waits for gerencia again (docs/business-rules.md "Orders").
  const [r] = await db.update(orden).set({ ...v, ord_rechazada: false, ord_version: sql`${orden.ord_version} + 1` })
    .where(eq(orden.ord_id, ordId)).returning({ version: orden.ord_version });
  return r.version;
}

const usuarioJson = (alias: string) => sql.raw(`json_build_object('id_usuario', ${alias}.usu_id, 'nombre', ${alias}.usu_nombre, 'apellido', ${alias}.usu_apellido)`);

/** One order in the spec's shape (spec 1 §3 "Order"), or undefined when absent or out of scope. */
export async function detail(db: Executor, ordId: number, scope: ProjectScope, puedeEditar: boolean): Promise<OrdenDetalle | undefined> {
  const [h] = await selectRows<Omit<OrdenDetalle, 'orden_items' | 'orden_impuestos' | 'historial'>>(db, sql`
    select o.ord_id as id_orden, o.ord_numero as numero, o.ord_codigo as codigo, o.ord_anio as anio, o.ord_version as version,
      o.ord_tipo_orden as tipo_orden, case when o.ord_es_importacion then 1 else 0 end as es_importacion,
      case when p.pai_id is null then null else json_build_object('id_pais', p.pai_id, 'nombre', p.pai_nombre) end as pais,
      json_build_object('id_centro_costo', c.cec_id, 'codigo', c.cec_codigo, 'descripcion', c.cec_descripcion, 'pry_id', c.pry_id) as centro_costo,
      json_build_object('id_proveedor', v.pve_id, 'ruc', v.pve_ruc, 'razon_social', v.pve_razon_social) as proveedor,
      json_build_object('id_moneda', m.mon_id, 'simbolo', m.mon_simbolo, 'descripcion', m.mon_descripcion) as moneda,
      json_build_object('id_condicion', cc.coc_id, 'descripcion', cc.coc_descripcion) as condicion_comercial,
      json_build_object('id_metodo', mp.mep_id, 'descripcion', mp.mep_descripcion) as metodo_pago,
      json_build_object('id_tipo_documento', td.tid_id, 'descripcion', td.tid_descripcion) as tipo_documento,
      o.ord_numero_documento, to_char(o.ord_fecha_pago, 'YYYY-MM-DD') as fecha_pago, to_char(o.ord_fecha_orden, 'YYYY-MM-DD') as fecha_orden,
      o.ord_carta_credito as carta_credito, o.ord_lugar_entrega as lugar_entrega,
      ${usuarioJson('ul')} as logistica, ${usuarioJson('uc')} as contabilidad, ${usuarioJson('ua')} as administrador,
      ${usuarioJson('ug')} as gerencia, ${usuarioJson('ur')} as registrador,
      o.ord_referencia as referencia, o.ord_referencia_detalle as referencia_detalle, o.ord_observacion as observacion,
      o.ord_descuento::text as descuento, o.ord_tipo_descuento as tipo_descuento, o.ord_porcentaje_adelanto::text as ord_porcentaje_adelanto,
      o.ord_tipo_cambio::text as ord_tipo_cambio, o.ord_monto_sin_impuesto::text as monto_sin_impuesto, o.ord_monto_con_impuesto::text as monto_con_impuesto,
      json_build_object('id_orden_estado', e.ore_id, 'descripcion', e.ore_descripcion, 'es_editable', e.ore_es_editable) as estado,
      (e.ore_es_editable and ${puedeEditar}) as es_editable,
      o.pei_id, (select pei_codigo from pedido_items where pei_id = o.pei_id) as pei_codigo, to_char(o.ord_fecha_registro at time zone 'America/Lima', 'YYYY-MM-DD"T"HH24:MI:SS') as fecha_registro,
      case when o.ord_usu_aprobador_gerencia is null then null else json_build_object('usuario', ${usuarioJson('uag')},
        'fecha', to_char(o.ord_fecha_aprobacion_gerencia at time zone 'America/Lima', 'YYYY-MM-DD"T"HH24:MI:SS')) end as aprobacion_gerencia,
      case when o.ord_usu_aprobador_contabilidad is null then null else json_build_object('usuario', ${usuarioJson('uac')},
        'fecha', to_char(o.ord_fecha_aprobacion_contabilidad at time zone 'America/Lima', 'YYYY-MM-DD"T"HH24:MI:SS')) end as aprobacion_contabilidad
    from orden o
      join centro_costo c on c.cec_id = o.cec_id
      join proveedor v on v.pve_id = o.pve_id
      join moneda m on m.mon_id = o.mon_id
      join condicion_comercial cc on cc.coc_id = o.coc_id
      join metodo_pago mp on mp.mep_id = o.mep_id
      join tipo_documento td on td.tid_id = o.tid_id
      join orden_estado e on e.ore_id = o.ore_id
      join usuario ul on ul.usu_id = o.ord_usu_logistica
      join usuario uc on uc.usu_id = o.ord_usu_contabilidad
      join usuario ua on ua.usu_id = o.ord_usu_administrador
      join usuario ug on ug.usu_id = o.ord_usu_gerencia
      join usuario ur on ur.usu_id = o.ord_usu_registrador
      left join pais p on p.pai_id = o.pai_id
      left join usuario uag on uag.usu_id = o.ord_usu_aprobador_gerencia
      left join usuario uac on uac.usu_id = o.ord_usu_aprobador_contabilidad
    where o.ord_id = ${ordId} and ${scopeSql(scope)}`);
  if (!h) return undefined;
  const [items, impuestos, hist] = await Promise.all([
    selectRows<OrdenDetalle['orden_items'][number]>(db, sql`
      select i.oci_id as id_orden_item, i.oci_orden,
        case when i.prv_id is null then null else json_build_object('id_producto_variacion', pr.prv_id, 'nombre', pr.prv_nombre) end as producto_variacion,
        i.oci_descripcion as descripcion,
        json_build_object('id_marca', coalesce(i.mar_id, 0), 'descripcion', coalesce(ma.mar_nombre, '-')) as marca,
        json_build_object('id_unidad', u.unm_id, 'simbolo', u.unm_simbolo) as unidad,
        i.oci_cantidad::text as cantidad, i.oci_precio_unitario::text as precio_unitario, i.oci_precio_fob::text as precio_fob,
        i.oci_importe::text as importe, i.oci_observacion as observacion, i.pid_id
      from orden_item i join unidad_medida u on u.unm_id = i.unm_id
        left join marca ma on ma.mar_id = i.mar_id left join producto pr on pr.prv_id = i.prv_id
      where i.ord_id = ${ordId} order by i.oci_orden`),
    selectRows<OrdenDetalle['orden_impuestos'][number]>(db, sql`
      select ori_id as id_orden_impuesto, ori_descripcion as descripcion, ori_valor::text as valor,
        ori_valor_aplicado::text as valor_aplicado, ori_tipo
      from orden_impuesto where ord_id = ${ordId} order by ori_tipo`),
    historial(db, ordId),
  ]);
  return { ...h, orden_items: items, orden_impuestos: impuestos, historial: hist };
}

export interface ListFilter {
  tipo: number | null;
  status: number | null;
  year: number;
  search: string;
  coc_id: number | null;
  proveedores: number[];
  scope: ProjectScope;
  /** Issue 25: the ids of the orders with conciliation differences (any year), or null. */
  observadas: SQL | null;
}

/**
 * What brings an order row back from the page's key `page.k0` (its id): the order and its state.
 * The other lookups are scalar subqueries of the row (`lookup` below), not joins: PostgreSQL plans
 * each on its own, so a statement it plans again on every run (a search, whose pattern changes the
 * plan) weighs three tables instead of eight: about 0.3 ms of planning instead of 2.7 ms
 * (bench/RESULTS.md, sixth pass). Every lookup key is a NOT NULL foreign key, so the rows are the
 * inner joins' rows.
 */
const ordenJoin = sql`join orden o on o.ord_id = page.k0 join orden_estado e on e.ore_id = o.ore_id`;

const lookup = {
  proveedor: sql`(select v.pve_razon_social from proveedor v where v.pve_id = o.pve_id)`,
  centroCosto: sql`(select c.cec_codigo || ' - ' || c.cec_descripcion from centro_costo c where c.cec_id = o.cec_id)`,
  condicion: sql`(select cc.coc_descripcion from condicion_comercial cc where cc.coc_id = o.coc_id)`,
  moneda: sql`(select m.mon_simbolo from moneda m where m.mon_id = o.mon_id)`,
};

const listColumns = (puedeEditar: boolean) => sql`o.ord_id as id_orden, o.ord_codigo as codigo, o.ord_tipo_orden as tipo_orden,
  case when o.ord_es_importacion then 1 else 0 end as es_importacion,
  to_char(o.ord_fecha_orden, 'YYYY-MM-DD') as fecha_orden, ${nombreDeUsuario('o.ord_usu_registrador')} as creado_por,
  o.pve_id as id_proveedor, ${lookup.proveedor} as proveedor, o.cec_id as id_centro_costo,
  ${lookup.centroCosto} as centro_costo,
  e.ore_id as id_orden_estado, e.ore_descripcion as estado, e.ore_styles as estado_styles,
  o.coc_id as id_condicion, ${lookup.condicion} as condicion_comercial, ${lookup.moneda} as mon_simbolo,
  o.ord_monto_con_impuesto::text as monto_con_impuesto, o.ord_referencia as referencia,
  (e.ore_es_editable and ${sql.raw(String(puedeEditar))}) as es_editable`;

/** The order list (spec 1 §2.9), newest first (platform/list.ts pages and counts it); one spec per editing right, built once. */
const ordenListSpec = (puedeEditar: boolean): ListSpec => ({
  name: 'orden_list',
  from: sql`orden o`,
  key: [{ expr: sql`o.ord_id`, type: 'int' }],
  desc: true,
  columns: listColumns(puedeEditar),
  join: ordenJoin,
});
const ordenListSpecs = { editable: ordenListSpec(true), readOnly: ordenListSpec(false) };
const ordenList = (puedeEditar: boolean) => (puedeEditar ? ordenListSpecs.editable : ordenListSpecs.readOnly);

export function list(db: Executor, f: ListFilter, page: ListRequest, puedeEditar: boolean): Promise<Paged<OrdenListRow>> {
  const where: SQL[] = [f.observadas ? sql`o.ord_id in (${f.observadas})` : sql`o.ord_anio = ${f.year}`, ordenScopeSql(f.scope)];
  if (f.tipo) where.push(sql`o.ord_tipo_orden = ${f.tipo}`);
  if (f.status) where.push(sql`o.ore_id = ${f.status}`);
  if (f.coc_id) where.push(sql`o.coc_id = ${f.coc_id}`);
  if (f.proveedores.length) where.push(sql`o.pve_id = any(${intArray(f.proveedores)})`);
  if (f.search) where.push(sql`lower(o.ord_codigo || ' ' || o.ord_referencia) like ${likePattern(f.search)}`);
  return listPage<OrdenListRow>(db, ordenList(puedeEditar), where, page);
}

interface EstadoRow { ord_id: number; ord_codigo: string; ore_id: number; coc_id: number; es_importacion: boolean; rechazada: boolean; pry_id: number }

/** Orders locked for a state change (`for update`, in id order so that two mass approvals cannot deadlock), with what the transitions check. */
export async function lockEstados(db: Executor, ids: number[]): Promise<EstadoRow[]> {
  const rows = await selectRows<EstadoRow>(db, sql`
    select o.ord_id, o.ord_codigo, o.ore_id, o.coc_id, o.ord_es_importacion as es_importacion, o.ord_rechazada as rechazada, c.pry_id
    from orden o join centro_costo c on c.cec_id = o.cec_id
    where o.ord_id in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})
    order by o.ord_id for update of o`);
  return rows.map((r) => ({ ...r, ord_id: Number(r.ord_id), ore_id: Number(r.ore_id), coc_id: Number(r.coc_id), pry_id: Number(r.pry_id) }));
}

/** One order locked for a state change, or undefined when absent. */
export async function lockEstado(db: Executor, ordId: number): Promise<EstadoRow | undefined> {
  return (await lockEstados(db, [ordId]))[0];
}

/** Approval columns (and the rejection flag) a transition sets or clears. */
export type AprobacionValues = Pick<typeof orden.$inferInsert,
  'ord_usu_aprobador_gerencia' | 'ord_fecha_aprobacion_gerencia' | 'ord_usu_aprobador_contabilidad' | 'ord_fecha_aprobacion_contabilidad' | 'ord_rechazada'>;

/**
 * Moves a locked order to `oreId` (bumping its version, so a form opened before fails to save) and writes the history line,
 * dated `fecha` when given (the demo seed's history), else now.
 */
export async function setEstado(db: Executor, h: { ord_id: number; desde: number; hasta: number; usu_id: number; comentario?: string; fecha?: Date },
  aprobacion: AprobacionValues = {}): Promise<number> {
  const [r] = await db.update(orden).set({ ...aprobacion, ore_id: h.hasta, ord_version: sql`${orden.ord_version} + 1` })
    .where(eq(orden.ord_id, h.ord_id)).returning({ version: orden.ord_version });
  await insertHistorial(db, { ord_id: h.ord_id, ore_id_desde: h.desde, ore_id_hasta: h.hasta, usu_id: h.usu_id, comentario: h.comentario ?? '', fecha: h.fecha });
  return r.version;
}

export async function insertHistorial(db: Executor, v: typeof ordenHistorial.$inferInsert): Promise<void> {
  await db.insert(ordenHistorial).values(v);
}

/** The state history of an order, oldest first. */
export function historial(db: Executor, ordId: number): Promise<OrdenHistorialRow[]> {
  return selectRows<OrdenHistorialRow>(db, sql`
    select h.orh_id as id,
      case when d.ore_id is null then null else json_build_object('id_orden_estado', d.ore_id, 'descripcion', d.ore_descripcion) end as desde,
      json_build_object('id_orden_estado', a.ore_id, 'descripcion', a.ore_descripcion) as hasta,
      ${usuarioJson('u')} as usuario, h.comentario,
      to_char(h.fecha at time zone 'America/Lima', 'YYYY-MM-DD"T"HH24:MI:SS') as fecha
    from orden_historial h join orden_estado a on a.ore_id = h.ore_id_hasta
      left join orden_estado d on d.ore_id = h.ore_id_desde
      join usuario u on u.usu_id = h.usu_id
    where h.ord_id = ${ordId} order by h.orh_id`);
}

export interface PendingFilter {
  /** Orders in creado, not rejected since their last save, whose gerencia user is this one; 'all' for any (SUPER); null: none. */
  gerencia: number | 'all' | null;
  /** Orders in aprobación gerencia (holders of aprobar_orden_compra_contable). */
  contabilidad: boolean;
  scope: ProjectScope;
}

/** Orders waiting for an approval (spec 1 §2.12), oldest first. */
const pendingList: ListSpec = {
  name: 'orden_pending',
  from: sql`orden o`,
  key: [{ expr: sql`o.ord_id`, type: 'int' }],
  desc: false,
  columns: sql`o.ord_id as id_orden, o.ord_codigo as codigo, o.ord_tipo_orden as tipo_orden,
    to_char(o.ord_fecha_orden, 'YYYY-MM-DD') as fecha_orden, ${lookup.proveedor} as proveedor,
    ${lookup.centroCosto} as centro_costo, o.coc_id as id_condicion, ${lookup.condicion} as condicion_comercial,
    ${lookup.moneda} as mon_simbolo, o.ord_monto_con_impuesto::text as monto_con_impuesto, o.ord_referencia as referencia,
    e.ore_id as id_orden_estado, e.ore_descripcion as estado,
    case when o.ore_id = 1 then 'aprobar_gerencia' else 'aprobar_contabilidad' end as aprobacion,
    ${nombreDeUsuario('o.ord_usu_gerencia')} as gerencia`,
  join: ordenJoin,
};

/** Orders waiting for the caller's approval (spec 1 §2.12), oldest first. */
export async function pending(db: Executor, f: PendingFilter, page: ListRequest): Promise<Paged<OrdenPendienteRow>> {
  const states: SQL[] = [];
  if (f.gerencia === 'all') states.push(sql`(o.ore_id = 1 and not o.ord_rechazada)`);
  else if (f.gerencia !== null) states.push(sql`(o.ore_id = 1 and not o.ord_rechazada and o.ord_usu_gerencia = ${f.gerencia})`);
  if (f.contabilidad) states.push(sql`o.ore_id = 2`);
  if (states.length === 0) return { data: [], total: 0, total_exacto: true };
  return listPage<OrdenPendienteRow>(db, pendingList, [sql`(${sql.join(states, sql` or `)})`, ordenScopeSql(f.scope)], page);
}

/** Whether the order has a payment order approved or deposited (DECISIONS §4: it can no longer be cancelled). */
export async function tienePagoAprobado(db: Executor, ordId: number): Promise<boolean> {
  const rows = await selectRows(db, sql`select 1 from orden_pago where ord_id = ${ordId} and opg_estado in ('OPA', 'OPP') limit 1`);
  return rows.length > 0;
}

/**
 * An order as the audit log compares it before and after an edit (issue 26): the header's fields in the words of the
 * screen (supplier by name, cost centre by code, currency by symbol) and each line as one text.
 */
export async function fotoAuditoria(db: Executor, ordId: number): Promise<Record<string, unknown>> {
  const [r] = await selectRows<Record<string, unknown>>(db, sql`
    select o.ord_codigo as codigo, p.pve_razon_social as proveedor, c.cec_codigo as centro_costo, m.mon_simbolo as moneda,
      o.ord_tipo_cambio::text as tipo_cambio, to_char(o.ord_fecha_orden, 'DD/MM/YYYY') as fecha_orden,
      to_char(o.ord_fecha_pago, 'DD/MM/YYYY') as fecha_pago, o.ord_lugar_entrega as lugar_entrega, o.ord_referencia as referencia,
      o.ord_observacion as observacion, o.ord_descuento::text as descuento, o.ord_monto_sin_impuesto::text as monto_sin_impuesto,
      o.ord_monto_con_impuesto::text as monto_con_impuesto,
      (select coalesce(json_agg(i.oci_orden || '. ' || i.oci_descripcion || ' × ' || trim_scale(i.oci_cantidad)::text || ' a '
         || trim_scale(i.oci_precio_unitario)::text order by i.oci_orden), '[]'::json) from orden_item i where i.ord_id = o.ord_id) as lineas
    from orden o
    join proveedor p on p.pve_id = o.pve_id
    join centro_costo c on c.cec_id = o.cec_id
    join moneda m on m.mon_id = o.mon_id
    where o.ord_id = ${ordId}`);
  return r ?? {};
}
