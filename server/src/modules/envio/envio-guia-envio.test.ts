import type { EmisorVista, EnvioDetalle } from '@obra/domain';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { verificarFirma } from '../../platform/cpe/firma/verificar.ts';
import { CLIENT_ID_PRUEBA, CLIENT_SECRET_PRUEBA, iniciarFakeSunatGre, type FakeSunatGre } from '../../test/fake-sunat-gre.ts';
import { expectOk, expectRefused } from '../orden_venta/fixtures.ts';
import { createEnvFixture, type EnvFixture } from './fixtures.ts';

/**
 * Issue 23, "Done when": a sender guide issued from the dispatch is sent by the worker through
 * SUNAT's GRE REST API (a local fake started here; the settings point the GRE addresses at it) and
 * ends in the state the ticket's answer gives: accepted with the CDR and SUNAT's QR link (the guide's
 * link and QR), rejected, pending for a while, and a lost answer that is sent again once, never
 * silently taken for accepted.
 */

let f: EnvFixture;
let gre: FakeSunatGre;
beforeAll(async () => {
  gre = await iniciarFakeSunatGre();
  f = await createEnvFixture({ CPE_TIMEOUT_MS: '1500' });
  const admin = f.u.admin;
  const v = expectOk(await f.post('facturacionElectronica/obtener', {}, admin)).data as EmisorVista;
  // Vouchers through an OSE (none is issued here); guides always go to SUNAT's GRE API, here the fake.
  const r = expectOk(await f.post('facturacionElectronica/guardar', { emisor: {
    ...v, emi_canal: 'ose', emi_ose_url: 'http://127.0.0.1:9/ose', emi_sol_usuario: 'MODDATOS', emi_sol_clave: 'moddatos',
    emi_gre_client_id: CLIENT_ID_PRUEBA, emi_gre_client_secret: CLIENT_SECRET_PRUEBA, emi_gre_url: gre.url, emi_gre_token_url: gre.urlToken,
  } }, admin)).data as EmisorVista;
  expect(r).toMatchObject({ emi_gre_client_id: CLIENT_ID_PRUEBA, tiene_gre_client_secret: true, falta: null, falta_guias: null });
  expect(JSON.stringify(r)).not.toContain(CLIENT_SECRET_PRUEBA);
}, 60_000);
afterAll(async () => {
  await f.ctx.close();
  await gre.cerrar();
});
afterEach(() => gre.modo('aceptar'));

interface Estado { estado: string; codigo: string | null; texto: string | null; ticket: string | null; qr: string | null; cdr: string | null; intentos: number; proximo: string | null; nombre: string; nco_id: number }
const estado = async (envId: number): Promise<Estado> => (await f.rows<Estado>(sql`
  select c.nco_estado_sunat as estado, c.nco_respuesta_codigo as codigo, c.nco_respuesta_texto as texto, c.nco_ticket as ticket, c.nco_codigo_qr as qr,
    c.nco_cdr as cdr, c.nco_intentos as intentos, c.nco_proximo_intento::text as proximo, c.nco_id,
    '20547812361-09-' || c.nco_serie || '-' || lpad(c.nco_numero::text, 8, '0') as nombre
  from guia_remision g join comprobante c on c.nco_id = g.nco_id where g.env_id = ${envId}`))[0];

let placa = 100;
async function emitida(): Promise<number> {
  const mix = await f.mixer(`Mixer GRE ${placa}`, `GRE-${placa++}`, '9');
  const o = await f.ordenPagada('7');
  const envId = (expectOk(await f.programar([f.linea(o, mix, '7', f.dia(1, '09:00'), f.dia(1, '09:40'))])).data as { env_ids: number[] }).env_ids[0];
  expectOk(await f.env('generarGuiaRemitente', { env_id: envId, cdt_id: f.conductor }));
  return envId;
}
const worker = () => f.ctx.deps.cpe.worker;
/** The worker's next try made due now (instead of waiting for its back-off). */
const vencer = (envId: number) => f.rows(sql`update comprobante set nco_proximo_intento = now()
  where nco_id = (select nco_id from guia_remision where env_id = ${envId}) and nco_proximo_intento is not null`);
const enviosDe = (nombre: string) => gre.recibidos.filter((r) => r.nombre === nombre);

