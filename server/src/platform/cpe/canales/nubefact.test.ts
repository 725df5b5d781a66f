/**
 * The Nubefact adapter against a local HTTP server that answers like their documented API
 * (generar_comprobante: the document, or { errors, codigo }), started on a free port by the test.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EMISOR, boletaEjemplo, facturaEjemplo } from '../ejemplo.test-data.ts';
import { crearProveedorNubefact, cuerpoNubefact } from './nubefact.ts';
import { crearProveedorComprobantes } from '../tipos.ts';

interface Recibido { method: string; url: string; headers: IncomingMessage['headers']; body: string }
type Responder = (req: Recibido, res: ServerResponse) => void;

const TOKEN = '8d19d8c7c1f6402687720eab85cd57a54f5a7a3fa163476bbcf381ee2b5e0c69';
const PDF = Buffer.from('%PDF-1.4\n% nubefact\n%%EOF\n', 'latin1');
let server: Server;
let base = '';
let recibidos: Recibido[] = [];
let responder: Responder;

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
};

/** What their API answers to an accepted factura (fields as documented). */
const aceptada = (r: Recibido, res: ServerResponse) => {
  const b = JSON.parse(r.body) as { tipo_de_comprobante: number; serie: string; numero: number };
  json(res, 200, {
    tipo_de_comprobante: b.tipo_de_comprobante, serie: b.serie, numero: b.numero,
    enlace: `${base}/cpe/abc-123`, enlace_del_pdf: `${base}/cpe/abc-123.pdf`, enlace_del_xml: `${base}/cpe/abc-123.xml`, enlace_del_cdr: '',
    aceptada_por_sunat: true, sunat_description: `La Factura numero ${b.serie}-${b.numero}, ha sido aceptada`, sunat_note: null,
    sunat_responsecode: '0', sunat_soap_error: '',
    cadena_para_codigo_qr: `20547812361 | 01 | ${b.serie} | ${String(b.numero).padStart(6, '0')} | 666.00 | 4366.00 | 24/11/2026 | 6 | 20601234565 | xMLFMnbgp1/bHEy572RKRTE9hPY= |`,
    codigo_hash: 'xMLFMnbgp1/bHEy572RKRTE9hPY=',
  });
};

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      if (r.url === '/cpe/abc-123.pdf') {
        res.writeHead(200, { 'Content-Type': 'application/pdf' });
        res.end(PDF);
        return;
      }
      if (r.url === '/cpe/otro.pdf') {
        res.writeHead(200, { 'Content-Type': 'text/html' });
        res.end('<html>Documento no encontrado</html>');
        return;
      }
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
  responder = aceptada;
});

const proveedor = (timeoutMs = 5000) => crearProveedorNubefact({ url: `${base}/api/v1/ruta-de-la-cuenta`, token: TOKEN, timeoutMs }, EMISOR);

