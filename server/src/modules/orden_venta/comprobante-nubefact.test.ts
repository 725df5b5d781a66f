import type { EmisorVista } from '@obra/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { iniciarFakeNubefact, type FakeNubefact } from '../../test/fake-nubefact.ts';
import { createOvFixture, expectOk, type OvFixture } from './fixtures.ts';

/**
 * Issues 22 and 23 through the Nubefact channel, end to end: the issue stores the request unsigned
 * (Nubefact signs), the worker sends it as their JSON, a pending answer is asked again with
 * consultar_comprobante, and the hash and QR come from their answer; a note names its voucher, and a
 * cancellation goes as generar_anulacion and is followed by consultar_anulacion.
 */

let f: OvFixture;
let nube: FakeNubefact;
beforeAll(async () => {
  nube = await iniciarFakeNubefact();
  f = await createOvFixture({ CPE_TIMEOUT_MS: '1500' });
  const v = expectOk(await f.post('facturacionElectronica/obtener', {}, f.u.admin)).data as EmisorVista;
  expectOk(await f.post('facturacionElectronica/guardar', { emisor: { ...v, emi_canal: 'nubefact', emi_nubefact_url: nube.url, emi_nubefact_token: nube.token } }, f.u.admin));
}, 60_000);
afterAll(async () => {
  await f.ctx.close();
  await nube.cerrar();
});

const procesar = async () => {
  await f.rows(sql`update comprobante set nco_proximo_intento = now() where nco_proximo_intento is not null`);
  await f.ctx.deps.cpe.worker.procesar();
};
interface Doc { id: number; tipo: string; estado: string; hash: string | null; qr: string | null; xml: string | null; proveedor: string }
const docs = (ovtId: number) => f.rows<Doc>(sql`select nco_id as id, nco_tipo as tipo, nco_estado_sunat as estado, nco_hash as hash, nco_codigo_qr as qr,
  nco_xml as xml, nco_proveedor as proveedor from comprobante where ovt_id = ${ovtId} order by nco_id`);

describe('the Nubefact channel through the worker', () => {
  it('a factura pending at SUNAT, then accepted: their hash and QR kept; a credit note names it; a cancellation follows their ticket', async () => {
    nube.modo('pendiente');
    const ovtId = await f.registrar();
    await f.pagarTodo(ovtId);
    expectOk(await f.ov('generarComprobante', { ovt_id: ovtId }, f.u.tesoreria));
    await f.ctx.deps.cpe.worker.procesar();
    let [factura] = await docs(ovtId);
    expect(factura).toMatchObject({ tipo: '01', estado: 'enviado', proveedor: 'nubefact', xml: null });
    expect(nube.recibidos.at(-1)).toMatchObject({ operacion: 'generar_comprobante', tipo_de_comprobante: 1, serie: 'F001' });
    await procesar();
    [factura] = await docs(ovtId);
    expect(factura.estado).toBe('aceptado');
    expect(factura.hash).toMatch(/^hash-1-F001-/);
    expect(nube.recibidos.at(-1)).toMatchObject({ operacion: 'consultar_comprobante' });

    nube.modo('aceptar');
    expectOk(await f.post('comprobante/emitirNota', { nota: { cpe_id: factura.id, cpe_tipo: '07', motivo_codigo: '07', motivo: 'Devolución', lineas: [{ linea: 2, cantidad: '1' }] } }, f.u.tesoreria));
    await procesar();
    const nota = (await docs(ovtId)).find((d) => d.tipo === '07')!;
    expect(nota.estado).toBe('aceptado');
    expect(nube.recibidos.at(-1)).toMatchObject({
      operacion: 'generar_comprobante', tipo_de_comprobante: 3, serie: 'FC01',
      documento_que_se_modifica_tipo: 1, documento_que_se_modifica_serie: 'F001', tipo_de_nota_de_credito: 7,
    });

    // The note is cancelled first (a factura with a note standing is not), as its own type (3).
    expectOk(await f.post('comprobante/anular', { comprobante: { cpe_id: nota.id, motivo: 'Nota duplicada' } }, f.u.tesoreria));
    await procesar();
    expect(nube.recibidos.at(-1)).toMatchObject({ operacion: 'generar_anulacion', tipo_de_comprobante: 3, serie: 'FC01', motivo: 'Nota duplicada' });
    await procesar();
    expect((await docs(ovtId)).find((d) => d.tipo === '07')!.estado).toBe('anulado');

    expectOk(await f.post('comprobante/anular', { comprobante: { cpe_id: factura.id, motivo: 'Venta duplicada' } }, f.u.tesoreria));
    await procesar();
    expect(nube.recibidos.at(-1)).toMatchObject({ operacion: 'generar_anulacion', tipo_de_comprobante: 1, serie: 'F001', motivo: 'Venta duplicada' });
    const baja = (await docs(ovtId)).filter((d) => d.tipo === 'RA').at(-1)!;
    expect(baja.estado).toBe('enviado');
    await procesar();
    expect(nube.recibidos.at(-1)).toMatchObject({ operacion: 'consultar_anulacion' });
    expect((await docs(ovtId)).filter((d) => d.tipo === 'RA').at(-1)!.estado).toBe('aceptado');
    expect((await docs(ovtId)).find((d) => d.tipo === '01')!.estado).toBe('anulado');
  });
});
