import type {
  AccessProfile, Pedido, PedidoAprobarDatos, PedidoDatos, PedidoFiltro, PedidoModificarDatos, PedidoOpcionesReply, PedidoPagina, PedidoParaOC,
  PedidoProductoPendiente, PeiAccion, PeiEstado,
} from '@obra/domain';
import {
  OPCION_APROBAR_PEDIDO, PEDIDO_ESTADOS, PEDIDO_MSG, PEI, PEI_COMPRABLE, PEI_SERIE, ROLE, codigoPedido, formatDecimal, hasOption, isReadOnly, limaYear, peiDestino,
  peiEstadoNombre, peiTransicionError, todoComprado,
} from '@obra/domain';
import Decimal from 'decimal.js';
import type { Tx } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { nextNumber } from '../../platform/counters.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { fromPageQuery } from '../../platform/list.ts';
import { inScope, projectScope, type ProjectScope } from '../../platform/scope.ts';
import * as q from './queries.ts';

/**
 * Purchase requests (spec 3 §2–§8, DECISIONS §7; docs/business-rules.md "Purchase requests"). Scope: level 1 sees
 * every request, others those of their project's warehouses, nobody without a project; a request out of scope is
 * 404. Every mutation is one transaction; each state action locks the request `FOR UPDATE` and re-checks its
 * state there (409 when another action got there first), with the transitions of the domain table.
 */

export async function paginar(deps: Deps, caller: AccessProfile, f: PedidoFiltro): Promise<PedidoPagina> {
  const r = await q.lista(deps.database.db, { pei_codigo: f.pei_codigo, pei_estado: f.pei_estado, alm_id: f.alm_id, scope: projectScope(caller) }, fromPageQuery(f.page));
  return { page: { list: r.data, total: r.total, size: f.page.size, number: f.page.number, total_exacto: r.total_exacto, siguiente: r.siguiente } };
}

export async function obtener(deps: Deps, caller: AccessProfile, peiId: number): Promise<Pedido> {
  const db = deps.database.db;
  const c = await q.cabecera(db, peiId);
  if (!c || !inScope(projectScope(caller), Number(c.pry_id))) throw notFound(PEDIDO_MSG.notFound);
  const [lineas, ordenes] = await Promise.all([q.lineas(db, peiId), q.ordenesDeLineas(db, peiId)]);
  return {
    ...c,
    lista_pedido_items_detalle: lineas.map((l) => {
      const suyas = ordenes.filter((o) => Number(o.pid_id) === Number(l.pid_id)).map(({ pid_id: _p, ...o }) => ({ ...o, ord_id: Number(o.ord_id) }));
      // Spec 3 "Request line": the purchase order it was bought with. Several buy from one line: the latest
      // (highest ord_id) names it, `ordenes` lists them all; none (or only cancelled ones): null.
      const ultima = suyas.at(-1);
      return { ...l, ord_id: ultima?.ord_id ?? null, ord_code: ultima?.ord_code ?? null, pve_razon_social: ultima?.pve_razon_social ?? null, ordenes: suyas };
    }),
  };
}

// ------------------------------------------------------------------ register and modify

/**
 * What a save checks (404 out of scope, 400/409 otherwise): the warehouse active and in scope; the cost centre active
 * and of the warehouse's project; the logistics person an active user with the LOGÍSTICA role; every product active.
 */
async function validar(tx: Tx, scope: ProjectScope, d: PedidoDatos): Promise<{ pry_id: number }> {
  const a = await q.almacen(tx, d.alm_id);
  if (!a || !inScope(scope, Number(a.pry_id))) throw notFound(PEDIDO_MSG.almacenNotFound);
  if (Number(a.alm_estado) !== 1 || Number(a.pry_estado) !== 1) throw conflict(PEDIDO_MSG.almacenInactivo(a.alm_nombre));
  const cec = await q.centroCosto(tx, d.cec_id);
  if (!cec || Number(cec.cec_estado) !== 1) throw badRequest(PEDIDO_MSG.centroCosto);
  if (Number(cec.pry_id) !== Number(a.pry_id)) throw badRequest(PEDIDO_MSG.centroCostoProyecto);
  if (!(await q.usuarioConRol(tx, d.usu_logistica, ROLE.LOGISTICA))) throw badRequest(PEDIDO_MSG.logistica);
  const productos = new Map((await q.productos(tx, d.lista_pedido_items_detalle.map((l) => l.prv_id))).map((p) => [Number(p.prv_id), p]));
  for (const l of d.lista_pedido_items_detalle) {
    const p = productos.get(l.prv_id);
    if (!p) throw badRequest(PEDIDO_MSG.producto);
    if (Number(p.prv_estado) !== 1) throw badRequest(PEDIDO_MSG.productoInactivo(p.prv_nombre));
  }
  return { pry_id: Number(a.pry_id) };
}

