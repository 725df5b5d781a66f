/**
 * Nubefact's JSON API as a channel: an accredited provider that signs on its side, submits to SUNAT
 * and keeps the document. One POST to the account's route with `Authorization: Token token="..."`:
 * `generar_comprobante` issues from our request (`doc.solicitud`; our signed XML is not used),
 * `consultar_comprobante` answers what they hold. Both answer the document (aceptada_por_sunat,
 * sunat_description, sunat_note, sunat_responsecode, codigo_hash, cadena_para_codigo_qr) or
 * `{ errors, codigo }` with their own codes: 10-12 token or route wrong, 20-22 the data is wrong,
 * 23 the document already exists, 24 it does not exist, 40 their internal error, 50-51 the account
 * is suspended. Nubefact keeps SUNAT's CDR: `cdr` is always null here.
 */
import type { Canal, DocumentoEnvio, NotaCdr, Resultado } from './canal.ts';
import { leerNota } from './cdr.ts';
import { CODIGO_YA_REGISTRADO, describirFallaRed } from './sunat-soap.ts';
import type { ComprobanteSolicitud, ResumenSolicitud } from '../tipos.ts';
import { porcentajeTexto } from '../solicitud.ts';

export interface NubefactConfig {
  url: string;
  token: string;
  timeoutMs: number;
}

/** Their codes: 1 factura, 2 boleta, 3 nota de crédito, 4 nota de débito. */
const TIPO = { factura: 1, boleta: 2, nota_credito: 3, nota_debito: 4 } as const;
/** The same by SUNAT's catalogue 01 code (a summary's document, a consulted note). */
const TIPO_SUNAT: Record<string, number> = { '01': 1, '03': 2, '07': 3, '08': 4 };
/** Their buyer document codes: catalogue 06, except '-' for "varios" (a boleta without document). */
const DOCUMENTO = { '6': '6', '1': '1', '4': '4', '0': '-' } as const;
/** Their currency codes: 1 soles, 2 dollars. */
const MONEDA = { PEN: 1, USD: 2 } as const;

/** Their error codes that say the document's data is wrong: issuing it again unchanged fails again. */
const DATOS_INVALIDOS = new Set(['20', '21', '22']);
/** Their error codes about the token, the route or the account: nothing was looked at. */
const CUENTA = new Set(['10', '11', '12', '50', '51']);

const ddmmyyyy = (iso: string) => iso.split('-').reverse().join('-');

/**
 * A credit sale (issue 23): their `condiciones_de_pago` (printed on their PDF) and, on a factura, the
 * cuotas in `venta_al_credito`, from which they declare FormaPago Credito; a boleta declares no form
 * of payment, as in our own XML. A cash sale sends neither (their default is al contado).
 */
function pagoNubefact(s: ComprobanteSolicitud): Record<string, unknown> {
  if (s.nota || s.forma_pago !== 'Credito' || !s.cuotas?.length) return {};
  const cuotas = s.cuotas.map((c, i) => ({ cuota: i + 1, fecha_de_pago: ddmmyyyy(c.fecha), importe: c.monto }));
  return { condiciones_de_pago: `Crédito en ${s.cuotas.length === 1 ? '1 cuota' : `${s.cuotas.length} cuotas`}`, ...(s.tipo === 'factura' ? { venta_al_credito: cuotas } : {}) };
}

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
    // A note: the document it modifies and its reason (their numbering of catalogues 09 and 10 is SUNAT's code as a number).
    ...(s.nota ? {
      documento_que_se_modifica_tipo: TIPO_SUNAT[s.nota.tipo],
      documento_que_se_modifica_serie: s.nota.serie,
      documento_que_se_modifica_numero: s.nota.numero,
      [s.tipo === 'nota_credito' ? 'tipo_de_nota_de_credito' : 'tipo_de_nota_de_debito']: Number(s.nota.motivo_codigo),
    } : {}),
    ...pagoNubefact(s),
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

export type Json = Record<string, unknown>;
export const texto = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

type Respuesta =
  | { tipo: 'documento'; d: Json }
  | { tipo: 'errores'; codigo: string; texto: string }
  | { tipo: 'falla'; descripcion: string };

function leerJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

/** What one POST to their API gave: a network failure, their `{errors, codigo}`, or a JSON object with the HTTP status. */
export type RespuestaJson =
  | { tipo: 'falla'; descripcion: string }
  | { tipo: 'errores'; codigo: string; texto: string }
  | { tipo: 'json'; raiz: Json; status: number; inesperada: string };

