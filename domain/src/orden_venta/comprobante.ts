import { z } from 'zod';
import { coercedIdSchema } from '../common/ids.ts';
import { PageQuery } from '../common/envelope.ts';
import { isDate, toDate } from '../common/time.ts';

/**
 * E-vouchers as sent to SUNAT (issue 22, DECISIONS §6): their states, what may be done in each, the
 * 'Comprobantes electrónicos' list and its downloads. A state is only what the channel answered:
 * 'aceptado' means a CDR said so.
 */

export const CPE_ESTADO = {
  /** Signed and stored; the worker sends it. */
  POR_ENVIAR: 'por_enviar',
  /** Received by the channel, its answer comes later (a ticket, Nubefact's pending). */
  ENVIADO: 'enviado',
  ACEPTADO: 'aceptado',
  /** Accepted with observations (CDR notes 4000+). */
  OBSERVADO: 'observado',
  /** Refused by SUNAT (2000-3999): the document does not exist for SUNAT. */
  RECHAZADO: 'rechazado',
  /** Not processed (network, timeout, service fault): retried with back-off. */
  ERROR: 'error',
  /** No channel configured: signed with a test certificate, checked here, never sent. */
  DEMO: 'demo',
  /** Cancelled: SUNAT accepted its comunicación de baja, resumen diario or total credit note (issue 23). */
  ANULADO: 'anulado',
} as const;
export type CpeEstado = (typeof CPE_ESTADO)[keyof typeof CPE_ESTADO];

export const CPE_ESTADO_NOMBRE: Record<CpeEstado, string> = {
  por_enviar: 'Por enviar',
  enviado: 'Enviado, esperando respuesta',
  aceptado: 'Aceptado',
  observado: 'Aceptado con observaciones',
  rechazado: 'Rechazado',
  error: 'Error de envío',
  demo: 'Demostración: no enviado a SUNAT',
  anulado: 'Anulado',
};

/** States the worker still has to move (it holds a next-try time for them). */
export const CPE_PENDIENTES: readonly CpeEstado[] = ['por_enviar', 'enviado', 'error'];

/** SUNAT catalogue 01 codes of the documents listed, and the summaries. */
export const CPE_TIPO_NOMBRE: Record<string, string> = {
  '01': 'Factura', '03': 'Boleta de venta', '07': 'Nota de crédito', '08': 'Nota de débito', '09': 'Guía de remisión',
  RA: 'Comunicación de baja', RC: 'Resumen diario',
};
const TIPOS_CPE = Object.keys(CPE_TIPO_NOMBRE);

/**
 * SUNAT catalogue 09 (credit notes) and 10 (debit notes): the reasons offered. 03 (description
 * correction), 08 (bonus), 10-13 (other, export, IVAP, instalment adjustments) are not: this company's
 * sales do not need them, and 13 rewrites a credit sale's instalments, which the voucher's own credit
 * terms settle (docs/business-rules.md).
 */
export const CPE_MOTIVOS_NC: Record<string, string> = {
  '01': 'Anulación de la operación',
  '02': 'Anulación por error en el RUC',
  '06': 'Devolución total',
  '04': 'Descuento global',
  '05': 'Descuento por ítem',
  '07': 'Devolución por ítem',
  '09': 'Disminución en el valor',
};
export const CPE_MOTIVOS_ND: Record<string, string> = {
  '01': 'Intereses por mora',
  '02': 'Aumento en el valor',
  '03': 'Penalidades / otros conceptos',
};
/** Credit-note reasons that take the whole document as issued (no lines chosen): it is cancelled once SUNAT accepts the note. */
export const CPE_MOTIVOS_TOTALES: readonly string[] = ['01', '02', '06'];

/** Where SUNAT's answer stands for what it was: the document exists for SUNAT (or, in the demo, was checked here). */
const VIGENTE: readonly string[] = ['aceptado', 'observado', 'demo'];

/** Days after its issue date within which SUNAT takes a comunicación de baja or a resumen diario that cancels a document. */
export const CPE_PLAZO_ANULACION_DIAS = 7;

