import type { AccessProfile, CorreoResultado, OrdenAccion, OrdenEstadoResultado, OrdenMotivos, OrdenRechazar, OrdenTransicionContexto } from '@obra/domain';
import {
  NIVEL_RECHAZO, ORDEN_ACCION_OPCION, ORDEN_ESTADO_MSG, ORDEN_MSG, ORE, ORE_RECEPCIONABLE, RECHAZO_MSG, approvalFor, comentarioRechazo, correoRechazo, estadoNombre,
  hasOption, isSuper, motivosOrden, pendingApprovalOf, puedeReiniciar, rejectionOf, targetState, transitionError,
} from '@obra/domain';
import type { z } from 'zod';
import type { Executor, Tx } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { AppError, conflict, forbidden, notFound } from '../../platform/errors.ts';
import type { ListRequest } from '../../platform/list.ts';
import { inScope, projectScope } from '../../platform/scope.ts';
import * as compras from '../pedido_items/compras.ts';
import { ordenConIngresos } from '../transferencia/queries.ts';
import * as eq from './estados-queries.ts';
import { ordenPorAprobar } from './notificaciones.ts';
import * as q from './queries.ts';

/**
 * Order state transitions (spec 1 §4.2, DECISIONS §4, docs/business-rules.md "Order states").
 * Each one runs in a transaction with the order row locked `FOR UPDATE`: of two simultaneous
 * calls on one order the second waits, then sees the new state and gets 409.
 */

type Locked = NonNullable<Awaited<ReturnType<typeof q.lockEstado>>>;

/** The order locked, or 404 when absent or outside the caller's scope (DECISIONS §1). */
async function lock(tx: Tx, caller: AccessProfile, ordId: number): Promise<Locked> {
  const o = await q.lockEstado(tx, ordId);
  if (!o || !inScope(projectScope(caller), o.pry_id)) throw notFound(ORDEN_MSG.notFound);
  return o;
}

/**
 * Whether stock entered or a payment was made for the order besides what its state records (DECISIONS §4:
 * such an order cannot be cancelled or restarted): a payment order approved or deposited, or a confirmed
 * purchase-order transfer that entered some quantity. The domain rule adds the states that record stock or payments.
 */
const conIngresosOPagos = async (db: Executor, ordId: number) => (await q.tienePagoAprobado(db, ordId)) || ordenConIngresos(db, ordId);

/**
 * After a purchase-order transfer's entry was confirmed, in the same transaction (DECISIONS §3): some quantity of
 * the order entered → recepcionado parcial, every item's quantity → recepcionado, with its history line. Only from
 * the states that receive goods (`ORE_RECEPCIONABLE`). Returns the order's state.
 */
export async function applyIngresos(tx: Tx, ordId: number, usuId: number, r: { alguno: boolean; completo: boolean }, codigo: string, fecha?: Date): Promise<number> {
  const o = await q.lockEstado(tx, ordId);
  if (!o) throw notFound(ORDEN_MSG.notFound);
  if (!r.alguno || !ORE_RECEPCIONABLE.includes(o.ore_id)) return o.ore_id;
  const hasta = r.completo ? ORE.RECEPCIONADO : ORE.RECEPCIONADO_PARCIAL;
  if (hasta === o.ore_id) return o.ore_id;
  await q.setEstado(tx, { ord_id: ordId, desde: o.ore_id, hasta, usu_id: usuId, comentario: `Ingreso a almacén: transferencia ${codigo}`, fecha });
  return hasta;
}

/** Order states a deposit of a payment order moves on; others (import states, paid with /orden/pay) are kept. */
const ORE_POR_DEPOSITOS: readonly number[] = [ORE.APROBACION_GERENCIA, ORE.EMITIDO, ORE.PAGO_PARCIAL];

/**
 * After a payment order of `ordId` was deposited, in the same transaction (DECISIONS §4): deposits
 * that `cubren` (cover) what the order's payment orders may add up to make it pagado, less than that
 * pago parcial, with its history line. The payment orders module measures the coverage. Returns the order's state.
 */
