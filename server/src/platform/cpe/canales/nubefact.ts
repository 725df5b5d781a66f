/**
 * Nubefact's JSON API (an accredited provider that signs, submits to SUNAT and keeps the PDF): one
 * POST to the account's route with `Authorization: Token token="..."`; `generar_comprobante` answers
 * the document (enlace, enlace_del_pdf, aceptada_por_sunat, sunat_description,
 * cadena_para_codigo_qr, codigo_hash) or `{ errors, codigo }`. Every failure — their refusal, a
 * network error, a timeout, a body that is not theirs — is answered as a refusal with a Spanish
 * message (never thrown), so the caller leaves the order as it was.
 */
import type { ComprobanteEmitido, ComprobanteSolicitud, EmisorComprobantes, ProveedorComprobantes } from '../tipos.ts';
import { codigoQr, porcentajeTexto, problemaSolicitud, rechazo, serieNumero } from '../solicitud.ts';

export interface NubefactConfig {
  url: string;
  token: string;
  timeoutMs: number;
}

/** Their codes: 1 factura, 2 boleta. */
const TIPO = { factura: 1, boleta: 2 } as const;
/** Their buyer document codes: catalogue 06, except '-' for "varios" (a boleta without document). */
const DOCUMENTO = { '6': '6', '1': '1', '4': '4', '0': '-' } as const;
/** Their currency codes: 1 soles, 2 dollars. */
const MONEDA = { PEN: 1, USD: 2 } as const;

const ddmmyyyy = (iso: string) => iso.split('-').reverse().join('-');

/** The body of `generar_comprobante`; amounts go as the decimal texts they are (their API takes text). */
export function cuerpoNubefact(s: ComprobanteSolicitud): Record<string, unknown> {
  return {
    operacion: 'generar_comprobante',
    tipo_de_comprobante: TIPO[s.tipo],
    serie: s.serie,
    numero: s.numero,
    sunat_transaction: 1,
    cliente_tipo_de_documento: DOCUMENTO[s.cliente.tipo_documento],
    cliente_numero_de_documento: s.cliente.numero_documento.trim() || '-',
    cliente_denominacion: s.cliente.nombre,
    cliente_direccion: s.cliente.direccion,
    cliente_email: s.cliente.correo ?? '',
    fecha_de_emision: ddmmyyyy(s.fecha_emision),
    moneda: MONEDA[s.moneda],
    porcentaje_de_igv: porcentajeTexto(s.igv_tasa),
    total_gravada: s.subtotal,
    total_igv: s.igv,
    total: s.total,
    observaciones: s.observaciones ?? '',
    enviar_automaticamente_a_la_sunat: true,
    enviar_automaticamente_al_cliente: false,
    formato_de_pdf: 'A4',
    items: s.lineas.map((l) => ({
      unidad_de_medida: l.unidad,
      codigo: l.codigo,
      descripcion: l.descripcion,
      cantidad: l.cantidad,
      valor_unitario: l.valor_unitario,
      precio_unitario: l.precio_unitario,
      descuento: '',
      subtotal: l.subtotal,
      tipo_de_igv: 1,
      igv: l.igv,
      total: l.total,
      anticipo_regularizacion: false,
    })),
  };
}

type Respuesta = Record<string, unknown>;
const texto = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

/** Reads their answer to `generar_comprobante` (flat, or under `invoice` as some versions send it). */
export function leerRespuesta(emisor: EmisorComprobantes, s: ComprobanteSolicitud, status: number, cuerpo: unknown): ComprobanteEmitido {
  const doc = serieNumero(s);
  if (!cuerpo || typeof cuerpo !== 'object') return rechazo(`Nubefact respondió de forma inesperada (HTTP ${status}); el comprobante ${doc} no se emitió`);
  const raiz = cuerpo as Respuesta;
  if (raiz.errors !== undefined) {
    const codigo = texto(raiz.codigo);
    return rechazo(`Nubefact rechazó el comprobante ${doc}: ${texto(raiz.errors) || 'sin detalle'}${codigo ? ` (código ${codigo})` : ''}`);
  }
  const r = (raiz.invoice && typeof raiz.invoice === 'object' ? raiz.invoice : raiz) as Respuesta;
  const enlace = texto(r.enlace);
  if (status >= 300 || !enlace) return rechazo(`Nubefact respondió de forma inesperada (HTTP ${status}); el comprobante ${doc} no se emitió`);
  const descripcion = texto(r.sunat_description);
  const codigoSunat = texto(r.sunat_responsecode);
  const errorSunat = texto(r.sunat_soap_error);
  if (r.aceptada_por_sunat !== true && ((codigoSunat && codigoSunat !== '0') || errorSunat)) {
    return rechazo(`La SUNAT rechazó el comprobante ${doc}: ${descripcion || errorSunat || `código ${codigoSunat}`}`);
  }
  const hash = texto(r.codigo_hash) || null;
  const aceptado = r.aceptada_por_sunat === true;
  return {
    aceptado: true,
    estado_sunat: aceptado ? 'aceptado' : 'pendiente',
    mensaje: aceptado ? descripcion || `El comprobante ${doc} ha sido aceptado` : `El comprobante ${doc} fue generado en Nubefact; la SUNAT aún no lo ha aceptado`,
    enlace_pdf: texto(r.enlace_del_pdf) || `${enlace}.pdf`,
    xml: null,
    hash,
    codigo_qr: texto(r.cadena_para_codigo_qr) || codigoQr(emisor.ruc, s, hash),
  };
}