/** A note (07, 08) may be issued on a factura or boleta SUNAT has, not cancelled nor being cancelled. */
export const cpeNotaPermitida = (f: { cpe_tipo: string; cpe_estado: string; cpe_baja: string | null }) =>
  (f.cpe_tipo === '01' || f.cpe_tipo === '03') && VIGENTE.includes(f.cpe_estado) && f.cpe_baja === null;

/**
 * Why a document cannot be cancelled by a comunicación de baja or resumen diario now, or null: SUNAT
 * takes it only for a voucher or note it has, not yet cancelled, within its window from the issue date.
 * A factura or boleta whose notes still stand is not cancelled before them: SUNAT refuses any later
 * note on a cancelled document (2120, 2207) and the client's books would keep notes of a voucher
 * that no longer exists. `cpe_notas_vigentes` lists them ('FC01-00000003, …'), null when none.
 */
export function cpeMotivoNoAnulable(
  f: { cpe_tipo: string; cpe_estado: string; cpe_baja: string | null; cpe_fecha_emision: string; cpe_notas_vigentes: string | null }, hoy: string,
): string | null {
  if (!['01', '03', '07', '08'].includes(f.cpe_tipo)) return CPE_MSG.anularTipo;
  if (f.cpe_estado === 'anulado') return CPE_MSG.yaAnulado;
  if (f.cpe_baja !== null) return CPE_MSG.anulacionEnCurso(f.cpe_baja);
  if (!VIGENTE.includes(f.cpe_estado)) return CPE_MSG.anularEstado;
  if (f.cpe_notas_vigentes) return CPE_MSG.anularConNotas(f.cpe_notas_vigentes);
  const limite = new Date(`${f.cpe_fecha_emision}T00:00:00Z`);
  limite.setUTCDate(limite.getUTCDate() + CPE_PLAZO_ANULACION_DIAS);
  if (limite.toISOString().slice(0, 10) < hoy) return CPE_MSG.anularPlazo;
  return null;
}

/**
 * 'Reenviar' is offered only where SUNAT's rules allow it: a document that is waiting, or whose
 * sending failed, is sent (or its answer asked for) now instead of at its next try. A rejected one
 * cannot be sent again as it is, an accepted one is final, a demo one was never meant for SUNAT.
 */
export const cpeReenviable = (estado: string) => estado === 'por_enviar' || estado === 'error' || estado === 'enviado';

/** A document past SUNAT's deadline without an answer that closes it. */
export const cpeVencido = (estado: string, fechaEmision: string, plazoDias: number, hoy: string) => {
  if (!CPE_PENDIENTES.includes(estado as CpeEstado)) return false;
  const limite = new Date(`${fechaEmision}T00:00:00Z`);
  limite.setUTCDate(limite.getUTCDate() + plazoDias);
  return limite.toISOString().slice(0, 10) < hoy;
};

