import { OVT, formatFechaHoraLima, type OrdenVentaDetalle } from '@obra/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOvFixture, expectOk, expectRefused, type Auth, type OvFixture } from './fixtures.ts';
import { multipart as multipartCall } from '../../test/multipart.ts';

/**
 * Payments and approval of a sales order (spec 3 §2 "View order popup", §4, §5 "Payments"; DECISIONS
 * §6): the state follows what the active payments cover, payments never exceed the total, a
 * cancelled payment gives its amount back, and of two approvals at once exactly one wins.
 */

let f: OvFixture;
beforeAll(async () => {
  f = await createOvFixture();
});
afterAll(() => f.ctx.close());

const ahora = () => formatFechaHoraLima(new Date());
const pagar = (ovtId: number, monto: string, who: Auth = f.u.tesoreria, over: Record<string, unknown> = {}) =>
  f.pago('registrar', { ovt_id: ovtId, ovp_fecha_pago: ahora(), ovp_descripcion: 'Transferencia BBVA', ovp_monto: monto, ovp_registrador: 1, ...over }, who);
const detalle = async (ovtId: number, who = f.u.administracion) => expectOk(await f.ov('obtener', { ovt_id: ovtId }, who)).data as OrdenVentaDetalle;

const multipart = (path: string, fields: Record<string, string>, file: { name: string; type: string; content: Buffer } | null, who: Auth) =>
  multipartCall(f.ctx, path, fields, file, who);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

