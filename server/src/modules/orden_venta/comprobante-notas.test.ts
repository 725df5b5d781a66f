import { TID_BOLETA, type ComprobanteFila, type ComprobanteParaNota, type OrdenVentaDetalle } from '@obra/domain';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { verificarFirma } from '../../platform/cpe/firma/verificar.ts';
import { iniciarFakeSunat, type FakeSunat } from '../../test/fake-sunat.ts';
import { createOvFixture, expectOk, usarOse, type OvFixture } from './fixtures.ts';

/**
 * Issue 23: credit and debit notes on an accepted factura or boleta, and their cancellation by
 * comunicación de baja (RA) or resumen diario (RC), sent by the worker to a local fake of SUNAT's
 * billService (sendBill for notes; sendSummary and the ticket's getStatus for summaries). A document
 * turns 'anulado' only when SUNAT accepts what cancels it; a pending ticket, a rejection and a lost
 * answer each end where SUNAT's answer says.
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

const worker = () => f.ctx.deps.cpe.worker;
/** Every pending document due now (instead of waiting for its back-off), then one worker pass. */
const procesar = async () => {
  await f.rows(sql`update comprobante set nco_proximo_intento = now() where nco_proximo_intento is not null`);
  await worker().procesar();
};

interface Doc { id: number; tipo: string; numero: string; estado: string; codigo: string | null; texto: string | null; baja: number | null; ticket: string | null; total: string; xml: string | null }
const doc = async (id: number): Promise<Doc> => (await f.rows<Doc>(sql`
  select nco_id as id, nco_tipo as tipo, nco_serie || '-' || nco_numero as numero, nco_estado_sunat as estado, nco_respuesta_codigo as codigo,
    nco_respuesta_texto as texto, nco_baja_id as baja, nco_ticket as ticket, nco_total::text as total, nco_xml as xml
  from comprobante where nco_id = ${id}`))[0];
const porNumero = async (serie: string, numero: number) => Number((await f.rows<{ id: number }>(sql`
  select nco_id as id from comprobante where nco_serie = ${serie} and nco_numero = ${numero}`))[0].id);
const ultimo = async (tipo: string) => Number((await f.rows<{ id: number }>(sql`select max(nco_id) as id from comprobante where nco_tipo = ${tipo}`))[0].id);

/** A sales order paid in full and its voucher accepted by SUNAT: the voucher's id. */
async function aceptado(over: Record<string, unknown> = {}): Promise<{ ovtId: number; id: number }> {
  const ovtId = await f.registrar(over);
  await f.pagarTodo(ovtId);
  expectOk(await f.ov('generarComprobante', { ovt_id: ovtId }, f.u.tesoreria));
  await procesar();
  const id = Number((await f.rows<{ id: number }>(sql`select nco_id as id from comprobante where ovt_id = ${ovtId} and nco_tipo in ('01', '03')`))[0].id);
  expect((await doc(id)).estado).toBe('aceptado');
  return { ovtId, id };
}
const nota = (body: Record<string, unknown>, who = f.u.tesoreria) => f.post('comprobante/emitirNota', { nota: body }, who);
const anular = (cpe_id: number, motivo = 'Error en los datos del cliente', who = f.u.tesoreria) => f.post('comprobante/anular', { comprobante: { cpe_id, motivo } }, who);
const numeroDe = (r: { data: unknown }) => (r.data as { cpe_comprobante: string }).cpe_comprobante;

