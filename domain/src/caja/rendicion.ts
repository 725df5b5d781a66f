import { z } from 'zod';
import { formatAmount, formatMoney, fromScaled, toScaled } from '../common/format.ts';
import { isDate, toDate } from '../common/time.ts';
import { rucProblem } from '../proveedor/ruc.ts';

/**
 * The settlement's documents (spec 2 §2 "Settlement screen", §3 "Settlement document line"): what a
 * line is, how its texts are normalised, the checks that need no database, and the totals. The server
 * adds the checks that need it (cost centre and document type exist, the document is not claimed
 * twice) and re-runs everything here; the grid runs the same checks as the user types.
 */

/** Most lines one settlement holds (a month of receipts of a busy site). */
export const RENDICION_MAX_LINEAS = 500;
/** The settlement's PDF: at most 20 MB (spec 2 §9), counted in base 1000 as sizes are shown. */
export const RENDICION_PDF_MAX_BYTES = 20_000_000;
/** Where the web downloads the settlement template (served by the server, no session needed). */
export const RENDICION_PLANTILLA_URL = '/plantillas/rendicion/documentos.xlsx';
/** The call that sends the settlement's PDF (`{caja:{caj_id}}`); `caj_url_pdf` is this path when a PDF is attached. */
export const RENDICION_PDF_URL = '/api/rendicion/descargarPdf';
/** The voucher of the reimbursement or the return. */
export const CAJA_VOUCHER_URL = '/api/rendicion/descargarVoucher';
export const CAJA_VOUCHER_MAX_BYTES = 20_000_000;
export const cajUrlPdf = (c: { caj_pdf_clave: string | null }) => (c.caj_pdf_clave ? RENDICION_PDF_URL : null);

/** `YYYY-MM-DD` as the user reads it, `dd/mm/yyyy`. */
const dmy = (iso: string) => iso.split('-').reverse().join('/');

export const RENDICION_MSG = {
  conErrores: 'Hay documentos con errores: revise las filas marcadas',
  sinLineas: 'Debe ingresar al menos un documento',
  maxLineas: `La rendición admite hasta ${RENDICION_MAX_LINEAS} documentos`,
  fecha: 'Ingrese una fecha válida',
  fechaFuera: (desde: string, hasta: string) => `La fecha debe estar entre ${dmy(desde)} y ${dmy(hasta)}`,
  dniRuc: 'Ingrese un DNI de 8 dígitos o un RUC de 11 dígitos',
  razonSocial: 'Ingrese la razón social',
  razonSocialMaxima: 'La razón social no debe superar 200 caracteres',
  descripcionMaxima: 'La descripción no debe superar 300 caracteres',
  serie: 'Ingrese la serie del documento (hasta 10 letras o dígitos)',
  numero: 'Ingrese el número del documento (solo dígitos, hasta 20)',
  importe: 'El importe debe ser mayor que 0, con hasta 2 decimales',
  centroCosto: (codigo: string) => (codigo ? `El centro de costo ${codigo} no existe o no está activo` : 'Ingrese el centro de costo'),
  centroOtroProyecto: (codigo: string) => `El centro de costo ${codigo} no es del proyecto de la caja`,
  tipoDocumento: (texto: string) => (texto ? `El tipo de documento ${texto} no existe` : 'Ingrese el tipo de documento'),
  repetidoEnGrilla: (fila: number) => `El documento está repetido en la fila ${fila}`,
  yaRendido: (codigo: string) => `El documento ya fue rendido en la caja ${codigo}`,
  archivoTipo: 'El archivo debe ser un Excel (.xlsx) con el formato de la plantilla',
  archivoVacio: 'El archivo no tiene documentos',
} as const;

const texto = z.union([z.string(), z.number()]).nullish().transform((v) => (v == null ? '' : String(v).trim()));

