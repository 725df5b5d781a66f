import { EST } from '../common/statuses.ts';

/**
 * Dispatch states (spec 3 §4 "Dispatch", DECISIONS §6), generic `estado` ids: programado → en_carguio
 * → en_ruta → descargando → en_retorno → completado; cancelado only from programado. The server picks
 * the next state (cambiarSecuenciaEstado); a client never names it.
 */
export const ENV = {
  PROGRAMADO: EST.programado,
  EN_CARGUIO: EST.en_carguio,
  EN_RUTA: EST.en_ruta,
  DESCARGANDO: EST.descargando,
  EN_RETORNO: EST.en_retorno,
  COMPLETADO: EST.completado,
  CANCELADO: EST.cancelado,
} as const;

/** The sequence, in order. */
export const ENV_SECUENCIA: readonly number[] = [ENV.PROGRAMADO, ENV.EN_CARGUIO, ENV.EN_RUTA, ENV.DESCARGANDO, ENV.EN_RETORNO, ENV.COMPLETADO];

/** States the filters of the dispatch list offer. */
export const ENV_ESTADOS_FILTRO: readonly number[] = [...ENV_SECUENCIA, ENV.CANCELADO];

/** The state after `actual`, or null at the end of the sequence (completado) or when cancelled. */
export function envSiguienteEstado(actual: number): number | null {
  const i = ENV_SECUENCIA.indexOf(actual);
  return i < 0 || i === ENV_SECUENCIA.length - 1 ? null : ENV_SECUENCIA[i + 1];
}

/** A dispatch holds its mixer (its window counts for overlaps) unless completed or cancelled. */
export const envActivo = (estId: number) => estId !== ENV.COMPLETADO && estId !== ENV.CANCELADO;

/** Cancel and reschedule: programado only. */
export const envCancelable = (estId: number) => estId === ENV.PROGRAMADO;
export const envReprogramable = (estId: number) => estId === ENV.PROGRAMADO;

/**
 * The sender guide (issue 23): SUNAT wants it issued before the transfer starts, so it is offered from
 * programado on, once; a dispatch that left without one can still get it (late: `envGuiaTardia`).
 */
export const envGuiaGenerable = (estId: number, tieneGuia: boolean) => estId !== ENV.CANCELADO && !tieneGuia;

/** The truck is (or was) on its way: a guide issued now comes after the transfer started. */
export const envGuiaTardia = (estId: number) => ENV_SECUENCIA.indexOf(estId) >= ENV_SECUENCIA.indexOf(ENV.EN_RUTA);

/** Moving on puts the truck on the road without a guide: the confirmation asks for it first. */
export const envPideGuia = (estId: number, tieneGuia: boolean) => !tieneGuia && envSiguienteEstado(estId) === ENV.EN_RUTA;

/** Series of the sender guides (DECISIONS §6). */
export const GUIA_SERIE = 'T001';
