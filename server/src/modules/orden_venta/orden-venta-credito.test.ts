import { OVT, limaDate, sumarDias, type OrdenVentaDetalle } from '@obra/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verificarFirma } from '../../platform/cpe/firma/verificar.ts';
import type { ComprobanteSolicitud } from '../../platform/cpe/tipos.ts';
import { ANIO_SERIE } from './comprobante-service.ts';
import { createOvFixture, expectOk, expectRefused, type OvFixture } from './fixtures.ts';

/**
 * Credit sales invoiced before they are paid (issue 23; docs/business-rules.md "Credit sales and their
 * voucher"): an approved sale on a credit condition gets its voucher 'Credito' with cuotas (default or
 * edited, checked against what the order has unpaid); cash sales keep spec 3's "fully paid".
 */

let f: OvFixture;
beforeAll(async () => {
  f = await createOvFixture();
});
afterAll(() => f.ctx.close());

const CREDITO = 2;
const ADELANTO_50 = 3;
/** The fixture's order: 8.5 m³ × 310 + 2 h × 190 = 3015.00 + IGV 542.70. */
const TOTAL = '3557.70';

const generar = (ovtId: number, cuotas?: unknown) => f.ov('generarComprobante', { ovt_id: ovtId, ...(cuotas === undefined ? {} : { cuotas }) }, f.u.tesoreria);
const obtener = async (ovtId: number) => expectOk(await f.ov('obtener', { ovt_id: ovtId }, f.u.tesoreria)).data as OrdenVentaDetalle;
const ultimo = async (serie: string) =>
  Number((await f.rows<{ n: number }>(sql`select coalesce(max(cnt_ultimo), 0) as n from contador where cnt_serie = ${serie} and cnt_anio = ${ANIO_SERIE}`))[0].n);
const emitido = async (ovtId: number) => (await f.rows<{ xml: string; datos: ComprobanteSolicitud; numero: number }>(sql`
  select nco_xml as xml, nco_datos as datos, nco_numero as numero from comprobante where ovt_id = ${ovtId}`))[0];
const cuantos = async (ovtId: number) => Number((await f.rows<{ c: number }>(sql`select count(*)::int as c from comprobante where ovt_id = ${ovtId}`))[0].c);

/** A registered order on condition `coc`, approved by gerencia with it. */
async function aprobada(coc = CREDITO, over: Record<string, unknown> = {}) {
  const ovtId = await f.registrar({ coc_id: coc, ...over });
  expectOk(await f.ov('aprobar', { ovt_id: ovtId, coc_id: coc }, f.u.gerencia));
  return ovtId;
}