describe('payments', () => {
  it('partial → pago_parcial, the rest → pagado, numbered 1, 2 in the order; the registrar is the caller', async () => {
    const ovtId = await f.registrar();
    const a = expectOk(await pagar(ovtId, '1000'));
    expect(a.message).toBe('Se registró el pago correctamente');
    expect(a.data).toMatchObject({ ovp_orden: 1, est_id: OVT.PAGO_PARCIAL, ovt_pagado: '1000.00', saldo: '2557.70' });
    expect(await f.orden(ovtId)).toMatchObject({ est_id: OVT.PAGO_PARCIAL, ovt_pagado: '1000.00' });
    const o = await detalle(ovtId);
    expect(o).toMatchObject({ saldo: '2557.70', puede_registrar_pago: true, puede_aprobar: false, puede_editar: false });
    expect(o.lista_orden_venta_pago[0]).toMatchObject({ ovp_orden: 1, ovp_descripcion: 'Transferencia BBVA', ovp_monto: '1000.00', est_nombre: 'Activo',
      ovp_registrador_nombre: 'Miguel Rojas Cárdenas', ovp_url_comprobante: null, puede_cancelar: true });
    expect(o.lista_orden_venta_pago[0].ovp_fecha_pago).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}$/);
    expect(expectOk(await pagar(ovtId, '2557.70', f.u.contabilidad)).data).toMatchObject({ ovp_orden: 2, est_id: OVT.PAGADO, saldo: '0.00' });
    expect(await detalle(ovtId)).toMatchObject({ est_id: OVT.PAGADO, est_nombre: 'Pagado', puede_registrar_pago: false, puede_generar_comprobante: true });
  });

  it('refuses more than the balance with the balance in the message, and any payment once paid', async () => {
    const ovtId = await f.registrar();
    expectRefused(await pagar(ovtId, '3557.71'), 409, 'El monto del pago supera el saldo pendiente de S/ 3,557.70');
    await f.pagar(ovtId, '557.70');
    expectRefused(await pagar(ovtId, '3000.01'), 409, 'El monto del pago supera el saldo pendiente de S/ 3,000.00');
    await f.pagar(ovtId, '3000');
    expectRefused(await pagar(ovtId, '0.01'), 409, 'La orden de venta no tiene saldo pendiente de pago');
    expect(await f.orden(ovtId)).toMatchObject({ est_id: OVT.PAGADO, ovt_pagado: '3557.70' });
  });

  it('two payments at once that together exceed the balance: one is refused', async () => {
    const ovtId = await f.registrar();
    const [a, b] = await Promise.all([pagar(ovtId, '2000'), pagar(ovtId, '2000', f.u.administracion)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(await f.orden(ovtId)).toMatchObject({ ovt_pagado: '2000.00', est_id: OVT.PAGO_PARCIAL });
  });

  it('checks the amount, the date, the description and the option', async () => {
    const ovtId = await f.registrar();
    expectRefused(await pagar(ovtId, '0'), 400, 'El monto del pago debe ser un número mayor a cero, con hasta 2 decimales');
    expectRefused(await pagar(ovtId, '-5'), 400, 'El monto del pago debe ser un número mayor a cero, con hasta 2 decimales');
    expectRefused(await pagar(ovtId, '10', f.u.tesoreria, { ovp_fecha_pago: formatFechaHoraLima(new Date(Date.now() + 86_400_000)) }), 400,
      'La fecha de pago no puede ser posterior a la fecha actual');
    expectRefused(await pagar(ovtId, '10', f.u.tesoreria, { ovp_fecha_pago: '31-02-2026 10:00' }), 400,
      'La fecha de pago debe tener el formato día-mes-año hora:minuto (dd-mm-aaaa HH:mm)');
    expectRefused(await pagar(ovtId, '10', f.u.tesoreria, { ovp_descripcion: '' }), 400, 'Ingrese la descripción del pago');
    expectRefused(await pagar(999999, '10'), 404, 'La orden de venta no existe');
    // GERENCIA has the module but not registrar_orden_venta_pago.
    expectRefused(await pagar(ovtId, '10', f.u.gerencia), 403, 'No tiene permiso para registrar pagos de órdenes de venta');
    expect((await detalle(ovtId, f.u.gerencia)).puede_registrar_pago).toBe(false);
    expectRefused(await pagar(ovtId, '10', f.u.logistica), 403, 'No tienes acceso a este módulo');
    expect(await f.orden(ovtId)).toMatchObject({ ovt_pagado: '0.00', est_id: OVT.CREADO });
  });

  it('cancelling gives the amount back: pagado → pago_parcial → creado; the row stays cancelado', async () => {
    const ovtId = await f.registrar();
    const p1 = await f.pagar(ovtId, '3000');
    const p2 = await f.pagar(ovtId, '557.70');
    expect((await f.orden(ovtId)).est_id).toBe(OVT.PAGADO);
    const c = expectOk(await f.pago('cancelar', { ovp_id: p2 }, f.u.tesoreria));
    expect(c.message).toBe('Se canceló el pago correctamente');
    expect(await f.orden(ovtId)).toMatchObject({ est_id: OVT.PAGO_PARCIAL, ovt_pagado: '3000.00' });
    expectRefused(await f.pago('cancelar', { ovp_id: p2 }, f.u.tesoreria), 409, 'El pago ya se encuentra cancelado');
    expectOk(await f.pago('cancelar', { ovp_id: p1 }, f.u.tesoreria));
    expect(await f.orden(ovtId)).toMatchObject({ est_id: OVT.CREADO, ovt_pagado: '0.00' });
    const o = await detalle(ovtId);
    expect(o.lista_orden_venta_pago.map((p) => [p.ovp_orden, p.est_nombre, p.puede_cancelar])).toEqual([[1, 'Cancelado', false], [2, 'Cancelado', false]]);
    expect(o.puede_editar).toBe(true);
    expectRefused(await f.pago('cancelar', { ovp_id: 999999 }, f.u.tesoreria), 404, 'El pago de la orden de venta no existe');
    expectRefused(await f.pago('cancelar', { ovp_id: p1 }, f.u.gerencia), 403, 'No tiene permiso para registrar pagos de órdenes de venta');
  });

  it('an approved credit sale goes back to aprobado when its only payment is cancelled', async () => {
    const ovtId = await f.registrar();
    expectOk(await f.ov('aprobar', { ovt_id: ovtId, coc_id: 2 }, f.u.gerencia));
    const p = await f.pagar(ovtId, '100');
    expect((await f.orden(ovtId)).est_id).toBe(OVT.PAGO_PARCIAL);
    expectOk(await f.pago('cancelar', { ovp_id: p }, f.u.tesoreria));
    expect((await f.orden(ovtId)).est_id).toBe(OVT.APROBADO);
  });

  it('the voucher file: attach (content checked), download, replace; none answers the spec text', async () => {
    const ovtId = await f.registrar();
    const ovpId = await f.pagar(ovtId, '100');
    expectRefused(await f.pago('descargar', { ovp_id: ovpId }, f.u.viewer), 404, 'El pago no tiene documento adjunto');
    expectRefused(await multipart('ordenVentaPago/adjuntar', { ovp_id: String(ovpId) }, { name: 'voucher.pdf', type: 'application/pdf', content: Buffer.from('no soy un pdf') }, f.u.tesoreria), 400,
      'El archivo debe ser PDF, JPG o PNG');
    expectRefused(await multipart('ordenVentaPago/adjuntar', { ovp_id: String(ovpId) }, null, f.u.tesoreria), 400, 'Adjunte un archivo PDF, JPG o PNG');
    expectRefused(await multipart('ordenVentaPago/adjuntar', {}, { name: 'v.pdf', type: 'application/pdf', content: PDF }, f.u.tesoreria), 400, 'Seleccione el pago de la orden de venta');
    expectRefused(await multipart('ordenVentaPago/adjuntar', { ovp_id: String(ovpId) }, { name: 'v.pdf', type: 'application/pdf', content: PDF }, f.u.gerencia), 403,
      'No tiene permiso para registrar pagos de órdenes de venta');
    expectRefused(await multipart('ordenVentaPago/adjuntar', { ovp_id: String(ovpId) }, { name: 'v.pdf', type: 'application/pdf', content: PDF }, f.u.viewer), 403, /.+/);
    expectOk(await multipart('ordenVentaPago/adjuntar', { ovp_id: String(ovpId) }, { name: 'Depósito BCP.pdf', type: 'application/pdf', content: PDF }, f.u.tesoreria));
    const pago = (await detalle(ovtId)).lista_orden_venta_pago[0];
    expect(pago).toMatchObject({ ovp_url_comprobante: '/api/ordenVentaPago/descargar', ovp_archivo_nombre: 'Depósito BCP.pdf' });
    const d = await f.pago('descargar', { ovp_id: ovpId }, f.u.viewer);
    expect(d.statusCode).toBe(200);
    expect(d.headers['content-type']).toBe('application/pdf');
    expect(String(d.headers['content-disposition'])).toContain("filename*=UTF-8''Dep%C3%B3sito%20BCP.pdf");
    expect(d.rawPayload.equals(PDF)).toBe(true);
    expectOk(await multipart('ordenVentaPago/adjuntar', { ovp_id: String(ovpId) }, { name: 'foto', type: 'image/png', content: PNG }, f.u.tesoreria));
    const png = await f.pago('descargar', { ovp_id: ovpId }, f.u.tesoreria);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.rawPayload.equals(PNG)).toBe(true);
    expectOk(await f.pago('cancelar', { ovp_id: ovpId }, f.u.tesoreria));
    expectRefused(await multipart('ordenVentaPago/adjuntar', { ovp_id: String(ovpId) }, { name: 'v.pdf', type: 'application/pdf', content: PDF }, f.u.tesoreria), 409,
      'No se puede adjuntar un documento a un pago cancelado');
  });

  it('a document attached to the order is listed in obtener and downloads', async () => {
    const ovtId = await f.registrar();
    const r = expectOk(await multipart('ordenVenta/adjuntar', { ovt_id: String(ovtId), tipo: 'orden_compra_cliente' }, { name: 'OC cliente.pdf', type: 'application/pdf', content: PDF }, f.u.administracion));
    expect(r.message).toBe('Se adjuntó el documento a la orden de venta correctamente');
    const [a] = (await detalle(ovtId)).lista_orden_venta_archivo;
    expect(a).toMatchObject({ ova_tipo: 'orden_compra_cliente', ova_nombre: 'OC cliente.pdf', ova_tamano: PDF.length, usu_nombre: 'Patricia Salas Vega' });
    const d = await f.post('ordenVenta/descargarArchivo', { orden_venta_archivo: { ova_id: a.ova_id } }, f.u.viewer);
    expect(d.statusCode).toBe(200);
    expect(d.rawPayload.equals(PDF)).toBe(true);
    expectRefused(await multipart('ordenVenta/adjuntar', { ovt_id: '999999' }, { name: 'x.pdf', type: 'application/pdf', content: PDF }, f.u.administracion), 404, 'La orden de venta no existe');
    expectRefused(await f.post('ordenVenta/descargarArchivo', { orden_venta_archivo: { ova_id: 999999 } }, f.u.viewer), 404, 'El documento adjunto no existe');
  });
});

