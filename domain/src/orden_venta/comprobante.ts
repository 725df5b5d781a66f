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
};

/** States the worker still has to move (it holds a next-try time for them). */
export const CPE_PENDIENTES: readonly CpeEstado[] = ['por_enviar', 'enviado', 'error'];

/** SUNAT catalogue 01 codes of the documents listed. */
export const CPE_TIPO_NOMBRE: Record<string, string> = { '01': 'Factura', '03': 'Boleta de venta' };

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
    cpe_tipo: opcion(CPE_MSG.tipo, (v): v is '01' | '03' => v === '01' || v === '03', (v) => v),
    cpe_estado: opcion(CPE_MSG.estado, esEstado, (v) => v.toLowerCase()),
    cpe_serie: opcion(CPE_MSG.serie, (v): v is string => /^[A-Z0-9]{4}$/.test(v), (v) => v.toUpperCase()),
    fecha_inicio: fechaFiltro,
    fecha_fin: fechaFiltro,
    cli_search: z.string().trim().max(200).nullish().transform((v) => v || null),
    /** Only those past SUNAT's deadline without a final answer. */
    vencidos: z.coerce.boolean().nullish().transform((v) => v === true),
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
}