describe('a credit sale invoiced before it is paid', () => {
  it('approved on Crédito: issued unpaid as Credito with the default cuota (the whole total, 30 days on); payments go on after it', async () => {
    const ovtId = await f.registrar({ coc_id: CREDITO });
    // Not approved yet: a credit condition alone is not credit.
    expect(await obtener(ovtId)).toMatchObject({ puede_generar_comprobante: false, comprobante_forma_pago: 'Contado' });
    expectRefused(await generar(ovtId), 409, 'La venta al crédito debe aprobarse antes de generar su comprobante sin el pago total');
    expectOk(await f.ov('aprobar', { ovt_id: ovtId, coc_id: CREDITO }, f.u.gerencia));
    expect(await obtener(ovtId)).toMatchObject({ est_id: OVT.APROBADO, puede_generar_comprobante: true, comprobante_forma_pago: 'Credito', saldo: TOTAL });

    const n = (await ultimo('F001')) + 1;
    const o = expectOk(await generar(ovtId)).data as OrdenVentaDetalle;
    expect(o).toMatchObject({ ovt_comprobante: `F001-${String(n).padStart(8, '0')}`, est_id: OVT.APROBADO, saldo: TOTAL,
      puede_generar_comprobante: false, puede_ver_comprobante: true, puede_registrar_pago: true });
    const hoy = limaDate();
    const { xml, datos } = await emitido(ovtId);
    expect(datos).toMatchObject({ forma_pago: 'Credito', cuotas: [{ monto: TOTAL, fecha: sumarDias(hoy, 30) }], total: TOTAL, fecha_emision: hoy });
    expect(verificarFirma(xml).valida).toBe(true);
    expect(xml).toContain(`<cbc:PaymentMeansID>Credito</cbc:PaymentMeansID>\n    <cbc:Amount currencyID="PEN">${TOTAL}</cbc:Amount>`);
    expect(xml).toContain(`<cbc:PaymentMeansID>Cuota001</cbc:PaymentMeansID>\n    <cbc:Amount currencyID="PEN">${TOTAL}</cbc:Amount>\n`
      + `    <cbc:PaymentDueDate>${sumarDias(hoy, 30)}</cbc:PaymentDueDate>`);
    expect(xml).not.toContain('>Contado<');
    const pdf = await f.post('ordenVenta/verComprobante', { orden_venta: { ovt_id: ovtId } }, f.u.viewer);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // The client pays the cuota later: the order's payment state follows, the voucher stays as issued.
    await f.pagar(ovtId, '1000.00');
    expect(await obtener(ovtId)).toMatchObject({ est_id: OVT.PAGO_PARCIAL, saldo: '2557.70', puede_ver_comprobante: true, puede_generar_comprobante: false });
    await f.pagarTodo(ovtId);
    expect(await f.orden(ovtId)).toMatchObject({ est_id: OVT.PAGADO, ovt_pagado: TOTAL });
    expect((await emitido(ovtId)).numero).toBe(n);
    expectRefused(await generar(ovtId), 409, `La orden de venta ya tiene el comprobante F001-${String(n).padStart(8, '0')}`);
  });

  it('Adelanto 50 %: the advance paid, the rest in three cuotas as the user edited them (dd-mm-yyyy and numbers accepted)', async () => {
    const ovtId = await aprobada(ADELANTO_50);
    await f.pagar(ovtId, '1000.00');
    const hoy = limaDate();
    const [d1, d2, d3] = [15, 45, 75].map((d) => sumarDias(hoy, d));
    const ddmmyyyy = (iso: string) => iso.split('-').reverse().join('-');
    expectOk(await generar(ovtId, [{ monto: '852.57', fecha: d1 }, { monto: 852.57, fecha: d2 }, { monto: '852.56', fecha: ddmmyyyy(d3) }]));
    const { xml, datos } = await emitido(ovtId);
    expect(datos).toMatchObject({ forma_pago: 'Credito', total: TOTAL,
      cuotas: [{ monto: '852.57', fecha: d1 }, { monto: '852.57', fecha: d2 }, { monto: '852.56', fecha: d3 }] });
    expect(xml).toContain('<cbc:PaymentMeansID>Credito</cbc:PaymentMeansID>\n    <cbc:Amount currencyID="PEN">2557.70</cbc:Amount>');
    expect(xml).toContain(`<cbc:PaymentMeansID>Cuota003</cbc:PaymentMeansID>\n    <cbc:Amount currencyID="PEN">852.56</cbc:Amount>\n    <cbc:PaymentDueDate>${d3}</cbc:PaymentDueDate>`);
    expect(await obtener(ovtId)).toMatchObject({ est_id: OVT.PAGO_PARCIAL, saldo: '2557.70' });
  });

  it('wrong cuotas answer 400 with the reason; no voucher is stored and no number is taken (the series stays gap-free)', async () => {
    const ovtId = await aprobada();
    const hoy = limaDate();
    const en = (d: number) => sumarDias(hoy, d);
    const n = await ultimo('F001');
    const casos: [unknown, string][] = [
      [[{ monto: '3000.00', fecha: en(30) }], 'La suma de las cuotas (S/ 3,000.00) debe ser igual al saldo pendiente de pago (S/ 3,557.70)'],
      [[{ monto: '3557.70', fecha: hoy }], `La cuota 1 debe vencer después de la fecha de emisión (${hoy.split('-').reverse().join('/')})`],
      [[{ monto: '1000.00', fecha: en(60) }, { monto: '2557.70', fecha: en(30) }], 'La cuota 2 debe vencer después de la cuota 1'],
      [[{ monto: '0', fecha: en(30) }, { monto: '3557.70', fecha: en(60) }], 'El monto de la cuota 1 debe ser mayor que cero, con hasta dos decimales'],
      [[{ monto: '3557.70', fecha: '2026-02-30' }], 'La fecha de vencimiento de la cuota 1 no es válida'],
      [[{ monto: '3557.70', fecha: en(365 * 3) }], `La cuota 1 no puede vencer después del`],
      [[], 'Indique al menos una cuota del crédito'],
      [Array.from({ length: 25 }, (_, i) => ({ monto: '1.00', fecha: en(i + 1) })), 'Se admiten como máximo 24 cuotas'],
      ['tres cuotas', 'Las cuotas no son válidas: indique el monto y la fecha de vencimiento de cada una'],
    ];
    for (const [cuotas, mensaje] of casos) {
      const r = await generar(ovtId, cuotas);
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json()).toMatchObject({ status: 'error', message: expect.stringContaining(mensaje) });
    }
    expect(await ultimo('F001')).toBe(n);
    expect(await cuantos(ovtId)).toBe(0);
    expect(await f.orden(ovtId)).toMatchObject({ ovt_comprobante: null, est_id: OVT.APROBADO });
    // The cuotas are checked against what is unpaid under the lock, not what the screen showed: a payment in between changes it.
    await f.pagar(ovtId, '557.70');
    expectRefused(await generar(ovtId, [{ monto: TOTAL, fecha: en(30) }]), 400,
      'La suma de las cuotas (S/ 3,557.70) debe ser igual al saldo pendiente de pago (S/ 3,000.00)');
    expect(await ultimo('F001')).toBe(n);
    expectOk(await generar(ovtId, [{ monto: '1500.00', fecha: en(30) }, { monto: '1500.00', fecha: en(60) }]));
    expect((await emitido(ovtId)).numero).toBe(n + 1);
    expect(await ultimo('F001')).toBe(n + 1);
  });

  it('a credit boleta: issued unpaid, its XML declares no form of payment (SUNAT reads it as a detracción), its request keeps the cuotas', async () => {
    const ovtId = await aprobada(CREDITO, { cli_id: f.id.cDni, cde_id: f.id.dDni, tid_id: 2 });
    const o = expectOk(await generar(ovtId)).data as OrdenVentaDetalle;
    expect(o.ovt_comprobante).toMatch(/^B001-\d{8}$/);
    const { xml, datos } = await emitido(ovtId);
    expect(datos).toMatchObject({ tipo: 'boleta', forma_pago: 'Credito', cuotas: [{ monto: TOTAL }] });
    expect(xml).not.toContain('<cac:PaymentTerms>');
  });
});

