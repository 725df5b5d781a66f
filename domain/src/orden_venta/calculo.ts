import Decimal from 'decimal.js';

/**
 * Sales order amounts (spec 3 §5 "Order lines", §9; DECISIONS §2). The order popup calls it for live
 * totals and the server recomputes with it on save, ignoring the amounts a client sends. A line's
 * subtotal is price × quantity rounded to 2 decimals (half-up), its IGV is that subtotal × the rate
 * rounded to 2, its total the sum; the order's subtotal, IGV and total are the sums of the lines.
 */

const D = Decimal.clone({ precision: 60, rounding: Decimal.ROUND_HALF_UP });

/** IGV rate as a fraction (spec 3 §9). */
export const IGV_TASA = '0.18';

export interface VentaLineaEntrada {
  /** Unit price without IGV, as decimal text. */
  ovd_precio: string;
  /** Quantity, as decimal text (m³ of concrete, hours of pumping, units). */
  ovd_cantidad: string;
}

export interface VentaLineaMontos {
  ovd_subtotal: string;
  ovd_igv: string;
  ovd_total: string;
}

export interface VentaTotales {
  lineas: VentaLineaMontos[];
  ovt_subtotal: string;
  ovt_igv_tasa: string;
  ovt_igv: string;
  ovt_total: string;
}

const dos = (d: InstanceType<typeof D>) => d.toDecimalPlaces(2, D.ROUND_HALF_UP);

/** Amounts of each line and of the order, as 2-decimal texts ('1180.00'). Throws on a text that is not a decimal. */
export function ventaTotales(lineas: readonly VentaLineaEntrada[], igvTasa: string = IGV_TASA): VentaTotales {
  const tasa = new D(igvTasa);
  let subtotal = new D(0);
  let igv = new D(0);
  const montos = lineas.map((l) => {
    const s = dos(new D(l.ovd_precio).times(new D(l.ovd_cantidad)));
    const i = dos(s.times(tasa));
    subtotal = subtotal.plus(s);
    igv = igv.plus(i);
    return { ovd_subtotal: s.toFixed(2), ovd_igv: i.toFixed(2), ovd_total: s.plus(i).toFixed(2) };
  });
  return {
    lineas: montos,
    ovt_subtotal: subtotal.toFixed(2),
    ovt_igv_tasa: tasa.toString(),
    ovt_igv: igv.toFixed(2),
    ovt_total: subtotal.plus(igv).toFixed(2),
  };
}

/** Price with IGV of a sale product: maximum price × 1.18, 2 decimals (spec 3 §5 "Sale product"). */
export function precioConIgv(precio: string, igvTasa: string = IGV_TASA): string {
  return dos(new D(precio).times(new D(1).plus(new D(igvTasa)))).toFixed(2);
}

/** The balance still to pay: total − paid, 2 decimals. */
export function ventaSaldo(total: string, pagado: string): string {
  return new D(total).minus(new D(pagado)).toFixed(2);
}

/** Whether `a` ≤ `b` as decimals (a payment within the balance, a price at or above the minimum). */
export const decimalMenorIgual = (a: string, b: string) => new D(a).lte(new D(b));
