/**
 * SUNAT's GRE REST API for sender guides (issue 23; "Manual de servicios web plataforma nueva GRE"):
 * - token: POST {seguridad}/clientessol/{client_id}/oauth2/token/ (form: grant_type=password, scope
 *   https://api-cpe.sunat.gob.pe, client_id, client_secret, username RUC + SOL user, password SOL
 *   password) → {access_token, expires_in}; kept until a minute before it expires;
 * - send: POST {api}/contribuyente/gem/comprobantes/{RUC-09-T001-00000001} with
 *   {archivo:{nomArchivo, arcGreZip (the zip in base64), hashZip (its SHA-256 in hex)}} → {numTicket};
 * - status: GET {api}/contribuyente/gem/comprobantes/envios/{ticket} → codRespuesta '0' (done: arcCdr
 *   holds the CDR), '98' (in process), '99' (done with errors: error {numError, desError}, and arcCdr
 *   when SUNAT rejected the guide itself).
 * The accepted guide's CDR carries, in cac:DocumentResponse/cac:DocumentReference/cbc:DocumentDescription,
 * the link SUNAT's QR must point to: it becomes the guide's QR (`codigo_qr`).
 *
 * The API cannot be asked about a guide by its number, only by the ticket its send answered: a send
 * whose answer was lost cannot be consulted (`consultar` says so with CODIGO_SIN_CONSULTA, so the
 * worker sends it again). A channel never throws.
 */
import { createHash } from 'node:crypto';
import { strToU8, zipSync } from 'fflate';
import { SIN_REINTENTO, type Canal, type CanalNombre, type DocumentoEnvio, type Resultado } from './canal.ts';
import { CdrInvalido, leerCdrZip, parsearXmlAjeno } from './cdr.ts';
import { CODIGO_SIN_CONSULTA, CODIGO_YA_REGISTRADO, describirFallaRed } from './sunat-soap.ts';

/** SUNAT's production addresses; `emi_gre_url` and `emi_gre_token_url` replace them (tests, a beta service). */
export const GRE_ENDPOINTS = { api: 'https://api-cpe.sunat.gob.pe/v1', token: 'https://api-seguridad.sunat.gob.pe/v1' } as const;
export const GRE_SCOPE = 'https://api-cpe.sunat.gob.pe';


export interface GreConfig {
  /** The settings' channel the guides go out with (the worker matches it against `nco_proveedor`). */
  nombre: CanalNombre;
  ruc: string;
  /** The secondary SOL user without the RUC. */
  usuarioSol: string;
  claveSol: string;
  clientId: string;
  clientSecret: string;
  /** Base of the API ('https://api-cpe.sunat.gob.pe/v1') and of the token service ('https://api-seguridad.sunat.gob.pe/v1'). */
  urlApi: string;
  urlToken: string;
  timeoutMs: number;
}

const QUIEN = 'el API de guías de SUNAT';
/** A status answer with its CDR is a few KB; anything this big is not SUNAT's. */
const MAX_RESPUESTA = 5 * 1024 * 1024;
const MARGEN_TOKEN_MS = 60_000;
const CBC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2';
const CAC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2';

type Json = Record<string, unknown>;
const texto = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');
const sinBarra = (u: string) => u.replace(/\/+$/, '');

type Http =
  | { tipo: 'ok'; status: number; json: Json | null; raw: string }
  | { tipo: 'falla'; descripcion: string; ambigua: boolean };

async function pedir(url: string, init: RequestInit, timeoutMs: number): Promise<Http> {
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    const partes: Uint8Array[] = [];
    let total = 0;
    if (res.body) {
      for await (const parte of res.body) {
        total += parte.byteLength;
        if (total > MAX_RESPUESTA) return { tipo: 'falla', descripcion: `La respuesta de ${QUIEN} supera 5 MiB`, ambigua: true };
        partes.push(parte);
      }
    }
    const raw = new TextDecoder().decode(Buffer.concat(partes));
    let json: Json | null = null;
    try {
      const v: unknown = JSON.parse(raw);
      json = v && typeof v === 'object' && !Array.isArray(v) ? v as Json : null;
    } catch {
      json = null;
    }
    return { tipo: 'ok', status: res.status, json, raw };
  } catch (e) {
    return { tipo: 'falla', ...describirFallaRed(e, QUIEN, timeoutMs) };
  }
}

/** SUNAT's error bodies: {cod, msg, errors: [{cod, msg}]} (400, 422), {cod, msg, exc} (500), {error, error_description} (token). */
function errorDe(j: Json | null): { codigos: string[]; texto: string } {
  if (!j) return { codigos: [], texto: '' };
  const errores = Array.isArray(j.errors) ? (j.errors as Json[]) : [];
  const codigos = [texto(j.cod), ...errores.map((e) => texto(e.cod))].filter(Boolean);
  const mensajes = errores.map((e) => `${texto(e.msg)}${texto(e.cod) ? ` (${texto(e.cod)})` : ''}`).filter((m) => m.trim());
  const principal = texto(j.msg) || texto(j.error_description) || texto(j.error);
  return { codigos, texto: [principal, ...mensajes].filter(Boolean).join('; ') };
}