describe('credit and debit notes', () => {
  it('a partial credit note on one line: its own series and correlative, the voucher in its XML, sent and accepted; the voucher stands', async () => {
    const { id } = await aceptado();
    const r = expectOk(await nota({ cpe_id: id, cpe_tipo: '07', motivo_codigo: '07', motivo: 'Se bombeó una hora, no dos', lineas: [{ linea: 2, cantidad: '1' }] }));
    expect(numeroDe(r)).toMatch(/^FC01-\d{8}$/);
    await procesar();
    const [serie, num] = numeroDe(r).split('-');
    const n = await doc(await porNumero(serie, Number(num)));
    // 190.00 × 1 hour + 18 % IGV.
    expect(n).toMatchObject({ tipo: '07', estado: 'aceptado', total: '224.20' });
    expect(n.xml).toContain('<cac:BillingReference>');
    expect(n.xml).toMatch(/<cbc:ResponseCode[^>]*>07<\/cbc:ResponseCode>/);
    const recibido = sunat.recibidos.find((x) => x.nombre === `20547812361-07-${numeroDe(r)}`)!;
    expect(verificarFirma(recibido.xml).valida).toBe(true);
    expect((await doc(id)).estado).toBe('aceptado');

    const lista = expectOk(await f.post('comprobante/buscar', { comprobante: { cpe_tipo: '07' } }, f.u.tesoreria)).data as { page: { list: ComprobanteFila[] } };
    const fila = lista.page.list.find((x) => x.cpe_comprobante === numeroDe(r))!;
    expect(fila).toMatchObject({ cpe_estado: 'aceptado', cpe_motivo_codigo: '07', puede_emitir_nota: false, puede_anular: true });
    expect(fila.cpe_referencia).toMatch(/^F001-/);
    const pdf = await f.post('comprobante/descargar', { comprobante: { cpe_id: fila.cpe_id, formato: 'pdf' } }, f.u.tesoreria);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
  });

  it('refuses what cannot be credited, with a Spanish message, taking no number', async () => {
    const { id } = await aceptado();
    const antes = await f.rows<{ n: number }>(sql`select coalesce(max(cnt_ultimo), 0) as n from contador where cnt_serie = 'FC01'`);
    const cuerpo = { cpe_id: id, cpe_tipo: '07', motivo_codigo: '07', motivo: 'Devolución' };
    const masCantidad = await nota({ ...cuerpo, lineas: [{ linea: 1, cantidad: '9' }] });
    expect(masCantidad.statusCode).toBe(400);
    expect(masCantidad.json().message).toBe('La cantidad de la línea 1 debe ser mayor que cero y no superar la del comprobante');
    expect((await nota({ ...cuerpo, lineas: [{ linea: 3, cantidad: '1' }] })).json().message).toBe('El comprobante no tiene la línea 3');
    expect((await nota({ ...cuerpo, motivo_codigo: '01', lineas: [{ linea: 1, cantidad: '1' }] })).statusCode).toBe(400);
    expect((await nota({ ...cuerpo, motivo: '' })).json().message).toBe('Escriba el sustento de la nota (hasta 250 caracteres)');
    // Notes together may not credit more than the voucher: all 8.5 m³ returned, then a decrease larger than the rest.
    expectOk(await nota({ ...cuerpo, lineas: [{ linea: 1, cantidad: '8.5' }] }));
    const otra = await nota({ ...cuerpo, motivo_codigo: '09', lineas: [{ linea: 1, cantidad: '1' }, { linea: 2, cantidad: '2' }] });
    expect(otra.statusCode).toBe(409);
    expect(otra.json().message).toMatch(/^La nota de crédito supera lo que queda por acreditar del comprobante \(S\/ 448\.40\)$/);
    const total = await nota({ ...cuerpo, motivo_codigo: '01', motivo: 'Anulación' });
    expect(total.json().message).toBe('El comprobante ya tiene notas de crédito: la anulación total ya no corresponde; emita una nota por ítem o por el saldo');
    const despues = await f.rows<{ n: number }>(sql`select max(cnt_ultimo) as n from contador where cnt_serie = 'FC01'`);
    expect(Number(despues[0].n)).toBe(Number(antes[0].n) + 1);
  });

  it('notes issued at once on one voucher get consecutive numbers, none repeated, and never credit more than the voucher', async () => {
    const { id } = await aceptado();
    // 8.5 m³ in 0.5 m³ returns: 17 fit, 20 are asked for at once.
    const replies = await Promise.all(Array.from({ length: 20 }, () =>
      nota({ cpe_id: id, cpe_tipo: '07', motivo_codigo: '07', motivo: 'Devolución parcial', lineas: [{ linea: 1, cantidad: '0.5' }] })));
    const hechos = replies.filter((r) => r.statusCode === 200).map((r) => Number(numeroDe(r.json()).split('-')[1]));
    expect(hechos).toHaveLength(17);
    const refusals = replies.filter((r) => r.statusCode === 409);
    expect(refusals).toHaveLength(3);
    expect(refusals[0].json().message).toBe('La devolución supera lo emitido en la línea 1 (ya se devolvió 8.5)');
    hechos.sort((a, b) => a - b);
    expect(hechos).toEqual(Array.from({ length: 17 }, (_, i) => hechos[0] + i));
    const [suma] = await f.rows<{ credito: string; total: string }>(sql`select sum(n.nco_total)::text as credito, min(v.nco_total)::text as total
      from comprobante n join comprobante v on v.nco_id = n.nco_referencia_id where n.nco_referencia_id = ${id}`);
    expect(Number(suma.credito)).toBeLessThanOrEqual(Number(suma.total));
  });

  it('a debit note takes FD01; a note on a voucher SUNAT has not accepted is refused', async () => {
    const { id } = await aceptado();
    const r = expectOk(await nota({ cpe_id: id, cpe_tipo: '08', motivo_codigo: '01', motivo: 'Intereses por mora', lineas: [{ linea: 2, cantidad: '1', valor_unitario: '25.50' }] }));
    expect(numeroDe(r)).toMatch(/^FD01-/);
    await procesar();
    const [serie, num] = numeroDe(r).split('-');
    expect(await doc(await porNumero(serie, Number(num)))).toMatchObject({ tipo: '08', estado: 'aceptado', total: '30.09' });

    sunat.modo('rechazar');
    const ovtId = await f.registrar();
    await f.pagarTodo(ovtId);
    expectOk(await f.ov('generarComprobante', { ovt_id: ovtId }, f.u.tesoreria));
    await procesar();
    const rechazado = Number((await f.rows<{ id: number }>(sql`select nco_id as id from comprobante where ovt_id = ${ovtId}`))[0].id);
    const nr = await nota({ cpe_id: rechazado, cpe_tipo: '07', motivo_codigo: '01', motivo: 'Anulación' });
    expect(nr.statusCode).toBe(409);
    expect(nr.json().message).toBe('Solo se emiten notas sobre una factura o boleta aceptada por SUNAT que no esté anulada ni en anulación');
  });

  it('a total credit note cancels the voucher once SUNAT accepts it: the order may then get a new voucher', async () => {
    const { ovtId, id } = await aceptado();
    expectOk(await nota({ cpe_id: id, cpe_tipo: '07', motivo_codigo: '02', motivo: 'El RUC del cliente estaba mal' }));
    const nc = await ultimo('07');
    expect((await doc(id)).baja).toBe(nc);
    // While SUNAT has not answered the note, the voucher stands and cannot get another cancellation.
    expect((await anular(id)).statusCode).toBe(409);
    await procesar();
    expect((await doc(nc)).estado).toBe('aceptado');
    expect((await doc(id)).estado).toBe('anulado');
    const o = expectOk(await f.ov('obtener', { ovt_id: ovtId }, f.u.tesoreria)).data as OrdenVentaDetalle;
    expect(o.ovt_comprobante).toBeNull();
    const otro = expectOk(await f.ov('generarComprobante', { ovt_id: ovtId }, f.u.tesoreria)).data as OrdenVentaDetalle;
    expect(otro.ovt_comprobante).toMatch(/^F001-/);
  });
});

