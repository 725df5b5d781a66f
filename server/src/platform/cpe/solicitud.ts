/**
 * What every provider checks before issuing, and the codes SUNAT gives our document kinds. A
 * refusal is a Spanish text the caller shows as it is (a 4xx, never a 500).
 */
import { CPE_MOTIVOS_NC, CPE_MOTIVOS_ND, CREDITO_MSG, isValidRuc, problemaCuotas, sumaCuotas, toScaled } from '@obra/domain';
import type { ComprobanteSolicitud, TipoComprobante } from './tipos.ts';

/** SUNAT catalogue 01: 01 factura, 03 boleta de venta, 07 nota de crédito, 08 nota de débito. */
export const CODIGO_TIPO: Record<TipoComprobante, '01' | '03' | '07' | '08'> = { factura: '01', boleta: '03', nota_credito: '07', nota_debito: '08' };

export const TITULO_TIPO: Record<TipoComprobante, string> = {
  factura: 'FACTURA ELECTRÓNICA',
  boleta: 'BOLETA DE VENTA ELECTRÓNICA',
  nota_credito: 'NOTA DE CRÉDITO ELECTRÓNICA',
  nota_debito: 'NOTA DE DÉBITO ELECTRÓNICA',
};

/** A note follows the rules of the document it modifies (series letter, buyer): a factura's or a boleta's. */
export const esDeFactura = (s: Pick<ComprobanteSolicitud, 'tipo' | 'nota'>) => (s.nota ? s.nota.tipo === '01' : s.tipo === 'factura');


/** Above this total (S/) a boleta must name its buyer (SUNAT: S/ 700, Res. 340-2017/SUNAT). */
const BOLETA_SIN_DOCUMENTO_MAX = 70000n;

const FECHA = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const HORA = /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/;
const MONTO = /^\d+\.\d{2}$/;
const CANTIDAD = /^\d+(\.\d+)?$/;

/** The correlative as SUNAT writes it in the ID and the QR: 8 digits ('00000001'). */
export const numeroTexto = (numero: number) => String(numero).padStart(8, '0');

/** A summary's series ('RA-20261128', 'RC-20261128'): its number is written as it is. */
export const esSerieResumen = (serie: string) => /^R[AC]-\d{8}$/.test(serie);

/** 'F001-00000001'; a summary's 'RA-20261128-1'. */
export const serieNumero = (s: Pick<ComprobanteSolicitud, 'serie' | 'numero'>) =>
  `${s.serie}-${esSerieResumen(s.serie) ? String(s.numero) : numeroTexto(s.numero)}`;

/**
 * SUNAT's file name of a document, without extension: 'RUC-TT-SERIE-NUMERO' ('20547812361-01-F001-00000001');
 * a summary's 'RUC-RA-YYYYMMDD-N' (its series already carries the type).
 */
export const nombreSunat = (ruc: string, tipo: string, serie: string, numero: number) =>
  (esSerieResumen(serie) ? `${ruc}-${serieNumero({ serie, numero })}` : `${ruc}-${tipo}-${serieNumero({ serie, numero })}`);

/** A quantity without trailing decimal zeros: '10.0000' → '10', '2.5000' → '2.5'. */
export function cantidadTexto(cantidad: string): string {
  return cantidad.includes('.') ? cantidad.replace(/\.?0+$/, '') : cantidad;
}

const centimos = (monto: string) => toScaled(monto, 2) ?? 0n;

function problemaCliente(s: ComprobanteSolicitud): string | null {
  const c = s.cliente;
  if (!c.nombre.trim()) return 'Falta el nombre o razón social del cliente';
  if (esDeFactura(s)) {
    if (c.tipo_documento !== '6') return 'Para emitir una factura el cliente debe tener RUC';
    if (!isValidRuc(c.numero_documento)) return `El RUC del cliente (${c.numero_documento}) no es válido`;
    if (!c.direccion.trim()) return 'Para emitir una factura falta la dirección del cliente';
    return null;
  }
  switch (c.tipo_documento) {
    case '6':
      return isValidRuc(c.numero_documento) ? null : `El RUC del cliente (${c.numero_documento}) no es válido`;
    case '1':
      return /^\d{8}$/.test(c.numero_documento) ? null : 'El DNI del cliente debe tener 8 dígitos';
    case '4':
      return /^[A-Za-z0-9]{1,12}$/.test(c.numero_documento) ? null : 'El carné de extranjería del cliente debe tener hasta 12 caracteres';
    case '0':
      return centimos(s.total) < BOLETA_SIN_DOCUMENTO_MAX ? null : 'Una boleta de S/ 700.00 o más debe llevar el DNI, RUC o carné de extranjería del cliente';
    default:
      return 'El tipo de documento del cliente no es válido';
  }
}

