import type { AccessProfile } from '@obra/domain';
import { PEDIDO_MSG, PEI_COMPRABLE, peiEstadoNombre } from '@obra/domain';
import Decimal from 'decimal.js';
import type { Tx } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { inScope, projectScope } from '../../platform/scope.ts';
import * as cq from './compras-queries.ts';
import * as q from './queries.ts';

/**
 * The link between purchase orders and purchase requests (DECISIONS §7), called by the order module inside its own
 * transaction: an order made from a request keeps `pei_id`; each of its lines with `pid_id` buys from that request's
 * line, adding its quantity to the line's bought quantity (`oci_cantidad`), never above the approved one. Changing
 * or cancelling the order gives quantities back the same way. Every refusal is a 4xx with a Spanish message.
 */

/** What an order takes from requests: its request and its lines (product and quantity; `pid_id` for a request's line). */
export interface VinculoOrden {
  pei_id: number | null;
  lineas: { pid_id: number | null; prv_id: number | null; cantidad: string }[];
}

/** The order's links as stored, to pass as `antes` of a change or cancellation. */
export const vinculoDeOrden = (tx: Tx, ordId: number): Promise<VinculoOrden> => cq.vinculoDeOrden(tx, ordId);

const sumas = (v: VinculoOrden | null) => {
  const out = new Map<number, Decimal>();
  for (const l of v?.lineas ?? []) {
    if (l.pid_id !== null) out.set(l.pid_id, (out.get(l.pid_id) ?? new Decimal(0)).plus(l.cantidad));
  }
  return out;
};

interface Opciones {
  /** The project of the order's cost centre: an order buys for the request's project. */
  pry_id?: number;
  /** Cancelling the order: quantities go back even to a request no longer approved (it never blocks a cancellation). */
  devolucion?: boolean;
}

/**
 * Brings the request lines from `antes` (the order as stored, or null for a new one) to `despues` (as it will be, or
 * null when cancelled): checks the new link (the request exists in the caller's scope, is approved, is of the order's
 * project; each line belongs to it and buys its product), then applies the difference per line in `pid_id` order.
 * The requests involved are locked `FOR SHARE` first: orders buy side by side, while completing a request
 * (`FOR UPDATE`) waits for them and they wait for it, so nothing is bought from a request after it was completed.
 */
export async function sincronizarOrden(tx: Tx, caller: AccessProfile, antes: VinculoOrden | null, despues: VinculoOrden | null, opts: Opciones = {}) {
  if (despues && despues.pei_id === null && despues.lineas.some((l) => l.pid_id !== null)) throw badRequest(PEDIDO_MSG.lineaSinPedido);
  const peiIds = [...new Set([antes?.pei_id, despues?.pei_id].filter((x): x is number => x != null))].sort((a, b) => a - b);
  if (peiIds.length === 0) return;
  const pedidos = new Map<number, q.Bloqueado>();
  for (const id of peiIds) {
    const p = await q.bloquear(tx, id, 'share');
    if (p) pedidos.set(id, p);
  }

  const nuevo = despues?.pei_id ?? null;
  const lineasNuevas = despues?.lineas.filter((l) => l.pid_id !== null) ?? [];
  const info = new Map((await cq.lineasPedido(tx, [...new Set([...sumas(antes).keys(), ...sumas(despues).keys()])])).map((l) => [Number(l.pid_id), l]));
  if (nuevo !== null) {
    const p = pedidos.get(nuevo);
    if (!p || !inScope(projectScope(caller), Number(p.pry_id))) throw notFound(PEDIDO_MSG.notFound);
    if (nuevo !== antes?.pei_id && p.pei_estado !== PEI_COMPRABLE) throw conflict(PEDIDO_MSG.pedidoNoAprobado(p.pei_codigo, peiEstadoNombre(p.pei_estado)));
    if (opts.pry_id !== undefined && opts.pry_id !== Number(p.pry_id)) throw badRequest(PEDIDO_MSG.proyectoOrden(p.pei_codigo));
    for (const l of lineasNuevas) {
      const d = info.get(l.pid_id!);
      if (!d || Number(d.pei_id) !== nuevo) throw badRequest(PEDIDO_MSG.lineaAjena(p.pei_codigo));
      if (l.prv_id !== Number(d.prv_id)) throw badRequest(PEDIDO_MSG.lineaProducto(d.prv_nombre));
    }
  }

  const previo = sumas(antes);
  const siguiente = sumas(despues);
  const cambios = [...new Set([...previo.keys(), ...siguiente.keys()])]
    .map((pid) => ({ pid, delta: (siguiente.get(pid) ?? new Decimal(0)).minus(previo.get(pid) ?? 0) }))
    .filter((c) => !c.delta.isZero())
    .sort((a, b) => a.pid - b.pid);
  for (const { pid, delta } of cambios) {
    const d = info.get(pid)!;
    const p = pedidos.get(Number(d.pei_id))!;
    if (p.pei_estado !== PEI_COMPRABLE && !(opts.devolucion && delta.isNegative())) {
      throw conflict(PEDIDO_MSG.pedidoCerrado(p.pei_codigo, peiEstadoNombre(p.pei_estado)));
    }
    if (await cq.sumarComprado(tx, pid, delta.toFixed())) continue;
    const ahora = await cq.linea(tx, pid);
    const pendiente = new Decimal(ahora?.pid_cantidad_aprobada ?? 0).minus(ahora?.oci_cantidad ?? 0);
    throw conflict(PEDIDO_MSG.excedeAprobado(d.prv_nombre, p.pei_codigo, pendiente.toFixed()));
  }
}
