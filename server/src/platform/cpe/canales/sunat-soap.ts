/**
 * SUNAT's SOAP 1.1 services (Manual del programador; WSDL in shared/reference/cpe/wsdl): billService
 * (sendBill, sendSummary, getStatus) to send, billConsultService (getStatusCdr) to ask what SUNAT
 * has. An OSE exposes the same contract at its own URLs. The envelope is small and fixed, so it is
 * written here as text; the user goes in a WS-Security UsernameToken (RUC + SOL user, SOL password).
 *
 * Outcomes (see `Resultado`): a CDR decides aceptado/observado/rechazado; a SOAP fault 2000-3999 is a
 * rejection without CDR; a fault 0100-1999, a network failure, a timeout or an answer that is not
 * SOAP is 'error' (nothing registered as far as we know: the worker retries or consults).
 */
import { strToU8, zipSync } from 'fflate';
import type { Canal, DocumentoEnvio, Resultado } from './canal.ts';
import { CdrInvalido, leerCdrZip, parsearXmlAjeno } from './cdr.ts';

export const ENDPOINTS = {
  // SUNAT's beta has no billConsultService: a document sent there cannot be consulted.
  sunat_beta: { envio: 'https://e-beta.sunat.gob.pe/ol-ti-itcpfegem-beta/billService', consulta: null },
  sunat_produccion: {
    envio: 'https://e-factura.sunat.gob.pe/ol-ti-itcpfegem/billService',
    consulta: 'https://e-factura.sunat.gob.pe/ol-it-wsconscpegem/billConsultService',
  },
} as const satisfies Record<string, { envio: string; consulta: string | null }>;

export interface SunatConfig {
  nombre: 'sunat_beta' | 'sunat_produccion' | 'ose';
  urlEnvio: string;
  /** billConsultService; null when the service has none (SUNAT beta). */
  urlConsulta: string | null;
  ruc: string;
  /** The secondary SOL user without the RUC ('MODDATOS'). */
  usuarioSol: string;
  claveSol: string;
  timeoutMs: number;
}

/** `codigo` of an 'error' that means "SUNAT already has this document: consult its CDR, do not resend". */
export const CODIGO_YA_REGISTRADO = '1033';
/** `codigo` of an 'error' from `consultar` when the channel cannot consult: someone checks SUNAT by hand. */
export const CODIGO_SIN_CONSULTA = 'SIN_CONSULTA';

/** Texts of SUNAT's CatalogoErrores.xml for the codes a fault may carry without text. */
export const CATALOGO_SUNAT: Record<string, string> = {
  '0011': 'Comprobante no encontrado o no existe',
  '0100': 'El sistema no puede responder su solicitud. Intente nuevamente o comuníquese con su Administrador',
  '0101': 'El encabezado de seguridad es incorrecto',
  '0102': 'Usuario o contrasena incorrectos',
  '0103': 'El Usuario ingresado no existe',
  '0104': 'La Clave ingresada es incorrecta',
  '0105': 'El Usuario no está activo',
  '0106': 'El Usuario no es válido',
  '0109': 'El sistema no puede responder su solicitud. (El servicio de autenticación no está disponible)',
  '0111': 'No tiene el perfil para enviar comprobantes electronicos',
  '0113': 'El usuario no esta afiliado a Factura Electronica',
  '0127': 'El ticket no existe',
  '0130': 'El sistema no puede responder su solicitud. (No se pudo obtener el ticket de proceso)',
  '0151': 'El nombre del archivo ZIP es incorrecto',
  '0154': 'El RUC del archivo no corresponde al RUC del usuario o el proveedor no esta autorizado a enviar comprobantes del contribuyente',
  '0155': 'El archivo ZIP esta vacio',
  '0156': 'El archivo ZIP esta corrupto',
  '0157': 'El archivo ZIP no contiene comprobantes',
  '0158': 'El archivo ZIP contiene demasiados comprobantes para este tipo de envío',
  '0160': 'El archivo XML esta vacio',
  '0161': 'El nombre del archivo XML no coincide con el nombre del archivo ZIP',
  '1032': 'El comprobante ya esta informado y se encuentra con estado anulado o rechazado',
  '1033': 'El comprobante fue registrado previamente con otros datos',
  '2334': 'El documento electrónico ingresado ha sido alterado',
  '2335': 'El documento electrónico ingresado ha sido alterado',
};

