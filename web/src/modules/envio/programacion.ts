import { calcularHorasEnvio, cantidadTope, formatFechaHoraLima, fromScaled, parseFechaHoraLima, toScaled } from '@obra/domain';

/**
 * The schedule popup's rows and proposals (spec 3 §5 "Dispatch scheduling"). The times come from the
 * domain's formulas (calcularHorasEnvio), the same the server recomputes; here only what the popup
 * proposes: the next dispatch of a line delivers one frequency after the one before, with the same
 * gap between departure and delivery.
 */
export interface FilaEnvio {
  key: string;
  ovd_id: number;
  mix_id: number | null;
  cantidad: string;
  /** 'dd-mm-yyyy', Lima. */
  fecha: string;
  /** 'HH:mm', Lima. */
  entrega: string;
  salida: string;
  frecuencia: string;
}

/** The departure proposed for the first dispatch: this many minutes before its delivery (our choice). */
export const SALIDA_ANTES_MIN = 30;

let secuencia = 0;
export const nuevaClave = () => `n${++secuencia}`;

/** 'dd-mm-yyyy' + 'HH:mm' (Lima) as an instant, or null. */
export const instante = (fecha: string, hora: string) => (/^\d{2}:\d{2}$/.test(hora) ? parseFechaHoraLima(`${fecha} ${hora}`) : null);

/** An instant moved by some minutes, as Lima 'dd-mm-yyyy' and 'HH:mm'. */
export function mover(iso: string, minutos: number): { fecha: string; hora: string } {
  const t = formatFechaHoraLima(new Date(new Date(iso).getTime() + minutos * 60_000));
  return { fecha: t.slice(0, 10), hora: t.slice(11, 16) };
}

/** Loading and return of a row as 'HH:mm' (and the date when it is another day), or the formula's message. */
export function horasDeFila(f: FilaEnvio): { carguio: string; retorno: string } | { error: string } | null {
  const salida = instante(f.fecha, f.salida);
  const entrega = instante(f.fecha, f.entrega);
  if (!salida || !entrega || toScaled(f.cantidad, 4) === null) return null;
  const r = calcularHorasEnvio(salida, entrega, f.cantidad);
  if (!r.ok) return { error: r.mensaje };
  const corto = (iso: string) => {
    const t = formatFechaHoraLima(iso);
    return t.slice(0, 10) === f.fecha ? t.slice(11) : t;
  };
  return { carguio: corto(r.horas.env_fecha_hora_carguio), retorno: corto(r.horas.env_fecha_hora_retorno) };
}

/** Decimal text of a scaled quantity without thousands separators or trailing zeros. */
export const textoEscala = (v: bigint) => fromScaled(v, 4).replace(/,/g, '').replace(/\.?0+$/, '');

/** What is left of a line's balance after the rows not yet sent. */
export function restante(saldo: string, filas: FilaEnvio[]): bigint {
  return filas.reduce((r, f) => r - (toScaled(f.cantidad, 4) ?? 0n), toScaled(saldo, 4) ?? 0n);
}

/** The next row of a line: after its last row, or at the order's delivery on the first one. */
export function proponerFila(ovdId: number, previas: FilaEnvio[], base: { fecha: string; hora: string }, frecuencia: number, disponible: bigint,
  capacidad: (mixId: number | null) => string | null): FilaEnvio {
  const ultima = previas.at(-1);
  let fecha = base.fecha;
  let entrega = base.hora;
  let salida = mover(instante(base.fecha, base.hora)!, -SALIDA_ANTES_MIN).hora;
  const mix_id = ultima?.mix_id ?? null;
  if (ultima) {
    const e = instante(ultima.fecha, ultima.entrega);
    const s = instante(ultima.fecha, ultima.salida);
    const freq = Number(ultima.frecuencia) || frecuencia;
    if (e) {
      const sig = mover(e, freq);
      fecha = sig.fecha;
      entrega = sig.hora;
      const gap = s ? Math.round((new Date(e).getTime() - new Date(s).getTime()) / 60_000) : SALIDA_ANTES_MIN;
      salida = mover(instante(sig.fecha, sig.hora)!, -gap).hora;
    }
  }
  const cap = capacidad(mix_id);
  const cantidad = disponible > 0n ? textoEscala(disponible) : '';
  return {
    key: nuevaClave(), ovd_id: ovdId, mix_id, fecha, entrega, salida,
    cantidad: cap && cantidad ? cantidadTope(cantidad, cap) : cantidad,
    frecuencia: String(ultima ? Number(ultima.frecuencia) || frecuencia : frecuencia),
  };
}
