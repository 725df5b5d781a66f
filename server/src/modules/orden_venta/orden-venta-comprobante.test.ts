import { MSG, OVT, type ComprobanteFila, type OrdenVentaDetalle } from '@obra/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verificarFirma } from '../../platform/cpe/firma/verificar.ts';
import { ANIO_SERIE } from './comprobante-service.ts';
import { createOvFixture, expectOk, expectRefused, type OvFixture } from './fixtures.ts';

/**
 * generarComprobante and verComprobante (spec 3 §4, DECISIONS §2, §6; issues 13, 22): only a fully paid
 * order of a client that is not special, once; F001/B001 correlatives per series without repeats or
 * gaps under concurrent issues; the document signed and stored 'por_enviar' in the request, sent by
 * the worker afterwards (here the demo channel: 'demo', never 'aceptado').
 */

let f: OvFixture;
beforeAll(async () => {
  f = await createOvFixture();
});
afterAll(() => f.ctx.close());

const generar = (ovtId: number, who = f.u.tesoreria) => f.ov('generarComprobante', { ovt_id: ovtId }, who);
const ultimo = async (serie: string) =>
  Number((await f.rows<{ n: number }>(sql`select coalesce(max(cnt_ultimo), 0) as n from contador where cnt_serie = ${serie} and cnt_anio = ${ANIO_SERIE}`))[0].n);
const pagada = async (over: Record<string, unknown> = {}) => {
  const ovtId = await f.registrar(over);
  await f.pagarTodo(ovtId);
  return ovtId;
};
const cpe = (path: string, body: Record<string, unknown>, who = f.u.tesoreria) => f.post(`comprobante/${path}`, { comprobante: body }, who);