/** A line as the grid or the spreadsheet sends it: lenient here, checked row by row by `revisarLinea`. */
export const RendicionLinea = z.object({
  red_item: z.unknown().optional(),
  red_fecha: texto,
  red_dni_ruc: texto,
  red_razon_social: texto,
  red_descripcion: texto,
  cec_codigo: texto,
  tid_descripcion: texto,
  /** The document type's id when the grid picked it from the list; else the text decides. */
  red_tipo_documento: z.union([z.string(), z.number()]).nullish(),
  red_serie: texto,
  red_numero: texto,
  red_importe: texto,
  /** Ignored: the server recomputes them. */
  red_importe_text: z.unknown().optional(),
  cec_flag: z.unknown().optional(),
  tid_flag: z.unknown().optional(),
  red_errores: z.unknown().optional(),
});
export type RendicionLineaEntrada = z.input<typeof RendicionLinea>;
export type RendicionLineaDatos = z.output<typeof RendicionLinea>;

/** A line as the server answers it: the texts normalised, the flags and the reasons of each problem. */
export interface RendicionLineaRevisada {
  red_item: number;
  red_fecha: string;
  red_dni_ruc: string;
  red_razon_social: string;
  red_descripcion: string;
  cec_codigo: string;
  cec_id: number | null;
  tid_descripcion: string;
  red_tipo_documento: number | null;
  red_serie: string;
  red_numero: string;
  red_importe: string;
  red_importe_text: string;
  cec_flag: boolean;
  tid_flag: boolean;
  red_errores: string[];
}

/** A cost centre code compared ignoring case, spaces and dots ('CC 01.2' finds 'cc012'). */
export const claveCentroCosto = (codigo: string) => codigo.replace(/[\s.]+/g, '').toLowerCase();
/** A document type compared by its text or SUNAT code, ignoring case and accents. */
export const claveTipoDocumento = (texto: string) => texto.normalize('NFD').replace(/\p{Diacritic}/gu, '').trim().toLowerCase();
/** The series as kept: upper case, no spaces. */
export const normalizarSerie = (serie: string) => serie.replace(/\s+/g, '').toUpperCase();
/** The number as kept: digits without leading zeros ('000123' and '123' are the same document). */
export const normalizarNumero = (numero: string) => numero.replace(/\s+/g, '').replace(/^0+(?=\d)/, '');
/** The identity of a document in the company: RUC or DNI + type + series + number. */
export const claveDocumento = (l: { red_dni_ruc: string; red_tipo_documento: number | null; red_serie: string; red_numero: string }) =>
  `${l.red_dni_ruc}|${l.red_tipo_documento ?? ''}|${l.red_serie}|${l.red_numero}`;

/** A scaled amount as canonical text for the database and the wire ('1234.50', no separators). */
const plano = (cents: bigint) => fromScaled(cents, 2).replace(/,/g, '');

/** An amount with up to 2 decimals ('12,5' reads as 12.5) as canonical text, or null. */
function importe(raw: string): string | null {
  const t = raw.replace(',', '.');
  if (!/^\d{1,12}(\.\d{1,2})?$/.test(t)) return null;
  const cents = toScaled(t, 2);
  return cents !== null && cents > 0n ? plano(cents) : null;
}

/** A date written as `YYYY-MM-DD`, an ISO timestamp or `dd/mm/yyyy` (`dd-mm-yyyy`), as `YYYY-MM-DD`, or null. */
export function fechaDocumento(raw: string): string | null {
  const dmy = /^(\d{1,2})[/-](\d{1,2})[/-](\d{4})$/.exec(raw);
  const v = dmy ? `${dmy[3]}-${dmy[2].padStart(2, '0')}-${dmy[1].padStart(2, '0')}` : toDate(raw);
  return isDate(v) ? v : null;
}

/** Why a DNI or RUC is not valid (RUC with SUNAT's check digit), or null. */
export function dniRucProblem(v: string): string | null {
  if (/^\d{8}$/.test(v)) return null;
  if (/^\d{11}$/.test(v)) return rucProblem(v);
  return RENDICION_MSG.dniRuc;
}

/**
 * Checks one line that need no database: the date within the cash's life (`desde`..`hasta`, Lima
 * dates), DNI or RUC, texts, series, number and amount. Cost centre and document type are resolved by
 * the caller (`cec_id`, `tid_id`: null = unknown, which raises the line's flag; `cec_mensaje` says why
 * a known code is refused).
 */
