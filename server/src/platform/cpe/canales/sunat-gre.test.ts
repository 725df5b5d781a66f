/**
 * The GRE channel (issue 23) against the local fake of SUNAT's GRE REST API: the token (cached,
 * renewed on a 401), the send and its ticket, the ticket's outcomes (accepted with the QR link of
 * the CDR, rejected, pending), a lost answer, and failures with Spanish texts.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EMISOR } from '../ejemplo.test-data.ts';
import { guiaEjemplo } from '../guia-ejemplo.test-data.ts';
import { generarCertificadoPrueba, leerPkcs12, type CertificadoFirma } from '../firma/certificado.ts';
import { firmarDocumento } from '../firma/documento.ts';
import type { GuiaSolicitud } from '../guias/guia.ts';
import { nombreSunat } from '../solicitud.ts';
import { CLIENT_ID_PRUEBA, CLIENT_SECRET_PRUEBA, iniciarFakeSunatGre, type FakeSunatGre } from '../../../test/fake-sunat-gre.ts';
import type { DocumentoEnvio } from './canal.ts';
import { SIN_REINTENTO } from './canal.ts';
import { crearCanalGre, type GreConfig } from './sunat-gre.ts';
import { CODIGO_SIN_CONSULTA } from './sunat-soap.ts';

let gre: FakeSunatGre;
let cert: CertificadoFirma;
let numero = 100;

beforeAll(async () => {
  gre = await iniciarFakeSunatGre();
  const { p12, password } = generarCertificadoPrueba(EMISOR.ruc, EMISOR.razon_social);
  cert = leerPkcs12(p12, password);
});
afterAll(() => gre.cerrar());
beforeEach(() => gre.modo('aceptar'));

const config = (extra: Partial<GreConfig> = {}): GreConfig => ({
  nombre: 'sunat_produccion', ruc: EMISOR.ruc, usuarioSol: 'MODDATOS', claveSol: 'moddatos', clientId: CLIENT_ID_PRUEBA, clientSecret: CLIENT_SECRET_PRUEBA,
  urlApi: gre.url, urlToken: gre.urlToken, timeoutMs: 3000, ...extra,
});

/** A new signed guide (each test its own number: the fake remembers what it registered). */
function guia(cambios: Partial<GuiaSolicitud> = {}): DocumentoEnvio {
  const g = { ...guiaEjemplo(), numero: numero++, ...cambios };
  const { xml } = firmarDocumento('09', EMISOR, cert, g);
  return { ruc: EMISOR.ruc, tipo: '09', serie: g.serie, numero: g.numero, nombre: nombreSunat(EMISOR.ruc, '09', g.serie, g.numero), xml, solicitud: g, ticket: null };
}

const conTicket = (doc: DocumentoEnvio, r: { estado: string; ticket?: string | null }) => ({ ...doc, ticket: r.ticket ?? null });