const yaRegistrado = (codigos: string[], t: string) =>
  codigos.some((c) => c === '1032' || c === '1033') || /registrado previamente|ya (fue|ha sido) (presentad|enviad|informad)|ya existe/i.test(t);

/** The link of SUNAT's QR inside the CDR, or undefined when it has none (a rejection). */
function enlaceQr(cdrXml: string): string | undefined {
  try {
    const doc = parsearXmlAjeno(cdrXml, 'El CDR');
    const ref = doc.getElementsByTagNameNS(CAC, 'DocumentResponse')[0]?.getElementsByTagNameNS(CAC, 'DocumentReference')[0];
    const v = (ref?.getElementsByTagNameNS(CBC, 'DocumentDescription')[0]?.textContent ?? '').trim();
    return /^https?:\/\/\S+$/.test(v) && v.length <= 300 ? v : undefined;
  } catch {
    return undefined;
  }
}

/** A CDR (base64 zip) as the guide's outcome. */
function desdeCdr(base64: string, doc: DocumentoEnvio): Resultado {
  const zip = Buffer.from(base64.replace(/\s+/g, ''), 'base64');
  try {
    const cdr = leerCdrZip(zip, doc.nombre);
    const codigo = Number(cdr.codigo);
    const base = { codigo: cdr.codigo, descripcion: cdr.descripcion || `Código ${cdr.codigo}`, notas: cdr.notas, cdr: zip };
    if (codigo === 0 || codigo >= 4000) return { estado: cdr.notas.length > 0 || codigo >= 4000 ? 'observado' : 'aceptado', ...base, codigo_qr: enlaceQr(cdr.xml) };
    if (codigo >= 2000 && codigo <= 3999) return { estado: 'rechazado', ...base };
    return { estado: 'error', codigo: cdr.codigo, descripcion: `SUNAT devolvió una constancia con la excepción ${cdr.codigo}: ${base.descripcion}` };
  } catch (e) {
    const motivo = e instanceof CdrInvalido ? e.message : 'El CDR no se pudo leer';
    return { estado: 'error', codigo: null, descripcion: `SUNAT respondió, pero su constancia no es válida: ${motivo}` };
  }
}

