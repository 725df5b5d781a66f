/**
 * The SUNAT SOAP channel against the local fake billService (`test/fake-sunat.ts`): every outcome the
 * worker has to tell apart, with documents signed by a test certificate as the real flow signs them.
 */
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { strToU8, zipSync } from 'fflate';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { iniciarFakeSunat, type FakeSunat } from '../../../test/fake-sunat.ts';
import { EMISOR, facturaEjemplo } from '../ejemplo.test-data.ts';
import { generarCertificadoPrueba, leerPkcs12 } from '../firma/certificado.ts';
import { firmarXml } from '../firma/firmar.ts';
import { numeroTexto } from '../solicitud.ts';
import { facturaUbl } from '../xml/factura.ts';
import type { DocumentoEnvio } from './canal.ts';
import { leerCdrZip } from './cdr.ts';
import { ENDPOINTS, crearCanalSunat, sobreSoap, type SunatConfig } from './sunat-soap.ts';

let firma: { clavePrivadaPem: string; certificadoPem: string };
let fake: FakeSunat;

beforeAll(() => {
  const p12 = generarCertificadoPrueba(EMISOR.ruc, EMISOR.razon_social);
  firma = leerPkcs12(p12.p12, p12.password);
});
beforeEach(async () => {
  fake = await iniciarFakeSunat();
});
afterEach(async () => {
  await fake.cerrar();
});

/** The factura F001-<numero>, signed. */
function documento(numero = 1, cambiar: (xml: string) => string = (x) => x): DocumentoEnvio {
  const solicitud = { ...facturaEjemplo(), numero };
  const xml = cambiar(firmarXml(facturaUbl(EMISOR, solicitud), firma).xml);
  return { ruc: EMISOR.ruc, tipo: '01', serie: 'F001', numero, nombre: `${EMISOR.ruc}-01-F001-${numeroTexto(numero)}`, xml, solicitud, ticket: null };
}

const canal = (cfg: Partial<SunatConfig> = {}) => crearCanalSunat({
  nombre: 'sunat_produccion', urlEnvio: fake.url, urlConsulta: fake.urlConsulta,
  ruc: EMISOR.ruc, usuarioSol: 'MODDATOS', claveSol: 'moddatos', timeoutMs: 5000, ...cfg,
});

