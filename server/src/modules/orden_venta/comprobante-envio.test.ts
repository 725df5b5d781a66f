import { OVT, type OrdenVentaDetalle } from '@obra/domain';
import { sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { verificarFirma } from '../../platform/cpe/firma/verificar.ts';
import { iniciarFakeSunat, type FakeSunat } from '../../test/fake-sunat.ts';
import { createOvFixture, expectOk, usarOse, type OvFixture } from './fixtures.ts';

/**
 * Issue 22, "Done when": e-vouchers sent by the worker through SUNAT's SOAP contract (an OSE channel
 * pointed at a local fake of billService started here) end in the state SUNAT's answer gives, the
 * CDR kept; a failure is retried and a lost answer recovered with getStatusCdr, never by sending the
 * document twice; with the channel hanging, issues and every other call keep answering.
 */

let f: OvFixture;
let sunat: FakeSunat;
beforeAll(async () => {
  sunat = await iniciarFakeSunat();
  f = await createOvFixture({ CPE_TIMEOUT_MS: '1500' });
  await usarOse(f, sunat);
}, 60_000);
afterAll(async () => {
  await f.ctx.close();
  await sunat.cerrar();
});
afterEach(() => sunat.modo('aceptar'));

interface Estado { estado: string; codigo: string | null; texto: string | null; notas: { codigo: string; texto: string }[] | null; cdr: string | null; intentos: number; proximo: string | null; nombre: string }
const estado = async (ovtId: number): Promise<Estado> => (await f.rows<Estado>(sql`
  select nco_estado_sunat as estado, nco_respuesta_codigo as codigo, nco_respuesta_texto as texto, nco_notas as notas, nco_cdr as cdr,
    nco_intentos as intentos, nco_proximo_intento::text as proximo,
    '20547812361-' || nco_tipo || '-' || nco_serie || '-' || lpad(nco_numero::text, 8, '0') as nombre
  from comprobante where ovt_id = ${ovtId}`))[0];
const emitida = async () => {
  const ovtId = await f.registrar();
  await f.pagarTodo(ovtId);
  expectOk(await f.ov('generarComprobante', { ovt_id: ovtId }, f.u.tesoreria));
  return ovtId;
};
const vecesRecibido = (nombre: string) => sunat.recibidos.filter((r) => r.nombre === nombre).length;
/** The worker's next try made due now (instead of waiting for its back-off). */
const vencer = (ovtId: number) => f.rows(sql`update comprobante set nco_proximo_intento = now() where ovt_id = ${ovtId}`);
const worker = () => f.ctx.deps.cpe.worker;

describe('sending through SUNAT billService', () => {
  it("accepted: 'aceptado' only when the CDR says so; the CDR is kept and downloadable; SUNAT got the signed zip once", async () => {
    const ovtId = await emitida();
    await worker().procesar();
    const e = await estado(ovtId);
    expect(e).toMatchObject({ estado: 'aceptado', codigo: '0', notas: [], intentos: 1, proximo: null });
    expect(e.texto).toContain('ha sido aceptada');
    expect(vecesRecibido(e.nombre)).toBe(1);
    const recibido = sunat.recibidos.find((r) => r.nombre === e.nombre)!;
    expect(recibido.usuario).toBe('20547812361MODDATOS');
    expect(verificarFirma(recibido.xml).valida).toBe(true);

    const o = expectOk(await f.ov('obtener', { ovt_id: ovtId }, f.u.tesoreria)).data as OrdenVentaDetalle;
    expect(o.lista_nube_fact_comprobante[0]).toMatchObject({ nco_estado_sunat: 'aceptado', nco_tiene_cdr: true });
    const cdr = await f.post('comprobante/descargar', { comprobante: { cpe_id: o.lista_nube_fact_comprobante[0].nco_id, formato: 'cdr' } }, f.u.tesoreria);
    expect(cdr.statusCode).toBe(200);
    expect(String(cdr.headers['content-disposition'])).toContain(`filename="R-${e.nombre}.zip"`);
    const dentro = unzipSync(new Uint8Array(cdr.rawPayload));
    // SUNAT's CDR zips carry an empty 'dummy/' folder beside the answer.
    expect(Object.keys(dentro).filter((k) => !k.endsWith('/'))).toEqual([`R-${e.nombre}.xml`]);
    expect(Buffer.from(dentro[`R-${e.nombre}.xml`]).toString()).toContain('ApplicationResponse');
  });

  it("accepted with observations: 'observado' with each note's code and text", async () => {
    sunat.modo('observar');
    const ovtId = await emitida();
    await worker().procesar();
    const e = await estado(ovtId);
    expect(e.estado).toBe('observado');
    expect(e.notas!.map((n) => n.codigo)).toEqual(['4233', '4260']);
    expect(e.notas![0].texto.length).toBeGreaterThan(10);
  });

  it("rejected (by CDR and by fault): 'rechazado' with SUNAT's code; the number is never given to another order", async () => {
    sunat.modo('rechazar');
    const a = await emitida();
    await worker().procesar();
    expect(await estado(a)).toMatchObject({ estado: 'rechazado', codigo: '2800', proximo: null });
    // The users of sales are told, in the transaction that stored the answer (issue 25).
    const avisos = await f.rows<{ ntf_accion: string; usu_actor: number | null }>(sql`select ntf_accion, usu_actor from notificacion
      where ntf_tipo = 'comprobante_rechazado' and ntf_documento_id = (select nco_id from comprobante c join orden_venta o on o.ovt_id = c.ovt_id
        where o.ovt_id = ${a} and c.nco_tipo in ('01', '03') order by c.nco_id desc limit 1)`);
    expect(avisos.length).toBeGreaterThan(0);
    expect(avisos[0]).toMatchObject({ ntf_accion: expect.stringContaining('rechazado por SUNAT (2800'), usu_actor: null });
    sunat.modo('rechazar-fault');
    const b = await emitida();
    await worker().procesar();
    expect(await estado(b)).toMatchObject({ estado: 'rechazado', codigo: '2800', proximo: null });
    sunat.modo('aceptar');
    const c = await emitida();
    const [na, nb, nc] = await Promise.all([a, b, c].map(async (id) => (await f.orden(id)).ovt_comprobante));
    expect(new Set([na, nb, nc]).size).toBe(3);
  });

  it("a service fault: 'error de envío' with its next try; the retry asks SUNAT first, then sends", async () => {
    sunat.modo('fault');
    const ovtId = await emitida();
    await worker().procesar();
    const e = await estado(ovtId);
    expect(e).toMatchObject({ estado: 'error', intentos: 1 });
    expect(new Date(e.proximo!).getTime()).toBeGreaterThan(Date.now() + 10_000);
    sunat.modo('aceptar');
    await worker().procesar();
    expect((await estado(ovtId)).estado).toBe('error');
    await vencer(ovtId);
    await worker().procesar();
    expect(await estado(ovtId)).toMatchObject({ estado: 'aceptado', intentos: 2 });
  });

  it('a hang ends at the timeout as an error; a lost answer is recovered by getStatusCdr, never by sending again', async () => {
    sunat.modo('colgar');
    const colgada = await emitida();
    const inicio = Date.now();
    await worker().procesar();
    expect(Date.now() - inicio).toBeLessThan(10_000);
    expect((await estado(colgada)).estado).toBe('error');

    sunat.modo('perder');
    const perdida = await emitida();
    await worker().procesar();
    const e = await estado(perdida);
    expect(e.estado).toBe('error');
    sunat.modo('aceptar');
    await vencer(perdida);
    await vencer(colgada);
    await worker().procesar();
    expect(await estado(perdida)).toMatchObject({ estado: 'aceptado', intentos: 2 });
    expect((await estado(perdida)).cdr).not.toBeNull();
    expect(vecesRecibido(e.nombre)).toBe(1);
    expect((await estado(colgada)).estado).toBe('aceptado');
  });
});

describe('a service that cannot be consulted (SUNAT beta)', () => {
  it('a lost answer is sent again once; SUNAT says it has it, and the worker stops retrying until someone resends', async () => {
    await f.rows(sql`update emisor_cpe set emi_ose_consulta_url = null, emi_version = emi_version + 1`);
    try {
      sunat.modo('perder');
      const ovtId = await emitida();
      await worker().procesar();
      const e = await estado(ovtId);
      expect(e.estado).toBe('error');
      sunat.modo('aceptar');
      await vencer(ovtId);
      await worker().procesar();
      const revisar = await estado(ovtId);
      expect(revisar).toMatchObject({ estado: 'error', codigo: 'REVISAR', proximo: null, intentos: 2 });
      expect(revisar.texto).toContain('verifique a mano');
      expect(vecesRecibido(e.nombre)).toBe(2);
      const [{ id }] = await f.rows<{ id: number }>(sql`select nco_id as id from comprobante where ovt_id = ${ovtId}`);
      expectOk(await f.post('comprobante/reenviar', { comprobante: { cpe_id: id } }, f.u.tesoreria));
      await worker().procesar();
      expect((await estado(ovtId)).intentos).toBe(3);
    } finally {
      await f.rows(sql`update emisor_cpe set emi_ose_consulta_url = ${sunat.urlConsulta}, emi_version = emi_version + 1`);
    }
  });
});

describe('a hanging SUNAT holds nobody', () => {
  it('50 issues at once answer without waiting for the channel while every other call keeps answering; sent once SUNAT is back', async () => {
    sunat.modo('colgar');
    worker().start({ warn: () => undefined, error: () => undefined });
    try {
      const ids: number[] = [];
      for (let i = 0; i < 50; i++) ids.push(await f.registrar());
      for (const id of ids) await f.pagarTodo(id);
      const tiempos: number[] = [];
      const otras: number[] = [];
      let emitiendo = true;
      const otrasLlamadas = (async () => {
        while (emitiendo) {
          const t = Date.now();
          const r = await f.post('proveedor/list', { search: '', length: 10, start: 0 }, f.u.admin);
          expect(r.statusCode).toBe(200);
          otras.push(Date.now() - t);
        }
      })();
      const replies = await Promise.all(ids.map(async (id, i) => {
        const t = Date.now();
        const r = await f.ov('generarComprobante', { ovt_id: id }, i % 2 ? f.u.tesoreria : f.u.administracion);
        tiempos.push(Date.now() - t);
        return r;
      }));
      emitiendo = false;
      await otrasLlamadas;
      for (const r of replies) expect(r.statusCode, r.body).toBe(200);
      // Were an issue waiting for the channel, the 50 would take 50 / 4 sends at once × 1.5 s of timeout, about 19 s.
      // The figures on each database are in bench/RESULTS.md ("E-voucher issues with SUNAT hanging").
      expect(Math.max(...tiempos), `tiempos: ${tiempos.join(', ')}`).toBeLessThan(5000);
      expect(otras.length).toBeGreaterThan(0);
      // Before issue 22 they answered 503 after the pool's 5 s wait; on PGlite they now queue only behind the issues' own statements.
      expect(Math.max(...otras), `otras: ${otras.join(', ')}`).toBeLessThan(5000);
      for (const id of ids) expect((await f.orden(id)).est_id).toBe(OVT.PAGADO);

      sunat.liberar();
      sunat.modo('aceptar');
      // The sends cut by liberar() end their cycle first (their failures are written), then all are due now.
      await worker().procesar();
      await f.rows(sql`update comprobante set nco_proximo_intento = now() where nco_proximo_intento is not null`);
      await worker().procesar();
      const estados = await Promise.all(ids.map(estado));
      expect(estados.map((e) => e.estado)).toEqual(ids.map(() => 'aceptado'));
      const veces = estados.map((e) => sunat.recibidos.filter((r) => r.nombre === e.nombre && r.xml).length);
      expect(Math.max(...veces)).toBeLessThanOrEqual(2);
    } finally {
      await worker().stop();
    }
  }, 120_000);
});