export async function applyDeposits(tx: Tx, ordId: number, usuId: number, cubren: boolean, fecha?: Date): Promise<number> {
  const o = await q.lockEstado(tx, ordId);
  if (!o) throw notFound(ORDEN_MSG.notFound);
  const hasta = cubren ? ORE.PAGADO : ORE.PAGO_PARCIAL;
  if (hasta === o.ore_id || !ORE_POR_DEPOSITOS.includes(o.ore_id)) return o.ore_id;
  await q.setEstado(tx, { ord_id: ordId, desde: o.ore_id, hasta, usu_id: usuId, comentario: 'Depósito de orden de pago', fecha });
  return hasta;
}

const result = (o: Locked, hasta: number, version: number): OrdenEstadoResultado => ({
  id_orden: o.ord_id, codigo: o.ord_codigo, estado: { id_orden_estado: hasta, descripcion: estadoNombre(hasta) }, version,
});

/** Refuses with 409 and the state machine's text unless `action` is allowed from the order's state. */
function check(o: Locked, action: OrdenAccion, ctx: OrdenTransicionContexto = {}) {
  const error = transitionError(o.ore_id, action, { coc_id: o.coc_id, es_importacion: o.es_importacion, rechazada: o.rechazada, ...ctx });
  if (error) throw conflict(error);
}

function requireOption(caller: AccessProfile, action: OrdenAccion) {
  const option = ORDEN_ACCION_OPCION[action];
  if (option && !hasOption(caller, option)) throw forbidden();
}

/** Approval columns an approval sets. */
function aprobacion(action: 'aprobar_gerencia' | 'aprobar_contabilidad', usuId: number, now: Date): q.AprobacionValues {
  return action === 'aprobar_gerencia'
    ? { ord_usu_aprobador_gerencia: usuId, ord_fecha_aprobacion_gerencia: now }
    : { ord_usu_aprobador_contabilidad: usuId, ord_fecha_aprobacion_contabilidad: now };
}

async function approveLocked(tx: Tx, caller: AccessProfile, o: Locked, action: 'aprobar_gerencia' | 'aprobar_contabilidad', now?: Date) {
  check(o, action);
  const hasta = targetState(action);
  const version = await q.setEstado(tx, { ord_id: o.ord_id, desde: o.ore_id, hasta, usu_id: caller.usu_id, fecha: now }, aprobacion(action, caller.usu_id, now ?? new Date()));
  if (hasta === ORE.APROBACION_GERENCIA) await ordenPorAprobar(tx, o.ord_id, 'contabilidad', caller.usu_id);
  return result(o, hasta, version);
}

/**
 * `/orden/approve`: target 2 = management approval (creado → aprobación gerencia, option
 * aprobar_orden_compra), target 3 = accounting approval (aprobación gerencia → emitido, option
 * aprobar_orden_compra_contable). Any other target: 409.
 */
export function approve(deps: Deps, caller: AccessProfile, ordId: number, target: number) {
  return deps.database.db.transaction((tx) => approveInTx(tx, caller, ordId, target));
}

/** `approve` inside the caller's transaction; `now` is the moment of the approval (the demo seed's history), absent: now. */
export async function approveInTx(tx: Tx, caller: AccessProfile, ordId: number, target: number, now?: Date) {
  const action = approvalFor(target);
  if (!action) throw conflict(ORDEN_ESTADO_MSG.noAprobable);
  requireOption(caller, action);
  return approveLocked(tx, caller, await lock(tx, caller, ordId), action, now);
}

/**
 * `/orden/approve/massive`: all or nothing, in one transaction. Each order gets the approval its
 * state waits for (creado → gerencia, aprobación gerencia → contabilidad) if the caller holds its
 * option; one refusal rolls everything back with 409 'Hubo un error al aprobar las órdenes' and,
 * in `data`, the reason per refused order.
 */
