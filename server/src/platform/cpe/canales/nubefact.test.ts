/**
 * The Nubefact channel against a local HTTP server that answers like their documented API
 * (generar_comprobante and consultar_comprobante: the document, or { errors, codigo }), started on a
 * free port by the test.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EMISOR, boletaEjemplo, facturaEjemplo } from '../ejemplo.test-data.ts';
import { CODIGO_TIPO, numeroTexto } from '../solicitud.ts';
import type { DocumentoEnvio } from './canal.ts';
import { crearCanalNubefact, cuerpoNubefact } from './nubefact.ts';

interface Recibido { method: string; url: string; headers: IncomingMessage['headers']; body: string }
type Responder = (req: Recibido, res: ServerResponse) => void;

const TOKEN = '8d19d8c7c1f6402687720eab85cd57a54f5a7a3fa163476bbcf381ee2b5e0c69';
const QR = '20547812361 | 01 | F001 | 000001 | 666.00 | 4366.00 | 24/11/2026 | 6 | 20601234565 | xMLFMnbgp1/bHEy572RKRTE9hPY= |';
let server: Server;
let base = '';
let recibidos: Recibido[] = [];
let responder: Responder;

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
};

/** What their API answers for a document SUNAT accepted (fields as documented). */
const documentoNubefact = (extra: Record<string, unknown> = {}) => ({
  tipo_de_comprobante: 1, serie: 'F001', numero: 1,
  enlace: `${base}/cpe/abc-123`, enlace_del_pdf: `${base}/cpe/abc-123.pdf`, enlace_del_xml: `${base}/cpe/abc-123.xml`, enlace_del_cdr: '',
  aceptada_por_sunat: true, sunat_description: 'La Factura numero F001-1, ha sido aceptada', sunat_note: null,
  sunat_responsecode: '0', sunat_soap_error: '', cadena_para_codigo_qr: QR, codigo_hash: 'xMLFMnbgp1/bHEy572RKRTE9hPY=',
  ...extra,
});

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      recibidos.push(r);
      responder(r, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  recibidos = [];
  responder = (_, res) => json(res, 200, documentoNubefact());
});

const canal = (timeoutMs = 5000) => crearCanalNubefact({ url: `${base}/api/v1/ruta-de-la-cuenta`, token: TOKEN, timeoutMs });

/** Nubefact issues from the request and signs on its side: the XML is not sent. */
function documento(solicitud = facturaEjemplo()): DocumentoEnvio {
  const tipo = CODIGO_TIPO[solicitud.tipo];
  const nombre = `${EMISOR.ruc}-${tipo}-${solicitud.serie}-${numeroTexto(solicitud.numero)}`;
  return { ruc: EMISOR.ruc, tipo, serie: solicitud.serie, numero: solicitud.numero, nombre, xml: '', solicitud, ticket: null };
}

/** A port nobody listens on: taken from a server closed at once. */
async function puertoCerrado(): Promise<number> {
  const cerrado = createServer();
  await new Promise<void>((resolve) => cerrado.listen(0, '127.0.0.1', resolve));
  const port = (cerrado.address() as AddressInfo).port;
  await new Promise<void>((resolve) => cerrado.close(() => resolve()));
  return port;
}

