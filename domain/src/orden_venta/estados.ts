import { EST } from '../common/statuses.ts';
import { toScaled } from '../common/format.ts';
import { ventaACredito } from './credito.ts';

/**
 * Sales order states (spec 3 §4, DECISIONS §6), generic `estado` ids. The payment state is derived
 * from the active payments: none → creado (or aprobado when a credit sale was approved), some →
 * pago_parcial, the total covered → pagado. Dispatch (issue 14) moves an order on to en_despacho and
 * completado; paid-ness stays an amount (`ovt_pagado`).
 */
export const OVT = {
  CREADO: EST.creado,
  APROBADO: EST.aprobado,
  PAGO_PARCIAL: EST.pago_parcial,
  PAGADO: EST.pagado,
  EN_DESPACHO: EST.en_despacho,
  COMPLETADO: EST.completado,
} as const;

/** The statuses the list's filter offers (spec 3 §4), in that order. */
export const OVT_ESTADOS_FILTRO: readonly number[] = [OVT.CREADO, OVT.PAGADO, OVT.PAGO_PARCIAL, OVT.APROBADO, OVT.EN_DESPACHO, OVT.COMPLETADO];

/** States in which an order may be scheduled for dispatch (DECISIONS §6). */
export const OVT_DESPACHABLE: readonly number[] = [OVT.APROBADO, OVT.PAGO_PARCIAL, OVT.PAGADO];

/**
 * The state after the paid amount changed, for an order not yet in dispatch: pagado when `pagado`
 * covers `total`, pago_parcial when some is paid, else creado, or aprobado when it had been approved.
 * Orders in en_despacho or completado keep their state.
 */
export function ovtEstadoPorPagos(actual: number, total: string, pagado: string, aprobada: boolean): number {
  if (actual === OVT.EN_DESPACHO || actual === OVT.COMPLETADO) return actual;
  const t = toScaled(total, 2) ?? 0n;
  const p = toScaled(pagado, 2) ?? 0n;
  if (p > 0n && p >= t) return OVT.PAGADO;
  if (p > 0n) return OVT.PAGO_PARCIAL;
  return aprobada ? OVT.APROBADO : OVT.CREADO;
}

/** Editing (modificar) is allowed while nothing was paid, approved or dispatched: creado only. */
export const ovtEditable = (estId: number) => estId === OVT.CREADO;

/**
 * A voucher may be generated when the order has none yet, the client is not special and the order is
 * fully paid (spec 3 §4), or, for an approved credit sale, from approval on (issue 23, `ventaACredito`).
 */
export function comprobanteGenerable(o: {
  ovt_total: string; ovt_pagado: string; ovt_comprobante: string | null; cli_especial: number; coc_id: number; aprobada: boolean;
}): boolean {
  const t = toScaled(o.ovt_total, 2) ?? 0n;
  const p = toScaled(o.ovt_pagado, 2) ?? 0n;
  return t > 0n && (p >= t || ventaACredito(o)) && !o.ovt_comprobante && o.cli_especial === 0;
}
