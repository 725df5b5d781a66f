/**
 * A local stand-in for SUNAT's billService and billConsultService (SOAP 1.1, WSDL in
 * shared/reference/cpe/wsdl) on 127.0.0.1, for the channel tests. It checks what SUNAT checks first
 * (WS-Security user, zip name and content, the XML signature against the certificate in KeyInfo
 * with `verificarFirma`), answers real ApplicationResponse CDRs zipped as `R-<nombre>.xml`, remembers what it registered
 * (getStatusCdr answers '0004' with the CDR, or '0011'), and misbehaves on request: faults, a hang,
 * an answer lost after processing, HTTP 500. Fault texts are SUNAT's CatalogoErrores.xml.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DOMParser } from '@xmldom/xmldom';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { CATALOGO_SUNAT } from '../platform/cpe/canales/sunat-soap.ts';
import { verificarFirma } from '../platform/cpe/firma/verificar.ts';

/**
 * 'pendiente' (summaries): the ticket answers 98 "en proceso" twice, then accepts. 'rechazar' on a
 * summary: its ticket answers 99 with a CDR rejecting it (2105, the document is not registered).
 */
export type Modo = 'aceptar' | 'observar' | 'rechazar' | 'rechazar-fault' | 'fault' | 'colgar' | 'perder' | 'http500' | 'pendiente';

export interface OpcionesFakeSunat {
  /** RUC + SOL user it accepts; default '20547812361MODDATOS'. */
  usuario?: string;
  /** Default 'moddatos' (SUNAT beta's public test password). */
  clave?: string;
  modo?: Modo;
}

export interface RecibidoSunat {
  /** The zip's name without '.zip'. */
  nombre: string;
  /** The XML inside ('' when the zip could not be read). */
  xml: string;
  usuario: string;
  clave: string;
}

export interface FakeSunat {
  /** billService. */
  url: string;
  /** billConsultService, same server. */
  urlConsulta: string;
  /** Changes how later sends are answered. 'fault', 'colgar' and 'http500' hit every operation; the rest only sendBill. */
  modo: (m: Modo) => void;
  /** Every sendBill/sendSummary received, in order, whatever was answered. */
  recibidos: RecibidoSunat[];
  cerrar(): Promise<void>;
  /** Ends the requests held by 'colgar' by cutting their connections. */
  liberar(): void;
}

export const RUTA_ENVIO = '/ol-ti-itcpfegem/billService';
export const RUTA_CONSULTA = '/ol-it-wsconscpegem/billConsultService';

const SOAP = 'http://schemas.xmlsoap.org/soap/envelope/';
const WSSE = 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd';
const DS = 'http://www.w3.org/2000/09/xmldsig#';
const SUNAT_RUC = '20131312955';

/** CatalogoErrores.xml: the channel's own texts, and the codes only this fake answers. */
const CATALOGO: Record<string, string> = {
  ...CATALOGO_SUNAT,
  '0306': 'No se puede leer (parsear) el archivo XML',
  '1059': 'El XML no contiene firma digital.',
  '2800': 'El dato ingresado en el tipo de documento de identidad del receptor no esta permitido.',
  '4233': 'El dato ingresado en order de compra no cumple con el formato establecido.',
  '2105': 'Comprobante a dar de baja no se encuentra registrado en SUNAT',
  '2223': 'El archivo ya fue presentado anteriormente',
  '4260': 'El dato ingresado como atributo @name es incorrecto.',
};

const TIPOS: Record<string, string> = { '01': 'Factura', '03': 'Boleta', '07': 'Nota de Credito', '08': 'Nota de Debito', '09': 'Guia de Remision' };

const escapar = (t: string) => t.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

class Fault extends Error {
  constructor(readonly faultcode: string, readonly faultstring: string) {
    super(faultstring);
  }
}
const cliente = (codigo: string) => new Fault(`soap-env:Client.${codigo}`, CATALOGO[codigo]);

