import type { AccessProfile, OrdenVentaPagoDatos } from '@obra/domain';
import { EST, ORDEN_VENTA_MSG as M, decimalMenorIgual, ovtEstadoPorPagos, ventaSaldo } from '@obra/domain';
import type { Tx } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { nextNumber } from '../../platform/counters.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { storedFileName, type CheckedFile } from '../../platform/files.ts';
import * as pq from './pago-queries.ts';
import * as q from './queries.ts';
import { OPC, lockOrden, puede } from './service.ts';

/**
 * Payments of a sales order (spec 3 §2 "View order popup", §5 "Payments"; DECISIONS §6). Each one runs
 * in a transaction that locks the order first: the balance it checks is the committed one, so two
 * payments at once cannot together exceed the total. `ovt_pagado` is the sum of the active payments
 * and the state follows it (`ovtEstadoPorPagos`).
 */

const ACTIVO = EST.activo;
const CANCELADO = EST.cancelado;
/** A payment time a little ahead of the server's clock is the browser's clock, not the future. */
const TOLERANCIA_MS = 5 * 60_000;
const MIME: Record<string, string> = { pdf: 'application/pdf', jpg: 'image/jpeg', png: 'image/png' };

/** Counter series of an order's payment numbers: 1, 2, 3 ... within the order. */
const serie = (ovtId: number) => `OVP-${ovtId}`;

function checkOpcion(caller: AccessProfile) {
  if (!puede(caller, OPC.pago)) throw forbidden(M.sinOpcionPago);
}

/** Recomputes what the order has paid and its state after a payment changed. */
async function recalcular(tx: Tx, o: q.OrdenLocked) {
  const ovt_pagado = await pq.pagado(tx, o.ovt_id, ACTIVO);
  const est_id = ovtEstadoPorPagos(o.est_id, o.ovt_total, ovt_pagado, o.aprobada);
  await q.updateOrden(tx, o.ovt_id, { ovt_pagado, est_id });
  return { ovt_pagado, est_id, saldo: ventaSaldo(o.ovt_total, ovt_pagado) };
}

/** Registers a payment within the balance; returns its id (the screen then attaches the file with it). */
export async function registrar(deps: Deps, caller: AccessProfile, d: OrdenVentaPagoDatos, now = new Date()) {
  checkOpcion(caller);
  if (new Date(d.ovp_fecha_pago).getTime() > now.getTime() + TOLERANCIA_MS) throw badRequest(M.fechaPagoFutura);
  return deps.database.db.transaction(async (tx) => registrarEn(tx, caller, d));
}

/** `registrar` inside the caller's transaction (the route's or the demo seed's). */
export async function registrarEn(tx: Tx, caller: AccessProfile, d: OrdenVentaPagoDatos) {
  const o = await lockOrden(tx, d.ovt_id);
  const saldo = ventaSaldo(o.ovt_total, o.ovt_pagado);
  if (decimalMenorIgual(saldo, '0')) throw conflict(M.sinSaldo);
  if (!decimalMenorIgual(d.ovp_monto, saldo)) throw conflict(M.pagoExcede(saldo));
  const ovp_orden = await nextNumber(tx, serie(o.ovt_id), 0);
  const ovp_id = await pq.insert(tx, {
    ovt_id: o.ovt_id, ovp_orden, ovp_fecha_pago: new Date(d.ovp_fecha_pago), ovp_descripcion: d.ovp_descripcion, ovp_monto: d.ovp_monto,
    ovp_registrador: caller.usu_id, est_id: ACTIVO,
  });
  return { ovp_id, ovp_orden, ovt_id: o.ovt_id, ...(await recalcular(tx, o)) };
}

/** Order and payment locked, in that order; 404 when the payment does not exist. */
async function lockPago(tx: Tx, ovpId: number) {
  const ovtId = await pq.ordenDe(tx, ovpId);
  if (ovtId === undefined) throw notFound(M.pagoNotFound);
  const orden = await lockOrden(tx, ovtId);
  const pago = await pq.lock(tx, ovpId);
  if (!pago) throw notFound(M.pagoNotFound);
  return { orden, pago };
}

/** Cancels a payment (it stays listed as cancelado); refused once the order has its e-voucher. */
export function cancelar(deps: Deps, caller: AccessProfile, ovpId: number, now = new Date()) {
  checkOpcion(caller);
  return deps.database.db.transaction(async (tx) => {
    const { orden, pago } = await lockPago(tx, ovpId);
    if (pago.est_id === CANCELADO) throw conflict(M.pagoYaCancelado);
    if (orden.ovt_comprobante) throw conflict(M.pagoConComprobante);
    await pq.update(tx, ovpId, { est_id: CANCELADO, ovp_cancelador: caller.usu_id, ovp_fecha_cancelacion: now });
    return { ovp_id: ovpId, ovt_id: orden.ovt_id, ...(await recalcular(tx, orden)) };
  });
}

/** Attaches (or replaces) the payment's voucher file; the old file is removed once the new one is recorded. */
export async function adjuntar(deps: Deps, caller: AccessProfile, ovpId: number, file: CheckedFile) {
  checkOpcion(caller);
  let clave: string | null = null;
  let anterior: string | null = null;
  try {
    // Stored before the transaction, which holds row locks and must not wait on the storage.
    const key = await deps.storage.put('ordenes-venta-pagos', file.extension, file.buffer);
    clave = key;
    await deps.database.db.transaction(async (tx) => {
      const { pago } = await lockPago(tx, ovpId);
      if (pago.est_id === CANCELADO) throw conflict(M.pagoInactivo);
      await pq.update(tx, ovpId, { ovp_archivo_clave: key, ovp_archivo_nombre: storedFileName(file.filename, file.extension) });
      anterior = pago.ovp_archivo_clave;
    });
  } catch (err) {
    // The row was not changed: the file just stored belongs to nobody.
    if (clave) await deps.storage.remove(clave);
    throw err;
  }
  if (anterior) await deps.storage.remove(anterior);
  return { ovp_id: ovpId };
}

/** The payment's voucher file: bytes, type and name; 404 'El pago no tiene documento adjunto' without one. */
export async function descargar(deps: Deps, ovpId: number) {
  const r = await pq.archivo(deps.database.db, ovpId);
  if (!r) throw notFound(M.pagoNotFound);
  const content = r.ovp_archivo_clave ? await deps.storage.get(r.ovp_archivo_clave) : null;
  if (!r.ovp_archivo_clave || !content) throw notFound(M.pagoSinArchivo);
  const ext = r.ovp_archivo_clave.split('.').pop() ?? '';
  return { content, mime: MIME[ext] ?? 'application/octet-stream', nombre: r.ovp_archivo_nombre ?? `pago-${r.ovp_orden}.${ext}` };
}