export const CPE_MSG = {
  noExiste: 'El comprobante electrónico no existe',
  formato: 'Seleccione el formato a descargar: xml, cdr o pdf',
  sinCdr: 'El comprobante aún no tiene constancia de recepción (CDR) de SUNAT',
  sinXml: 'El comprobante no tiene XML firmado guardado',
  resumenSinPdf: 'Una comunicación de baja o un resumen diario no tiene representación impresa: descargue su XML o su CDR',
  noReenviable: (estado: string) => {
    if (estado === 'demo') return 'El comprobante es de demostración: no se envía a SUNAT';
    if (estado === 'rechazado') return 'SUNAT rechazó el comprobante: no se puede reenviar igual; corrija los datos y emita uno nuevo';
    return 'SUNAT ya aceptó el comprobante: no hay nada que reenviar';
  },
  reenviado: (numero: string) => `El comprobante ${numero} se enviará a SUNAT en unos segundos`,
  tipo: 'Seleccione un tipo de comprobante válido',
  estado: 'Seleccione un estado válido',
  serie: 'La serie debe tener 4 caracteres (F001, B001)',
  fecha: 'La fecha no es válida',
  rangoFechas: 'La fecha de inicio no puede ser posterior a la fecha de fin',
  idFalta: 'Falta indicar el comprobante',
  // Notes and cancellations (issue 23).
  notaTipo: 'Seleccione el tipo de nota: crédito (07) o débito (08)',
  notaMotivo: 'Seleccione el motivo de la nota',
  notaSustento: 'Escriba el sustento de la nota (hasta 250 caracteres)',
  notaLinea: 'Indique las líneas de la nota con su cantidad',
  notaLineaNoExiste: (n: number) => `El comprobante no tiene la línea ${n}`,
  notaCantidad: (n: number) => `La cantidad de la línea ${n} debe ser mayor que cero y no superar la del comprobante`,
  notaValor: (n: number) => `El valor unitario de la línea ${n} debe ser mayor que cero`,
  notaLineaRepetida: (n: number) => `La línea ${n} está repetida`,
  notaDevuelto: (n: number, ya: string) => `La devolución supera lo emitido en la línea ${n} (ya se devolvió ${ya})`,
  notaNoPermitida: 'Solo se emiten notas sobre una factura o boleta aceptada por SUNAT que no esté anulada ni en anulación',
  notaExcede: (disponible: string) => `La nota de crédito supera lo que queda por acreditar del comprobante (${disponible})`,
  notaTotalConNotas: 'El comprobante ya tiene notas de crédito: la anulación total ya no corresponde; emita una nota por ítem o por el saldo',
  notaTotalSinLineas: 'Una nota por anulación o devolución total toma todas las líneas del comprobante: no indique líneas',
  notaEmitida: (n: string) => `Nota ${n} emitida; se enviará a SUNAT en unos segundos`,
  anularTipo: 'Solo se anulan facturas, boletas y sus notas',
  anularEstado: 'Solo se anula un comprobante que SUNAT aceptó',
  yaAnulado: 'El comprobante ya está anulado',
  anulacionEnCurso: (doc: string) => `El comprobante ya tiene una anulación en curso (${doc})`,
  anularConNotas: (notas: string) => `Anule primero las notas emitidas sobre este comprobante (${notas}): SUNAT no admite notas de un comprobante dado de baja`,
  anularPlazo: 'Pasaron más de 7 días desde la emisión: SUNAT ya no acepta su baja; emita una nota de crédito',
  anularMotivo: 'Escriba el motivo de la anulación (hasta 100 caracteres)',
  anulacionEnviada: (doc: string, resumen: string) => `Se pidió a SUNAT la anulación de ${doc} (${resumen}); quedará anulado cuando SUNAT lo acepte`,
} as const;

const fechaFiltro = z.string().trim().max(40).nullish()
  .transform((v) => {
    if (!v) return null;
    const dmy = /^(\d{2})[-/](\d{2})[-/](\d{4})$/.exec(v);
    return dmy ? `${dmy[3]}-${dmy[2]}-${dmy[1]}` : toDate(v);
  })
  .refine((v) => v === null || isDate(v), CPE_MSG.fecha);

/** An optional choice: '' or null is "any"; anything else, once `normal`ised, must pass `valida`, or `error`. */
const opcion = <T extends string>(error: string, valida: (v: string) => v is T, normal: (v: string) => string) =>
  z.string({ error }).trim().nullish()
    .transform((v) => (v ? normal(v) : null))
    .refine((v) => v === null || valida(v), error)
    .transform((v) => v as T | null);
const esEstado = (v: string): v is CpeEstado => (Object.values(CPE_ESTADO) as string[]).includes(v);

/** A required id: absent or empty answers `falta`. */
const idRequerido = (falta: string) => z.unknown()
  .refine((v) => v !== undefined && v !== null && v !== '', { error: falta, abort: true })
  .pipe(coercedIdSchema(falta));

