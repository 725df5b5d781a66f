import type {
  Paged, PedidoCentroCosto, PedidoFila, PedidoLineaDetalle, PedidoLineaOrden, PedidoParaOC, PedidoProducto, PedidoProductoPendiente, PedidoUsuario,
} from '@obra/domain';
import { ORE, PEI } from '@obra/domain';
import { sql, type SQL } from 'drizzle-orm';
import { selectRows, type Executor, type Tx } from '../../db/client.ts';
import { listPage, nombreDeProyecto, nombreDeUsuario, type ListRequest, type ListSpec } from '../../platform/list.ts';
import { projectSql, type ProjectScope } from '../../platform/scope.ts';
import { likePattern } from '../../platform/search.ts';

/** The only file of the purchase requests module that touches the tables (spec 3 §3 "Purchase request", "Request line"). */

const lima = (expr: string) => sql.raw(`to_char(${expr} at time zone 'America/Lima', 'YYYY-MM-DD"T"HH24:MI:SS')`);
const nombre = (alias: string) => sql.raw(`(${alias}.usu_nombre || ' ' || ${alias}.usu_apellido)`);

/**
 * A list row; `p` the request, `e` its state, `a` the warehouse, `c` the cost centre. The project and
 * the requester and logistics users are scalar subqueries (docs/architecture.md "Lists").
 */
const FILA = sql`p.pei_id, p.pei_codigo, p.pei_estado, p.pei_estado as est_codigo, e.pes_nombre as pei_estado_nombre, e.pes_styles as pei_estado_styles,
  ${lima('p.pei_fecha_registro')} as pei_fecha_registro, ${lima('p.pei_fecha_aprobacion')} as pei_fecha_aprobacion, p.pei_notas,
  p.alm_id, a.alm_nombre, a.alm_tipo, p.pry_id, ${nombreDeProyecto('p.pry_id')} as pry_nombre,
  p.cec_id, c.cec_codigo, c.cec_descripcion,
  p.usu_solicitante, ${nombreDeUsuario('p.usu_solicitante')} as usu_solicitante_nombre,
  p.usu_logistica, ${nombreDeUsuario('p.usu_logistica')} as usu_logistica_nombre`;

const JOINS = sql`join pedido_estado e on e.pes_codigo = p.pei_estado
  join almacen a on a.alm_id = p.alm_id
  join centro_costo c on c.cec_id = p.cec_id`;

/** Newest first; the page's ids are found on `pedido_items` alone (its indexes by project, state and warehouse), then joined. */
const LISTA: ListSpec = {
  name: 'pedido_items_list',
  from: sql`pedido_items p`,
  key: [{ expr: 'p.pei_id', type: 'int' }],
  desc: true,
  columns: FILA,
  join: sql`join pedido_items p on p.pei_id = page.k0 ${JOINS}`,
};

export interface ListaFiltro {
  pei_codigo: string | null;
  pei_estado: string | null;
  alm_id: number | null;
  scope: ProjectScope;
}

export function lista(db: Executor, f: ListaFiltro, req: ListRequest): Promise<Paged<PedidoFila>> {
  const where: (SQL | undefined)[] = [projectSql(f.scope, sql`p.pry_id`)];
  if (f.pei_codigo) where.push(sql`lower(p.pei_codigo) like ${likePattern(f.pei_codigo)}`);
  if (f.pei_estado) where.push(sql`p.pei_estado = ${f.pei_estado}`);
  if (f.alm_id !== null) where.push(sql`p.alm_id = ${f.alm_id}`);
  return listPage<PedidoFila>(db, LISTA, where, req);
}

export type Cabecera = PedidoFila & { pei_version: number; usu_aprobador: number | null; usu_aprobador_nombre: string | null };

export async function cabecera(db: Executor, peiId: number): Promise<Cabecera | undefined> {
  const [row] = await selectRows<Cabecera>(db, sql`
    select ${FILA}, p.pei_version, p.usu_aprobador, case when ua.usu_id is null then null else ${nombre('ua')} end as usu_aprobador_nombre
    from pedido_items p ${JOINS} left join usuario ua on ua.usu_id = p.usu_aprobador
    where p.pei_id = ${peiId}`);
  return row;
}