/** Faults about the SOL user itself (catalogue 0101-0106, 0110-0113): `probar` reports them as bad credentials. */
const CREDENCIALES = /^01(0[1-6]|1[0-3])$/;
/** Faults that mean "SUNAT already holds this document" (1033, 1032; 0402 on beta's test cases). */
const YA_REGISTRADO = new Set(['1032', '1033', '0402']);
/** Answers that prove the user was accepted: the service looked for the document or ticket and did not find it. */
const NEGOCIO = new Set(['0011', '0013', '0126', '0127']);

const SOAP = 'http://schemas.xmlsoap.org/soap/envelope/';
const WSSE = 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd';
const PASSWORD_TEXT = 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-username-token-profile-1.0#PasswordText';
/** A real answer is a few KB (a CDR zip in base64); anything far bigger is not SUNAT's. */
const MAX_RESPUESTA = 8 * 1024 * 1024;

const escapar = (t: string) => t.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The SOAP 1.1 envelope of `operacion` with its (unqualified) fields, as SUNAT's WSDL declares them. */
export function sobreSoap(usuario: string, clave: string, operacion: string, campos: [string, string][]): string {
  const cuerpo = campos.map(([k, v]) => `<${k}>${escapar(v)}</${k}>`).join('');
  return '<?xml version="1.0" encoding="UTF-8"?>'
    + `<soapenv:Envelope xmlns:soapenv="${SOAP}" xmlns:ser="http://service.sunat.gob.pe" xmlns:wsse="${WSSE}">`
    + `<soapenv:Header><wsse:Security><wsse:UsernameToken><wsse:Username>${escapar(usuario)}</wsse:Username>`
    + `<wsse:Password Type="${PASSWORD_TEXT}">${escapar(clave)}</wsse:Password></wsse:UsernameToken></wsse:Security></soapenv:Header>`
    + `<soapenv:Body><ser:${operacion}>${cuerpo}</ser:${operacion}></soapenv:Body></soapenv:Envelope>`;
}

type Respuesta =
  | { tipo: 'ok'; campo: (nombre: string) => string | null }
  | { tipo: 'fault'; codigo: string | null; texto: string; faultcode: string }
  /** Nothing usable arrived; `ambigua`: the request may have reached SUNAT (timeout, connection cut). */
  | { tipo: 'falla'; descripcion: string; ambigua: boolean };

const cap = (t: string) => t.charAt(0).toUpperCase() + t.slice(1);
/** '30 s', '0,3 s': Peru writes a decimal comma (written by hand: Node may lack the full ICU data). */
const segundos = (ms: number) => `${String(Math.round(ms / 100) / 10).replace('.', ',')} s`;

/**
 * A failed fetch in Spanish. `ambigua`: the request may have reached the service (a timeout, a
 * connection cut after sending), so whether it was processed is unknown.
 */
export function describirFallaRed(e: unknown, quien: string, timeoutMs: number): { descripcion: string; ambigua: boolean } {
  const err = e as { name?: string; cause?: { code?: string; name?: string } };
  if (err.name === 'TimeoutError' || err.name === 'AbortError') return { descripcion: `${cap(quien)} no respondió en ${segundos(timeoutMs)}`, ambigua: true };
  const codigo = err.cause?.code ?? err.cause?.name ?? err.name ?? 'error de red';
  // Refused, unresolved or a TLS failure: the request never left.
  if (/^(ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|CERT_|UNABLE_TO|DEPTH_ZERO|SELF_SIGNED|ERR_TLS)/.test(codigo)) {
    return { descripcion: `No se pudo conectar con ${quien} (${codigo})`, ambigua: false };
  }
  return { descripcion: `La conexión con ${quien} se cortó antes de recibir su respuesta (${codigo})`, ambigua: true };
}

async function leerCuerpo(res: Response): Promise<string | null> {
  if (!res.body) return '';
  const partes: Uint8Array[] = [];
  let total = 0;
  for await (const parte of res.body) {
    total += parte.byteLength;
    if (total > MAX_RESPUESTA) return null;
    partes.push(parte);
  }
  return new TextDecoder().decode(Buffer.concat(partes));
}

