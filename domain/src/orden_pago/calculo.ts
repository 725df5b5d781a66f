import Decimal from 'decimal.js';

/**
 * Payment order amounts (spec 1 §5, §3; DECISIONS §2 and §4). The popup shows them live and the
 * server stores them, both through these functions; amounts a client sends are ignored.
 */

const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });

/** Payment systems of a payment order (`opg_sistema_pago`; the spec names the list but not its items). */
export const SISTEMAS_PAGO = [
  { id: 1, descripcion: 'Transferencia bancaria' },
  { id: 2, descripcion: 'Cheque' },
  { id: 3, descripcion: 'Efectivo' },
  { id: 4, descripcion: 'Carta de crédito' },
] as const;
export const sistemaPagoNombre = (id: number) => SISTEMAS_PAGO.find((s) => s.id === id)?.descripcion ?? String(id);

export interface OrdenPagoMontos {
  /** Whole number with 2 decimals ('120.00'). */
  opg_detraccion: string;
  opg_pago: string;
}

/**
 * detracción = total × the order's detracción rate, rounded half-up to a whole number;
 * pago = total − detracción. `tasa` is a fraction (0.12); none or empty means 0.
 */
export function calcularMontos(total: string | number, tasa: string | number | null | undefined): OrdenPagoMontos {
  const t = new D(total);
  const rate = tasa === null || tasa === undefined || String(tasa).trim() === '' ? new D(0) : new D(tasa).abs();
  const detraccion = t.times(rate).toDecimalPlaces(0, D.ROUND_HALF_UP);
  return { opg_detraccion: detraccion.toFixed(2), opg_pago: t.minus(detraccion).toFixed(2) };
}

/** Balance of an order: total − Σ non-cancelled payment orders, and its share of the total in percent (2 decimals). */
export function calcularSaldo(total: string | number, comprometido: string | number): { saldo: string; porcentaje: string } {
  const t = new D(total);
  const saldo = t.minus(comprometido);
  const porcentaje = t.isZero() ? new D(0) : saldo.times(100).div(t).toDecimalPlaces(2, D.ROUND_HALF_UP);
  return { saldo: saldo.toFixed(2), porcentaje: porcentaje.toFixed(2) };
}

/** What a payment order may take: the balance plus what `propio` (the one being modified) already takes. */
export const saldoDisponible = (total: string | number, comprometido: string | number, propio: string | number = 0) =>
  new D(total).minus(comprometido).plus(propio).toFixed(2);

/** Whether `total` fits in the balance `saldo` (both decimal texts). */
export const cabeEnSaldo = (total: string | number, saldo: string | number) => new D(total).lte(saldo);