describe('generarComprobante', () => {
  it('issues F001 for a paid FACTURA: signed XML stored por_enviar, the order marked, the PDF served; the worker ends it in demo', async () => {
    const ovtId = await pagada();
    const n = (await ultimo('F001')) + 1;
    const numero = `F001-${String(n).padStart(8, '0')}`;
    const r = expectOk(await generar(ovtId));
    expect(r.message).toBe(`Se generó el comprobante ${numero} correctamente`);
    const o = r.data as OrdenVentaDetalle;
    expect(o.ovt_comprobante_enlace).toMatch(new RegExp(`^/api/ordenVenta/verComprobante\\?ovt_id=${ovtId}&k=[A-Za-z0-9_-]{32}$`));
    expect(o).toMatchObject({ ovt_comprobante: numero, puede_generar_comprobante: false, puede_ver_comprobante: true, est_id: OVT.PAGADO });
    expect(o.lista_nube_fact_comprobante).toEqual([expect.objectContaining({ nco_serie: 'F001', nco_numero: n, nco_comprobante: numero, tid_id: 1,
      nco_total: '3557.70', nco_estado_sunat: 'por_enviar', nco_enlace: o.ovt_comprobante_enlace, nco_tiene_cdr: false })]);
    const [row] = await f.rows<{ xml: string; hash: string; proveedor: string; qr: string; datos: { serie: string; numero: number; cliente: { nombre: string }; total: string } }>(sql`
      select nco_xml as xml, nco_hash as hash, nco_proveedor as proveedor, nco_codigo_qr as qr, nco_datos as datos from comprobante where ovt_id = ${ovtId}`);
    expect(row.proveedor).toBe('demo');
    expect(row.datos).toMatchObject({ serie: 'F001', numero: n, cliente: { nombre: 'Constructora Prueba Lurín S.A.C.' }, total: '3557.70' });
    // Signed with the demo's test certificate; the digest of the signature is the "valor resumen" of the QR.
    const firma = verificarFirma(row.xml);
    expect(firma).toMatchObject({ valida: true, digest: row.hash });
    expect(row.xml).toContain(`<ds:DigestValue>${row.hash}</ds:DigestValue>`);
    expect(row.qr).toMatch(new RegExp(`^\\d{11}\\|01\\|F001\\|${String(n).padStart(8, '0')}\\|542\\.70\\|3557\\.70\\|\\d{4}-\\d{2}-\\d{2}\\|6\\|20\\d{9}\\|`));
    expect(row.qr.endsWith(`|${row.hash}|`)).toBe(true);
    expect(row.xml).toContain(`<cbc:ID>${numero}</cbc:ID>`);

    // Sent by the worker, outside the request: the demo checks it here and says so.
    await f.ctx.deps.cpe.worker.procesar();
    const visto = (expectOk(await f.ov('obtener', { ovt_id: ovtId }, f.u.tesoreria)).data as OrdenVentaDetalle).lista_nube_fact_comprobante[0];
    expect(visto).toMatchObject({ nco_estado_sunat: 'demo', nco_respuesta_texto: expect.stringContaining('Demostración: no enviado a SUNAT'), nco_notas: [] });

    const pdf = await f.post('ordenVenta/verComprobante', { orden_venta: { ovt_id: ovtId } }, f.u.viewer);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(String(pdf.headers['content-disposition'])).toContain(`inline; filename="${numero}.pdf"`);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // The link opens in a browser tab without a token, with the voucher's key only.
    const tab = await f.ctx.app.inject({ method: 'GET', url: o.ovt_comprobante_enlace! });
    expect(tab.statusCode, tab.body).toBe(200);
    expect(tab.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await f.ctx.app.inject({ method: 'GET', url: `/api/ordenVenta/verComprobante?ovt_id=${ovtId}` })).statusCode).toBe(404);
    expect((await f.ctx.app.inject({ method: 'GET', url: `/api/ordenVenta/verComprobante?ovt_id=${ovtId}&k=${'x'.repeat(32)}` })).statusCode).toBe(404);
  });

  it('refuses an unpaid or partly paid order, a special client, a second voucher; the payments then stay', async () => {
    const ovtId = await f.registrar();
    expectRefused(await generar(ovtId), 409, 'Solo se puede generar el comprobante de una orden de venta pagada en su totalidad');
    const p = await f.pagar(ovtId, '100');
    expectRefused(await generar(ovtId), 409, 'Solo se puede generar el comprobante de una orden de venta pagada en su totalidad');
    expect((await f.ov('obtener', { ovt_id: ovtId }, f.u.tesoreria)).json().data).toMatchObject({ puede_generar_comprobante: false, puede_ver_comprobante: false });
    await f.pagarTodo(ovtId);
    const numero = (expectOk(await generar(ovtId)).data as OrdenVentaDetalle).ovt_comprobante!;
    expectRefused(await generar(ovtId), 409, `La orden de venta ya tiene el comprobante ${numero}`);
    expectRefused(await f.pago('cancelar', { ovp_id: p }, f.u.tesoreria), 409,
      'No se puede cancelar el pago: la orden de venta ya tiene comprobante electrónico emitido');
    expect((await f.ov('obtener', { ovt_id: ovtId }, f.u.tesoreria)).json().data).toMatchObject({ lista_orden_venta_pago: [
      expect.objectContaining({ puede_cancelar: false }), expect.objectContaining({ puede_cancelar: false })] });

    const especial = await pagada({ cli_id: f.id.cEspecial, cde_id: f.id.dEspecial });
    expect((await f.ov('obtener', { ovt_id: especial }, f.u.tesoreria)).json().data).toMatchObject({ cli_especial: 1, puede_generar_comprobante: false });
    expectRefused(await generar(especial), 409, 'El cliente es especial: sus órdenes de venta no generan comprobante electrónico');
    expectRefused(await generar(999999), 404, 'La orden de venta no existe');
    expectRefused(await f.ov('verComprobante', { ovt_id: especial }, f.u.tesoreria), 404, 'La orden de venta no tiene comprobante electrónico');
    expectRefused(await generar(ovtId, f.u.logistica), 403, 'No tienes acceso a este módulo');
  });

  it('a BOLETA takes B001 with its own correlative', async () => {
    const ovtId = await f.registrar();
    expectOk(await f.ov('modificar', f.datos({ ovt_id: ovtId, ovt_version: 1, tid_id: 2 }), f.u.administracion));
    await f.pagarTodo(ovtId);
    const b = (await ultimo('B001')) + 1;
    const fAntes = await ultimo('F001');
    expect((expectOk(await generar(ovtId)).data as OrdenVentaDetalle).ovt_comprobante).toBe(`B001-${String(b).padStart(8, '0')}`);
    expect(await ultimo('F001')).toBe(fAntes);
  });
});