describe('approval', () => {
  it('gerencia@ approves a creado order with its payment condition → aprobado; then it is refused', async () => {
    const ovtId = await f.registrar();
    expect((await detalle(ovtId, f.u.gerencia)).puede_aprobar).toBe(true);
    const r = expectOk(await f.ov('aprobar', { ovt_id: ovtId, coc_id: 2 }, f.u.gerencia));
    expect(r.message).toBe('Se aprobó la orden de venta correctamente');
    expect(r.data).toMatchObject({ est_id: OVT.APROBADO, coc_id: 2, coc_descripcion: 'Crédito', ovt_aprobador_nombre: 'Carlos Mendoza Ríos', puede_aprobar: false, puede_editar: false });
    expectRefused(await f.ov('aprobar', { ovt_id: ovtId }, f.u.gerencia), 409, 'Solo se puede aprobar una orden de venta en estado creado (está aprobado)');
  });

  it('needs the option aprobar_orden_venta and the state creado', async () => {
    const ovtId = await f.registrar();
    expectRefused(await f.ov('aprobar', { ovt_id: ovtId }, f.u.administracion), 403, 'No tiene permiso para aprobar órdenes de venta');
    expectRefused(await f.ov('aprobar', { ovt_id: ovtId, coc_id: 99 }, f.u.gerencia), 400, 'Seleccione una condición de pago válida');
    expect((await detalle(ovtId)).puede_aprobar).toBe(false);
    await f.pagar(ovtId, '10');
    expectRefused(await f.ov('aprobar', { ovt_id: ovtId }, f.u.gerencia), 409, 'Solo se puede aprobar una orden de venta en estado creado (está pago parcial)');
    expectRefused(await f.ov('aprobar', { ovt_id: 999999 }, f.u.gerencia), 404, 'La orden de venta no existe');
    expectRefused(await f.ov('aprobar', { ovt_id: ovtId, coc_id: 99 }, f.u.admin), 409, /estado creado/);
  });

  it('two approvals at once: exactly one wins', async () => {
    for (let i = 0; i < 3; i++) {
      const ovtId = await f.registrar();
      const [a, b] = await Promise.all([f.ov('aprobar', { ovt_id: ovtId, coc_id: 2 }, f.u.gerencia), f.ov('aprobar', { ovt_id: ovtId, coc_id: 1 }, f.u.admin)]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      const [r] = await f.rows<{ est_id: number; coc_id: number; v: number }>(sql`select est_id, coc_id, ovt_version as v from orden_venta where ovt_id = ${ovtId}`);
      expect(Number(r.est_id)).toBe(OVT.APROBADO);
      expect(Number(r.coc_id)).toBe(a.statusCode === 200 ? 2 : 1);
      expect(Number(r.v)).toBe(2);
    }
  });
});