/** Registers a request in `tx` (the route's transaction or the demo seed's): code PED-{Lima year}-NNNNNN, state CREADO, requester the caller. */
export async function registrarEn(tx: Tx, caller: AccessProfile, d: PedidoDatos): Promise<{ pei_id: number; pei_codigo: string }> {
  // The code first: the counter row is the first lock every registration takes, as in the other documents.
  const anio = limaYear();
  const pei_codigo = codigoPedido(anio, await nextNumber(tx, PEI_SERIE, anio));
  const { pry_id } = await validar(tx, projectScope(caller), d);
  const pei_id = await q.insertar(tx, {
    pei_codigo, alm_id: d.alm_id, pry_id, cec_id: d.cec_id, usu_solicitante: caller.usu_id, usu_logistica: d.usu_logistica, pei_notas: d.pei_notas,
  });
  await q.guardarLineas(tx, pei_id, d.lista_pedido_items_detalle);
  return { pei_id, pei_codigo };
}

export function registrar(deps: Deps, caller: AccessProfile, d: PedidoDatos) {
  return deps.database.db.transaction((tx) => registrarEn(tx, caller, d));
}

/** The request locked, or 404 when absent or out of scope; 409 unless `accion` is allowed from its state. */
async function bloquear(tx: Tx, caller: AccessProfile, peiId: number, accion: PeiAccion): Promise<q.Bloqueado> {
  const p = await q.bloquear(tx, peiId);
  if (!p || !inScope(projectScope(caller), Number(p.pry_id))) throw notFound(PEDIDO_MSG.notFound);
  const error = peiTransicionError(p.pei_estado, accion);
  if (error) throw conflict(error);
  return p;
}

/** Modifies a request in CREADO or POR_APROBAR with the version it read (409 when stale); lines kept by product. */
export function modificar(deps: Deps, caller: AccessProfile, d: PedidoModificarDatos) {
  return deps.database.db.transaction(async (tx) => {
    const p = await bloquear(tx, caller, d.pei_id, 'modificar');
    if (d.pei_version !== Number(p.pei_version)) throw conflict(PEDIDO_MSG.version);
    const { pry_id } = await validar(tx, projectScope(caller), d);
    const pei_version = await q.modificar(tx, p.pei_id, { alm_id: d.alm_id, pry_id, cec_id: d.cec_id, usu_logistica: d.usu_logistica, pei_notas: d.pei_notas });
    await q.guardarLineas(tx, p.pei_id, d.lista_pedido_items_detalle);
    return { pei_id: p.pei_id, pei_codigo: p.pei_codigo, pei_version };
  });
}

// ------------------------------------------------------------------ state actions

const resultado = (p: q.Bloqueado, estado: PeiEstado, pei_version: number) =>
  ({ pei_id: p.pei_id, pei_codigo: p.pei_codigo, pei_estado: estado, pei_estado_nombre: peiEstadoNombre(estado), pei_version });

/** solicitarAprobacion (CREADO → POR_APROBAR) and eliminar (CREADO, POR_APROBAR → ELIMINADO), in `tx`. */
export async function transicionEn(tx: Tx, caller: AccessProfile, peiId: number, accion: 'solicitar_aprobacion' | 'eliminar') {
  const p = await bloquear(tx, caller, peiId, accion);
  const hacia = peiDestino(accion, p.pei_estado as PeiEstado);
  return resultado(p, hacia, await q.cambiarEstado(tx, p.pei_id, hacia));
}

export function transicion(deps: Deps, caller: AccessProfile, peiId: number, accion: 'solicitar_aprobacion' | 'eliminar') {
  return deps.database.db.transaction((tx) => transicionEn(tx, caller, peiId, accion));
}

/**
 * aprobar (option aprobar_pedido_items; CREADO or POR_APROBAR → APROBADO): an approved quantity for every line,
 * from 0 up to the requested one, at least one above 0 (docs/business-rules.md "Purchase requests").
 */