export function revisarLinea(
  l: RendicionLineaDatos,
  item: number,
  ctx: { desde: string; hasta: string; cec_id: number | null; tid_id: number | null; cec_mensaje?: string },
): RendicionLineaRevisada {
  const errores: string[] = [];
  const fecha = fechaDocumento(l.red_fecha);
  if (!fecha) errores.push(RENDICION_MSG.fecha);
  else if (fecha < ctx.desde || fecha > ctx.hasta) errores.push(RENDICION_MSG.fechaFuera(ctx.desde, ctx.hasta));
  const dni = dniRucProblem(l.red_dni_ruc);
  if (dni) errores.push(dni);
  if (!l.red_razon_social) errores.push(RENDICION_MSG.razonSocial);
  else if (l.red_razon_social.length > 200) errores.push(RENDICION_MSG.razonSocialMaxima);
  if (l.red_descripcion.length > 300) errores.push(RENDICION_MSG.descripcionMaxima);
  if (ctx.cec_id === null) errores.push(ctx.cec_mensaje ?? RENDICION_MSG.centroCosto(l.cec_codigo));
  if (ctx.tid_id === null) errores.push(RENDICION_MSG.tipoDocumento(l.tid_descripcion));
  const serie = normalizarSerie(l.red_serie);
  if (!/^[A-Z0-9]{1,10}$/.test(serie)) errores.push(RENDICION_MSG.serie);
  const numero = normalizarNumero(l.red_numero);
  if (!/^\d{1,20}$/.test(numero)) errores.push(RENDICION_MSG.numero);
  const monto = importe(l.red_importe);
  if (!monto) errores.push(RENDICION_MSG.importe);
  return {
    red_item: item,
    red_fecha: fecha ?? l.red_fecha,
    red_dni_ruc: l.red_dni_ruc,
    red_razon_social: l.red_razon_social,
    red_descripcion: l.red_descripcion,
    cec_codigo: l.cec_codigo,
    cec_id: ctx.cec_id,
    tid_descripcion: l.tid_descripcion,
    red_tipo_documento: ctx.tid_id,
    red_serie: serie,
    red_numero: numero,
    red_importe: monto ?? l.red_importe,
    red_importe_text: monto ? formatAmount(monto) : l.red_importe,
    cec_flag: ctx.cec_id === null,
    tid_flag: ctx.tid_id === null,
    red_errores: errores,
  };
}

/** Marks the second and later copies of a document within the same settlement. */
export function marcarRepetidos(lineas: RendicionLineaRevisada[]): void {
  const vistas = new Map<string, number>();
  for (const l of lineas) {
    if (l.red_tipo_documento === null || !l.red_serie || !l.red_numero) continue;
    const clave = claveDocumento(l);
    const primera = vistas.get(clave);
    if (primera === undefined) vistas.set(clave, l.red_item);
    else l.red_errores.push(RENDICION_MSG.repetidoEnGrilla(primera));
  }
}

/** Settlement total = sum of documents; balance = amount − total (DECISIONS §5), as 2-decimal texts. */
export function rendicionTotales(monto: string, importes: readonly string[]) {
  const total = importes.reduce((s, t) => s + (toScaled(t, 2) ?? 0n), 0n);
  const saldo = (toScaled(monto, 2) ?? 0n) - total;
  return {
    ren_total: plano(total),
    ren_saldo: plano(saldo),
    /** Negative balance: the company owes the requester the difference (shown as such). */
    saldo_a_favor: saldo < 0n ? 'solicitante' as const : saldo > 0n ? 'empresa' as const : null,
  };
}

/**
 * The balance as the settlement shows it: 'S/ 88.00'; a negative one is owed to the requester,
 * 'S/ 12.00 a favor del solicitante'.
 */
export function saldoTexto(simbolo: string, renSaldo: string): string {
  return renSaldo.startsWith('-') ? `${formatMoney(simbolo, renSaldo.slice(1))} a favor del solicitante` : formatMoney(simbolo, renSaldo);
}

/** What a settlement still owes either way: nothing once its cash box closed by reimbursement (CRB) or return (CDV). */
export const saldoPendiente = (estado: string, renSaldo: string) => (estado === 'CRB' || estado === 'CDV' ? '0.00' : renSaldo);
