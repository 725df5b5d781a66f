/**
 * A local stand-in for SUNAT's GRE REST API (issue 23) on 127.0.0.1, for the guide tests: the OAuth2
 * token (client_id in the path, form body with the SOL user), the send (checks the zip's name and
 * hash, that it holds one `RUC-09-SERIE-NUMERO.xml`, and the XML signature against the certificate in
 * KeyInfo with `verificarFirma`) answering a ticket, and the ticket's status with a CDR zipped as
 * `R-<nombre>.xml` whose DocumentReference carries the QR link, as SUNAT's does. It remembers what it
 * registered: a second send of a registered guide gets a ticket that ends in 1033. Modes: accept,
 * reject (99 with a rejection CDR), pending (98 a few times), lost answer (registered, the
 * connection cut before the ticket), HTTP 500.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { verificarFirma } from '../platform/cpe/firma/verificar.ts';

export type ModoGre = 'aceptar' | 'rechazar' | 'pendiente' | 'perder' | 'http500';

export interface OpcionesFakeGre {
  ruc?: string;
  usuario?: string;
  clave?: string;
  clientId?: string;
  clientSecret?: string;
  /** Lifetime of its tokens; default 3600. */
  tokenSegundos?: number;
  /** How many times a pending ticket answers 98; default 2. */
  pendientes?: number;
}

export interface RecibidoGre {
  nombre: string;
  /** The XML inside ('' when the zip could not be read). */
  xml: string;
  ticket: string | null;
}

export interface FakeSunatGre {
  /** Base of the API and of the token service (the settings' emi_gre_url and emi_gre_token_url). */
  url: string;
  urlToken: string;
  modo: (m: ModoGre) => void;
  /** Every send received, in order. */
  recibidos: RecibidoGre[];
  /** Token requests answered with a token. */
  tokens: () => number;
  /** Every token given so far stops working (a 401 follows). */
  revocar: () => void;
  /** The link its CDRs carry for a guide. */
  enlaceQr: (nombre: string) => string;
  cerrar(): Promise<void>;
}

export const CLIENT_ID_PRUEBA = 'test-85e5b0ae-255c-4891-a595-0b98c65c9854';
export const CLIENT_SECRET_PRUEBA = 'test-Hty/M6QshYvPgItX2P0+Kw==';

