import {
  RENDICION_MSG, RendicionLinea, claveCentroCosto, claveTipoDocumento, dniRucProblem, limaDate, marcarRepetidos, revisarLinea, toDate,
  type RendicionLineaEntrada, type RendicionLineaRevisada,
} from '@obra/domain';
import type { CajaDatosCarga } from './api';

/**
 * The settlement grid's rows (spec 2 §2 "Settlement screen"): texts as typed, checked live with the
 * domain's `revisarLinea` (the server runs the same checks again and those that need the database).
 */

export const CAMPOS = [
  'red_fecha', 'red_dni_ruc', 'red_razon_social', 'red_descripcion', 'cec_codigo', 'tid_descripcion', 'red_serie', 'red_numero', 'red_importe',
] as const;
export type Campo = (typeof CAMPOS)[number];

export interface Fila extends Record<Campo, string> {
  key: string;
  /** The document type picked from the list; null when only its text was typed (or read from the sheet). */
  red_tipo_documento: number | null;
  /** Fields the user left: their problems show from then on (all of them after a register try or a load). */
  tocados: readonly Campo[] | 'todos';
  /** Problems only the server knows (a document already claimed), kept until the row changes. */
  erroresServidor: readonly string[];
}

let siguiente = 0;
const nuevaKey = () => `r${(siguiente += 1)}`;

export const filaVacia = (): Fila => ({
  key: nuevaKey(), red_fecha: '', red_dni_ruc: '', red_razon_social: '', red_descripcion: '', cec_codigo: '', tid_descripcion: '',
  red_serie: '', red_numero: '', red_importe: '', red_tipo_documento: null, tocados: [], erroresServidor: [],
});

/** A line the server answered (saved, loaded from a sheet or refused) as a grid row, all its problems shown. */
export function filaDeLinea(l: RendicionLineaRevisada, key = nuevaKey()): Fila {
  return {
    key,
    red_fecha: l.red_fecha ?? '', red_dni_ruc: l.red_dni_ruc ?? '', red_razon_social: l.red_razon_social ?? '',
    red_descripcion: l.red_descripcion ?? '', cec_codigo: l.cec_codigo ?? '', tid_descripcion: l.tid_descripcion ?? '',
    red_serie: l.red_serie ?? '', red_numero: l.red_numero ?? '', red_importe: l.red_importe ?? '',
    red_tipo_documento: l.red_tipo_documento ?? null, tocados: 'todos',
    // The server's reasons the grid cannot reproduce (a document already claimed) stay beside the row.
    erroresServidor: [...new Set(l.red_errores ?? [])],
  };
}

/** The cash box's life as the server checks it: from its registration day to today (Lima dates; the server sends Lima times). */
export const vidaCaja = (fechaRegistro: string, hoy = limaDate()) => ({ desde: toDate(fechaRegistro), hasta: hoy });

/** What a row is checked against: the lookup lists of `/caja/cargarDatos` and the cash's life. */
export interface Ctx extends Pick<CajaDatosCarga, 'centros_costo' | 'tipos_documento'> {
  desde: string;
  hasta: string;
}

const cecId = (f: Fila, ctx: Ctx) => {
  const k = claveCentroCosto(f.cec_codigo);
  return k ? ctx.centros_costo.find((c) => claveCentroCosto(c.cec_codigo) === k)?.cec_id ?? null : null;
};

const tidId = (f: Fila, ctx: Ctx) => {
  if (f.red_tipo_documento !== null && ctx.tipos_documento.some((t) => t.tid_id === f.red_tipo_documento)) return f.red_tipo_documento;
  const k = claveTipoDocumento(f.tid_descripcion);
  if (!k) return null;
  // As the server: by name or SUNAT code, '1' being '01'.
  const numero = /^\d+$/.test(k) ? Number(k) : null;
  return ctx.tipos_documento.find((t) => claveTipoDocumento(t.tid_descripcion) === k || claveTipoDocumento(t.tid_codigo) === k
    || (numero !== null && /^\d+$/.test(t.tid_codigo) && Number(t.tid_codigo) === numero))?.tid_id ?? null;
};

/** The line the server receives: the row's texts, numbered from 1. */
export const lineaDeFila = (f: Fila, i: number): RendicionLineaEntrada => ({
  red_item: i + 1,
  red_fecha: f.red_fecha, red_dni_ruc: f.red_dni_ruc, red_razon_social: f.red_razon_social, red_descripcion: f.red_descripcion,
  cec_codigo: f.cec_codigo, tid_descripcion: f.tid_descripcion, red_tipo_documento: f.red_tipo_documento,
  red_serie: f.red_serie, red_numero: f.red_numero, red_importe: f.red_importe,
});

/** Which cell a message of `revisarLinea` is about; null for the row as a whole (a repeated document). */
function campoDe(msg: string, f: Fila, ctx: Ctx): Campo | null {
  const M = RENDICION_MSG;
  if (msg === M.fecha || msg === M.fechaFuera(ctx.desde, ctx.hasta)) return 'red_fecha';
  if (msg === dniRucProblem(f.red_dni_ruc.trim())) return 'red_dni_ruc';
  if (msg === M.razonSocial || msg === M.razonSocialMaxima) return 'red_razon_social';
  if (msg === M.descripcionMaxima) return 'red_descripcion';
  if (msg === M.centroCosto(f.cec_codigo.trim()) || msg === M.centroOtroProyecto(f.cec_codigo.trim())) return 'cec_codigo';
  if (msg === M.tipoDocumento(f.tid_descripcion.trim())) return 'tid_descripcion';
  if (msg === M.serie) return 'red_serie';
  if (msg === M.numero) return 'red_numero';
  if (msg === M.importe) return 'red_importe';
  return null;
}

export interface Revision {
  /** The problems to show for the row (of the fields already left, and the row's own). */
  errores: string[];
  /** Cells to show in red. */
  campos: Set<Campo>;
  /** The canonical amount when it is valid, for the totals. */
  importe: string | null;
}

/** Every row checked as the server would (DNI/RUC, dates in the cash's life, amounts, lookups, repeats within the grid). */
export function revisarFilas(filas: readonly Fila[], ctx: Ctx): Revision[] {
  const revisadas = filas.map((f, i) => revisarLinea(RendicionLinea.parse(lineaDeFila(f, i)), i + 1, { desde: ctx.desde, hasta: ctx.hasta, cec_id: cecId(f, ctx), tid_id: tidId(f, ctx) }));
  marcarRepetidos(revisadas);
  return revisadas.map((r, i) => {
    const f = filas[i];
    const campos = new Set<Campo>();
    const errores: string[] = [];
    for (const e of r.red_errores) {
      const campo = campoDe(e, f, ctx);
      if (campo && f.tocados !== 'todos' && !f.tocados.includes(campo)) continue;
      if (campo) campos.add(campo);
      errores.push(e);
    }
    for (const e of f.erroresServidor) {
      // Repeats are counted again over the whole grid: the server's numbers are those of its own list (a loaded sheet).
      if (e === RENDICION_MSG.repetidoEnGrilla(Number(/\d+$/.exec(e)?.[0]))) continue;
      const campo = campoDe(e, f, ctx);
      if (campo) campos.add(campo);
      if (!errores.includes(e)) errores.push(e);
    }
    const importe = r.red_errores.includes(RENDICION_MSG.importe) ? null : r.red_importe;
    return { errores, campos, importe };
  });
}