/** A local port nobody listens on. */
async function puertoCerrado(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

describe('SUNAT SOAP channel: sendBill', () => {
  it('sends the zip RUC-TT-SERIE-NUMERO.zip with the signed XML and the SOL user, and reads an accepting CDR', async () => {
    const doc = documento();
    const r = await canal().enviar(doc);
    expect(r).toMatchObject({ estado: 'aceptado', codigo: '0', descripcion: 'La Factura numero F001-00000001, ha sido aceptada', notas: [] });
    expect(fake.recibidos).toEqual([{ nombre: '20547812361-01-F001-00000001', xml: doc.xml, usuario: '20547812361MODDATOS', clave: 'moddatos' }]);
    // The CDR zip is kept as SUNAT sent it.
    if (r.estado !== 'aceptado' || !r.cdr) throw new Error('sin CDR');
    expect(leerCdrZip(r.cdr, doc.nombre)).toMatchObject({ codigo: '0', notas: [] });
  });

  it('an acceptance with observations: ResponseCode 0 and its cbc:Note lines', async () => {
    fake.modo('observar');
    expect(await canal().enviar(documento())).toMatchObject({
      estado: 'observado', codigo: '0',
      notas: [
        { codigo: '4233', texto: 'El dato ingresado en order de compra no cumple con el formato establecido.' },
        { codigo: '4260', texto: 'El dato ingresado como atributo @name es incorrecto.' },
      ],
    });
  });

  it('a rejection by CDR keeps the CDR; a rejection by fault has none', async () => {
    fake.modo('rechazar');
    const porCdr = await canal().enviar(documento(1));
    expect(porCdr).toMatchObject({ estado: 'rechazado', codigo: '2800', descripcion: 'El dato ingresado en el tipo de documento de identidad del receptor no esta permitido.' });
    expect(porCdr.estado === 'rechazado' && porCdr.cdr).toBeInstanceOf(Buffer);
    fake.modo('rechazar-fault');
    expect(await canal().enviar(documento(2))).toEqual({
      estado: 'rechazado', codigo: '2800', descripcion: 'El dato ingresado en el tipo de documento de identidad del receptor no esta permitido.', notas: [], cdr: null,
    });
  });

  it('a document altered after signing is rejected with 2335', async () => {
    const r = await canal().enviar(documento(1, (x) => x.replace('<cbc:PayableAmount currencyID="PEN">4366.00<', '<cbc:PayableAmount currencyID="PEN">4366.01<')));
    expect(r).toMatchObject({ estado: 'rechazado', codigo: '2335', descripcion: 'El documento electrónico ingresado ha sido alterado' });
  });

  it('a service fault (0100-1999) and an HTTP 500 are errors: nothing registered, the worker retries', async () => {
    fake.modo('fault');
    expect(await canal().enviar(documento())).toEqual({
      estado: 'error', codigo: '0130', descripcion: 'SUNAT no procesó el comprobante: El sistema no puede responder su solicitud. (No se pudo obtener el ticket de proceso) (0130)',
    });
    fake.modo('http500');
    expect(await canal().enviar(documento())).toEqual({
      estado: 'error', codigo: null, descripcion: 'SUNAT respondió HTTP 500 sin detalle; no se sabe si recibió el comprobante 20547812361-01-F001-00000001',
    });
    // A wrong zip name is refused at the door with SUNAT's code.
    fake.modo('aceptar');
    expect(await canal().enviar({ ...documento(), nombre: 'F001-1' })).toMatchObject({ estado: 'error', codigo: '0151', descripcion: 'SUNAT no procesó el comprobante: El nombre del archivo ZIP es incorrecto (0151)' });
  });

  it('a hang ends at timeoutMs as an error', async () => {
    fake.modo('colgar');
    const t0 = Date.now();
    const r = await canal({ timeoutMs: 300 }).enviar(documento());
    expect(Date.now() - t0).toBeLessThan(2000);
    expect(r).toEqual({ estado: 'error', codigo: null, descripcion: 'SUNAT no respondió en 0,3 s; no se sabe si recibió el comprobante 20547812361-01-F001-00000001' });
    fake.liberar();
  });

  it('a lost answer is an error; consultar then finds the CDR, and a resend is told SUNAT has it (1033)', async () => {
    const doc = documento();
    fake.modo('perder');
    const perdido = await canal().enviar(doc);
    expect(perdido).toMatchObject({ estado: 'error', codigo: null });
    expect(perdido.descripcion).toMatch(/^La conexión con SUNAT se cortó antes de recibir su respuesta \(.+\); no se sabe si recibió el comprobante 20547812361-01-F001-00000001$/);
    fake.modo('aceptar');
    const consulta = await canal().consultar(doc);
    expect(consulta).toMatchObject({ estado: 'aceptado', codigo: '0', descripcion: 'La Factura numero F001-00000001, ha sido aceptada', notas: [] });
    expect(consulta.estado === 'aceptado' && consulta.cdr).toBeInstanceOf(Buffer);
    expect(fake.recibidos.map((x) => x.nombre)).toEqual(['20547812361-01-F001-00000001']);
    // Had the worker resent it anyway, SUNAT's 1033 says "consult".
    expect(await canal().enviar(doc)).toMatchObject({ estado: 'error', codigo: '1033' });
  });

  it('network failures are Spanish texts naming the service', async () => {
    const port = await puertoCerrado();
    const r = await canal({ nombre: 'ose', urlEnvio: `http://127.0.0.1:${port}/ose/billService` }).enviar(documento());
    expect(r).toEqual({ estado: 'error', codigo: null, descripcion: 'No se pudo conectar con el OSE (ECONNREFUSED)' });
  });
});

describe('SUNAT SOAP channel: getStatusCdr and probar', () => {
  it('consultar: an unknown document does not exist; without billConsultService it cannot consult', async () => {
    expect(await canal().consultar(documento(7))).toEqual({
      estado: 'no_existe', descripcion: 'SUNAT no tiene el comprobante 20547812361-01-F001-00000007 (0011: El comprobante de pago electrónico no existe)',
    });
    const beta = canal({ nombre: 'sunat_beta', urlConsulta: null });
    expect(await beta.consultar(documento(7))).toMatchObject({ estado: 'error', codigo: 'SIN_CONSULTA' });
    expect(ENDPOINTS.sunat_beta.consulta).toBeNull();
  });

  it('probar: accepted credentials, a wrong SOL password, beta without consult service, no server', async () => {
    expect(await canal().probar(EMISOR.ruc)).toEqual({ ok: true, mensaje: 'Conexión correcta con SUNAT (credenciales aceptadas)' });
    expect(await canal({ claveSol: 'otra' }).probar(EMISOR.ruc)).toEqual({
      ok: false, mensaje: 'SUNAT rechazó el usuario SOL 20547812361MODDATOS: Usuario o contrasena incorrectos (0102)',
    });
    // Beta: getStatus of a ticket that does not exist (0127) proves the user too.
    expect(await canal({ urlConsulta: null }).probar(EMISOR.ruc)).toMatchObject({ ok: true });
    expect(fake.recibidos).toEqual([]);
    const port = await puertoCerrado();
    expect(await canal({ urlConsulta: `http://127.0.0.1:${port}/x` }).probar(EMISOR.ruc)).toEqual({ ok: false, mensaje: 'No se pudo conectar con SUNAT (ECONNREFUSED)' });
  });

  it('the envelope escapes the SOL password and carries the WS-Security user', async () => {
    const clave = `a<b&"c'`;
    const sobre = sobreSoap('20547812361MODDATOS', clave, 'getStatus', [['ticket', '1']]);
    expect(sobre).toContain('<wsse:Username>20547812361MODDATOS</wsse:Username>');
    expect(sobre).toContain('#PasswordText">a&#60;b&#38;&#34;c&#39;</wsse:Password>');
    await fake.cerrar();
    fake = await iniciarFakeSunat({ clave });
    expect(await canal({ claveSol: clave }).enviar(documento())).toMatchObject({ estado: 'aceptado' });
    expect(fake.recibidos[0].clave).toBe(clave);
  });
});

describe('leerCdrZip refuses a hostile or broken CDR', () => {
  const nombre = '20547812361-01-F001-00000001';
  it('too many entries, too big inflated, not a zip, no ResponseCode', () => {
    const muchos = Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`R-${i}.xml`, strToU8('<a/>')]));
    expect(() => leerCdrZip(Buffer.from(zipSync(muchos)), nombre)).toThrow('El CDR trae más de 5 archivos');
    const bomba = zipSync({ [`R-${nombre}.xml`]: new Uint8Array(2 * 1024 * 1024) }, { level: 9 });
    expect(bomba.length).toBeLessThan(10_000);
    expect(() => leerCdrZip(Buffer.from(bomba), nombre)).toThrow('El CDR descomprimido supera 1 MiB');
    expect(() => leerCdrZip(Buffer.from('no soy un zip'), nombre)).toThrow('El CDR no es un archivo ZIP válido');
    expect(() => leerCdrZip(Buffer.from(zipSync({ [`R-${nombre}.xml`]: strToU8('<x/>') })), nombre)).toThrow('El CDR no trae un código de respuesta (cbc:ResponseCode)');
    const dtd = '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><x>&a;</x>';
    expect(() => leerCdrZip(Buffer.from(zipSync({ [`R-${nombre}.xml`]: strToU8(dtd) })), nombre)).toThrow('DOCTYPE');
  });
});