const SUNAT_RUC = '20131312955';
const escapar = (t: string) => t.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A GRE CDR: ApplicationResponse with the QR link in DocumentReference/DocumentDescription when accepted. */
export function cdrGreZip(nombre: string, codigo: string, descripcion: string, enlace: string | null): Buffer {
  const id = nombre.slice(15);
  const ahora = new Date().toISOString();
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<ar:ApplicationResponse xmlns:ar="urn:oasis:names:specification:ubl:schema:xsd:ApplicationResponse-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
  <cbc:UBLVersionID>2.0</cbc:UBLVersionID>
  <cbc:CustomizationID>1.0</cbc:CustomizationID>
  <cbc:ID>${Date.now()}</cbc:ID>
  <cbc:IssueDate>${ahora.slice(0, 10)}</cbc:IssueDate>
  <cbc:IssueTime>${ahora.slice(11, 19)}</cbc:IssueTime>
  <cbc:ResponseDate>${ahora.slice(0, 10)}</cbc:ResponseDate>
  <cbc:ResponseTime>${ahora.slice(11, 19)}</cbc:ResponseTime>
  <cac:SenderParty><cac:PartyIdentification><cbc:ID>${SUNAT_RUC}</cbc:ID></cac:PartyIdentification></cac:SenderParty>
  <cac:ReceiverParty><cac:PartyIdentification><cbc:ID>6-${nombre.slice(0, 11)}</cbc:ID></cac:PartyIdentification></cac:ReceiverParty>
  <cac:DocumentResponse>
    <cac:Response>
      <cbc:ReferenceID>${id}</cbc:ReferenceID>
      <cbc:ResponseCode>${codigo}</cbc:ResponseCode>
      <cbc:Description>${escapar(descripcion)}</cbc:Description>
    </cac:Response>
    <cac:DocumentReference>
      <cbc:ID>${id}</cbc:ID>${enlace ? `\n      <cbc:DocumentDescription>${escapar(enlace)}</cbc:DocumentDescription>` : ''}
    </cac:DocumentReference>
  </cac:DocumentResponse>
</ar:ApplicationResponse>
`;
  return Buffer.from(zipSync({ 'dummy/': new Uint8Array(0), [`R-${nombre}.xml`]: strToU8(xml) }));
}

interface Ticket { nombre: string; codigo: '0' | '99'; cdr: Buffer | null; error: { numError: string; desError: string } | null; pendientes: number }

export async function iniciarFakeSunatGre(opts: OpcionesFakeGre = {}): Promise<FakeSunatGre> {
  const ruc = opts.ruc ?? '20547812361';
  const username = `${ruc}${opts.usuario ?? 'MODDATOS'}`;
  const password = opts.clave ?? 'moddatos';
  const clientId = opts.clientId ?? CLIENT_ID_PRUEBA;
  const clientSecret = opts.clientSecret ?? CLIENT_SECRET_PRUEBA;
  let modo: ModoGre = 'aceptar';
  const recibidos: RecibidoGre[] = [];
  const validos = new Set<string>();
  let entregados = 0;
  const registrados = new Set<string>();
  const tickets = new Map<string, Ticket>();
  let siguiente = 1;
  const enlaceQr = (nombre: string) => `https://e-factura.sunat.gob.pe/v1/contribuyente/gre/comprobantes/descargaqr?hashqr=${Buffer.from(`fake:${nombre}`).toString('base64url')}`;

  const json = (res: ServerResponse, status: number, cuerpo: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(cuerpo));
  };
  const error422 = (res: ServerResponse, cod: string, msg: string) =>
    json(res, 422, { cod: 422, msg: 'Unprocessable Entity - Se presentaron errores de validación que impidieron completar el Request', errors: [{ cod, msg }] });

  function token(res: ServerResponse, id: string, cuerpo: string) {
    const f = new URLSearchParams(cuerpo);
    if (id !== clientId || f.get('client_id') !== clientId || f.get('client_secret') !== clientSecret) {
      return json(res, 400, { error: 'invalid_client', error_description: 'cliente no autorizado' });
    }
    if (f.get('grant_type') !== 'password' || f.get('scope') !== 'https://api-cpe.sunat.gob.pe') {
      return json(res, 400, { error: 'invalid_request', error_description: 'grant_type o scope no válido' });
    }
    if (f.get('username') !== username || f.get('password') !== password) {
      return json(res, 401, { error: 'access_denied', error_description: 'El usuario o la clave SOL no son válidos' });
    }
    const t = `fake-${Date.now()}-${Math.random().toString(36).slice(2)}`;
    validos.add(t);
    entregados++;
    json(res, 200, { access_token: t, token_type: 'JWT', expires_in: opts.tokenSegundos ?? 3600 });
  }

  /** The send, checked as SUNAT does before reading the guide; the ticket's outcome is decided here. */
  function enviar(req: IncomingMessage, res: ServerResponse, nombre: string, cuerpo: string) {
    let archivo: { nomArchivo?: string; arcGreZip?: string; hashZip?: string } = {};
    try {
      archivo = (JSON.parse(cuerpo) as { archivo?: typeof archivo }).archivo ?? {};
    } catch {
      return json(res, 400, { cod: '400', msg: 'El cuerpo no es JSON' });
    }
    const recibido: RecibidoGre = { nombre, xml: '', ticket: null };
    recibidos.push(recibido);
    if (!/^\d{11}-09-T[A-Z0-9]{3}-\d{1,8}$/.test(nombre) || nombre.slice(0, 11) !== ruc) return error422(res, '1034', 'El nombre del comprobante no corresponde al emisor o al tipo 09');
    if (archivo.nomArchivo !== `${nombre}.zip`) return error422(res, '151', 'El nombre del archivo no corresponde al comprobante');
    const zip = Buffer.from(archivo.arcGreZip ?? '', 'base64');
    if (createHash('sha256').update(zip).digest('hex') !== archivo.hashZip) return error422(res, '153', 'El hash del archivo no corresponde');
    let entradas: Record<string, Uint8Array>;
    try {
      entradas = unzipSync(zip);
    } catch {
      return error422(res, '156', 'El archivo ZIP está corrupto');
    }
    const xml = entradas[`${nombre}.xml`];
    if (!xml || Object.keys(entradas).filter((n) => !n.endsWith('/')).length !== 1) return error422(res, '161', 'El ZIP debe contener solo el XML de la guía');
    recibido.xml = Buffer.from(xml).toString('utf8');
    const ticket = `${'0'.repeat(8)}-fake-${String(siguiente++).padStart(6, '0')}`;
    recibido.ticket = ticket;
    const t: Ticket = { nombre, codigo: '0', cdr: null, error: null, pendientes: modo === 'pendiente' ? opts.pendientes ?? 2 : 0 };
    if (registrados.has(nombre)) {
      t.codigo = '99';
      t.error = { numError: '1033', desError: 'El comprobante fue registrado previamente con otros datos' };
    } else if (!verificarFirma(recibido.xml).valida) {
      t.codigo = '99';
      t.error = { numError: '2335', desError: 'El documento electrónico ingresado ha sido alterado' };
      t.cdr = cdrGreZip(nombre, '2335', t.error.desError, null);
    } else if (modo === 'rechazar') {
      t.codigo = '99';
      t.error = { numError: '2567', desError: 'El numero de placa del vehiculo no cumple con el formato establecido' };
      t.cdr = cdrGreZip(nombre, '2567', t.error.desError, null);
    } else {
      t.cdr = cdrGreZip(nombre, '0', `La Guia numero ${nombre.slice(15)}, ha sido aceptada`, enlaceQr(nombre));
    }
    registrados.add(nombre);
    tickets.set(ticket, t);
    if (modo === 'perder') {
      req.socket.destroy();
      return;
    }
    json(res, 200, { numTicket: ticket, fecRecepcion: new Date().toISOString().slice(0, 19) });
  }

  function estado(res: ServerResponse, ticket: string) {
    const t = tickets.get(ticket);
    if (!t) return json(res, 422, { cod: 422, msg: 'Unprocessable Entity', errors: [{ cod: '0127', msg: 'El ticket no existe' }] });
    if (t.pendientes > 0) {
      t.pendientes--;
      return json(res, 200, { codRespuesta: '98', indCdrGenerado: '0' });
    }
    json(res, 200, {
      codRespuesta: t.codigo, indCdrGenerado: t.cdr ? '1' : '0',
      ...(t.cdr ? { arcCdr: t.cdr.toString('base64') } : {}), ...(t.error ? { error: t.error } : {}),
    });
  }

  function atender(req: IncomingMessage, res: ServerResponse, cuerpo: string) {
    const ruta = decodeURIComponent((req.url ?? '').split('?')[0]);
    const tok = /^\/seguridad\/v1\/clientessol\/([^/]+)\/oauth2\/token\/?$/.exec(ruta);
    if (tok && req.method === 'POST') return token(res, tok[1], cuerpo);
    if (modo === 'http500') return json(res, 500, { cod: '500', msg: 'Error interno', exc: 'fake' });
    const auth = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const envio = /^\/api\/v1\/contribuyente\/gem\/comprobantes\/envios\/([^/]+)$/.exec(ruta);
    const comprobante = /^\/api\/v1\/contribuyente\/gem\/comprobantes\/([^/]+)$/.exec(ruta);
    if (!envio && !comprobante) return json(res, 404, { cod: '404', msg: 'Recurso no encontrado' });
    if (!auth || !validos.has(auth)) return json(res, 401, { cod: '401', msg: 'Token inválido o expirado' });
    if (envio && req.method === 'GET') return estado(res, envio[1]);
    if (comprobante && req.method === 'POST') return enviar(req, res, comprobante[1], cuerpo);
    json(res, 405, { cod: '405', msg: 'Método no permitido' });
  }

  const server = createServer((req, res) => {
    const partes: Buffer[] = [];
    req.on('data', (c: Buffer) => partes.push(c));
    req.on('end', () => {
      try {
        atender(req, res, Buffer.concat(partes).toString('utf8'));
      } catch (e) {
        json(res, 500, { cod: '500', msg: `fake-sunat-gre: ${e instanceof Error ? e.message : String(e)}` });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${base}/api/v1`,
    urlToken: `${base}/seguridad/v1`,
    modo: (m) => {
      modo = m;
    },
    recibidos,
    tokens: () => entregados,
    revocar: () => validos.clear(),
    enlaceQr,
    async cerrar() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