describe('Nubefact channel: enviar', () => {
  it('posts generar_comprobante with their token header and fields, and reads the accepted document', async () => {
    const r = await canal().enviar(documento());
    expect(recibidos).toHaveLength(1);
    const [req] = recibidos;
    expect(req.method).toBe('POST');
    expect(req.url).toBe('/api/v1/ruta-de-la-cuenta');
    expect(req.headers.authorization).toBe(`Token token="${TOKEN}"`);
    expect(req.headers['content-type']).toBe('application/json');
    const body = JSON.parse(req.body) as Record<string, unknown>;
    expect(body).toMatchObject({
      operacion: 'generar_comprobante', tipo_de_comprobante: 1, serie: 'F001', numero: 1, sunat_transaction: 1,
      cliente_tipo_de_documento: '6', cliente_numero_de_documento: '20601234565', cliente_denominacion: 'Constructora Los Álamos & Asociados S.A.C.',
      cliente_direccion: 'Jr. Las Begonias 450 <Of. 3>, San Isidro, Lima', cliente_email: 'compras@losalamos.pe',
      fecha_de_emision: '24-11-2026', moneda: 1, porcentaje_de_igv: '18.00', total_gravada: '3700.00', total_igv: '666.00', total: '4366.00',
    });
    expect(body.items).toEqual([
      expect.objectContaining({ unidad_de_medida: 'MTQ', codigo: 'PV-0002', descripcion: "Concreto premezclado f'c 210 kg/cm²", cantidad: '10.0000', valor_unitario: '320.00', precio_unitario: '377.60', subtotal: '3200.00', tipo_de_igv: 1, igv: '576.00', total: '3776.00' }),
      expect.objectContaining({ unidad_de_medida: 'HUR', codigo: 'PV-0010', cantidad: '2.0000', valor_unitario: '250.00', precio_unitario: '295.00', subtotal: '500.00', tipo_de_igv: 1, igv: '90.00', total: '590.00' }),
    ]);
    expect(r).toEqual({
      estado: 'aceptado', codigo: '0', descripcion: 'La Factura numero F001-1, ha sido aceptada', notas: [], cdr: null,
      hash: 'xMLFMnbgp1/bHEy572RKRTE9hPY=', codigo_qr: QR,
    });
  });

  it('a boleta: type 2, the buyer DNI, "-" for a buyer without document, dollars as 2', () => {
    const b = boletaEjemplo();
    expect(cuerpoNubefact(b)).toMatchObject({ tipo_de_comprobante: 2, serie: 'B001', numero: 42, cliente_tipo_de_documento: '1', cliente_numero_de_documento: '45678912' });
    const sinDoc = cuerpoNubefact({ ...b, moneda: 'USD', cliente: { ...b.cliente, tipo_documento: '0', numero_documento: '' } });
    expect(sinDoc).toMatchObject({ cliente_tipo_de_documento: '-', cliente_numero_de_documento: '-', moneda: 2 });
  });

  it("SUNAT's observations in sunat_note make it 'observado'", async () => {
    responder = (_, res) => json(res, 200, documentoNubefact({ sunat_note: '4233 - El dato ingresado en order de compra no cumple con el formato establecido.' }));
    expect(await canal().enviar(documento())).toMatchObject({
      estado: 'observado', codigo: '0', notas: [{ codigo: '4233', texto: 'El dato ingresado en order de compra no cumple con el formato establecido.' }],
    });
  });

  it('a document SUNAT rejected, and one SUNAT has not answered yet', async () => {
    responder = (_, res) => json(res, 200, documentoNubefact({ aceptada_por_sunat: false, sunat_responsecode: '2017', sunat_description: 'El numero de documento de identidad del receptor debe ser RUC' }));
    expect(await canal().enviar(documento())).toMatchObject({ estado: 'rechazado', codigo: '2017', descripcion: 'El numero de documento de identidad del receptor debe ser RUC', cdr: null });
    responder = (_, res) => json(res, 200, documentoNubefact({ aceptada_por_sunat: false, sunat_description: null, sunat_responsecode: null }));
    expect(await canal().enviar(documento())).toEqual({
      estado: 'enviado', ticket: null, descripcion: 'Nubefact recibió el comprobante 20547812361-01-F001-00000001; la SUNAT aún no lo ha aceptado',
    });
  });

  it('their errors: wrong data is a rejection, "already exists" asks to consult, a bad token is an error', async () => {
    responder = (_, res) => json(res, 400, { errors: 'El RUC del cliente no es válido en SUNAT', codigo: 20 });
    expect(await canal().enviar(documento())).toEqual({
      estado: 'rechazado', codigo: '20', descripcion: 'Nubefact rechazó el comprobante: El RUC del cliente no es válido en SUNAT (código 20)', notas: [], cdr: null,
    });
    responder = (_, res) => json(res, 400, { errors: 'Este documento ya existe en NubeFacT', codigo: 23 });
    expect(await canal().enviar(documento())).toMatchObject({ estado: 'error', codigo: '1033' });
    responder = (_, res) => json(res, 401, { errors: 'No se pudo autenticar, token incorrecto o eliminado', codigo: 10 });
    expect(await canal().enviar(documento())).toEqual({
      estado: 'error', codigo: '10', descripcion: 'Nubefact no emitió el comprobante: No se pudo autenticar, token incorrecto o eliminado (código 10)',
    });
  });

  it('a timeout, a refused connection and a body that is not theirs are errors with Spanish texts', async () => {
    responder = () => { /* never answers */ };
    expect(await canal(300).enviar(documento())).toEqual({
      estado: 'error', codigo: null, descripcion: 'Nubefact no respondió en 0,3 s; no se sabe si emitió el comprobante 20547812361-01-F001-00000001',
    });
    responder = (_, res) => { res.writeHead(502, { 'Content-Type': 'text/html' }); res.end('<html>Bad Gateway</html>'); };
    expect(await canal().enviar(documento())).toEqual({
      estado: 'error', codigo: null, descripcion: 'Nubefact respondió de forma inesperada (HTTP 502); no se sabe si emitió el comprobante 20547812361-01-F001-00000001',
    });
    const port = await puertoCerrado();
    const sinServidor = crearCanalNubefact({ url: `http://127.0.0.1:${port}/api`, token: TOKEN, timeoutMs: 2000 });
    expect(await sinServidor.enviar(documento())).toEqual({ estado: 'error', codigo: null, descripcion: 'No se pudo conectar con Nubefact (ECONNREFUSED)' });
  });
});