function fallaRed(cfg: NubefactConfig, s: ComprobanteSolicitud, e: unknown): ComprobanteEmitido {
  const doc = serieNumero(s);
  const err = e as { name?: string; message?: string };
  if (err.name === 'TimeoutError' || err.name === 'AbortError') {
    return rechazo(`Nubefact no respondió en ${Math.ceil(cfg.timeoutMs / 1000)} s; el comprobante ${doc} no se registró. Verifique en Nubefact si fue emitido antes de intentar de nuevo`);
  }
  return rechazo(`No se pudo conectar con Nubefact; el comprobante ${doc} no se emitió. Intente de nuevo en unos minutos`);
}

export async function emitirNubefact(cfg: NubefactConfig, emisor: EmisorComprobantes, s: ComprobanteSolicitud): Promise<ComprobanteEmitido> {
  const problema = problemaSolicitud(s);
  if (problema) return rechazo(problema);
  let res: Response;
  let cuerpo: unknown;
  try {
    res = await fetch(cfg.url, {
      method: 'POST',
      headers: { Authorization: `Token token="${cfg.token}"`, 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(cuerpoNubefact(s)),
      signal: AbortSignal.timeout(cfg.timeoutMs),
    });
    const raw = await res.text();
    try {
      cuerpo = JSON.parse(raw);
    } catch {
      cuerpo = null;
    }
  } catch (e) {
    return fallaRed(cfg, s, e);
  }
  return leerRespuesta(emisor, s, res.status, cuerpo);
}

/** Their PDF, fetched from the document's link (a public link: no token). Throws with a Spanish message. */
export async function pdfNubefact(cfg: NubefactConfig, s: ComprobanteSolicitud, emitido: ComprobanteEmitido): Promise<Buffer> {
  const doc = serieNumero(s);
  if (!emitido.enlace_pdf) throw new Error(`El comprobante ${doc} no tiene enlace a su PDF en Nubefact`);
  let pdf: Buffer;
  try {
    const res = await fetch(emitido.enlace_pdf, { signal: AbortSignal.timeout(cfg.timeoutMs) });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    pdf = Buffer.from(await res.arrayBuffer());
  } catch {
    throw new Error(`No se pudo obtener el PDF del comprobante ${doc} desde Nubefact`);
  }
  if (pdf.subarray(0, 5).toString('latin1') !== '%PDF-') throw new Error(`Nubefact no devolvió un PDF para el comprobante ${doc}`);
  return pdf;
}

export function crearProveedorNubefact(cfg: NubefactConfig, emisor: EmisorComprobantes): ProveedorComprobantes {
  return {
    nombre: 'nubefact',
    emitir: (s) => emitirNubefact(cfg, emisor, s),
    pdf: (s, emitido) => pdfNubefact(cfg, s, emitido),
    // Nubefact's `generar_guia` is not wired yet: refused with a clear text, nothing issued (the caller rolls back the number).
    emitirGuia: () => Promise.resolve({
      aceptado: false, estado_sunat: 'rechazado', aceptada_en: null, enlace_pdf: null, xml: null, hash: null,
      mensaje: 'la emisión de guías de remisión por Nubefact aún no está disponible; use el proveedor interno',
    }),
    guiaPdf: () => Promise.reject(new Error('la guía de remisión de Nubefact aún no está disponible')),
  };
}