/**
 * `/comprobante/buscar {comprobante:{cpe_tipo, cpe_estado, cpe_serie, fecha_inicio, fecha_fin, cli_search, page}}`
 * → `{page:{list, total, size, number}}`, newest first; dates are issue dates.
 */
export const ComprobanteBuscar = z.object({
  comprobante: z.object({
    cpe_tipo: opcion(CPE_MSG.tipo, (v): v is string => TIPOS_CPE.includes(v), (v) => v.toUpperCase()),
    cpe_estado: opcion(CPE_MSG.estado, esEstado, (v) => v.toLowerCase()),
    cpe_serie: opcion(CPE_MSG.serie, (v): v is string => /^([A-Z0-9]{4}|R[AC]-\d{8})$/.test(v), (v) => v.toUpperCase()),
    fecha_inicio: fechaFiltro,
    fecha_fin: fechaFiltro,
    cli_search: z.string().trim().max(200).nullish().transform((v) => v || null),
    /** Only those past SUNAT's deadline without a final answer. */
    vencidos: z.coerce.boolean().nullish().transform((v) => v === true),
    /** Only those SUNAT has not answered yet (por enviar, enviado, error: CPE_PENDIENTES), Inicio's work queue. */
    sin_aceptar: z.coerce.boolean().nullish().transform((v) => v === true),
    page: PageQuery,
  }).prefault({})
    .refine((f) => !f.fecha_inicio || !f.fecha_fin || f.fecha_inicio <= f.fecha_fin, CPE_MSG.rangoFechas),
}).prefault({});
export type ComprobanteBuscar = z.input<typeof ComprobanteBuscar>;
export type ComprobanteBuscarDatos = z.output<typeof ComprobanteBuscar>['comprobante'];

/** `/comprobante/descargar {comprobante:{cpe_id, formato}}`: the signed XML, SUNAT's CDR zip or the PDF. */
export const ComprobanteDescargar = z.object({
  comprobante: z.object({
    cpe_id: idRequerido(CPE_MSG.idFalta),
    formato: z.enum(['xml', 'cdr', 'pdf'], { error: CPE_MSG.formato }),
  }, { error: CPE_MSG.idFalta }),
}, { error: CPE_MSG.idFalta });
export type ComprobanteDescargar = z.input<typeof ComprobanteDescargar>;

/** `/comprobante/reenviar {comprobante:{cpe_id}}` and `/comprobante/obtener {comprobante:{cpe_id}}`. */
export const ComprobanteId = z.object({
  comprobante: z.object({ cpe_id: idRequerido(CPE_MSG.idFalta) }, { error: CPE_MSG.idFalta }),
}, { error: CPE_MSG.idFalta });
export type ComprobanteId = z.input<typeof ComprobanteId>;

/** A row of the list, also the detail's header. */
export interface ComprobanteFila {
  cpe_id: number;
  cpe_tipo: string;
  cpe_serie: string;
  cpe_numero: number;
  /** 'F001-00000001'. */
  cpe_comprobante: string;
  cpe_fecha_emision: string;
  cpe_estado: CpeEstado;
  cpe_total: string;
  mon_simbolo: string;
  ovt_id: number;
  cli_nombre: string;
  cli_documento_identidad: string;
  cpe_canal: string;
  cpe_respuesta_codigo: string | null;
  cpe_respuesta_texto: string | null;
  cpe_notas: { codigo: string; texto: string }[];
  cpe_intentos: number;
  /** Lima 'YYYY-MM-DDTHH:mm:ss' of the next try while pending; null otherwise. */
  cpe_proximo_intento: string | null;
  cpe_tiene_cdr: boolean;
  /** Past SUNAT's deadline without a final answer. */
  cpe_vencido: boolean;
  puede_reenviar: boolean;
  /** A note's or summary's document ('F001-00000001'); null otherwise. */
  cpe_referencia: string | null;
  /** A note's reason code (catalogue 09/10) and text, or a cancellation's text. */
  cpe_motivo_codigo: string | null;
  cpe_motivo: string | null;
  /** What cancels this document ('RA-20261128-1', 'FC01-00000002') while SUNAT has not answered, or once it accepted; null otherwise. */
  cpe_baja: string | null;
  /** A factura's or boleta's notes that still stand (not rejected nor cancelled): 'FC01-00000003, …'; null when none. */
  cpe_notas_vigentes: string | null;
  puede_emitir_nota: boolean;
  puede_anular: boolean;
}

