/**
 * Sender guides through Nubefact (issue 23) against a local HTTP server that answers like their
 * documented guide API (generar_guia and consultar_guia: the guide, or { errors, codigo }).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EMISOR } from '../ejemplo.test-data.ts';
import { guiaEjemplo } from '../guia-ejemplo.test-data.ts';
import type { DocumentoEnvio } from './canal.ts';
import { crearCanalNubefactGuias } from './nubefact-guia.ts';

interface Recibido { url: string; headers: IncomingMessage['headers']; body: string }

const TOKEN = '8d19d8c7c1f6402687720eab85cd57a54f5a7a3fa163476bbcf381ee2b5e0c69';
const QR = 'https://e-factura.sunat.gob.pe/v1/contribuyente/gre/comprobantes/descargaqr?hashqr=abc123';
let server: Server;
let base = '';
let recibidos: Recibido[] = [];
let responder: (res: ServerResponse) => void;

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
};
/** Their answer for a guide (fields as documented). */
const guiaNubefact = (extra: Record<string, unknown> = {}) => ({
  tipo_de_comprobante: 7, serie: 'T001', numero: 1, enlace: `${base}/guia/abc`, enlace_del_pdf: `${base}/guia/abc.pdf`,
  aceptada_por_sunat: true, sunat_description: 'La Guia numero T001-1, ha sido aceptada', sunat_note: null, sunat_responsecode: '0',
  sunat_soap_error: '', cadena_para_codigo_qr: QR, ...extra,
});

beforeAll(async () => {
  server = createServer((req, res) => {
    const partes: Buffer[] = [];
    req.on('data', (c: Buffer) => partes.push(c));
    req.on('end', () => {
      recibidos.push({ url: req.url ?? '', headers: req.headers, body: Buffer.concat(partes).toString('utf8') });
      responder(res);
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
  responder = (res) => json(res, 200, guiaNubefact());
});

const canal = () => crearCanalNubefactGuias({ url: `${base}/api/v1/ruta`, token: TOKEN, timeoutMs: 3000 });
const documento = (): DocumentoEnvio => {
  const g = guiaEjemplo();
  return { ruc: EMISOR.ruc, tipo: '09', serie: g.serie, numero: g.numero, nombre: `${EMISOR.ruc}-09-T001-00000001`, xml: '', solicitud: g, ticket: null };
};

describe('Nubefact guide channel', () => {
  it('posts generar_guia (type 7) with the weight, the private transport, the driver and the plate without separators; reads the QR link', async () => {
    const r = await canal().enviar(documento());
    expect(recibidos[0].headers.authorization).toBe(`Token token="${TOKEN}"`);
    expect(JSON.parse(recibidos[0].body)).toMatchObject({
      operacion: 'generar_guia', tipo_de_comprobante: 7, serie: 'T001', numero: 1, cliente_tipo_de_documento: '6', cliente_numero_de_documento: '20601234565',
      fecha_de_emision: '24-11-2026', motivo_de_traslado: '01', peso_bruto_total: '16800.000', peso_bruto_unidad_de_medida: 'KGM', tipo_de_transporte: '02',
      fecha_de_inicio_de_traslado: '24-11-2026', transportista_placa_numero: 'AXK714', conductor_documento_tipo: '1', conductor_documento_numero: '40211873',
      conductor_nombre: 'Carlos', conductor_apellidos: 'Huamaní Rojas', conductor_numero_licencia: 'Q40211873',
      punto_de_partida_ubigeo: '150119', punto_de_llegada_ubigeo: '150140',
      items: [{ unidad_de_medida: 'MTQ', codigo: 'PV-3', descripcion: "Concreto premezclado f'c 210 kg/cm²", cantidad: '7.0000' }],
    });
    expect(r).toEqual({ estado: 'aceptado', codigo: '0', descripcion: 'La Guia numero T001-1, ha sido aceptada', notas: [], cdr: null, codigo_qr: QR });
  });

  it('pending without links, rejected, their errors, and consultar_guia (24: not there)', async () => {
    responder = (res) => json(res, 200, { aceptada_por_sunat: false, sunat_description: null, sunat_responsecode: null });
    expect(await canal().enviar(documento())).toMatchObject({ estado: 'enviado', ticket: null });
    responder = (res) => json(res, 200, guiaNubefact({ aceptada_por_sunat: false, sunat_responsecode: '2567', sunat_description: 'Placa no válida' }));
    expect(await canal().enviar(documento())).toMatchObject({ estado: 'rechazado', codigo: '2567', descripcion: 'Placa no válida' });
    responder = (res) => json(res, 400, { errors: 'El peso bruto total debe ser mayor a 0', codigo: 21 });
    expect(await canal().enviar(documento())).toMatchObject({ estado: 'rechazado', codigo: '21' });
    responder = (res) => json(res, 400, { errors: 'Este documento ya existe en NubeFacT', codigo: 23 });
    expect(await canal().enviar(documento())).toMatchObject({ estado: 'error', codigo: '1033' });
    responder = (res) => json(res, 400, { errors: 'El documento indicado no existe o no fue enviado a NubeFacT', codigo: 24 });
    expect(await canal().consultar(documento())).toMatchObject({ estado: 'no_existe' });
    expect(JSON.parse(recibidos.at(-1)!.body)).toEqual({ operacion: 'consultar_guia', tipo_de_comprobante: 7, serie: 'T001', numero: 1 });
    responder = (res) => { res.writeHead(502, { 'Content-Type': 'text/html' }); res.end('<html>Bad Gateway</html>'); };
    expect(await canal().enviar(documento())).toEqual({
      estado: 'error', codigo: null, descripcion: 'Nubefact respondió de forma inesperada (HTTP 502); no se sabe si emitió la guía 20547812361-09-T001-00000001',
    });
  });
});
