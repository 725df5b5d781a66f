import { formatDecimal, toScaled } from '@obra/domain';

/** A stock quantity: thousands separated, decimals only when they matter ('1,250', '10.5'). */
export const formatCantidad = (v: string | null | undefined) => (v == null ? '-' : formatDecimal(v));

/** A kardex quantity: '+' for an entry (spec 2 §2); an exit keeps its '-' and shows in red. */
export const kardexCantidad = (v: string) => (v.startsWith('-') ? formatDecimal(v) : `+${formatDecimal(v)}`);

/** The product as the inventory names it: with its serial number when it has one. */
export const productoLabel = (r: { prv_nombre: string; pal_numero_serie: string }) =>
  r.pal_numero_serie ? `${r.prv_nombre} (S/N ${r.pal_numero_serie})` : r.prv_nombre;

/** What a stock lacks to reach its minimum, exact (decimal texts), never below 0: the quantity a renewal order asks for. */
export function faltante(minimo: string, stock: string): string {
  const d = (toScaled(minimo, 4) ?? 0n) - (toScaled(stock, 4) ?? 0n);
  if (d <= 0n) return '0';
  const frac = (d % 10000n).toString().padStart(4, '0').replace(/0+$/, '');
  return frac ? `${d / 10000n}.${frac}` : `${d / 10000n}`;
}