/** `/comprobante/obtener {comprobante:{cpe_id}}`: what the note popup needs of a factura or boleta. */
export interface ComprobanteParaNota {
  cpe_id: number;
  cpe_tipo: string;
  cpe_comprobante: string;
  cpe_fecha_emision: string;
  cli_nombre: string;
  moneda: 'PEN' | 'USD';
  mon_simbolo: string;
  /** '0.18'. */
  igv_tasa: string;
  cpe_total: string;
  /** What credit notes may still credit: the voucher plus its debit notes less its credit notes (none rejected). */
  disponible: string;
  /** Credit notes already issued on it (a total cancellation is then refused). */
  notas_credito: number;
  puede_emitir_nota: boolean;
  lineas: { linea: number; descripcion: string; unidad: string; cantidad: string; valor_unitario: string; total: string }[];
}

/** A note's line: the voucher's line (1-based), how much of it, and at what unit value without IGV (default: the voucher's). */
const NotaLinea = z.object({
  linea: z.coerce.number({ error: CPE_MSG.notaLinea }).int(CPE_MSG.notaLinea).min(1, CPE_MSG.notaLinea),
  cantidad: z.union([z.string(), z.number()], { error: CPE_MSG.notaLinea }).transform((v) => String(v).trim().replace(',', '.')),
  valor_unitario: z.union([z.string(), z.number()]).nullish().transform((v) => (v === null || v === undefined || v === '' ? null : String(v).trim().replace(',', '.'))),
});
export type NotaLinea = z.output<typeof NotaLinea>;

/**
 * `/comprobante/emitirNota {nota:{cpe_id, cpe_tipo, motivo_codigo, motivo, lineas}}` (issue 23): a credit
 * (07) or debit (08) note on the factura or boleta `cpe_id`. Without `lineas`, the whole document
 * (total cancellation or return); with them, those lines.
 */
export const ComprobanteEmitirNota = z.object({
  nota: z.object({
    cpe_id: idRequerido(CPE_MSG.idFalta),
    cpe_tipo: z.enum(['07', '08'], { error: CPE_MSG.notaTipo }),
    motivo_codigo: z.string({ error: CPE_MSG.notaMotivo }).trim().regex(/^\d{2}$/, CPE_MSG.notaMotivo),
    motivo: z.string({ error: CPE_MSG.notaSustento }).trim().min(1, CPE_MSG.notaSustento).max(250, CPE_MSG.notaSustento),
    lineas: z.array(NotaLinea, { error: CPE_MSG.notaLinea }).max(500).nullish().transform((v) => (v && v.length > 0 ? v : null)),
  }, { error: CPE_MSG.idFalta }),
}, { error: CPE_MSG.idFalta });
export type ComprobanteEmitirNota = z.input<typeof ComprobanteEmitirNota>;
export type ComprobanteNotaDatos = z.output<typeof ComprobanteEmitirNota>['nota'];

/** `/comprobante/anular {comprobante:{cpe_id, motivo}}`: a comunicación de baja (facturas and their notes) or resumen diario (boletas). */
export const ComprobanteAnular = z.object({
  comprobante: z.object({
    cpe_id: idRequerido(CPE_MSG.idFalta),
    motivo: z.string({ error: CPE_MSG.anularMotivo }).trim().min(1, CPE_MSG.anularMotivo).max(100, CPE_MSG.anularMotivo),
  }, { error: CPE_MSG.idFalta }),
}, { error: CPE_MSG.idFalta });
export type ComprobanteAnular = z.input<typeof ComprobanteAnular>;
