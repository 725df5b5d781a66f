import type { AccessProfile, Asignacion, AsignacionDatos, AsignacionFiltro, AsiEstado, PageQuery, Paged } from '@obra/domain';
import { ASI_ESTADO_VISTA, ASI_ESTADOS_FILTRO, ASI_EST, ASI_MSG, ASI_TIPO, ASI_TIPOS, isCorporate, limaDate, MSG } from '@obra/domain';
import Decimal from 'decimal.js';
import type { Deps } from '../../deps.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { fromPageQuery, type ListRequest } from '../../platform/list.ts';
import { inScope, projectScope } from '../../platform/scope.ts';
import { DOC, entrada, salida } from '../../platform/stock-ledger.ts';
import * as empleadoQ from '../empleado/queries.ts';
import * as almacenQ from '../proyecto/queries.ts';
import * as dq from './devolucion-queries.ts';
import * as q from './queries.ts';

/**
 * Assignments of warehouse stock to employees (spec 2 §2, §5, §7 "/asignacionItems"; DECISIONS §3;
 * docs/business-rules.md "Assignments and returns"). Registering takes each line out of stock
 * through the ledger (asignado); deleting one while nothing of it came back puts it back (eliminado).
 * Every mutation of an assignment or its returns locks the assignment row first, then its lines,
 * then the stock rows in `pal_id` order.
 */

/** Adds the status's name and colour to rows carrying `est_id`. */
export function conEstado<T extends { est_id: number }>(rows: T[]): (T & Omit<AsiEstado, 'est_id'>)[] {
  return rows.map((r) => {
    const e = ASI_ESTADO_VISTA[r.est_id];
    return { ...r, est_codigo: e?.est_codigo ?? '', est_nombre: e?.est_nombre ?? '', est_styles: e?.est_styles ?? 'default' };
  });
}

const paged = <T extends { est_id: number }>(p: Paged<T>): Paged<T> => ({ ...p, data: conEstado(p.data) });

export const tipos = () => ASI_TIPOS;
export const estados = (tipo: 1 | 2) => ASI_ESTADOS_FILTRO[tipo];

/** Warehouses in scope (of one project when given); a user without project gets the spec's message (spec 2 §6). */
export async function almacenes(deps: Deps, caller: AccessProfile, pryId: number | null) {
  const scope = projectScope(caller);
  if (scope.kind === 'none') return { data: [], message: MSG.noProjectWarehouses };
  return { data: await almacenQ.activeAlmacenes(deps.database.db, { scope, pry_id: pryId }), message: '' };
}

/** Active employees in scope whose name matches (requester and authoriser pickers). */
export function empleados(deps: Deps, caller: AccessProfile, f: { emp_nombre: string; pry_id: number | null }) {
  return empleadoQ.quickSearch(deps.database.db, { emp_nombre: f.emp_nombre, pry_id: f.pry_id, scope: projectScope(caller), limit: 20 });
}

/** Tab 0: assignments (type 1) or returns (type 2) by the filter, newest first. */
export async function buscar(deps: Deps, caller: AccessProfile, f: AsignacionFiltro, page: ListRequest) {
  const filtro = { ...f, scope: projectScope(caller) };
  const db = deps.database.db;
  return f.tipo === ASI_TIPO.DEVOLUCION ? paged(await dq.buscar(db, filtro, page)) : paged(await q.buscar(db, filtro, page));
}

/** Tab 1 and the histories: assignment lines one per item. */
export async function porItem(deps: Deps, caller: AccessProfile, f: Omit<q.FiltroItem, 'scope'> & { page: PageQuery }) {
  const { page, ...filtro } = f;
  return paged(await q.porItem(deps.database.db, { ...filtro, scope: projectScope(caller) }, fromPageQuery(page)));
}

/** One assignment with its lines; outside the caller's scope it does not exist (DECISIONS §1). */
export async function obtener(deps: Deps, caller: AccessProfile, asiId: number): Promise<Asignacion> {
  const db = deps.database.db;
  const row = await q.fila(db, asiId);
  if (!row || !inScope(projectScope(caller), row.pry_id)) throw notFound(ASI_MSG.notFound);
  const [conNombre] = conEstado([row]);
  return { ...conNombre, asi_estado: conNombre.est_id, detalle: await q.detalle(db, asiId) };
}

export async function detalle(deps: Deps, caller: AccessProfile, asiId: number) {
  return (await obtener(deps, caller, asiId)).detalle;
}

/**
 * Registers an assignment (spec 2 §5): the warehouse in scope, requester and authoriser active
 * employees in scope, every line a stock row of that warehouse; each line leaves stock through the
 * ledger, so a quantity the warehouse does not have answers 409 and nothing is written. The project
 * is the warehouse's for corporate users and the user's own otherwise (the same, since a project
 * user only reaches its own warehouses).
 */