describe('issuer settings', () => {
  it('an issuer that cannot send yet refuses the issue with what is missing; the order and the correlative stay', async () => {
    const ovtId = await pagada();
    const antes = await f.orden(ovtId);
    const n = await ultimo('F001');
    await f.rows(sql`update emisor_cpe set emi_canal = 'sunat_beta', emi_version = emi_version + 1`);
    try {
      expectRefused(await generar(ovtId), 409, 'Falta el usuario o la clave SOL en Facturación electrónica');
      const clave = f.ctx.deps.cpe.secretos.cerrar('moddatos');
      await f.rows(sql`update emisor_cpe set emi_canal = 'sunat_produccion', emi_sol_usuario = 'MODDATOS', emi_sol_clave = ${clave}, emi_version = emi_version + 1`);
      expectRefused(await generar(ovtId), 409,
        'El certificado de prueba no sirve para SUNAT producción: cargue el certificado digital de la empresa en Facturación electrónica');
    } finally {
      await f.rows(sql`update emisor_cpe set emi_canal = 'demo', emi_version = emi_version + 1`);
    }
    expect(await f.orden(ovtId)).toEqual(antes);
    expect(await ultimo('F001')).toBe(n);
    expect(Number((await f.rows<{ c: number }>(sql`select count(*)::int as c from comprobante where ovt_id = ${ovtId}`))[0].c)).toBe(0);
    expect((expectOk(await generar(ovtId)).data as OrdenVentaDetalle).ovt_comprobante).toBe(`F001-${String(n + 1).padStart(8, '0')}`);
  });
});