/** The lines of a request with product, unit and quantities as text, in line order. */
export function lineas(db: Executor, peiId: number): Promise<Omit<PedidoLineaDetalle, 'ordenes' | 'ord_id' | 'ord_code' | 'pve_razon_social'>[]> {
  return selectRows(db, sql`
    select d.pid_id, d.prv_id, pr.prv_nombre as pid_producto, u.unm_simbolo,
      d.pid_cantidad_solicitada::text as pid_cantidad_solicitada, d.pid_cantidad_aprobada::text as pid_cantidad_aprobada, d.oci_cantidad::text as oci_cantidad
    from pedido_items_detalle d join producto pr on pr.prv_id = d.prv_id join unidad_medida u on u.unm_id = pr.unm_id
    where d.pei_id = ${peiId} order by d.pid_id`);
}

/** The live (not cancelled) purchase-order lines that buy from the request's lines. */
export function ordenesDeLineas(db: Executor, peiId: number): Promise<(PedidoLineaOrden & { pid_id: number })[]> {
  return selectRows(db, sql`
    select i.pid_id, o.ord_id, o.ord_codigo as ord_code, v.pve_razon_social, oe.ore_descripcion, i.oci_cantidad::text as oci_cantidad
    from orden_item i join orden o on o.ord_id = i.ord_id join proveedor v on v.pve_id = o.pve_id join orden_estado oe on oe.ore_id = o.ore_id
    where i.pid_id in (select pid_id from pedido_items_detalle where pei_id = ${peiId}) and o.ore_id <> ${ORE.ANULADO}
    order by i.pid_id, o.ord_id`);
}

/** A request locked for a change (`FOR UPDATE`): of two simultaneous actions the second waits and sees the first's state. */
export interface Bloqueado {
  pei_id: number;
  pei_codigo: string;
  pei_estado: string;
  pei_version: number;
  pry_id: number;
}

export async function bloquear(tx: Tx, peiId: number, modo: 'update' | 'share' = 'update'): Promise<Bloqueado | undefined> {
  const [row] = await selectRows<Bloqueado>(tx, sql`
    select pei_id, pei_codigo, pei_estado, pei_version, pry_id from pedido_items where pei_id = ${peiId} for ${sql.raw(modo === 'update' ? 'update' : 'share')}`);
  return row;
}

export interface Almacen { alm_id: number; alm_nombre: string; alm_estado: number; pry_id: number; pry_estado: number }

export async function almacen(db: Executor, almId: number): Promise<Almacen | undefined> {
  const [row] = await selectRows<Almacen>(db, sql`
    select a.alm_id, a.alm_nombre, a.alm_estado, a.pry_id, y.pry_estado from almacen a join proyecto y on y.pry_id = a.pry_id where a.alm_id = ${almId}`);
  return row;
}

export async function centroCosto(db: Executor, cecId: number): Promise<{ pry_id: number; cec_estado: number } | undefined> {
  const [row] = await selectRows<{ pry_id: number; cec_estado: number }>(db, sql`select pry_id, cec_estado from centro_costo where cec_id = ${cecId}`);
  return row;
}

/** Whether the user is an active staff account holding the role. */
export async function usuarioConRol(db: Executor, usuId: number, rolId: number): Promise<boolean> {
  const rows = await selectRows(db, sql`
    select 1 from usuario u join usuario_rol r on r.usu_id = u.usu_id
    where u.usu_id = ${usuId} and r.rol_id = ${rolId} and u.usu_estado = 1 and u.tiu_id = 1`);
  return rows.length > 0;
}

export function productos(db: Executor, ids: number[]): Promise<{ prv_id: number; prv_nombre: string; prv_estado: number }[]> {
  return selectRows(db, sql`select prv_id, prv_nombre, prv_estado from producto where prv_id in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})`);
}