export async function approveMassive(deps: Deps, caller: AccessProfile, ids: number[]) {
  const scope = projectScope(caller);
  return deps.database.db.transaction(async (tx) => {
    const rows = await q.lockEstados(tx, ids);
    const found = new Map(rows.filter((r) => inScope(scope, r.pry_id)).map((r) => [r.ord_id, r]));
    const errores: { id_orden: number; codigo: string | null; message: string }[] = [];
    const plan: { o: Locked; action: 'aprobar_gerencia' | 'aprobar_contabilidad' }[] = [];
    for (const id of ids) {
      const r = found.get(id);
      if (!r) { errores.push({ id_orden: id, codigo: null, message: ORDEN_MSG.notFound }); continue; }
      const action = pendingApprovalOf(r.ore_id);
      const option = action && ORDEN_ACCION_OPCION[action];
      if (!action) errores.push({ id_orden: id, codigo: r.ord_codigo, message: ORDEN_ESTADO_MSG.noEsperaAprobacion(r.ore_id) });
      else if (option && !hasOption(caller, option)) errores.push({ id_orden: id, codigo: r.ord_codigo, message: ORDEN_ESTADO_MSG.transicion(action, r.ore_id) });
      else if (r.rechazada && action === 'aprobar_gerencia') errores.push({ id_orden: id, codigo: r.ord_codigo, message: ORDEN_ESTADO_MSG.rechazadaSinCambios });
      else plan.push({ o: r, action });
    }
    if (errores.length) throw new AppError(409, ORDEN_ESTADO_MSG.masivaError, errores);
    const out: OrdenEstadoResultado[] = [];
    for (const { o, action } of plan) out.push(await approveLocked(tx, caller, o, action));
    return out;
  });
}

/** `/orden/approve/pending`: what waits for the caller (docs/business-rules.md "Order states"). */
export function pending(deps: Deps, caller: AccessProfile, page: ListRequest) {
  return q.pending(deps.database.db, {
    gerencia: !hasOption(caller, 'aprobar_orden_compra') ? null : isSuper(caller) ? 'all' : caller.usu_id,
    contabilidad: hasOption(caller, 'aprobar_orden_compra_contable'),
    scope: projectScope(caller),
  }, page);
}

/** `/orden/pay`: emitido → pagado; aprobación gerencia → pagado for contado or caja chica (option pagar_orden_compra, checked by the route). */
export function pay(deps: Deps, caller: AccessProfile, ordId: number) {
  return deps.database.db.transaction((tx) => payInTx(tx, caller, ordId));
}

/** `pay` inside the caller's transaction, at `now` when given (the demo seed's history). */
export async function payInTx(tx: Tx, caller: AccessProfile, ordId: number, now?: Date) {
  const o = await lock(tx, caller, ordId);
  check(o, 'pagar');
  const version = await q.setEstado(tx, { ord_id: o.ord_id, desde: o.ore_id, hasta: ORE.PAGADO, usu_id: caller.usu_id, fecha: now });
  return result(o, ORE.PAGADO, version);
}

/** `/orden/delete-orden` = anular: any state → anulado, except anulado and orders with stock entered or payments. */
export function anular(deps: Deps, caller: AccessProfile, ordId: number) {
  return deps.database.db.transaction((tx) => anularInTx(tx, caller, ordId));
}

/** `anular` inside the caller's transaction, at `now` when given (the demo seed's history). */
export async function anularInTx(tx: Tx, caller: AccessProfile, ordId: number, now?: Date) {
  const o = await lock(tx, caller, ordId);
  check(o, 'anular', { con_ingresos_o_pagos: await conIngresosOPagos(tx, ordId) });
  // What it bought from a purchase request goes back to the request's lines (DECISIONS §7).
  await compras.sincronizarOrden(tx, caller, await compras.vinculoDeOrden(tx, ordId), null, { devolucion: true });
  const version = await q.setEstado(tx, { ord_id: o.ord_id, desde: o.ore_id, hasta: ORE.ANULADO, usu_id: caller.usu_id, fecha: now });
  return result(o, ORE.ANULADO, version);
}

/** `/orden/update-status`: an import order, from emitido or an import state, to another import state, with a comment. */
export async function updateStatus(deps: Deps, caller: AccessProfile, ordId: number, hasta: number, comentario: string) {
  return deps.database.db.transaction(async (tx) => {
    const o = await lock(tx, caller, ordId);
    check(o, 'actualizar_estado', { hasta });
    const version = await q.setEstado(tx, { ord_id: o.ord_id, desde: o.ore_id, hasta, usu_id: caller.usu_id, comentario });
    return result(o, hasta, version);
  });
}

/**
 * `/orden/restart` (DECISIONS §4): roles SUPER or ADMINISTRADOR; the code typed must equal the
 * order's; back to creado with both approvals cleared. Refused in creado and once stock entered
 * or a payment was made (same rule as anular).
 */