describe('Comprobantes electrónicos', () => {
  it('lists every voucher with its state, filters it, downloads XML and PDF, and refuses what cannot be', async () => {
    const ovtId = await pagada();
    const numero = (expectOk(await generar(ovtId)).data as OrdenVentaDetalle).ovt_comprobante!;
    await f.ctx.deps.cpe.worker.procesar();
    const lista = expectOk(await cpe('buscar', { cpe_serie: 'F001', page: { number: 1, size: 50 } })).data as { page: { list: ComprobanteFila[]; total: number } };
    const fila = lista.page.list.find((c) => c.cpe_comprobante === numero)!;
    expect(fila).toMatchObject({ cpe_tipo: '01', cpe_estado: 'demo', ovt_id: ovtId, cpe_total: '3557.70', mon_simbolo: 'S/',
      cli_nombre: 'Constructora Prueba Lurín S.A.C.', puede_reenviar: false, cpe_tiene_cdr: false, cpe_vencido: false, cpe_canal: 'demo' });
    expect(lista.page.list.every((c) => c.cpe_serie === 'F001')).toBe(true);
    const porEstado = expectOk(await cpe('buscar', { cpe_estado: 'rechazado' })).data as { page: { list: ComprobanteFila[] } };
    expect(porEstado.page.list.every((c) => c.cpe_estado === 'rechazado')).toBe(true);
    const porCliente = expectOk(await cpe('buscar', { cli_search: 'prueba lurín', cpe_tipo: '01' })).data as { page: { list: ComprobanteFila[] } };
    expect(porCliente.page.list.map((c) => c.cpe_id)).toContain(fila.cpe_id);
    expectRefused(await cpe('buscar', { fecha_inicio: '2026-12-01', fecha_fin: '2026-11-01' }), 400, 'La fecha de inicio no puede ser posterior a la fecha de fin');
    expectRefused(await cpe('buscar', { cpe_estado: 'inventado' }), 400, 'Seleccione un estado válido');

    const xml = await cpe('descargar', { cpe_id: fila.cpe_id, formato: 'xml' }, f.u.viewer);
    expect(xml.statusCode).toBe(200);
    expect(String(xml.headers['content-disposition'])).toMatch(new RegExp(`attachment; filename="\\d{11}-01-${numero}\\.xml"`));
    expect(verificarFirma(xml.body).valida).toBe(true);
    expectRefused(await cpe('descargar', { cpe_id: fila.cpe_id, formato: 'cdr' }), 404, 'El comprobante aún no tiene constancia de recepción (CDR) de SUNAT');
    expectRefused(await cpe('descargar', { cpe_id: fila.cpe_id, formato: 'zip' }), 400, 'Seleccione el formato a descargar: xml, cdr o pdf');
    expectRefused(await cpe('descargar', { cpe_id: 999999, formato: 'xml' }), 404, 'El comprobante electrónico no existe');
    const pdf = await cpe('descargar', { cpe_id: fila.cpe_id, formato: 'pdf' });
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    expectRefused(await cpe('reenviar', { cpe_id: fila.cpe_id }), 409, 'El comprobante es de demostración: no se envía a SUNAT');
    // A failed try waits for its next time; 'Reenviar' makes it due now, and the worker takes it.
    await f.rows(sql`update comprobante set nco_estado_sunat = 'error', nco_proximo_intento = now() + interval '1 hour' where nco_id = ${fila.cpe_id}`);
    expect(expectOk(await cpe('reenviar', { cpe_id: fila.cpe_id })).message).toBe(`El comprobante ${numero} se enviará a SUNAT en unos segundos`);
    await f.ctx.deps.cpe.worker.procesar();
    expect((await f.rows<{ e: string }>(sql`select nco_estado_sunat as e from comprobante where nco_id = ${fila.cpe_id}`))[0].e).toBe('demo');
    expectRefused(await cpe('reenviar', { cpe_id: fila.cpe_id }, f.u.viewer), 403, MSG.readOnly);
    expectRefused(await cpe('buscar', {}, f.u.logistica), 403, 'No tienes acceso a este módulo');
  });
});

describe('SUNAT deadline', () => {
  it('a document without a final answer past the deadline is flagged on the list and mailed to the administrators once a day', async () => {
    const ovtId = await pagada();
    const numero = (expectOk(await generar(ovtId)).data as OrdenVentaDetalle).ovt_comprobante!;
    await f.ctx.deps.cpe.worker.procesar();
    // As if SUNAT had not answered for ten days: a failed try waiting for its next time.
    await f.rows(sql`update comprobante set nco_estado_sunat = 'error', nco_respuesta_texto = 'SUNAT no respondió en 30 s',
      nco_fecha_emision = nco_fecha_emision - 10, nco_proximo_intento = now() + interval '1 hour' where ovt_id = ${ovtId}`);
    await f.rows(sql`update emisor_cpe set emi_alerta_fecha = null`);
    const vencidos = expectOk(await cpe('buscar', { vencidos: true })).data as { page: { list: ComprobanteFila[] } };
    expect(vencidos.page.list.map((c) => [c.cpe_comprobante, c.cpe_vencido])).toEqual([[numero, true]]);

    const correos = () => f.rows<{ para: string; asunto: string; texto: string }>(sql`
      select cos_para as para, cos_asunto as asunto, cos_texto as texto from correo_salida where cos_asunto like 'Comprobantes electrónicos%' order by cos_id`);
    await f.ctx.deps.cpe.worker.procesar();
    const enviados = await correos();
    expect(enviados.map((c) => c.para).sort()).toEqual(['admin@andina.pe', 'administracion@andina.pe']);
    expect(enviados[0].asunto).toBe('Comprobantes electrónicos sin respuesta de SUNAT fuera de plazo (1)');
    expect(enviados[0].texto).toContain(`${numero} del `);
    expect(enviados[0].texto).toContain('SUNAT no respondió en 30 s');
    await f.ctx.deps.cpe.worker.procesar();
    expect(await correos()).toHaveLength(2);
    await f.rows(sql`update comprobante set nco_estado_sunat = 'demo', nco_proximo_intento = null where ovt_id = ${ovtId}`);
  });
});