describe('SUNAT GRE channel', () => {
  it('accepted: the send answers a ticket, the ticket the CDR with the QR link; one token for both', async () => {
    const canal = crearCanalGre(config());
    const tokens = gre.tokens();
    const doc = guia();
    const r = await canal.enviar(doc);
    expect(r).toMatchObject({ estado: 'enviado', ticket: expect.any(String) as string });
    const recibido = gre.recibidos.at(-1)!;
    expect(recibido.nombre).toBe(doc.nombre);
    expect(recibido.xml).toBe(doc.xml);
    const c = await canal.consultar(conTicket(doc, r as { estado: string; ticket: string }));
    expect(c).toMatchObject({ estado: 'aceptado', codigo: '0', notas: [], codigo_qr: gre.enlaceQr(doc.nombre) });
    expect(c.estado === 'aceptado' && c.cdr?.length).toBeGreaterThan(100);
    expect(gre.tokens() - tokens).toBe(1);
  });

  it('rejected: 99 with the rejection CDR and its code; a tampered signature is rejected 2335', async () => {
    const canal = crearCanalGre(config());
    gre.modo('rechazar');
    const doc = guia();
    const r = await canal.enviar(doc);
    expect(await canal.consultar(conTicket(doc, r as { estado: string; ticket: string }))).toMatchObject({
      estado: 'rechazado', codigo: '2567', descripcion: 'El numero de placa del vehiculo no cumple con el formato establecido',
    });
    gre.modo('aceptar');
    const alterada = guia();
    alterada.xml = alterada.xml.replace('16800.000', '1680.000');
    const t = await canal.enviar(alterada);
    expect(await canal.consultar(conTicket(alterada, t as { estado: string; ticket: string }))).toMatchObject({ estado: 'rechazado', codigo: '2335' });
  });

  it('pending: 98 answers "enviado" with the same ticket until SUNAT is done', async () => {
    const canal = crearCanalGre(config());
    gre.modo('pendiente');
    const doc = guia();
    const r = await canal.enviar(doc);
    const conT = conTicket(doc, r as { estado: string; ticket: string });
    expect(await canal.consultar(conT)).toEqual({ estado: 'enviado', ticket: conT.ticket, descripcion: `SUNAT aún procesa la guía ${doc.nombre} (ticket ${conT.ticket})` });
    expect((await canal.consultar(conT)).estado).toBe('enviado');
    expect((await canal.consultar(conT)).estado).toBe('aceptado');
  });

  it('a lost answer: unknown outcome, no ticket to ask with (so it is sent again), and the second send says SUNAT had it', async () => {
    const canal = crearCanalGre(config());
    gre.modo('perder');
    const doc = guia();
    const r = await canal.enviar(doc);
    expect(r).toMatchObject({ estado: 'error', codigo: null });
    expect(r.estado === 'error' && r.descripcion).toContain(`no se sabe si SUNAT recibió la guía ${doc.nombre}`);
    expect(await canal.consultar(doc)).toMatchObject({ estado: 'error', codigo: CODIGO_SIN_CONSULTA });
    gre.modo('aceptar');
    const otra = await canal.enviar(doc);
    expect(otra.estado).toBe('enviado');
    const c = await canal.consultar(conTicket(doc, otra as { estado: string; ticket: string }));
    expect(c).toMatchObject({ estado: 'error', codigo: SIN_REINTENTO });
    expect(c.estado === 'error' && c.descripcion).toContain('verifique su estado en SUNAT Operaciones en Línea');
  });

  it('the token: refused credentials say what to check; a token SUNAT stops taking is renewed once', async () => {
    const mal = crearCanalGre(config({ clientSecret: 'otro' }));
    const r = await mal.enviar(guia());
    expect(r).toMatchObject({ estado: 'error', codigo: null });
    expect(r.estado === 'error' && r.descripcion).toMatch(/^SUNAT no entregó el token de guías: revise el client_id, el client_secret y el usuario y la clave SOL/);
    expect(await mal.probar(EMISOR.ruc)).toMatchObject({ ok: false });
    expect(await crearCanalGre(config({ claveSol: 'x' })).probar(EMISOR.ruc)).toMatchObject({ ok: false, mensaje: expect.stringContaining('El usuario o la clave SOL no son válidos') as string });

    const canal = crearCanalGre(config());
    expect(await canal.probar(EMISOR.ruc)).toEqual({ ok: true, mensaje: 'Conexión correcta con el API de guías de SUNAT (token obtenido)' });
    const antes = gre.tokens();
    gre.revocar();
    expect((await canal.enviar(guia())).estado).toBe('enviado');
    expect(gre.tokens() - antes).toBe(1);
  });

  it('a refused request is not retried by itself; a 500, a refused connection and a timeout are errors', async () => {
    const canal = crearCanalGre(config());
    const ajena = { ...guia(), nombre: '20100070970-09-T001-00000001' };
    expect(await canal.enviar(ajena)).toMatchObject({ estado: 'error', codigo: SIN_REINTENTO });
    gre.modo('http500');
    const r = await canal.enviar(guia());
    expect(r.estado === 'error' && r.descripcion).toMatch(/HTTP 500.*no se sabe si SUNAT recibió/);

    const cerrado = createServer();
    await new Promise<void>((resolve) => cerrado.listen(0, '127.0.0.1', resolve));
    const port = (cerrado.address() as AddressInfo).port;
    await new Promise<void>((resolve) => cerrado.close(() => resolve()));
    expect(await crearCanalGre(config({ urlToken: `http://127.0.0.1:${port}` })).enviar(guia())).toEqual({
      estado: 'error', codigo: null, descripcion: 'No se pudo conectar con el API de guías de SUNAT (ECONNREFUSED)',
    });

    const mudo = createServer(() => undefined);
    await new Promise<void>((resolve) => mudo.listen(0, '127.0.0.1', resolve));
    const lento = crearCanalGre(config({ urlToken: `http://127.0.0.1:${(mudo.address() as AddressInfo).port}`, timeoutMs: 300 }));
    expect(await lento.enviar(guia())).toEqual({ estado: 'error', codigo: null, descripcion: 'El API de guías de SUNAT no respondió en 0,3 s' });
    mudo.closeAllConnections();
    await new Promise<void>((resolve) => mudo.close(() => resolve()));
  });
});