function sobre(cuerpo: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?><soap-env:Envelope xmlns:soap-env="${SOAP}"><soap-env:Header/><soap-env:Body>${cuerpo}</soap-env:Body></soap-env:Envelope>`;
}

function parsear(xml: string): Document {
  const fallar = (m: string) => {
    throw new Error(m);
  };
  return new DOMParser({ errorHandler: { warning: () => undefined, error: fallar, fatalError: fallar } }).parseFromString(xml, 'text/xml');
}

const campo = (raiz: Element | Document, ns: string, nombre: string) => (raiz.getElementsByTagNameNS(ns, nombre)[0]?.textContent ?? '').trim();

/** The CDR SUNAT would answer: an ApplicationResponse (UBL 2.0, as SUNAT still writes it), unsigned here. */
export function cdrZip(nombre: string, codigo: string, descripcion: string, notas: string[] = []): Buffer {
  // 'RUC-01-F001-00000001' → F001-00000001; a summary's 'RUC-RA-20261128-1' → RA-20261128-1.
  const ruc = nombre.slice(0, 11);
  const tipo = nombre.slice(12, 14);
  const id = /^R[AC]$/.test(tipo) ? nombre.slice(12) : nombre.slice(15);
  const ahora = new Date().toISOString();
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<ar:ApplicationResponse xmlns:ar="urn:oasis:names:specification:ubl:schema:xsd:ApplicationResponse-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2" xmlns:ext="urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2">
  <ext:UBLExtensions><ext:UBLExtension><ext:ExtensionContent/></ext:UBLExtension></ext:UBLExtensions>
  <cbc:UBLVersionID>2.0</cbc:UBLVersionID>
  <cbc:CustomizationID>1.0</cbc:CustomizationID>
  <cbc:ID>${Date.now()}</cbc:ID>
  <cbc:IssueDate>${ahora.slice(0, 10)}</cbc:IssueDate>
  <cbc:IssueTime>${ahora.slice(11, 19)}</cbc:IssueTime>
  <cbc:ResponseDate>${ahora.slice(0, 10)}</cbc:ResponseDate>
  <cbc:ResponseTime>${ahora.slice(11, 19)}</cbc:ResponseTime>
${notas.map((n) => `  <cbc:Note>${escapar(n)}</cbc:Note>\n`).join('')}  <cac:SenderParty><cac:PartyIdentification><cbc:ID>${SUNAT_RUC}</cbc:ID></cac:PartyIdentification></cac:SenderParty>
  <cac:ReceiverParty><cac:PartyIdentification><cbc:ID>6-${ruc}</cbc:ID></cac:PartyIdentification></cac:ReceiverParty>
  <cac:DocumentResponse>
    <cac:Response>
      <cbc:ReferenceID>${id}</cbc:ReferenceID>
      <cbc:ResponseCode>${codigo}</cbc:ResponseCode>
      <cbc:Description>${escapar(descripcion || `La ${TIPOS[tipo] ?? 'Comprobante'} numero ${id}, ha sido aceptada`)}</cbc:Description>
    </cac:Response>
    <cac:DocumentReference><cbc:ID>${id}</cbc:ID></cac:DocumentReference>
  </cac:DocumentResponse>
</ar:ApplicationResponse>
`;
  // SUNAT's zips carry an empty 'dummy/' folder beside the CDR.
  return Buffer.from(zipSync({ 'dummy/': new Uint8Array(0), [`R-${nombre}.xml`]: strToU8(xml) }));
}

/** The zip of a sendBill or sendSummary, checked as SUNAT does before reading the document. */
function abrirZip(fileName: string, contenido: string, usuario: string, resumen = false): { nombre: string; xml: string } {
  const m = (resumen ? /^(\d{11})-R[AC]-\d{8}-\d{1,5}\.zip$/ : /^(\d{11})-(\d{2})-([A-Z0-9]{4})-(\d{1,8})\.zip$/).exec(fileName);
  if (!m) throw cliente('0151');
  if (m[1] !== usuario.slice(0, 11)) throw cliente('0154');
  const zip = Buffer.from(contenido, 'base64');
  if (zip.length === 0) throw cliente('0155');
  let archivos: Record<string, Uint8Array>;
  try {
    archivos = unzipSync(zip);
  } catch {
    throw cliente('0156');
  }
  const entradas = Object.keys(archivos).filter((n) => !n.endsWith('/'));
  if (entradas.length === 0) throw cliente('0155');
  const xmls = entradas.filter((n) => n.toLowerCase().endsWith('.xml'));
  if (xmls.length === 0) throw cliente('0157');
  if (entradas.length > 1) throw cliente('0158');
  const nombre = fileName.slice(0, -4);
  if (xmls[0] !== `${nombre}.xml`) throw cliente('0161');
  if (archivos[xmls[0]].length === 0) throw cliente('0160');
  return { nombre, xml: Buffer.from(archivos[xmls[0]]).toString('utf8') };
}