function problemaMontos(s: ComprobanteSolicitud): string | null {
  const montos = [s.subtotal, s.igv, s.total, ...s.lineas.flatMap((l) => [l.valor_unitario, l.precio_unitario, l.subtotal, l.igv, l.total])];
  if (montos.some((m) => !MONTO.test(m))) return 'Los importes del comprobante deben tener dos decimales';
  if (!/^0\.\d+$/.test(s.igv_tasa)) return 'La tasa del IGV no es válida';
  for (const [i, l] of s.lineas.entries()) {
    if (!CANTIDAD.test(l.cantidad) || !/[1-9]/.test(l.cantidad)) return `La cantidad de la línea ${i + 1} no es válida`;
    if (!l.descripcion.trim()) return `Falta la descripción de la línea ${i + 1}`;
    if (!/^[A-Z0-9]{1,3}$/.test(l.unidad)) return `La unidad de medida de la línea ${i + 1} no es válida`;
    if (centimos(l.subtotal) + centimos(l.igv) !== centimos(l.total)) return `Los importes de la línea ${i + 1} no cuadran`;
  }
  const suma = (f: (l: ComprobanteSolicitud['lineas'][number]) => string) => s.lineas.reduce((a, l) => a + centimos(f(l)), 0n);
  if (suma((l) => l.subtotal) !== centimos(s.subtotal) || suma((l) => l.igv) !== centimos(s.igv) || centimos(s.subtotal) + centimos(s.igv) !== centimos(s.total)) {
    return 'Los totales del comprobante no cuadran con sus líneas';
  }
  return null;
}

/** Why `s` cannot be issued (the first problem found), or null. */
export function problemaSolicitud(s: ComprobanteSolicitud): string | null {
  const prefijo = esDeFactura(s) ? 'F' : 'B';
  if (!new RegExp(`^${prefijo}[A-Z0-9]{3}$`).test(s.serie)) return `La serie ${s.serie} no corresponde a una ${TITULO_TIPO[s.tipo].toLowerCase()}`;
  if ((s.tipo === 'nota_credito' || s.tipo === 'nota_debito') !== Boolean(s.nota)) return 'Solo una nota lleva el documento que modifica';
  if (s.nota) {
    const motivos = s.tipo === 'nota_credito' ? CPE_MOTIVOS_NC : CPE_MOTIVOS_ND;
    if (!(s.nota.motivo_codigo in motivos)) return 'El motivo de la nota no es válido';
    if (!s.nota.motivo.trim()) return 'Falta el sustento de la nota';
    if (!new RegExp(`^${prefijo}[A-Z0-9]{3}$`).test(s.nota.serie)) return 'El documento que modifica la nota no es válido';
  }
  if (!Number.isInteger(s.numero) || s.numero < 1 || s.numero > 99_999_999) return 'El número del comprobante debe estar entre 1 y 99999999';
  if (!FECHA.test(s.fecha_emision) || !HORA.test(s.hora_emision)) return 'La fecha u hora de emisión no es válida';
  if (s.moneda !== 'PEN' && s.moneda !== 'USD') return 'La moneda del comprobante no es válida';
  if (s.lineas.length === 0) return 'El comprobante no tiene líneas';
  return problemaCliente(s) ?? problemaMontos(s) ?? problemaFormaPago(s);
}

/**
 * A voucher's form of payment (issue 23): 'Contado' (or none, as issued before) takes no cuotas;
 * 'Credito' takes 1 to 24 by the domain's rules (positive, due after the issue date, ascending), whose
 * sum, the net pending amount, cannot exceed the total. The service also checks the sum equals what
 * the order has unpaid. A note follows what it modifies and declares no form of payment of its own.
 */
function problemaFormaPago(s: ComprobanteSolicitud): string | null {
  if (s.nota) return null;
  const forma = s.forma_pago ?? 'Contado';
  if (forma !== 'Contado' && forma !== 'Credito') return 'La forma de pago del comprobante no es válida';
  if (forma === 'Contado') return s.cuotas?.length ? CREDITO_MSG.contadoSinCuotas : null;
  const cuotas = s.cuotas ?? [];
  const problema = problemaCuotas(cuotas, s.fecha_emision, null);
  if (problema) return problema;
  return centimos(sumaCuotas(cuotas)) > centimos(s.total) ? 'El monto pendiente de pago no puede superar el importe total del comprobante' : null;
}

/**
 * SUNAT's QR content of a factura or boleta: RUC | type | series | number | IGV | total | issue date
 * | buyer's document type | buyer's document number |, then the digest and '|' when there is one.
 */
export function codigoQr(rucEmisor: string, s: ComprobanteSolicitud, hash: string | null): string {
  const campos = [rucEmisor, CODIGO_TIPO[s.tipo], s.serie, numeroTexto(s.numero), s.igv, s.total, s.fecha_emision, s.cliente.tipo_documento, documentoCliente(s)];
  if (hash) campos.push(hash);
  return `${campos.join('|')}|`;
}

/** The buyer's document number; '-' for a boleta without one (catalogue 06 code '0'). */
export const documentoCliente = (s: ComprobanteSolicitud) => s.cliente.numero_documento.trim() || '-';

/** The IGV rate as SUNAT and Nubefact write it: '0.18' → '18.00'. */
export function porcentajeTexto(tasa: string): string {
  const [ent, frac = ''] = tasa.split('.');
  return `${Number(`${ent}${frac.slice(0, 2).padEnd(2, '0')}`)}.${frac.slice(2).padEnd(2, '0')}`;
}