export function crearCanalGre(cfg: GreConfig): Canal {
  const api = sinBarra(cfg.urlApi);
  let token: { valor: string; vence: number } | null = null;
  let pidiendo: Promise<{ token: string } | { falla: string }> | null = null;

  async function nuevoToken(): Promise<{ token: string } | { falla: string }> {
    const url = `${sinBarra(cfg.urlToken)}/clientessol/${encodeURIComponent(cfg.clientId)}/oauth2/token/`;
    const cuerpo = new URLSearchParams({
      grant_type: 'password', scope: GRE_SCOPE, client_id: cfg.clientId, client_secret: cfg.clientSecret,
      username: `${cfg.ruc}${cfg.usuarioSol}`, password: cfg.claveSol,
    });
    const r = await pedir(url, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' }, body: cuerpo.toString() }, cfg.timeoutMs);
    if (r.tipo === 'falla') return { falla: r.descripcion };
    const valor = texto(r.json?.access_token);
    if (r.status === 200 && valor) {
      const segundos = Number(r.json?.expires_in) || 3600;
      token = { valor, vence: Date.now() + segundos * 1000 - MARGEN_TOKEN_MS };
      return { token: valor };
    }
    const e = errorDe(r.json);
    if (r.status === 400 || r.status === 401) {
      return { falla: `SUNAT no entregó el token de guías: revise el client_id, el client_secret y el usuario y la clave SOL (${e.texto || `HTTP ${r.status}`})` };
    }
    return { falla: `SUNAT no entregó el token de guías (HTTP ${r.status}${e.texto ? `: ${e.texto}` : ''})` };
  }

  /** The cached token, or a new one (two sends at once share one request). */
  function tokenVigente(): Promise<{ token: string } | { falla: string }> {
    if (token && token.vence > Date.now()) return Promise.resolve({ token: token.valor });
    pidiendo ??= nuevoToken().finally(() => (pidiendo = null));
    return pidiendo;
  }

  /** A call with the token; a 401 (the token expired early) gets a new one and tries once more. */
  async function conToken(url: string, init: RequestInit): Promise<Http> {
    for (let intento = 0; ; intento++) {
      const t = await tokenVigente();
      if ('falla' in t) return { tipo: 'falla', descripcion: t.falla, ambigua: false };
      const r = await pedir(url, { ...init, headers: { ...init.headers, Authorization: `Bearer ${t.token}`, Accept: 'application/json' } }, cfg.timeoutMs);
      if (r.tipo === 'ok' && r.status === 401 && intento === 0) {
        token = null;
        continue;
      }
      return r;
    }
  }

  async function enviar(doc: DocumentoEnvio): Promise<Resultado> {
    if (doc.tipo !== '09') return { estado: 'error', codigo: null, descripcion: `El API de guías de SUNAT solo recibe guías de remisión, no ${doc.nombre}` };
    const zip = Buffer.from(zipSync({ [`${doc.nombre}.xml`]: strToU8(doc.xml) }));
    const archivo = { nomArchivo: `${doc.nombre}.zip`, arcGreZip: zip.toString('base64'), hashZip: createHash('sha256').update(zip).digest('hex') };
    const r = await conToken(`${api}/contribuyente/gem/comprobantes/${encodeURIComponent(doc.nombre)}`, {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ archivo }),
    });
    const duda = `; no se sabe si SUNAT recibió la guía ${doc.nombre}`;
    if (r.tipo === 'falla') return { estado: 'error', codigo: null, descripcion: `${r.descripcion}${r.ambigua ? duda : ''}` };
    const ticket = texto(r.json?.numTicket);
    if (r.status >= 200 && r.status < 300 && ticket) {
      return { estado: 'enviado', ticket, descripcion: `SUNAT recibió la guía ${doc.nombre} con el ticket ${ticket}` };
    }
    const e = errorDe(r.json);
    if (yaRegistrado(e.codigos, e.texto)) {
      return { estado: 'error', codigo: CODIGO_YA_REGISTRADO, descripcion: `SUNAT ya tiene la guía ${doc.nombre} (${e.texto}); se consulta su constancia` };
    }
    if (r.status >= 500 || r.status < 300) {
      return { estado: 'error', codigo: null, descripcion: `${QUIEN.charAt(0).toUpperCase()}${QUIEN.slice(1)} respondió HTTP ${r.status}${e.texto ? ` (${e.texto})` : ''}${duda}` };
    }
    // 400 or 422: the request itself was refused and nothing was registered; sending it unchanged fails again.
    return { estado: 'error', codigo: SIN_REINTENTO, descripcion: `SUNAT no recibió la guía ${doc.nombre}: ${e.texto || `HTTP ${r.status}`}` };
  }

  async function consultar(doc: DocumentoEnvio): Promise<Resultado> {
    if (!doc.ticket) {
      return {
        estado: 'error', codigo: CODIGO_SIN_CONSULTA,
        descripcion: `El API de guías de SUNAT solo informa por el ticket de un envío, y la guía ${doc.nombre} no tiene ticket: se vuelve a enviar`,
      };
    }
    const ticket = doc.ticket;
    const r = await conToken(`${api}/contribuyente/gem/comprobantes/envios/${encodeURIComponent(ticket)}`, { method: 'GET' });
    if (r.tipo === 'falla') return { estado: 'error', codigo: null, descripcion: r.descripcion };
    if (r.status !== 200 || !r.json) {
      const e = errorDe(r.json);
      return { estado: 'error', codigo: null, descripcion: `SUNAT no dio el estado del ticket ${ticket} de la guía ${doc.nombre} (HTTP ${r.status}${e.texto ? `: ${e.texto}` : ''})` };
    }
    const codigo = texto(r.json.codRespuesta);
    const cdr = texto(r.json.arcCdr);
    if (codigo === '98') return { estado: 'enviado', ticket, descripcion: `SUNAT aún procesa la guía ${doc.nombre} (ticket ${ticket})` };
    if (cdr) return desdeCdr(cdr, doc);
    const error = (r.json.error && typeof r.json.error === 'object' ? r.json.error : {}) as Json;
    const numero = texto(error.numError);
    const detalle = `${texto(error.desError) || 'sin detalle'}${numero ? ` (${numero})` : ''}`;
    if (codigo === '99') {
      if (yaRegistrado([numero], detalle)) {
        // An earlier send whose answer was lost got there first: its ticket is gone, SUNAT cannot say how it ended.
        return {
          estado: 'error', codigo: SIN_REINTENTO,
          descripcion: `SUNAT ya tenía la guía ${doc.nombre} de un envío anterior cuya respuesta se perdió (${detalle}): verifique su estado en SUNAT Operaciones en Línea`,
        };
      }
      const n = Number(numero);
      if (n >= 2000 && n <= 3999) return { estado: 'rechazado', codigo: numero, descripcion: texto(error.desError) || `Rechazada con el código ${numero}`, notas: [], cdr: null };
      // An exception (0100-1999): SUNAT did not register the guide; the worker may send it again.
      return { estado: 'no_existe', descripcion: `SUNAT no procesó la guía ${doc.nombre} del ticket ${ticket}: ${detalle}` };
    }
    return { estado: 'error', codigo: null, descripcion: `SUNAT respondió el ticket ${ticket} de la guía ${doc.nombre} sin constancia (código ${codigo || 'vacío'}: ${detalle})` };
  }

  async function probar(): Promise<{ ok: boolean; mensaje: string }> {
    token = null;
    const t = await tokenVigente();
    return 'falla' in t ? { ok: false, mensaje: t.falla } : { ok: true, mensaje: 'Conexión correcta con el API de guías de SUNAT (token obtenido)' };
  }

  return { nombre: cfg.nombre, enviar, consultar, probar };
}
