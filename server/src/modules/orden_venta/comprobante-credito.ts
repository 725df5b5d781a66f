import {
  CONDICIONES_CREDITO, CREDITO_MSG, ORDEN_VENTA_MSG as M, cuotasPorDefecto, formaPagoDe, montoPendiente, problemaCuotas, type Cuota, type FormaPago,
} from '@obra/domain';
import { badRequest } from '../../platform/errors.ts';
import type { OrdenLocked } from './queries.ts';

/**
 * The form of payment of a sales order's voucher (issue 23; docs/business-rules.md "Credit sales and
 * their voucher"). Read under the order's lock, from what the order has paid then: the cuotas must add
 * up to that pending amount exactly, whatever the screen showed.
 */

export interface PagoComprobante {
  forma_pago: FormaPago;
  cuotas?: Cuota[];
}

/** Why an order that is not fully paid cannot get its voucher yet. */
export const motivoSinPago = (o: Pick<OrdenLocked, 'coc_id' | 'aprobada'>) =>
  (CONDICIONES_CREDITO.includes(o.coc_id) && !o.aprobada ? CREDITO_MSG.sinAprobar : M.comprobanteNoPagada);

/**
 * The voucher issued on `fechaEmision` ('YYYY-MM-DD', Lima): 'Contado' for a cash or fully paid order
 * (which takes no cuotas), else 'Credito' with the cuotas sent, or by default one for the whole pending
 * amount 30 days on. Wrong cuotas answer 400 before any number is taken.
 */
export function pagoDelComprobante(o: OrdenLocked, cuotas: Cuota[] | null, fechaEmision: string): PagoComprobante {
  if (formaPagoDe(o) === 'Contado') {
    if (cuotas?.length) throw badRequest(CREDITO_MSG.contadoSinCuotas);
    return { forma_pago: 'Contado' };
  }
  const pendiente = montoPendiente(o);
  const lista = cuotas ?? cuotasPorDefecto(pendiente, fechaEmision);
  const problema = problemaCuotas(lista, fechaEmision, pendiente);
  if (problema) throw badRequest(problema);
  return { forma_pago: 'Credito', cuotas: lista.map((c) => ({ monto: c.monto, fecha: c.fecha })) };
}
