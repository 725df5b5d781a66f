import { toScaled } from '../common/format.ts';

/**
 * The dispatch time formulas of spec 3 §5 "Dispatch scheduling", written once: the schedule popup
 * shows them and the server recomputes them (what a client sends for loading and return is ignored).
 *
 * - loading (carguío) = departure − 1.5 min × round(quantity) − 10 min;
 * - return (retorno) = delivery + (delivery − departure) + 2.5 min × quantity;
 * - the departure must be before the delivery, else 'La hora de salida no puede ser mayor o igual a
 *   la hora de entrega';
 * - a quantity is capped at the chosen mixer's capacity.
 *
 * Quantities are decimal texts (NUMERIC(14,4)); the minutes are computed in whole milliseconds from
 * the scaled quantity (2.5 min × 0.0001 m³ = 15 ms), so there is no float rounding.
 */

export const ENVIO_HORA_SALIDA_MSG = 'La hora de salida no puede ser mayor o igual a la hora de entrega';
/** Default frequency between dispatches of a line, minutes (spec 3 §9). */
export const ENVIO_FRECUENCIA_DEFECTO = 60;

const MIN = 60_000;
const ESCALA = 4;
const UNO = 10n ** BigInt(ESCALA);

/** round(quantity), half up (quantities are never negative). */
export function cantidadRedondeada(cantidad: string): number {
  const q = toScaled(cantidad, ESCALA) ?? 0n;
  return Number((q + UNO / 2n) / UNO);
}

export interface EnvioHoras {
  /** ISO instants. */
  env_fecha_hora_carguio: string;
  env_fecha_hora_salida: string;
  env_fecha_hora_envio: string;
  env_fecha_hora_retorno: string;
}

/** Loading time from the departure and the quantity. */
export function horaCarguio(salida: Date, cantidad: string): Date {
  return new Date(salida.getTime() - cantidadRedondeada(cantidad) * 1.5 * MIN - 10 * MIN);
}

/** Return time from the delivery, the departure and the quantity (2.5 min per m³, exact to the ms). */
export function horaRetorno(salida: Date, entrega: Date, cantidad: string): Date {
  const q = toScaled(cantidad, ESCALA) ?? 0n;
  const extra = Number((q * 150_000n) / UNO); // 2.5 min = 150 000 ms per m³
  return new Date(entrega.getTime() + (entrega.getTime() - salida.getTime()) + extra);
}

/**
 * The four times of a dispatch, or the spec's message when the departure is not before the delivery.
 * Times are ISO instants (or Dates).
 */
export function calcularHorasEnvio(salida: string | Date, entrega: string | Date, cantidad: string): { ok: true; horas: EnvioHoras } | { ok: false; mensaje: string } {
  const s = new Date(salida);
  const e = new Date(entrega);
  if (Number.isNaN(s.getTime()) || Number.isNaN(e.getTime()) || s.getTime() >= e.getTime()) return { ok: false, mensaje: ENVIO_HORA_SALIDA_MSG };
  return {
    ok: true,
    horas: {
      env_fecha_hora_carguio: horaCarguio(s, cantidad).toISOString(),
      env_fecha_hora_salida: s.toISOString(),
      env_fecha_hora_envio: e.toISOString(),
      env_fecha_hora_retorno: horaRetorno(s, e, cantidad).toISOString(),
    },
  };
}

/** The quantity capped at the mixer's capacity (the popup does it when a mixer is chosen; the server refuses more). */
export function cantidadTope(cantidad: string, capacidad: string): string {
  const q = toScaled(cantidad, ESCALA) ?? 0n;
  const c = toScaled(capacidad, ESCALA) ?? 0n;
  return escalaATexto(q > c ? c : q);
}

/** A scaled quantity as plain decimal text without trailing zeros ('8.5', '7'). */
function escalaATexto(v: bigint): string {
  const t = v.toString().padStart(ESCALA + 1, '0');
  const dec = t.slice(-ESCALA).replace(/0+$/, '');
  return dec ? `${t.slice(0, -ESCALA)}.${dec}` : t.slice(0, -ESCALA);
}

/** a ≤ b for decimal texts. */
export const cantidadMenorIgual = (a: string, b: string) => (toScaled(a, ESCALA) ?? 0n) <= (toScaled(b, ESCALA) ?? 0n);

/** Whether two windows [a1, a2) and [b1, b2) overlap (a window touching another's end does not). */
export const ventanasSeCruzan = (a1: Date, a2: Date, b1: Date, b2: Date) => a1.getTime() < b2.getTime() && b1.getTime() < a2.getTime();