describe('concurrency', () => {
  it('two calls at once on one order: one voucher, one correlative', async () => {
    const ovtId = await pagada();
    const n = await ultimo('F001');
    const [a, b] = await Promise.all([generar(ovtId), generar(ovtId, f.u.administracion)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const rows = await f.rows<{ numero: number }>(sql`select nco_numero as numero from comprobante where ovt_id = ${ovtId}`);
    expect(rows.map((r) => Number(r.numero))).toEqual([n + 1]);
    expect(await ultimo('F001')).toBe(n + 1);
  });

  it('50 issues at once over 50 paid orders: the next 50 correlatives, no repeats, no gaps', async () => {
    const src = await pagada();
    const clones = await f.rows<{ id: number }>(sql`
      insert into orden_venta (cli_id, cde_id, ven_id, tid_id, mon_id, coc_id, ovt_nombre_contacto, ovt_documento_identidad_contacto, ovt_telefono_contacto,
        ovt_correo_contacto, ovt_fecha_entrega, ovt_direccion_envio, ovt_referencia_envio, ubi_id, ovt_subtotal, ovt_igv_tasa, ovt_igv, ovt_total, ovt_pagado,
        ovt_registrador, est_id)
      select cli_id, cde_id, ven_id, tid_id, mon_id, coc_id, ovt_nombre_contacto, ovt_documento_identidad_contacto, ovt_telefono_contacto,
        ovt_correo_contacto, ovt_fecha_entrega, ovt_direccion_envio, ovt_referencia_envio, ubi_id, ovt_subtotal, ovt_igv_tasa, ovt_igv, ovt_total, ovt_total,
        ovt_registrador, ${OVT.PAGADO}
      from orden_venta, generate_series(1, 49) where ovt_id = ${src} returning ovt_id as id`);
    const ids = [src, ...clones.map((c) => Number(c.id))];
    await f.rows(sql`insert into orden_venta_detalle (ovt_id, pvt_id, ovd_producto, ovd_precio, ovd_cantidad, ovd_subtotal, ovd_igv, ovd_total, ovd_saldo_envio)
      select c.id, d.pvt_id, d.ovd_producto, d.ovd_precio, d.ovd_cantidad, d.ovd_subtotal, d.ovd_igv, d.ovd_total, d.ovd_saldo_envio
      from orden_venta_detalle d cross join unnest(${`{${ids.slice(1).join(',')}}`}::int[]) as c(id) where d.ovt_id = ${src}`);
    const n = await ultimo('F001');
    const replies = await Promise.all(ids.map((id, i) => generar(id, i % 2 ? f.u.tesoreria : f.u.administracion)));
    for (const r of replies) expect(r.statusCode, r.body).toBe(200);
    const numeros = (await f.rows<{ numero: number }>(sql`select nco_numero as numero from comprobante where nco_serie = 'F001' and ovt_id = any(${`{${ids.join(',')}}`}::int[]) order by 1`))
      .map((r) => Number(r.numero));
    expect(numeros).toEqual(Array.from({ length: 50 }, (_, i) => n + i + 1));
    expect(await ultimo('F001')).toBe(n + 50);
    const textos = replies.map((r) => (r.json().data as OrdenVentaDetalle).ovt_comprobante);
    expect(new Set(textos).size).toBe(50);
  });
});