export function registrar(deps: Deps, caller: AccessProfile, d: AsignacionDatos, now = new Date()) {
  const scope = projectScope(caller);
  if (scope.kind === 'none') throw badRequest(ASI_MSG.sinProyecto);
  if (d.asi_fecha_registro > limaDate(now)) throw badRequest(ASI_MSG.fechaFutura);
  return deps.database.db.transaction(async (tx) => {
    const alm = await q.almacen(tx, d.alm_id);
    if (!alm || !inScope(scope, alm.pry_id)) throw notFound(ASI_MSG.almacenNotFound);
    if (alm.alm_estado !== 1) throw badRequest('El almacén seleccionado está inactivo');
    const pryId = isCorporate(caller) || caller.pry_id === null ? alm.pry_id : caller.pry_id;

    const emps = await q.empleados(tx, [d.emp_solicitante, d.emp_autorizador]);
    const empleado = (id: number, quien: string) => {
      const e = emps.find((x) => x.emp_id === id);
      if (!e || e.emp_estado !== 1 || !inScope(scope, e.pry_id)) throw badRequest(ASI_MSG.empleadoNotFound(quien));
      return e;
    };
    const solicitante = empleado(d.emp_solicitante, 'solicitante');
    empleado(d.emp_autorizador, 'autorizador');

    const stocks = new Map((await q.stocks(tx, d.detalle.map((l) => l.pal_id))).map((s) => [s.pal_id, s]));
    for (const l of d.detalle) {
      const s = stocks.get(l.pal_id);
      if (!s) throw badRequest('El producto seleccionado no tiene stock registrado');
      if (s.alm_id !== alm.alm_id) throw badRequest(ASI_MSG.productoOtroAlmacen(s.prv_nombre));
    }
    // Rows locked above: the quantity is checked against the stock as it is, with the words the field shows.
    for (const l of d.detalle) {
      const s = stocks.get(l.pal_id)!;
      if (new Decimal(l.aid_cantidad).gt(s.pal_stock)) {
        throw conflict(ASI_MSG.soloHayDe(s.pal_stock, s.alm_nombre, `${s.prv_nombre}${s.pal_numero_serie ? ` serie ${s.pal_numero_serie}` : ''}`));
      }
    }

    const asiId = await q.insertAsignacion(tx, {
      asi_fecha_registro: d.asi_fecha_registro, usu_registrador: caller.usu_id, emp_solicitante: d.emp_solicitante,
      emp_autorizador: d.emp_autorizador, pry_id: pryId, alm_id: alm.alm_id, asi_notas: d.asi_notas,
    });
    const glosa = `Asignación N° ${asiId} a ${solicitante.emp_nombre} ${solicitante.emp_apellido}`;
    // Stock rows in id order, so two assignments of the same items never wait on each other crosswise.
    for (const l of [...d.detalle].sort((x, y) => x.pal_id - y.pal_id)) {
      // Valued kardex: the line keeps the unit cost it left with; its deletion and its returns enter at it.
      const s = await salida(tx, l.pal_id, l.aid_cantidad, { doc: DOC.ASIGNACION, docId: asiId, glosa, usuId: caller.usu_id });
      await q.insertDetalle(tx, asiId, { pal_id: l.pal_id, prv_id: stocks.get(l.pal_id)!.prv_id, aid_cantidad: l.aid_cantidad, aid_notas: l.aid_notas, aid_costo_unitario: s.costo_unitario });
    }
    return { asi_id: asiId, est_id: ASI_EST.ASIGNADO };
  });
}

/** Deletes an assignment while nothing of it came back: every line's stock goes back through the ledger (eliminado). */
export function eliminar(deps: Deps, caller: AccessProfile, asiId: number) {
  return deps.database.db.transaction(async (tx) => {
    const a = await q.lockAsignacion(tx, asiId);
    if (!a || !inScope(projectScope(caller), a.pry_id)) throw notFound(ASI_MSG.notFound);
    if (a.est_id === ASI_EST.ELIMINADO) throw conflict(ASI_MSG.yaEliminada);
    if (await q.tieneDevoluciones(tx, asiId)) throw conflict(ASI_MSG.conDevoluciones);
    const lineas = await q.lockLineas(tx, asiId);
    if (lineas.some((l) => Number(l.aid_devuelto) !== 0)) throw conflict(ASI_MSG.conDevoluciones);
    const glosa = `Eliminación de la asignación N° ${asiId}`;
    for (const l of [...lineas].sort((x, y) => x.pal_id - y.pal_id)) {
      await entrada(tx, { palId: l.pal_id }, l.aid_cantidad, { doc: DOC.ASIGNACION, docId: asiId, glosa, usuId: caller.usu_id }, l.aid_costo_unitario);
    }
    await q.marcarEliminada(tx, asiId, caller.usu_id);
    return { asi_id: asiId, est_id: ASI_EST.ELIMINADO };
  });
}