describe('sending sender guides through SUNAT GRE', () => {
  it("accepted: the send answers a ticket ('enviado'), the ticket the CDR; the guide's link and QR are SUNAT's", async () => {
    const envId = await emitida();
    await worker().procesar();
    const enviado = await estado(envId);
    expect(enviado).toMatchObject({ estado: 'enviado', intentos: 1 });
    expect(enviado.ticket).toBeTruthy();
    const [recibido] = enviosDe(enviado.nombre);
    expect(verificarFirma(recibido.xml).valida).toBe(true);
    expect(recibido.xml).toContain('<cbc:GrossWeightMeasure unitCode="KGM">16800.000</cbc:GrossWeightMeasure>');
    await vencer(envId);
    await worker().procesar();
    const e = await estado(envId);
    expect(e).toMatchObject({ estado: 'aceptado', codigo: '0', qr: gre.enlaceQr(e.nombre), proximo: null });
    expect(e.cdr).not.toBeNull();
    expect(enviosDe(e.nombre)).toHaveLength(1);

    const g = (await f.detalle(envId)).lista_nube_fact_guia[0];
    expect(g).toMatchObject({ nco_estado_sunat: 'aceptado', aceptada: true, demo: false, ngu_enlace: gre.enlaceQr(e.nombre) });
    const pdf = await f.post('envio/verGuiaRemitente', { guia: { ngu_id: g.ngu_id } }, f.u.viewer);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const xml = await f.post('comprobante/descargar', { comprobante: { cpe_id: e.nco_id, formato: 'xml' } }, f.u.tesoreria);
    expect(xml.statusCode).toBe(200);
    expect(xml.body).toContain('<DespatchAdvice');
    const cdr = await f.post('envio/descargarGuia', { guia: { ngu_id: g.ngu_id, formato: 'cdr' } }, f.u.viewer);
    expect(cdr.statusCode).toBe(200);
    expect(String(cdr.headers['content-disposition'])).toContain(`filename="R-${e.nombre}.zip"`);
    const propio = await f.post('envio/descargarGuia', { guia: { ngu_id: g.ngu_id, formato: 'xml' } }, f.u.viewer);
    expect(propio.body).toBe(recibido.xml);
  });

  it("rejected: 'rechazado' with SUNAT's code and text, kept; the PDF says it does not support the transfer", async () => {
    gre.modo('rechazar');
    const envId = await emitida();
    await worker().procesar();
    await vencer(envId);
    await worker().procesar();
    expect(await estado(envId)).toMatchObject({ estado: 'rechazado', codigo: '2567', texto: 'El numero de placa del vehiculo no cumple con el formato establecido', proximo: null });
    const g = (await f.detalle(envId)).lista_nube_fact_guia[0];
    expect(g).toMatchObject({ nco_estado_sunat: 'rechazado', aceptada: false, ngu_enlace: null });
    expect((await f.post('envio/descargarGuia', { guia: { ngu_id: g.ngu_id, formato: 'cdr' } }, f.u.viewer)).statusCode).toBe(200);
    expect((await f.post('envio/verGuiaRemitente', { guia: { ngu_id: g.ngu_id } }, f.u.viewer)).statusCode).toBe(200);
  });

  it("pending: the ticket answers 98 twice ('enviado', asked again later, never sent again), then accepted", async () => {
    gre.modo('pendiente');
    const envId = await emitida();
    await worker().procesar();
    for (let i = 0; i < 2; i++) {
      await vencer(envId);
      await worker().procesar();
      const e = await estado(envId);
      expect(e.estado).toBe('enviado');
      expect(e.texto).toContain('SUNAT aún procesa la guía');
    }
    await vencer(envId);
    await worker().procesar();
    const e = await estado(envId);
    expect(e.estado).toBe('aceptado');
    expect(enviosDe(e.nombre)).toHaveLength(1);
  });

  it('a lost answer: an error with its retry; sent again (no ticket to ask with), and SUNAT saying it had it stops for a person', async () => {
    gre.modo('perder');
    const envId = await emitida();
    await worker().procesar();
    const perdida = await estado(envId);
    expect(perdida).toMatchObject({ estado: 'error', ticket: null, intentos: 1 });
    expect(perdida.texto).toContain('no se sabe si SUNAT recibió la guía');
    gre.modo('aceptar');
    await vencer(envId);
    await worker().procesar();
    expect((await estado(envId)).estado).toBe('enviado');
    await vencer(envId);
    await worker().procesar();
    const e = await estado(envId);
    expect(e).toMatchObject({ estado: 'error', codigo: 'REVISAR', proximo: null });
    expect(e.texto).toContain('verifique su estado en SUNAT Operaciones en Línea');
    expect(enviosDe(e.nombre)).toHaveLength(2);
    const g = (await f.detalle(envId)).lista_nube_fact_guia[0];
    expect(g).toMatchObject({ nco_estado_sunat: 'error', ngu_enlace: null });
  });

  it('without GRE credentials the guide is refused at issue with what is missing, and nothing is numbered', async () => {
    const v = expectOk(await f.post('facturacionElectronica/obtener', {}, f.u.admin)).data as EmisorVista;
    const sin = expectOk(await f.post('facturacionElectronica/guardar', { emisor: { ...v, emi_gre_client_id: '' } }, f.u.admin)).data as EmisorVista;
    expect(sin.falta_guias).toBe('Falta el client_id o el client_secret del API de guías de SUNAT');
    try {
      const mix = await f.mixer('Mixer GRE sin', 'GRE-999', '9');
      const o = await f.ordenPagada('7');
      const envId = (expectOk(await f.programar([f.linea(o, mix, '7', f.dia(2, '09:00'), f.dia(2, '09:40'))])).data as { env_ids: number[] }).env_ids[0];
      expectRefused(await f.env('generarGuiaRemitente', { env_id: envId, cdt_id: f.conductor }), 409,
        'No se pudo emitir la guía de remisión: Falta el client_id o el client_secret del API de guías de SUNAT en Facturación electrónica');
      expect((await f.detalle(envId) as EnvioDetalle).lista_nube_fact_guia).toEqual([]);
    } finally {
      expectOk(await f.post('facturacionElectronica/guardar', { emisor: { ...sin, emi_gre_client_id: CLIENT_ID_PRUEBA } }, f.u.admin));
    }
  });
});