export async function aprobarEn(tx: Tx, caller: AccessProfile, d: PedidoAprobarDatos) {
  if (isReadOnly(caller) || !hasOption(caller, OPCION_APROBAR_PEDIDO)) throw forbidden();
  const p = await bloquear(tx, caller, d.pei_id, 'aprobar');
  const lineas = await q.lineas(tx, p.pei_id);
  const enviadas = new Map(d.lista_pedido_items_detalle.map((l) => [l.pid_id, l.pid_cantidad_aprobada]));
  if (enviadas.size !== lineas.length || lineas.some((l) => !enviadas.has(Number(l.pid_id)))) throw badRequest(PEDIDO_MSG.aprobarLineas);
  for (const l of lineas) {
    if (new Decimal(enviadas.get(Number(l.pid_id))!).gt(l.pid_cantidad_solicitada)) {
      throw badRequest(PEDIDO_MSG.aprobadaExcede(l.pid_producto, formatDecimal(l.pid_cantidad_solicitada)));
    }
  }
  if ([...enviadas.values()].every((v) => new Decimal(v).isZero())) throw badRequest(PEDIDO_MSG.aprobadaCero);
  for (const l of lineas) await q.aprobarLinea(tx, Number(l.pid_id), enviadas.get(Number(l.pid_id))!);
  return resultado(p, PEI.APROBADO, await q.cambiarEstado(tx, p.pei_id, PEI.APROBADO, caller.usu_id));
}

export function aprobar(deps: Deps, caller: AccessProfile, d: PedidoAprobarDatos) {
  return deps.database.db.transaction((tx) => aprobarEn(tx, caller, d));
}

/**
 * completar (APROBADO → ATENDIDO when every approved quantity is bought, else ATENDIDO_PARCIAL). The lock waits for
 * orders buying from the request (they hold it `FOR SHARE`), so the quantities read are final.
 */
export function completar(deps: Deps, caller: AccessProfile, peiId: number) {
  return deps.database.db.transaction(async (tx) => {
    const p = await bloquear(tx, caller, peiId, 'completar');
    const hacia = peiDestino('completar', p.pei_estado as PeiEstado, todoComprado(await q.lineas(tx, p.pei_id)));
    return resultado(p, hacia, await q.cambiarEstado(tx, p.pei_id, hacia));
  });
}

// ------------------------------------------------------------------ searches and lookups

/** buscarRapido: requests in scope by text, any state, newest first (20). */
export function buscarRapido(deps: Deps, caller: AccessProfile, texto: string): Promise<PedidoParaOC[]> {
  return q.buscar(deps.database.db, { texto, scope: projectScope(caller) });
}

/** buscarPedidoParaOC: approved requests in scope with something left to buy, for the order form. */
export function buscarParaOrden(deps: Deps, caller: AccessProfile, texto: string): Promise<PedidoParaOC[]> {
  return q.buscar(deps.database.db, { texto, scope: projectScope(caller), estado: PEI_COMPRABLE, pendientes: true });
}

/** buscarProductosxPedido: the lines of an approved request in scope with approved − bought above 0. */
export async function productosPendientes(deps: Deps, caller: AccessProfile, peiId: number): Promise<PedidoProductoPendiente[]> {
  const db = deps.database.db;
  const c = await q.cabecera(db, peiId);
  if (!c || !inScope(projectScope(caller), Number(c.pry_id))) throw notFound(PEDIDO_MSG.notFound);
  if (c.pei_estado !== PEI_COMPRABLE) throw conflict(PEDIDO_MSG.pedidoNoAprobado(c.pei_codigo, peiEstadoNombre(c.pei_estado)));
  return q.pendientes(db, peiId);
}

export const buscarProductos = (deps: Deps, texto: string) => q.buscarProductos(deps.database.db, texto);

/** The options loader: the request states and the caller's warehouses (of one project when asked). */
export async function opciones(deps: Deps, caller: AccessProfile, pryId: number | null): Promise<PedidoOpcionesReply> {
  const scope = projectScope(caller);
  return {
    estados: PEDIDO_ESTADOS.map((e) => ({ est_codigo: e.pes_codigo, est_nombre: e.pes_nombre, est_styles: e.pes_styles })),
    almacenes: scope.kind === 'none' ? [] : await q.almacenes(deps.database.db, scope, pryId),
  };
}

export function centrosCosto(deps: Deps, caller: AccessProfile, f: { est_codigo: 'activo' | 'inactivo' | null; pry_id: number | null }) {
  const estado = f.est_codigo === null ? null : f.est_codigo === 'activo' ? 1 : 0;
  return q.centrosCosto(deps.database.db, projectScope(caller), { estado, pry_id: f.pry_id });
}

export const usuariosConRol = (deps: Deps, rolId: number) => q.usuariosConRol(deps.database.db, rolId);