describe('cash sales keep spec 3: fully paid first', () => {
  it('Contado, also approved: refused before full payment; once paid issued Contado, and cuotas are refused', async () => {
    const ovtId = await aprobada(1);
    expect(await obtener(ovtId)).toMatchObject({ puede_generar_comprobante: false, comprobante_forma_pago: 'Contado' });
    expectRefused(await generar(ovtId), 409, 'Solo se puede generar el comprobante de una orden de venta pagada en su totalidad');
    await f.pagar(ovtId, '100.00');
    expectRefused(await generar(ovtId), 409, 'Solo se puede generar el comprobante de una orden de venta pagada en su totalidad');
    await f.pagarTodo(ovtId);
    const n = await ultimo('F001');
    expectRefused(await generar(ovtId, [{ monto: TOTAL, fecha: sumarDias(limaDate(), 30) }]), 400, 'El comprobante de esta orden es al contado: no lleva cuotas');
    expect(await ultimo('F001')).toBe(n);
    expectOk(await generar(ovtId, []));
    const { xml, datos } = await emitido(ovtId);
    expect(datos.forma_pago).toBe('Contado');
    expect(datos.cuotas).toBeUndefined();
    expect(xml).toContain('<cbc:PaymentMeansID>Contado</cbc:PaymentMeansID>');
  });

  it('a credit sale paid in full before its voucher is issued Contado', async () => {
    const ovtId = await aprobada();
    await f.pagarTodo(ovtId);
    expect(await obtener(ovtId)).toMatchObject({ comprobante_forma_pago: 'Contado', puede_generar_comprobante: true });
    expectOk(await generar(ovtId));
    expect((await emitido(ovtId)).datos.forma_pago).toBe('Contado');
  });
});