describe('Nubefact channel: consultar and probar', () => {
  it('consultar_comprobante: accepted, pending, and not there (24)', async () => {
    const b = boletaEjemplo();
    expect(await canal().consultar(documento(b))).toMatchObject({ estado: 'aceptado', codigo: '0', hash: 'xMLFMnbgp1/bHEy572RKRTE9hPY=' });
    expect(JSON.parse(recibidos[0].body)).toEqual({ operacion: 'consultar_comprobante', tipo_de_comprobante: 2, serie: 'B001', numero: 42 });
    responder = (_, res) => json(res, 200, documentoNubefact({ aceptada_por_sunat: false, sunat_responsecode: null }));
    expect(await canal().consultar(documento())).toMatchObject({ estado: 'enviado', ticket: null });
    responder = (_, res) => json(res, 400, { errors: 'El documento indicado no existe o no fue enviado a NubeFacT', codigo: 24 });
    expect(await canal().consultar(documento())).toEqual({
      estado: 'no_existe', descripcion: 'Nubefact no tiene el comprobante 20547812361-01-F001-00000001: El documento indicado no existe o no fue enviado a NubeFacT',
    });
  });

  it('probar: "does not exist" proves the token; a token error or no server does not', async () => {
    responder = (_, res) => json(res, 400, { errors: 'El documento indicado no existe o no fue enviado a NubeFacT', codigo: 24 });
    expect(await canal().probar(EMISOR.ruc)).toEqual({ ok: true, mensaje: 'Conexión correcta con Nubefact (token aceptado)' });
    expect(JSON.parse(recibidos[0].body)).toMatchObject({ operacion: 'consultar_comprobante' });
    responder = (_, res) => json(res, 401, { errors: 'No se pudo autenticar, token incorrecto o eliminado', codigo: 10 });
    expect(await canal().probar(EMISOR.ruc)).toEqual({ ok: false, mensaje: 'Nubefact respondió: No se pudo autenticar, token incorrecto o eliminado (código 10)' });
    const port = await puertoCerrado();
    expect(await crearCanalNubefact({ url: `http://127.0.0.1:${port}/api`, token: TOKEN, timeoutMs: 2000 }).probar(EMISOR.ruc)).toEqual({
      ok: false, mensaje: 'No se pudo conectar con Nubefact (ECONNREFUSED)',
    });
  });
});