/** The fault's SUNAT code: 'soap-env:Client.2335' → '2335'; 'env:Server' with faultstring '0109' → '0109'. */
function codigoFault(faultcode: string, faultstring: string): string | null {
  const m = /\.(\d{1,4})$/.exec(faultcode) ?? /^\s*(\d{3,4})\s*(?:$|-|:)/.exec(faultstring);
  return m ? m[1].padStart(4, '0') : null;
}

function cuerpoSoap(xml: string): Element | null {
  try {
    return parsearXmlAjeno(xml, 'La respuesta').getElementsByTagNameNS(SOAP, 'Body')[0] ?? null;
  } catch {
    return null;
  }
}

/** One call; never throws. `quien` is 'SUNAT' or 'el OSE', as written inside a sentence. */
async function llamar(url: string, accion: string, sobre: string, quien: string, timeoutMs: number): Promise<Respuesta> {
  let res: Response;
  let cuerpo: string | null;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: `"urn:${accion}"`, Accept: 'text/xml' },
      body: sobre,
      signal: AbortSignal.timeout(timeoutMs),
    });
    cuerpo = await leerCuerpo(res);
  } catch (e) {
    return { tipo: 'falla', ...describirFallaRed(e, quien, timeoutMs) };
  }
  if (cuerpo === null) return { tipo: 'falla', descripcion: `La respuesta de ${quien} supera ${MAX_RESPUESTA / 1024 / 1024} MiB`, ambigua: true };
  const body = cuerpoSoap(cuerpo);
  if (!body) {
    const descripcion = res.status >= 400 ? `${cap(quien)} respondió HTTP ${res.status} sin detalle` : `${cap(quien)} respondió algo que no es SOAP (HTTP ${res.status})`;
    // A 4xx was refused at the door; a 5xx (a gateway's 502/504 included) or a strange 200 may come after processing.
    return { tipo: 'falla', descripcion, ambigua: res.status < 400 || res.status >= 500 };
  }
  const campo = (nombre: string) => {
    const n = body.getElementsByTagNameNS('*', nombre)[0];
    return n ? (n.textContent ?? '').trim() : null;
  };
  if (body.getElementsByTagNameNS(SOAP, 'Fault')[0]) {
    const faultcode = campo('faultcode') ?? '';
    const faultstring = campo('faultstring') ?? '';
    const codigo = codigoFault(faultcode, faultstring);
    const propio = faultstring && !/^\d+$/.test(faultstring) ? faultstring : '';
    const texto = propio || (codigo && CATALOGO_SUNAT[codigo]) || campo('message') || (codigo ? `código ${codigo} del catálogo de errores de SUNAT` : 'sin detalle');
    return { tipo: 'fault', codigo, texto, faultcode };
  }
  if (res.status >= 400) return { tipo: 'falla', descripcion: `${cap(quien)} respondió HTTP ${res.status} sin detalle`, ambigua: res.status >= 500 };
  return { tipo: 'ok', campo };
}

/** A CDR (base64 zip) as the document's outcome. */
function desdeCdr(base64: string, doc: DocumentoEnvio, quien: string): Resultado {
  const zip = Buffer.from(base64.replace(/\s+/g, ''), 'base64');
  try {
    const cdr = leerCdrZip(zip, doc.nombre);
    const codigo = Number(cdr.codigo);
    const base = { codigo: cdr.codigo, descripcion: cdr.descripcion || `Código ${cdr.codigo}`, notas: cdr.notas, cdr: zip };
    if (codigo === 0) return { estado: cdr.notas.length > 0 ? 'observado' : 'aceptado', ...base };
    if (codigo >= 2000 && codigo <= 3999) return { estado: 'rechazado', ...base };
    // Observation codes as ResponseCode (never seen, but accepted by definition).
    if (codigo >= 4000) return { estado: 'observado', ...base };
    return { estado: 'error', codigo: cdr.codigo, descripcion: `${cap(quien)} devolvió un CDR con la excepción ${cdr.codigo}: ${base.descripcion}` };
  } catch (e) {
    const motivo = e instanceof CdrInvalido ? e.message : 'El CDR no se pudo leer';
    return { estado: 'error', codigo: null, descripcion: `${cap(quien)} respondió, pero su constancia no es válida: ${motivo}` };
  }
}