export async function insertar(tx: Tx, v: { pei_codigo: string; alm_id: number; pry_id: number; cec_id: number; usu_solicitante: number; usu_logistica: number; pei_notas: string }): Promise<number> {
  const [r] = await selectRows<{ pei_id: number }>(tx, sql`
    insert into pedido_items (pei_codigo, pei_estado, alm_id, pry_id, cec_id, usu_solicitante, usu_logistica, pei_notas)
    values (${v.pei_codigo}, ${PEI.CREADO}, ${v.alm_id}, ${v.pry_id}, ${v.cec_id}, ${v.usu_solicitante}, ${v.usu_logistica}, ${v.pei_notas})
    returning pei_id`);
  return Number(r.pei_id);
}

/** The request's lines become exactly `ls`: a product kept keeps its line (and id), others are removed or added. */
export async function guardarLineas(tx: Tx, peiId: number, ls: { prv_id: number; pid_cantidad_solicitada: string }[]): Promise<void> {
  const ids = sql.join(ls.map((l) => sql`${l.prv_id}`), sql`, `);
  await tx.execute(sql`delete from pedido_items_detalle where pei_id = ${peiId} and prv_id not in (${ids})`);
  await tx.execute(sql`
    insert into pedido_items_detalle (pei_id, prv_id, pid_cantidad_solicitada)
    values ${sql.join(ls.map((l) => sql`(${peiId}, ${l.prv_id}, ${l.pid_cantidad_solicitada})`), sql`, `)}
    on conflict (pei_id, prv_id) do update set pid_cantidad_solicitada = excluded.pid_cantidad_solicitada`);
}

export async function modificar(tx: Tx, peiId: number, v: { alm_id: number; pry_id: number; cec_id: number; usu_logistica: number; pei_notas: string }): Promise<number> {
  const [r] = await selectRows<{ pei_version: number }>(tx, sql`
    update pedido_items set alm_id = ${v.alm_id}, pry_id = ${v.pry_id}, cec_id = ${v.cec_id}, usu_logistica = ${v.usu_logistica},
      pei_notas = ${v.pei_notas}, pei_version = pei_version + 1
    where pei_id = ${peiId} returning pei_version`);
  return Number(r.pei_version);
}

/** Moves a locked request to `estado`, bumping its version; an approval records approver and date. */
export async function cambiarEstado(tx: Tx, peiId: number, estado: string, aprobador?: number): Promise<number> {
  const aprobacion = aprobador === undefined ? sql`` : sql`, usu_aprobador = ${aprobador}, pei_fecha_aprobacion = now()`;
  const [r] = await selectRows<{ pei_version: number }>(tx, sql`
    update pedido_items set pei_estado = ${estado}, pei_version = pei_version + 1${aprobacion} where pei_id = ${peiId} returning pei_version`);
  return Number(r.pei_version);
}

export async function aprobarLinea(tx: Tx, pidId: number, cantidad: string): Promise<void> {
  await tx.execute(sql`update pedido_items_detalle set pid_cantidad_aprobada = ${cantidad} where pid_id = ${pidId}`);
}

// ------------------------------------------------------------------ searches and lookups

const LIMITE = 20;

/** Requests in scope by part of their code, notes, project or warehouse name; `estado` limits them; newest first. */
export function buscar(db: Executor, f: { texto: string; scope: ProjectScope; estado?: string; pendientes?: boolean }): Promise<PedidoParaOC[]> {
  const where: SQL[] = [projectSql(f.scope, sql`p.pry_id`)];
  if (f.estado) where.push(sql`p.pei_estado = ${f.estado}`);
  if (f.texto) where.push(sql`lower(p.pei_codigo || ' ' || p.pei_notas || ' ' || y.pry_nombre || ' ' || a.alm_nombre) like ${likePattern(f.texto)}`);
  // What an order may still buy: some line approved above what was bought.
  if (f.pendientes) where.push(sql`exists (select 1 from pedido_items_detalle d where d.pei_id = p.pei_id and d.oci_cantidad < coalesce(d.pid_cantidad_aprobada, 0))`);
  return selectRows(db, sql`
    select p.pei_id, p.pei_codigo, ${lima('p.pei_fecha_aprobacion')} as pei_fecha_aprobacion, p.pry_id, y.pry_nombre, a.alm_nombre, a.alm_tipo,
      p.cec_id, c.cec_codigo, c.cec_descripcion, p.pei_estado
    from pedido_items p join almacen a on a.alm_id = p.alm_id join proyecto y on y.pry_id = p.pry_id join centro_costo c on c.cec_id = p.cec_id
    where ${sql.join(where, sql` and `)} order by p.pei_id desc limit ${sql.raw(String(LIMITE))}`);
}