/** One POST; never throws. `ambiguo` is added when the request may have been processed (a timeout, a cut connection). */
export async function postNubefact(cfg: NubefactConfig, cuerpo: Json, ambiguo: string): Promise<RespuestaJson> {
  let res: Response;
  let raw: string;
  try {
    res = await fetch(cfg.url, {
      method: 'POST',
      headers: { Authorization: `Token token="${cfg.token}"`, 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(cuerpo),
      signal: AbortSignal.timeout(cfg.timeoutMs),
    });
    raw = await res.text();
  } catch (e) {
    const falla = describirFallaRed(e, 'Nubefact', cfg.timeoutMs);
    return { tipo: 'falla', descripcion: `${falla.descripcion}${falla.ambigua ? ambiguo : ''}` };
  }
  // A 5xx (a gateway's included) or a strange 2xx may come after they issued it.
  const inesperada = `Nubefact respondió de forma inesperada (HTTP ${res.status})${res.status < 300 || res.status >= 500 ? ambiguo : ''}`;
  const json = leerJson(raw);
  if (!json || typeof json !== 'object' || Array.isArray(json)) return { tipo: 'falla', descripcion: inesperada };
  const raiz = json as Json;
  if (raiz.errors !== undefined) return { tipo: 'errores', codigo: texto(raiz.codigo), texto: texto(raiz.errors) || 'sin detalle' };
  return { tipo: 'json', raiz, status: res.status, inesperada };
}

async function llamar(cfg: NubefactConfig, cuerpo: Json, ambiguo: string): Promise<Respuesta> {
  const r = await postNubefact(cfg, cuerpo, ambiguo);
  if (r.tipo !== 'json') return r;
  // Some versions of their API nest the document under `invoice`.
  const d = (r.raiz.invoice && typeof r.raiz.invoice === 'object' ? r.raiz.invoice : r.raiz) as Json;
  if (r.status >= 300 || !texto(d.enlace)) return { tipo: 'falla', descripcion: r.inesperada };
  return { tipo: 'documento', d };
}

/** `sunat_note` holds SUNAT's observations as text, one per line ('4233 - ...'). */
export function notas(d: Json): NotaCdr[] {
  return texto(d.sunat_note).split(/\r?\n/).map((l) => l.trim()).filter(Boolean).map(leerNota);
}

/** What a document they hold says of SUNAT. */
function desdeDocumento(d: Json, doc: DocumentoEnvio): Resultado {
  const descripcion = texto(d.sunat_description);
  const codigo = texto(d.sunat_responsecode);
  const extra = { hash: texto(d.codigo_hash) || undefined, codigo_qr: texto(d.cadena_para_codigo_qr) || undefined };
  if (d.aceptada_por_sunat === true) {
    const n = notas(d);
    return { estado: n.length > 0 ? 'observado' : 'aceptado', codigo: '0', descripcion: descripcion || `El comprobante ${doc.nombre} ha sido aceptado`, notas: n, cdr: null, ...extra };
  }
  const num = Number(codigo);
  if (codigo && num >= 2000 && num <= 3999) {
    return { estado: 'rechazado', codigo, descripcion: descripcion || `La SUNAT rechazó el comprobante (código ${codigo})`, notas: notas(d), cdr: null, ...extra };
  }
  // Pending, or their own submission failed (sunat_soap_error): Nubefact holds it and retries; ask again later.
  const error = texto(d.sunat_soap_error);
  return { estado: 'enviado', ticket: null, descripcion: `Nubefact recibió el comprobante ${doc.nombre}; la SUNAT aún no lo ha aceptado${error ? ` (${error})` : ''}` };
}

export const errorNubefact = (r: { codigo: string; texto: string }) => `${r.texto}${r.codigo ? ` (código ${r.codigo})` : ''}`;

/**
 * A cancellation through Nubefact: their `generar_anulacion` of the summary's one document (they build
 * the comunicación de baja or resumen diario and follow its ticket); `consultar_anulacion` asks how it went.
 */
function cuerpoAnulacion(r: ResumenSolicitud, operacion: 'generar_anulacion' | 'consultar_anulacion'): Json {
  const it = r.items[0];
  return { operacion, tipo_de_comprobante: TIPO_SUNAT[it.tipo], serie: it.serie, numero: it.numero, ...(operacion === 'generar_anulacion' ? { motivo: it.motivo } : {}) };
}

/** What Nubefact says of a cancellation: accepted, rejected, or still with SUNAT (their ticket). */
function desdeAnulacion(d: Json, doc: DocumentoEnvio): Resultado {
  if (d.aceptada_por_sunat === true) return { estado: 'aceptado', codigo: '0', descripcion: texto(d.sunat_description) || `SUNAT aceptó la anulación ${doc.nombre}`, notas: notas(d), cdr: null };
  const codigo = texto(d.sunat_responsecode);
  if (codigo && Number(codigo) >= 2000 && Number(codigo) <= 3999) {
    return { estado: 'rechazado', codigo, descripcion: texto(d.sunat_description) || `SUNAT rechazó la anulación (código ${codigo})`, notas: notas(d), cdr: null };
  }
  return { estado: 'enviado', ticket: texto(d.sunat_ticket_numero) || null, descripcion: `Nubefact envió la anulación ${doc.nombre}; la SUNAT aún no responde` };
}

const esResumen = (doc: DocumentoEnvio): doc is DocumentoEnvio & { solicitud: ResumenSolicitud } => doc.tipo === 'RA' || doc.tipo === 'RC';

export function crearCanalNubefact(cfg: NubefactConfig): Canal {
  return {
    nombre: 'nubefact',

    async enviar(doc) {
      if (esResumen(doc)) {
        const a = await llamar(cfg, cuerpoAnulacion(doc.solicitud, 'generar_anulacion'), `; no se sabe si registró la anulación ${doc.nombre}`);
        if (a.tipo === 'falla') return { estado: 'error', codigo: null, descripcion: a.descripcion };
        if (a.tipo === 'documento') return desdeAnulacion(a.d, doc);
        if (DATOS_INVALIDOS.has(a.codigo)) return { estado: 'rechazado', codigo: a.codigo, descripcion: `Nubefact rechazó la anulación: ${errorNubefact(a)}`, notas: [], cdr: null };
        return { estado: 'error', codigo: a.codigo || null, descripcion: `Nubefact no registró la anulación: ${errorNubefact(a)}` };
      }
      const r = await llamar(cfg, cuerpoNubefact(doc.solicitud as ComprobanteSolicitud), `; no se sabe si emitió el comprobante ${doc.nombre}`);
      if (r.tipo === 'falla') return { estado: 'error', codigo: null, descripcion: r.descripcion };
      if (r.tipo === 'documento') return desdeDocumento(r.d, doc);
      if (DATOS_INVALIDOS.has(r.codigo)) return { estado: 'rechazado', codigo: r.codigo, descripcion: `Nubefact rechazó el comprobante: ${errorNubefact(r)}`, notas: [], cdr: null };
      // Code 23: they already have it (an earlier answer was lost). The worker consults instead of resending.
      if (r.codigo === '23') return { estado: 'error', codigo: CODIGO_YA_REGISTRADO, descripcion: `Nubefact ya tiene el comprobante ${doc.nombre}; se consulta su estado` };
      return { estado: 'error', codigo: r.codigo || null, descripcion: `Nubefact no emitió el comprobante: ${errorNubefact(r)}` };
    },

    async consultar(doc) {
      if (esResumen(doc)) {
        const a = await llamar(cfg, cuerpoAnulacion(doc.solicitud, 'consultar_anulacion'), '');
        if (a.tipo === 'falla') return { estado: 'error', codigo: null, descripcion: a.descripcion };
        if (a.tipo === 'documento') return desdeAnulacion(a.d, doc);
        if (a.codigo === '24') return { estado: 'no_existe', descripcion: `Nubefact no tiene la anulación ${doc.nombre}: ${a.texto}` };
        return { estado: 'error', codigo: a.codigo || null, descripcion: `Nubefact no pudo consultar la anulación: ${errorNubefact(a)}` };
      }
      const r = await llamar(cfg, { operacion: 'consultar_comprobante', tipo_de_comprobante: TIPO_SUNAT[doc.tipo], serie: doc.serie, numero: doc.numero }, '');
      if (r.tipo === 'falla') return { estado: 'error', codigo: null, descripcion: r.descripcion };
      if (r.tipo === 'documento') return desdeDocumento(r.d, doc);
      if (r.codigo === '24') return { estado: 'no_existe', descripcion: `Nubefact no tiene el comprobante ${doc.nombre}: ${r.texto}` };
      return { estado: 'error', codigo: r.codigo || null, descripcion: `Nubefact no pudo consultar el comprobante: ${errorNubefact(r)}` };
    },

    async probar() {
      // A document that does not exist: their "24" proves the token and the route without issuing anything.
      const r = await llamar(cfg, { operacion: 'consultar_comprobante', tipo_de_comprobante: 1, serie: 'F999', numero: 99999999 }, '');
      if (r.tipo === 'falla') return { ok: false, mensaje: r.descripcion };
      if (r.tipo === 'errores' && (CUENTA.has(r.codigo) || r.codigo === '40' || !r.codigo)) return { ok: false, mensaje: `Nubefact respondió: ${errorNubefact(r)}` };
      return { ok: true, mensaje: 'Conexión correcta con Nubefact (token aceptado)' };
    },
  };
}