function desdeFault(f: Extract<Respuesta, { tipo: 'fault' }>, doc: DocumentoEnvio, quien: string): Resultado {
  const n = f.codigo === null ? NaN : Number(f.codigo);
  if (f.codigo && n >= 2000 && n <= 3999) return { estado: 'rechazado', codigo: f.codigo, descripcion: f.texto, notas: [], cdr: null };
  // The worker consults the CDR on this code instead of retrying: a resend would get the same answer.
  if (f.codigo && (YA_REGISTRADO.has(f.codigo) || /registrado previamente|ya esta informado|ya ha sido enviado/i.test(f.texto))) {
    return { estado: 'error', codigo: CODIGO_YA_REGISTRADO, descripcion: `${cap(quien)} ya tiene el comprobante ${doc.nombre} (${f.codigo}: ${f.texto}); se consulta su constancia` };
  }
  if (f.codigo === null) return { estado: 'error', codigo: null, descripcion: `${cap(quien)} respondió con un error (${f.faultcode || 'sin código'}): ${f.texto}` };
  return { estado: 'error', codigo: f.codigo, descripcion: `${cap(quien)} no procesó el comprobante: ${f.texto} (${f.codigo})` };
}

const esResumen = (doc: DocumentoEnvio) => doc.tipo === 'RC' || doc.tipo === 'RA';