export async function restart(deps: Deps, caller: AccessProfile, ordId: number, codigo: string) {
  if (!puedeReiniciar(caller)) throw forbidden(ORDEN_ESTADO_MSG.reinicioRol);
  return deps.database.db.transaction(async (tx) => {
    const o = await lock(tx, caller, ordId);
    if (codigo.trim().toUpperCase() !== o.ord_codigo.toUpperCase()) throw new AppError(400, ORDEN_ESTADO_MSG.codigoDistinto);
    check(o, 'reiniciar', { con_ingresos_o_pagos: await conIngresosOPagos(tx, ordId) });
    // A cancelled order gave back what it bought from a request: restarted, it takes it again (or is refused, 409).
    if (o.ore_id === ORE.ANULADO) await compras.sincronizarOrden(tx, caller, null, await compras.vinculoDeOrden(tx, ordId));
    const version = await q.setEstado(tx, { ord_id: o.ord_id, desde: o.ore_id, hasta: ORE.CREADO, usu_id: caller.usu_id, comentario: 'Reinicio' }, SIN_APROBACIONES);
    await ordenPorAprobar(tx, o.ord_id, 'gerencia', caller.usu_id);
    return result(o, ORE.CREADO, version);
  });
}

/** Back in creado an order waits for both approvals again: a restart or a rejection clears them. */
const SIN_APROBACIONES: q.AprobacionValues = {
  ord_usu_aprobador_gerencia: null, ord_fecha_aprobacion_gerencia: null, ord_usu_aprobador_contabilidad: null, ord_fecha_aprobacion_contabilidad: null,
  ord_rechazada: false,
};

/**
 * `/orden/rechazar` (issue 9, docs/business-rules.md "Orders"): the approver of the level the order
 * waits at (option of that level, checked here since the level follows the state) sends it back to
 * creado with a required comment, approvals cleared and marked rejected, so that it leaves
 * gerencia's pending list until logística saves it. The mail to the order's logistics user is
 * queued in the same transaction and sent by the outbox's sender after the commit. `id_orden_estado`, the
 * state the approver saw: if the order moved meanwhile (an approval won the race), 409.
 */
export async function reject(deps: Deps, caller: AccessProfile, input: z.output<typeof OrdenRechazar>['orden']) {
  const r = await deps.database.db.transaction(async (tx): Promise<{ data: OrdenEstadoResultado & { correo: CorreoResultado }; message: string }> => {
    const o = await lock(tx, caller, input.id_orden);
    const action = rejectionOf(o.ore_id);
    if (!action) throw conflict(ORDEN_ESTADO_MSG.noEsperaAprobacion(o.ore_id));
    if (input.id_orden_estado !== undefined && input.id_orden_estado !== o.ore_id) {
      throw conflict(ORDEN_ESTADO_MSG.transicion(rejectionOf(input.id_orden_estado) ?? action, o.ore_id));
    }
    requireOption(caller, action);
    check(o, action);
    const nivel = NIVEL_RECHAZO[action];
    const version = await q.setEstado(tx, {
      ord_id: o.ord_id, desde: o.ore_id, hasta: ORE.CREADO, usu_id: caller.usu_id, comentario: comentarioRechazo(nivel, input.comentario),
    }, { ...SIN_APROBACIONES, ord_rechazada: true });
    const aviso = await eq.avisoRechazo(tx, o.ord_id, caller.usu_id);
    const mail = correoRechazo({ codigo: o.ord_codigo, nivel, aprobador: aviso.aprobador, comentario: input.comentario, empresa: deps.config.company.name });
    const correo = await deps.mailer.send(tx, { to: aviso.para, ...mail });
    return { data: { ...result(o, ORE.CREADO, version), correo }, message: deps.mailer.smtp ? RECHAZO_MSG.conSmtp : RECHAZO_MSG.sinSmtp };
  });
  deps.mailer.despertar();
  return r;
}

/** `/orden/motivos`: why the caller cannot act on the order from each one-action screen (domain motivosOrden), 404 out of scope. */
export async function motivos(deps: Deps, caller: AccessProfile, ordId: number): Promise<OrdenMotivos> {
  const db = deps.database.db;
  const o = await eq.estado(db, ordId);
  if (!o || !inScope(projectScope(caller), o.pry_id)) throw notFound(ORDEN_MSG.notFound);
  return motivosOrden({
    id_orden_estado: o.ore_id, id_condicion: o.coc_id, es_importacion: o.es_importacion, rechazada: o.rechazada,
    con_ingresos_o_pagos: await conIngresosOPagos(db, ordId),
  }, caller);
}