describe('Nubefact adapter', () => {
  it('posts generar_comprobante with their token header and fields, and reads the accepted document', async () => {
    const s = facturaEjemplo();
    const r = await proveedor().emitir(s);
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
      aceptado: true, estado_sunat: 'aceptado', mensaje: 'La Factura numero F001-1, ha sido aceptada',
      enlace_pdf: `${base}/cpe/abc-123.pdf`, xml: null, hash: 'xMLFMnbgp1/bHEy572RKRTE9hPY=',
      codigo_qr: '20547812361 | 01 | F001 | 000001 | 666.00 | 4366.00 | 24/11/2026 | 6 | 20601234565 | xMLFMnbgp1/bHEy572RKRTE9hPY= |',
    });
    // Their PDF, fetched from the document's link.
    expect((await proveedor().pdf(s, r)).equals(PDF)).toBe(true);
  });

  it('a boleta: type 2, the buyer DNI, "-" for a buyer without document, dollars as 2', () => {
    const b = boletaEjemplo();
    expect(cuerpoNubefact(b)).toMatchObject({ tipo_de_comprobante: 2, serie: 'B001', numero: 42, cliente_tipo_de_documento: '1', cliente_numero_de_documento: '45678912' });
    const sinDoc = cuerpoNubefact({ ...b, moneda: 'USD', cliente: { ...b.cliente, tipo_documento: '0', numero_documento: '' } });
    expect(sinDoc).toMatchObject({ cliente_tipo_de_documento: '-', cliente_numero_de_documento: '-', moneda: 2 });
  });

  it('their rejection { errors, codigo } is answered with their text, not thrown', async () => {
    responder = (_, res) => json(res, 400, { errors: 'El RUC del cliente no es válido en SUNAT', codigo: 20 });
    expect(await proveedor().emitir(facturaEjemplo())).toEqual({
      aceptado: false, estado_sunat: 'rechazado', mensaje: 'Nubefact rechazó el comprobante F001-00000001: El RUC del cliente no es válido en SUNAT (código 20)',
      enlace_pdf: null, xml: null, hash: null, codigo_qr: '',
    });
  });

  it('a document SUNAT rejected, and one SUNAT has not answered yet', async () => {
    responder = (r, res) => json(res, 200, { ...JSON.parse(r.body), enlace: `${base}/cpe/x`, aceptada_por_sunat: false, sunat_responsecode: '2017', sunat_description: 'El numero de documento de identidad del receptor debe ser RUC' });
    expect(await proveedor().emitir(facturaEjemplo())).toMatchObject({
      aceptado: false, estado_sunat: 'rechazado', mensaje: 'La SUNAT rechazó el comprobante F001-00000001: El numero de documento de identidad del receptor debe ser RUC',
    });
    responder = (_, res) => json(res, 200, { enlace: `${base}/cpe/y`, aceptada_por_sunat: false, sunat_description: null, sunat_responsecode: null, sunat_soap_error: '', codigo_hash: 'h' });
    const pendiente = await proveedor().emitir(facturaEjemplo());
    expect(pendiente).toMatchObject({
      aceptado: true, estado_sunat: 'pendiente', mensaje: 'El comprobante F001-00000001 fue generado en Nubefact; la SUNAT aún no lo ha aceptado',
      enlace_pdf: `${base}/cpe/y.pdf`, hash: 'h',
    });
    // No QR string in their answer: SUNAT's content built here.
    expect(pendiente.codigo_qr).toBe('20547812361|01|F001|00000001|666.00|4366.00|2026-11-24|6|20601234565|h|');
  });

  it('a timeout, a refused connection and a body that is not theirs are Spanish messages', async () => {
    responder = () => { /* never answers */ };
    expect(await proveedor(300).emitir(facturaEjemplo())).toMatchObject({
      aceptado: false, estado_sunat: 'rechazado',
      mensaje: 'Nubefact no respondió en 1 s; el comprobante F001-00000001 no se registró. Verifique en Nubefact si fue emitido antes de intentar de nuevo',
    });
    responder = (_, res) => { res.writeHead(502, { 'Content-Type': 'text/html' }); res.end('<html>Bad Gateway</html>'); };
    expect((await proveedor().emitir(facturaEjemplo())).mensaje).toBe('Nubefact respondió de forma inesperada (HTTP 502); el comprobante F001-00000001 no se emitió');
    // A port nobody listens on: taken from a server closed at once.
    const cerrado = createServer();
    await new Promise<void>((resolve) => cerrado.listen(0, '127.0.0.1', resolve));
    const port = (cerrado.address() as AddressInfo).port;
    await new Promise<void>((resolve) => cerrado.close(() => resolve()));
    const sinServidor = crearProveedorNubefact({ url: `http://127.0.0.1:${port}/api`, token: TOKEN, timeoutMs: 2000 }, EMISOR);
    expect(await sinServidor.emitir(facturaEjemplo())).toMatchObject({
      aceptado: false, mensaje: 'No se pudo conectar con Nubefact; el comprobante F001-00000001 no se emitió. Intente de nuevo en unos minutos',
    });
  });

  it('checks the request before calling them: a factura without RUC never leaves', async () => {
    const f = facturaEjemplo();
    const r = await proveedor().emitir({ ...f, cliente: { ...f.cliente, tipo_documento: '1', numero_documento: '45678912' } });
    expect(r).toMatchObject({ aceptado: false, mensaje: 'Para emitir una factura el cliente debe tener RUC' });
    expect(recibidos).toHaveLength(0);
  });

  it('the PDF: a missing link or a page that is not a PDF throws a Spanish message', async () => {
    const s = facturaEjemplo();
    const emitido = await proveedor().emitir(s);
    await expect(proveedor().pdf(s, { ...emitido, enlace_pdf: null })).rejects.toThrow('El comprobante F001-00000001 no tiene enlace a su PDF en Nubefact');
    await expect(proveedor().pdf(s, { ...emitido, enlace_pdf: `${base}/cpe/otro.pdf` })).rejects.toThrow('Nubefact no devolvió un PDF para el comprobante F001-00000001');
  });

  it('the factory picks Nubefact when its URL and token are configured', () => {
    const company = { name: EMISOR.razon_social, ruc: EMISOR.ruc, address: EMISOR.direccion, ubigeo: EMISOR.ubigeo };
    expect(crearProveedorComprobantes({ company, nubefact: { url: base, token: TOKEN, timeoutMs: 1000 } }).nombre).toBe('nubefact');
  });
});