export function crearCanalSunat(cfg: SunatConfig): Canal {
  const quien = cfg.nombre === 'ose' ? 'el OSE' : 'SUNAT';
  const usuario = `${cfg.ruc}${cfg.usuarioSol}`;
  const sobre = (op: string, campos: [string, string][]) => sobreSoap(usuario, cfg.claveSol, op, campos);

  async function enviar(doc: DocumentoEnvio): Promise<Resultado> {
    const zip = zipSync({ [`${doc.nombre}.xml`]: strToU8(doc.xml) });
    // Daily summaries and voidings are asynchronous: SUNAT answers a ticket, the CDR comes from getStatus.
    const op = esResumen(doc) ? 'sendSummary' : 'sendBill';
    const r = await llamar(cfg.urlEnvio, op, sobre(op, [['fileName', `${doc.nombre}.zip`], ['contentFile', Buffer.from(zip).toString('base64')]]), quien, cfg.timeoutMs);
    if (r.tipo === 'falla') {
      const duda = r.ambigua ? `; no se sabe si recibió el comprobante ${doc.nombre}` : '';
      return { estado: 'error', codigo: null, descripcion: `${r.descripcion}${duda}` };
    }
    if (r.tipo === 'fault') return desdeFault(r, doc, quien);
    if (op === 'sendSummary') {
      const ticket = r.campo('ticket');
      if (ticket) return { estado: 'enviado', ticket, descripcion: `${cap(quien)} recibió el resumen ${doc.nombre} con el ticket ${ticket}` };
      return { estado: 'error', codigo: null, descripcion: `${cap(quien)} respondió sin ticket al resumen ${doc.nombre}` };
    }
    const cdr = r.campo('applicationResponse');
    if (!cdr) return { estado: 'error', codigo: null, descripcion: `${cap(quien)} respondió sin constancia (applicationResponse) al comprobante ${doc.nombre}` };
    return desdeCdr(cdr, doc, quien);
  }

  /** A summary's outcome by its ticket (getStatus, on billService, beta included): 0 done, 98 in process, 99 done with errors. */
  async function estadoTicket(doc: DocumentoEnvio, ticket: string): Promise<Resultado> {
    const r = await llamar(cfg.urlEnvio, 'getStatus', sobre('getStatus', [['ticket', ticket]]), quien, cfg.timeoutMs);
    if (r.tipo === 'falla') return { estado: 'error', codigo: null, descripcion: r.descripcion };
    if (r.tipo === 'fault') {
      if (r.codigo && Number(r.codigo) >= 2000 && Number(r.codigo) <= 3999) return { estado: 'rechazado', codigo: r.codigo, descripcion: r.texto, notas: [], cdr: null };
      return { estado: 'error', codigo: r.codigo, descripcion: `${cap(quien)} no pudo dar el estado del ticket ${ticket} de ${doc.nombre}: ${r.texto}${r.codigo ? ` (${r.codigo})` : ''}` };
    }
    const codigo = r.campo('statusCode') ?? '';
    const contenido = r.campo('content');
    if (codigo === '98') return { estado: 'enviado', ticket, descripcion: `${cap(quien)} aún procesa el resumen ${doc.nombre} (ticket ${ticket})` };
    if (contenido) return desdeCdr(contenido, doc, quien);
    return { estado: 'error', codigo: codigo || null, descripcion: `${cap(quien)} respondió el ticket ${ticket} sin constancia (código ${codigo || 'vacío'})` };
  }

  async function consultar(doc: DocumentoEnvio): Promise<Resultado> {
    if (esResumen(doc)) {
      if (doc.ticket) return estadoTicket(doc, doc.ticket);
      return { estado: 'error', codigo: CODIGO_SIN_CONSULTA, descripcion: `El resumen ${doc.nombre} no tiene ticket: solo se consulta con el ticket de su envío` };
    }
    if (!cfg.urlConsulta) {
      return {
        estado: 'error', codigo: CODIGO_SIN_CONSULTA,
        descripcion: `Este canal no permite consultar comprobantes en ${quien} (SUNAT beta no tiene servicio de consulta): verifique a mano si ${doc.nombre} fue recibido antes de reenviarlo`,
      };
    }
    const r = await llamar(cfg.urlConsulta, 'getStatusCdr', sobre('getStatusCdr', [
      ['rucComprobante', doc.ruc], ['tipoComprobante', doc.tipo], ['serieComprobante', doc.serie], ['numeroComprobante', String(doc.numero)],
    ]), quien, cfg.timeoutMs);
    if (r.tipo === 'falla') return { estado: 'error', codigo: null, descripcion: r.descripcion };
    if (r.tipo === 'fault') {
      if (r.codigo === '0011') return { estado: 'no_existe', descripcion: `${cap(quien)} no tiene el comprobante ${doc.nombre} (0011: ${r.texto})` };
      return { estado: 'error', codigo: r.codigo, descripcion: `${cap(quien)} no pudo consultar el comprobante ${doc.nombre}: ${r.texto}${r.codigo ? ` (${r.codigo})` : ''}` };
    }
    const codigo = r.campo('statusCode') ?? '';
    const mensaje = r.campo('statusMessage') || CATALOGO_SUNAT[codigo] || 'sin detalle';
    const contenido = r.campo('content');
    // The CDR is the proof, whatever statusCode says ('0004' La constancia existe).
    if (contenido) return desdeCdr(contenido, doc, quien);
    if (codigo === '0011') return { estado: 'no_existe', descripcion: `${cap(quien)} no tiene el comprobante ${doc.nombre} (0011: ${mensaje})` };
    // Found without a constancia (0001-0003 state only, 0014/0125 "No se pudo obtener la constancia"): a person looks.
    return { estado: 'error', codigo: codigo || null, descripcion: `${cap(quien)} no entregó la constancia de ${doc.nombre}: ${mensaje}${codigo ? ` (${codigo})` : ''}` };
  }

  async function probar(ruc: string): Promise<{ ok: boolean; mensaje: string }> {
    // A question about something that does not exist: it proves the user without issuing anything.
    const r = cfg.urlConsulta
      ? await llamar(cfg.urlConsulta, 'getStatusCdr', sobre('getStatusCdr', [['rucComprobante', ruc], ['tipoComprobante', '01'], ['serieComprobante', 'F999'], ['numeroComprobante', '99999999']]), quien, cfg.timeoutMs)
      : await llamar(cfg.urlEnvio, 'getStatus', sobre('getStatus', [['ticket', '9999999999999']]), quien, cfg.timeoutMs);
    const correcto = { ok: true, mensaje: `Conexión correcta con ${quien} (credenciales aceptadas)` };
    if (r.tipo === 'ok') return correcto;
    if (r.tipo === 'falla') return { ok: false, mensaje: r.descripcion };
    if (r.codigo && NEGOCIO.has(r.codigo)) return correcto;
    if (r.codigo && CREDENCIALES.test(r.codigo)) return { ok: false, mensaje: `${cap(quien)} rechazó el usuario SOL ${usuario}: ${r.texto} (${r.codigo})` };
    return { ok: false, mensaje: `${cap(quien)} respondió con un error: ${r.texto}${r.codigo ? ` (${r.codigo})` : ''}` };
  }

  return { nombre: cfg.nombre, enviar, consultar, probar };
}