/** The lines of a request with something still to buy: approved − bought, with the product's unit and brand. */
export function pendientes(db: Executor, peiId: number): Promise<PedidoProductoPendiente[]> {
  return selectRows(db, sql`
    select d.pid_id, d.prv_id, pr.prv_nombre as pid_producto, pr.unm_id, u.unm_simbolo, pr.mar_id,
      d.pid_cantidad_aprobada::text as pid_cantidad_aprobada, d.oci_cantidad::text as oci_cantidad,
      (d.pid_cantidad_aprobada - d.oci_cantidad)::text as pid_cantidad_pendiente
    from pedido_items_detalle d join producto pr on pr.prv_id = d.prv_id join unidad_medida u on u.unm_id = pr.unm_id
    where d.pei_id = ${peiId} and d.oci_cantidad < coalesce(d.pid_cantidad_aprobada, 0) order by d.pid_id`);
}

/** Active products by name (trigram index on lower(prv_nombre)), shortest names first. */
export function buscarProductos(db: Executor, texto: string): Promise<PedidoProducto[]> {
  return selectRows(db, sql`
    select pr.prv_id, pr.prv_nombre, u.unm_simbolo, m.mar_nombre
    from producto pr join unidad_medida u on u.unm_id = pr.unm_id left join marca m on m.mar_id = pr.mar_id
    where pr.prv_estado = 1 and lower(pr.prv_nombre) like ${likePattern(texto)}
    order by length(pr.prv_nombre), pr.prv_nombre limit ${sql.raw(String(LIMITE))}`);
}

/** Active warehouses of active projects in scope, of one project when given, in label order. */
export function almacenes(db: Executor, scope: ProjectScope, pryId: number | null) {
  return selectRows<{ alm_id: number; alm_nombre: string; alm_tipo: number; pry_id: number; pry_nombre: string }>(db, sql`
    select a.alm_id, a.alm_nombre, a.alm_tipo, a.pry_id, y.pry_nombre from almacen a join proyecto y on y.pry_id = a.pry_id
    where a.alm_estado = 1 and y.pry_estado = 1 and ${projectSql(scope, sql`a.pry_id`)} ${pryId === null ? sql`` : sql`and a.pry_id = ${pryId}`}
    order by y.pry_nombre, a.alm_tipo, a.alm_nombre, a.alm_id`);
}

export function centrosCosto(db: Executor, scope: ProjectScope, f: { estado: number | null; pry_id: number | null }): Promise<PedidoCentroCosto[]> {
  return selectRows(db, sql`
    select cec_id, cec_codigo, cec_descripcion, pry_id, cec_estado from centro_costo c
    where ${projectSql(scope, sql`c.pry_id`)} ${f.estado === null ? sql`` : sql`and c.cec_estado = ${f.estado}`}
      ${f.pry_id === null ? sql`` : sql`and c.pry_id = ${f.pry_id}`}
    order by cec_codigo`);
}

export function usuariosConRol(db: Executor, rolId: number): Promise<PedidoUsuario[]> {
  return selectRows(db, sql`
    select u.usu_id, u.usu_nombre, u.usu_apellido, ${nombre('u')} as usu_nombre_completo
    from usuario u join usuario_rol r on r.usu_id = u.usu_id
    where r.rol_id = ${rolId} and u.usu_estado = 1 and u.tiu_id = 1 order by u.usu_apellido, u.usu_nombre`);
}