describe('cancellation by comunicación de baja and resumen diario', () => {
  it("a factura: RA sent by sendSummary, its ticket asked with getStatus; 'anulado' only when SUNAT accepts", async () => {
    const { ovtId, id } = await aceptado();
    const r = expectOk(await anular(id));
    expect(r.message).toMatch(/^Se pidió a SUNAT la anulación de F001-\d{8} \(RA-\d{8}-\d+\); quedará anulado cuando SUNAT lo acepte$/);
    const ra = await ultimo('RA');
    await worker().procesar();
    const enviado = await doc(ra);
    expect(enviado).toMatchObject({ estado: 'enviado' });
    expect(enviado.ticket).toMatch(/^\d+$/);
    expect((await doc(id)).estado).toBe('aceptado');
    await procesar();
    expect(await doc(ra)).toMatchObject({ estado: 'aceptado', codigo: '0' });
    expect((await doc(id)).estado).toBe('anulado');
    expect((expectOk(await f.ov('obtener', { ovt_id: ovtId }, f.u.tesoreria)).data as OrdenVentaDetalle).ovt_comprobante).toBeNull();
    expect((await anular(id)).json().message).toBe('El comprobante ya está anulado');
    // A summary has no printed copy: its XML and CDR are what it is.
    const xml = await f.post('comprobante/descargar', { comprobante: { cpe_id: ra, formato: 'xml' } }, f.u.tesoreria);
    expect(String(xml.headers['content-disposition'])).toMatch(/filename="20547812361-RA-\d{8}-\d+\.xml"/);
    expect((await f.post('comprobante/descargar', { comprobante: { cpe_id: ra, formato: 'pdf' } }, f.u.tesoreria)).statusCode).toBe(404);
  });

  it('a boleta: RC with condition 3, its buyer and amounts', async () => {
    const { id } = await aceptado({ tid_id: TID_BOLETA, cli_id: f.id.cDni, cde_id: f.id.dDni });
    expectOk(await anular(id, 'Venta no realizada'));
    const rc = await ultimo('RC');
    const x = (await doc(rc)).xml!;
    expect(x).toContain('<cbc:ConditionCode>3</cbc:ConditionCode>');
    expect(x).toContain('<cbc:CustomerAssignedAccountID>70000001</cbc:CustomerAssignedAccountID>');
    await worker().procesar();
    await procesar();
    expect((await doc(rc)).estado).toBe('aceptado');
    expect((await doc(id)).estado).toBe('anulado');
  });

  it('a pending ticket (98) is asked again later; a rejection frees the document for another try', async () => {
    sunat.modo('pendiente');
    const { id } = await aceptado();
    expectOk(await anular(id));
    const ra = await ultimo('RA');
    await worker().procesar();
    await procesar();
    expect((await doc(ra)).estado).toBe('enviado');
    expect((await doc(ra)).texto).toContain('aún procesa');
    await procesar();
    await procesar();
    expect((await doc(ra)).estado).toBe('aceptado');
    expect((await doc(id)).estado).toBe('anulado');

    const otro = await aceptado();
    sunat.modo('rechazar');
    expectOk(await anular(otro.id));
    const ra2 = await ultimo('RA');
    await worker().procesar();
    await procesar();
    expect(await doc(ra2)).toMatchObject({ estado: 'rechazado', codigo: '2105' });
    expect(await doc(otro.id)).toMatchObject({ estado: 'aceptado', baja: null });
    sunat.modo('aceptar');
    expectOk(await anular(otro.id));
  });

  it('a lost answer: the summary is sent again, and when SUNAT says it already had it (2223) a person checks; the document is not freed by guess', async () => {
    const { id } = await aceptado();
    sunat.modo('perder');
    expectOk(await anular(id));
    const ra = await ultimo('RA');
    await worker().procesar();
    expect((await doc(ra)).estado).toBe('error');
    sunat.modo('aceptar');
    await procesar();
    await procesar();
    const d = await doc(ra);
    expect(d).toMatchObject({ estado: 'error', codigo: 'REVISAR' });
    expect(d.texto).toContain('2223');
    expect((await f.rows<{ p: string | null }>(sql`select nco_proximo_intento::text as p from comprobante where nco_id = ${ra}`))[0].p).toBeNull();
    expect((await doc(id)).baja).toBe(ra);
  });

  it('a factura with a note standing is cancelled only after its note; a cancelled note no longer counts against the voucher', async () => {
    const { id } = await aceptado();
    const r = expectOk(await nota({ cpe_id: id, cpe_tipo: '07', motivo_codigo: '07', motivo: 'Se bombeó una hora, no dos', lineas: [{ linea: 2, cantidad: '1' }] }));
    await procesar();
    const [serie, num] = numeroDe(r).split('-');
    const nc = await porNumero(serie, Number(num));
    const refusal = await anular(id);
    expect(refusal.statusCode).toBe(409);
    expect(refusal.json().message).toBe(`Anule primero las notas emitidas sobre este comprobante (${numeroDe(r)}): SUNAT no admite notas de un comprobante dado de baja`);
    expect((await doc(id)).baja).toBeNull();
    const lista = expectOk(await f.post('comprobante/buscar', { comprobante: { cpe_tipo: '01' } }, f.u.tesoreria)).data as { page: { list: ComprobanteFila[] } };
    expect(lista.page.list.find((x) => x.cpe_id === id)).toMatchObject({ cpe_notas_vigentes: numeroDe(r), puede_anular: false });
    // Both hours may be credited again only once the note is cancelled.
    const dos = { cpe_id: id, cpe_tipo: '07', motivo_codigo: '07', motivo: 'Devolución', lineas: [{ linea: 2, cantidad: '2' }] };
    expect((await nota(dos)).statusCode).toBe(409);
    expectOk(await anular(nc));
    await worker().procesar();
    await procesar();
    expect((await doc(nc)).estado).toBe('anulado');
    const obtenido = expectOk(await f.post('comprobante/obtener', { comprobante: { cpe_id: id } }, f.u.tesoreria)).data as ComprobanteParaNota;
    expect(obtenido.disponible).toBe(obtenido.cpe_total);
    expectOk(await anular(id));
  });

  it('refuses a document outside SUNAT\'s window, and a caller without the module', async () => {
    const { id } = await aceptado();
    await f.rows(sql`update comprobante set nco_fecha_emision = nco_fecha_emision - 8 where nco_id = ${id}`);
    const r = await anular(id);
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toBe('Pasaron más de 7 días desde la emisión: SUNAT ya no acepta su baja; emita una nota de crédito');
    expect((await anular(id, 'x', f.u.logistica)).statusCode).toBe(403);
  });
});
