import type { AccessProfile, Devolucion, DevolucionDatos, PageQuery } from '@obra/domain';
import { ASI_EST, ASI_MSG, formatDecimal, limaDate } from '@obra/domain';
import Decimal from 'decimal.js';
import type { Deps } from '../../deps.ts';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.ts';
import { fromPageQuery, type ListRequest } from '../../platform/list.ts';
import { inScope, projectScope } from '../../platform/scope.ts';
import { DOC, entrada, salida } from '../../platform/stock-ledger.ts';
import * as dq from './devolucion-queries.ts';
import * as q from './queries.ts';
import { conEstado } from './service.ts';

/**
 * Returns of assigned items (spec 2 §2, §4, §7 "/devolucionItems"; DECISIONS §3): the stock comes
 * back into the row it left from, and each line's balance (`aid_saldo` = assigned − returned) bounds
 * what may come back. The assignment row is locked first, then its lines: two returns of the same
 * assignment queue, and the second sees the first's balance.
 */

export async function buscar(deps: Deps, caller: AccessProfile, f: Omit<q.Filtro, 'scope'>, page: ListRequest) {
  const p = await dq.buscar(deps.database.db, { ...f, scope: projectScope(caller) }, page);
  return { ...p, data: conEstado(p.data) };
}

export function porItem(deps: Deps, caller: AccessProfile, f: Omit<Parameters<typeof dq.porItem>[1], 'scope'> & { page: PageQuery }) {
  const { page, ...filtro } = f;
  return dq.porItem(deps.database.db, { ...filtro, scope: projectScope(caller) }, fromPageQuery(page));
}

export async function obtener(deps: Deps, caller: AccessProfile, deiId: number): Promise<Devolucion> {
  const db = deps.database.db;
  const row = await dq.fila(db, deiId);
  if (!row || !inScope(projectScope(caller), row.pry_id)) throw notFound(ASI_MSG.devolucionNotFound);
  const [conNombre] = conEstado([row]);
  return { ...conNombre, dei_estado: conNombre.est_id, detalle: await dq.detalle(db, deiId) };
}

/** The assignment locked, or 404 (`message`) when absent or outside the caller's scope. */
async function lockAsignacion(tx: Parameters<typeof q.lockAsignacion>[0], caller: AccessProfile, asiId: number, message: string) {
  const a = await q.lockAsignacion(tx, asiId);
  if (!a || !inScope(projectScope(caller), a.pry_id)) throw notFound(message);
  return a;
}

/** Registers a return: each quantity at most its line's balance, checked under the assignment's and the lines' locks. */
export function registrar(deps: Deps, caller: AccessProfile, d: DevolucionDatos, now = new Date()) {
  const hoy = limaDate(now);
  const fecha = d.dei_fecha_registro ?? hoy;
  if (fecha > hoy) throw badRequest(ASI_MSG.fechaFutura);
  return deps.database.db.transaction(async (tx) => {
    const a = await lockAsignacion(tx, caller, d.asi_id, ASI_MSG.notFound);
    if (a.est_id === ASI_EST.ELIMINADO) throw conflict(ASI_MSG.yaEliminada);
    if (fecha < a.asi_fecha_registro) throw badRequest(ASI_MSG.fechaDevolucionAnterior);
    const lineas = new Map((await q.lockLineas(tx, a.asi_id)).map((l) => [l.aid_id, l]));
    for (const l of d.detalle) {
      const linea = lineas.get(l.aid_id);
      if (!linea) throw badRequest(ASI_MSG.lineaAjena);
      const saldo = new Decimal(linea.aid_cantidad).minus(linea.aid_devuelto);
      if (new Decimal(l.did_cantidad).gt(saldo)) throw conflict(ASI_MSG.saldoExcedido(linea.prv_nombre, formatDecimal(saldo.toFixed())));
    }
    const deiId = await dq.insertDevolucion(tx, { asi_id: a.asi_id, dei_fecha_registro: fecha, usu_registrador: caller.usu_id, pry_id: a.pry_id, dei_notas: d.dei_notas });
    const glosa = `Devolución N° ${deiId} de la asignación N° ${a.asi_id} (${a.solicitante})`;
    const orden = [...d.detalle].sort((x, y) => lineas.get(x.aid_id)!.pal_id - lineas.get(y.aid_id)!.pal_id);
    for (const l of orden) {
      const linea = lineas.get(l.aid_id)!;
      await dq.insertDetalle(tx, deiId, { aid_id: l.aid_id, pal_id: linea.pal_id, did_cantidad: l.did_cantidad, did_notas: l.did_notas });
      // The lines are locked and checked above; the conditional update is the last guard.
      if (!(await q.sumarDevuelto(tx, l.aid_id, l.did_cantidad))) throw conflict(ASI_MSG.saldoExcedido(linea.prv_nombre, '0'));
      // Valued kardex: the goods come back at the unit cost their assignment line left with.
      await entrada(tx, { palId: linea.pal_id }, l.did_cantidad, { doc: DOC.DEVOLUCION, docId: deiId, glosa, usuId: caller.usu_id }, linea.aid_costo_unitario);
    }
    return { dei_id: deiId, asi_id: a.asi_id, est_id: ASI_EST.REGISTRADO };
  });
}

/**
 * Deletes a return: its stock leaves the warehouse again through the ledger and the lines' balances
 * come back. When that stock is no longer there (moved or assigned since), 409 and nothing changes.
 */
export function eliminar(deps: Deps, caller: AccessProfile, deiId: number) {
  return deps.database.db.transaction(async (tx) => {
    const asiId = await dq.asignacionDe(tx, deiId);
    if (asiId === undefined) throw notFound(ASI_MSG.devolucionNotFound);
    await lockAsignacion(tx, caller, asiId, ASI_MSG.devolucionNotFound);
    const v = await dq.lockDevolucion(tx, deiId);
    if (!v) throw notFound(ASI_MSG.devolucionNotFound);
    if (v.est_id === ASI_EST.ELIMINADO) throw conflict(ASI_MSG.devolucionYaEliminada);
    await q.lockLineas(tx, asiId);
    const glosa = `Eliminación de la devolución N° ${deiId} de la asignación N° ${asiId}`;
    for (const l of await dq.lineas(tx, deiId)) {
      try {
        await salida(tx, l.pal_id, l.did_cantidad, { doc: DOC.DEVOLUCION, docId: deiId, glosa, usuId: caller.usu_id });
      } catch (err) {
        if (err instanceof AppError && err.statusCode === 409) throw conflict(ASI_MSG.stockYaSalio(l.prv_nombre));
        throw err;
      }
      if (!(await q.sumarDevuelto(tx, l.aid_id, new Decimal(l.did_cantidad).neg().toFixed()))) throw conflict();
    }
    await dq.marcarEliminada(tx, deiId, caller.usu_id);
    return { dei_id: deiId, asi_id: asiId, est_id: ASI_EST.ELIMINADO };
  });
}