export async function iniciarFakeSunat(opts: OpcionesFakeSunat = {}): Promise<FakeSunat> {
  const usuarioValido = opts.usuario ?? '20547812361MODDATOS';
  const claveValida = opts.clave ?? 'moddatos';
  let modo: Modo = opts.modo ?? 'aceptar';
  const recibidos: RecibidoSunat[] = [];
  /** What it registered: the document name → its CDR zip. */
  const registrados = new Map<string, Buffer>();
  /** Summaries by ticket: the CDR its getStatus gives, whether it rejects (99), and how many more times it answers 98. */
  const tickets = new Map<string, { cdr: Buffer; error: boolean; pendientes: number }>();
  const resumenes = new Set<string>();
  let siguienteTicket = 1_700_000_000_000;
  const colgados = new Set<ServerResponse>();

  const responder = (res: ServerResponse, status: number, cuerpo: string) => {
    res.writeHead(status, { 'Content-Type': 'text/xml; charset=utf-8' });
    res.end(cuerpo);
  };
  const fault = (res: ServerResponse, f: Fault) => responder(res, 500, sobre(`<soap-env:Fault><faultcode>${f.faultcode}</faultcode><faultstring>${escapar(f.faultstring)}</faultstring></soap-env:Fault>`));

  /** sendBill: the CDR zip to answer, or null when the answer is to be lost. Throws `Fault`. */
  function sendBill(body: Element, usuario: string, clave: string): Buffer | null {
    const fileName = campo(body, '*', 'fileName');
    let recibido: { nombre: string; xml: string } | null = null;
    try {
      recibido = abrirZip(fileName, campo(body, '*', 'contentFile'), usuario);
    } finally {
      recibidos.push({ nombre: recibido?.nombre ?? fileName.replace(/\.zip$/, ''), xml: recibido?.xml ?? '', usuario, clave });
    }
    const { nombre, xml } = recibido;
    if (registrados.has(nombre)) throw cliente('1033');
    let doc: Document;
    try {
      doc = parsear(xml);
    } catch {
      throw cliente('0306');
    }
    if (doc.getElementsByTagNameNS(DS, 'Signature').length === 0) throw cliente('1059');
    const registrar = (cdr: Buffer) => {
      registrados.set(nombre, cdr);
      return cdr;
    };
    // Integrity against the certificate in KeyInfo (SUNAT also checks it is the issuer's; a fake cannot).
    if (!verificarFirma(xml).valida) return registrar(cdrZip(nombre, '2335', CATALOGO['2335']));
    switch (modo) {
      case 'observar':
        return registrar(cdrZip(nombre, '0', '', ['4233', '4260'].map((c) => `${c} - ${CATALOGO[c]}`)));
      case 'rechazar':
        return registrar(cdrZip(nombre, '2800', CATALOGO['2800']));
      case 'rechazar-fault':
        registrar(cdrZip(nombre, '2800', CATALOGO['2800']));
        throw cliente('2800');
      case 'perder':
        registrar(cdrZip(nombre, '0', ''));
        return null;
      default:
        return registrar(cdrZip(nombre, '0', ''));
    }
  }

  /** sendSummary: the ticket to answer, or null when the answer is to be lost. Throws `Fault`. */
  function sendSummary(body: Element, usuario: string, clave: string): string | null {
    const fileName = campo(body, '*', 'fileName');
    let recibido: { nombre: string; xml: string } | null = null;
    try {
      recibido = abrirZip(fileName, campo(body, '*', 'contentFile'), usuario, true);
    } finally {
      recibidos.push({ nombre: recibido?.nombre ?? fileName.replace(/\.zip$/, ''), xml: recibido?.xml ?? '', usuario, clave });
    }
    const { nombre, xml } = recibido;
    try {
      parsear(xml);
    } catch {
      throw cliente('0306');
    }
    if (!xml.includes(':Signature') && !xml.includes('<Signature')) throw cliente('1059');
    const ticket = String(siguienteTicket++);
    const con = (codigo: string, error: boolean, pendientes = 0) => tickets.set(ticket, { cdr: cdrZip(nombre, codigo, CATALOGO[codigo] ?? ''), error, pendientes });
    if (resumenes.has(nombre)) con('2223', true);
    else if (!verificarFirma(xml).valida) con('2335', true);
    else if (modo === 'rechazar') con('2105', true);
    else con('0', false, modo === 'pendiente' ? 2 : 0);
    resumenes.add(nombre);
    return modo === 'perder' ? null : ticket;
  }

  function getStatus(body: Element): string {
    const t = tickets.get(campo(body, '*', 'ticket'));
    if (!t) throw cliente('0127');
    if (t.pendientes > 0) {
      t.pendientes--;
      return '<br:getStatusResponse xmlns:br="http://service.sunat.gob.pe"><status><statusCode>98</statusCode></status></br:getStatusResponse>';
    }
    return `<br:getStatusResponse xmlns:br="http://service.sunat.gob.pe"><status><content>${t.cdr.toString('base64')}</content><statusCode>${t.error ? '99' : '0'}</statusCode></status></br:getStatusResponse>`;
  }

  function getStatusCdr(body: Element): string {
    const numero = campo(body, '*', 'numeroComprobante').padStart(8, '0');
    const nombre = `${campo(body, '*', 'rucComprobante')}-${campo(body, '*', 'tipoComprobante')}-${campo(body, '*', 'serieComprobante')}-${numero}`;
    const cdr = registrados.get(nombre);
    const estado = cdr
      ? `<content>${cdr.toString('base64')}</content><statusCode>0004</statusCode><statusMessage>La constancia existe</statusMessage>`
      : '<statusCode>0011</statusCode><statusMessage>El comprobante de pago electrónico no existe</statusMessage>';
    return `<ns2:getStatusCdrResponse xmlns:ns2="http://service.sunat.gob.pe"><statusCdr>${estado}</statusCdr></ns2:getStatusCdrResponse>`;
  }

  function atender(req: IncomingMessage, res: ServerResponse, texto: string) {
    const ruta = req.url ?? '';
    if (req.method !== 'POST' || (ruta !== RUTA_ENVIO && ruta !== RUTA_CONSULTA)) {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      res.end('Not Found');
      return;
    }
    if (modo === 'http500') {
      res.writeHead(500, { 'Content-Type': 'text/html' });
      res.end('<html><body>Internal Server Error</body></html>');
      return;
    }
    if (modo === 'colgar') {
      colgados.add(res);
      res.on('close', () => colgados.delete(res));
      return;
    }
    let sobreRecibido: Document;
    try {
      sobreRecibido = parsear(texto);
    } catch {
      fault(res, new Fault('soap-env:Client', 'El mensaje no es un sobre SOAP'));
      return;
    }
    const body = sobreRecibido.getElementsByTagNameNS(SOAP, 'Body')[0];
    const operacion = body ? Array.from(body.childNodes).find((n): n is Element => n.nodeType === 1) : undefined;
    if (!body || !operacion) {
      fault(res, new Fault('soap-env:Client', 'El mensaje no es un sobre SOAP'));
      return;
    }
    const usuario = campo(sobreRecibido, WSSE, 'Username');
    const clave = campo(sobreRecibido, WSSE, 'Password');
    try {
      const op = operacion.localName;
      const enviando = op === 'sendBill' || op === 'sendSummary';
      if (usuario !== usuarioValido || clave !== claveValida) {
        if (enviando) recibidos.push({ nombre: campo(body, '*', 'fileName').replace(/\.zip$/, ''), xml: '', usuario, clave });
        throw cliente('0102');
      }
      if (modo === 'fault') throw new Fault('soap-env:Server', '0130');
      if (ruta === RUTA_ENVIO && op === 'sendBill') {
        const cdr = sendBill(operacion, usuario, clave);
        if (!cdr) {
          res.socket?.destroy();
          return;
        }
        responder(res, 200, sobre(`<br:sendBillResponse xmlns:br="http://service.sunat.gob.pe"><applicationResponse>${cdr.toString('base64')}</applicationResponse></br:sendBillResponse>`));
      } else if (ruta === RUTA_ENVIO && op === 'sendSummary') {
        const ticket = sendSummary(operacion, usuario, clave);
        if (!ticket) {
          res.socket?.destroy();
          return;
        }
        responder(res, 200, sobre(`<br:sendSummaryResponse xmlns:br="http://service.sunat.gob.pe"><ticket>${ticket}</ticket></br:sendSummaryResponse>`));
      } else if (ruta === RUTA_ENVIO && op === 'getStatus') {
        responder(res, 200, sobre(getStatus(operacion)));
      } else if (ruta === RUTA_CONSULTA && op === 'getStatusCdr') {
        responder(res, 200, sobre(getStatusCdr(operacion)));
      } else {
        throw new Fault('soap-env:Client', `La operación ${op} no existe en este servicio`);
      }
    } catch (e) {
      if (!(e instanceof Fault)) throw e;
      fault(res, e);
    }
  }

  const server = createServer((req, res) => {
    const partes: Buffer[] = [];
    req.on('data', (c: Buffer) => partes.push(c));
    req.on('end', () => {
      try {
        atender(req, res, Buffer.concat(partes).toString('utf8'));
      } catch (e) {
        res.writeHead(500, { 'Content-Type': 'text/plain' });
        res.end(`fake-sunat: ${e instanceof Error ? e.message : String(e)}`);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const liberar = () => {
    for (const res of colgados) res.socket?.destroy();
    colgados.clear();
  };
  return {
    url: `${base}${RUTA_ENVIO}`,
    urlConsulta: `${base}${RUTA_CONSULTA}`,
    modo: (m) => {
      modo = m;
    },
    recibidos,
    liberar,
    async cerrar() {
      liberar();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
