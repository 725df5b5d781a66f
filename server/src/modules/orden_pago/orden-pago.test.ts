import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixture, expectOk, expectRefused, type Fixture } from './fixtures.ts';

let f: Fixture;
beforeAll(async () => {
  f = await createFixture();
});
afterAll(() => f.ctx.close());

const ordenCompra = async (ordId: number, who = f.u.logistica) => expectOk(await f.post('ordenCompra/obtener', { orden_compra: { ord_id: ordId } }, who)).data as Record<string, unknown>;
const buscar = async (ordId: number, who = f.u.logistica) => expectOk(await f.opg('buscar', { orden_pago: { ord_id: ordId } }, who)).data as Record<string, unknown>[];

describe('registrar', () => {
  it('registers on an issued crédito order: number 1, 2 ..., amounts recomputed, creator from the token', async () => {
    // Service order: 1000 + IGV 180 − detracción round(0.12 × 1180) = 142 → total 1038.00, detracción rate 0.12.
    // Its payment orders may add up to 1180.00: each one takes its own detracción off its total.
    const ordId = await f.emitida({ tipo_orden: 2 });
    const oc = await ordenCompra(ordId);
    expect(oc).toMatchObject({
      ord_id: ordId, ord_monto_cigv: '1180.00', ori_detraccion: '0.120000', ori_detraccion_aplicado: '-142.00', opg_saldo: '1180.00',
      opg_saldo_porcentaje: '100.00', ore_id: 3, ore_descripcion: 'Emitido', coc_id: 2, coc_descripcion: 'Crédito', mon_simbolo: 'S/',
      ord_tipo_orden_descripcion: 'Orden de Servicio', ord_usu_aprobador: 'Carlos Mendoza Ríos', puede_registrar: true,
    });
    // 437.50 × 0.12 = 52.5 → 53 (half-up); pago 384.50. The client's amounts and creator are ignored.
    const r1 = expectOk(await f.registrar(ordId, '437.50', { opg_detraccion: '1', opg_pago: '1', opg_creador: f.ids.admin }));
    expect(r1).toMatchObject({ status: 'success', message: 'Se registró la orden de pago', data: { opg_numero: 1, opg_estado: 'OPR', opg_total: '437.5', opg_detraccion: '53.00', opg_pago: '384.50' } });
    const r2 = expectOk(await f.registrar(ordId, 100));
    expect(r2.data).toMatchObject({ opg_numero: 2, opg_detraccion: '12.00', opg_pago: '88.00' });

    const list = await buscar(ordId);
    expect(list.map((r) => r.opg_numero)).toEqual([1, 2]);
    expect(list[0]).toMatchObject({
      opg_total: '437.50', opg_detraccion: '53.00', opg_pago: '384.50', opg_estado: 'OPR', edo_nombre: 'Registrada', edo_styles: 'blue',
      opg_creador_nombre: 'Jorge Huamán Torres', opg_aprobador_nombre: null, mon_simbolo: 'S/', opg_fecha_pago_programado: '2026-12-20',
      tid_descripcion: 'Factura', opg_comprobante: 'F001-77', opg_sistema_pago: 1, opg_archivo_nombre: null, opg_version: 1, ore_id: 3,
    });
    expect(list[0]).not.toHaveProperty('opg_archivo_clave');
    expect((await ordenCompra(ordId)).opg_saldo).toBe('642.50');
    expect((await ordenCompra(ordId)).opg_saldo_porcentaje).toBe('54.45');
  });

  it('accepts orders approved by management or partly paid, with crédito or an advance; refuses the rest with 409', async () => {
    const aprobada = await f.newOrder();
    await f.post('orden/approve', { id_orden_estado: 2 }, f.u.gerencia, { idOrden: String(aprobada) });
    expectOk(await f.registrar(aprobada, 10));
    for (const coc of [3, 4, 5]) {
      const extra = coc === 5 ? { ord_porcentaje_adelanto: 30 } : {};
      expectOk(await f.registrar(await f.emitida({ condicion_comercial: { id_condicion: coc }, ...extra }), 10));
    }
    const creada = await f.newOrder();
    expectRefused(await f.registrar(creada, 10), 409, 'No se pueden registrar órdenes de pago de una orden en estado Creado; debe estar aprobada o emitida');
    expect((await ordenCompra(creada)).puede_registrar).toBe(false);
    for (const coc of [1, 6]) {
      const contado = await f.emitida({ condicion_comercial: { id_condicion: coc } });
      expectRefused(await f.registrar(contado, 10), 409, 'Solo las órdenes al crédito o con adelanto se pagan con órdenes de pago');
    }
    const anulada = await f.emitida();
    expectOk(await f.post('orden/delete-orden', { id_orden: anulada }, f.u.logistica));
    expectRefused(await f.registrar(anulada, 10), 409, /en estado Anulado/);
    expect(await f.rows(sql`select 1 from orden_pago where ord_id in (${creada}, ${anulada})`)).toHaveLength(0);
  });

  it('answers missing data with the spec texts and bad values with their own (400)', async () => {
    const ordId = await f.emitida();
    const R = 'Falta ingresar datos para registrar la orden de pago';
    for (const over of [{ opg_descripcion: '' }, { opg_total: '' }, { opg_total: null }, { opg_sistema_pago: null }, { opg_pago_cierre: null }, { opg_fecha_pago_programado: '' }]) {
      expectRefused(await f.registrar(ordId, 10, over), 400, R);
    }
    expectRefused(await f.opg('registrar', {}, f.u.logistica), 400, R);
    expectRefused(await f.registrar(ordId, 0), 400, 'El total debe ser mayor que 0, con hasta 2 decimales');
    expectRefused(await f.registrar(ordId, '10.001'), 400, 'El total debe ser mayor que 0, con hasta 2 decimales');
    expectRefused(await f.registrar(ordId, 10, { opg_sistema_pago: 7 }), 400, 'Seleccione un sistema de pago válido');
    expectRefused(await f.registrar(ordId, 10, { tid_id: 999 }), 400, 'El tipo de documento seleccionado no existe');
    expectRefused(await f.opg('modificar', { orden_pago: { opg_id: 1, opg_version: 1 } }, f.u.logistica), 400, 'Falta ingresar datos para modificar la orden de pago');
    expectRefused(await f.registrar(999999, 10), 404, 'No se encontró la orden');
  });
});

describe('balance (opg_saldo)', () => {
  it('never lets the non-cancelled payment orders exceed the order total; cancelling frees the balance', async () => {
    const ordId = await f.emitida(); // total 1180.00
    const a = expectOk(await f.registrar(ordId, 1000)).data as { opg_id: number };
    expectRefused(await f.registrar(ordId, '180.01'), 409, 'El total excede el saldo de la orden (saldo disponible: S/ 180.00)');
    const b = expectOk(await f.registrar(ordId, 180)).data as { opg_id: number; opg_numero: number };
    expect(b.opg_numero).toBe(2);
    expect(await ordenCompra(ordId)).toMatchObject({ opg_saldo: '0.00', opg_saldo_porcentaje: '0.00', puede_registrar: false });
    expectRefused(await f.registrar(ordId, 1), 409, /saldo disponible: S\/ 0.00/);

    // Modify re-checks: the payment order's own total counts as available.
    const mod = (total: string, version: number) => f.opg('modificar', { orden_pago: {
      opg_id: a.opg_id, opg_version: version, opg_descripcion: 'Pago modificado', opg_fecha_pago_programado: '2026-12-31', opg_pago_cierre: 1, opg_sistema_pago: 2, opg_total: total,
    } }, f.u.logistica);
    expectRefused(await mod('1000.01', 1), 409, 'El total excede el saldo de la orden (saldo disponible: S/ 1000.00)');
    expectOk(await mod('900', 1));

    expectOk(await f.opg('eliminar', { orden_pago: { opg_id: b.opg_id } }, f.u.logistica));
    expect((await ordenCompra(ordId)).opg_saldo).toBe('280.00');
    const c = expectOk(await f.registrar(ordId, 280)).data as { opg_numero: number };
    // Numbers are never reused: the cancelled one keeps number 2.
    expect(c.opg_numero).toBe(3);
    const [{ sum }] = await f.rows<{ sum: string }>(sql`select sum(opg_total)::text as sum from orden_pago where ord_id = ${ordId} and opg_estado <> 'OPC'`);
    expect(sum).toBe('1180.00');
  });

  it('holds under 20 concurrent registrations: numbers 1..20 with no gap, and no overspending', async () => {
    const ordId = await f.emitida();
    const replies = await Promise.all(Array.from({ length: 20 }, () => f.registrar(ordId, 10)));
    expect(replies.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const nums = (await f.rows<{ n: number }>(sql`select opg_numero as n from orden_pago where ord_id = ${ordId} order by 1`)).map((r) => Number(r.n));
    expect(nums).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));

    // 1180.00 takes eleven payments of 100 and refuses the other nine.
    const other = await f.emitida();
    const race = await Promise.all(Array.from({ length: 20 }, () => f.registrar(other, 100)));
    expect(race.filter((r) => r.statusCode === 200)).toHaveLength(11);
    expect(race.filter((r) => r.statusCode === 409)).toHaveLength(9);
    const taken = await f.rows<{ n: number }>(sql`select opg_numero as n from orden_pago where ord_id = ${other} order by 1`);
    expect(taken.map((r) => Number(r.n))).toEqual(Array.from({ length: 11 }, (_, i) => i + 1));
  });
});

describe('modificar', () => {
  it('saves with the version read, recomputes amounts, and refuses a stale version (409)', async () => {
    const ordId = await f.emitida({ tipo_orden: 2 });
    const { opg_id } = expectOk(await f.registrar(ordId, 100)).data as { opg_id: number };
    const body = (version: number, total: string) => ({ orden_pago: {
      opg_id, opg_version: version, opg_descripcion: 'Segundo adelanto', opg_fecha_pago_programado: '2027-01-15', opg_pago_cierre: true,
      tid_id: null, opg_comprobante: null, opg_sistema_pago: 3, opg_total: total,
    } });
    const r = expectOk(await f.opg('modificar', body(1, '250'), f.u.logistica));
    expect(r).toMatchObject({ message: 'Se modificó la orden de pago', data: { opg_version: 2, opg_detraccion: '30.00', opg_pago: '220.00' } });
    expectRefused(await f.opg('modificar', body(1, '260'), f.u.logistica), 409, 'El registro fue modificado por otro usuario, vuelva a cargarlo');
    const got = expectOk(await f.opg('obtener', { orden_pago: { opg_id } }, f.u.logistica)).data;
    expect(got).toMatchObject({ opg_descripcion: 'Segundo adelanto', opg_fecha_pago_programado: '2027-01-15', opg_pago_cierre: 1, tid_id: null, opg_comprobante: '', opg_sistema_pago: 3, opg_total: '250.00' });
  });
});

describe('access and scope', () => {
  it('gates every route by the module, the option and the read-only role', async () => {
    const ordId = await f.emitida();
    const { opg_id } = expectOk(await f.registrar(ordId, 10)).data as { opg_id: number };
    // VISUALIZADOR reads but changes nothing.
    expect(await buscar(ordId, f.u.viewer)).toHaveLength(1);
    expect((await ordenCompra(ordId, f.u.viewer)).puede_registrar).toBe(false);
    expectRefused(await f.registrar(ordId, 10, {}, f.u.viewer), 403, 'Tu rol solo permite consultar información');
    expectRefused(await f.opg('eliminar', { orden_pago: { opg_id } }, f.u.viewer), 403, 'Tu rol solo permite consultar información');
    // A staff user without the module, and a supplier account.
    for (const who of [f.u.inventario, f.u.supplier]) {
      expectRefused(await f.opg('buscar', { orden_pago: { ord_id: ordId } }, who), 403, 'No tienes acceso a este módulo');
      expectRefused(await f.registrar(ordId, 10, {}, who), 403, 'No tienes acceso a este módulo');
    }
    expectRefused(await f.post('ordenCompra/obtener', { orden_compra: { ord_id: ordId } }, f.u.inventario), 403, 'No tienes acceso a este módulo');
    // Approving needs aprobar_orden_pago.
    for (const who of [f.u.logistica, f.u.tesoreria, f.u.contabilidad]) {
      expectRefused(await f.opg('aprobar', { orden_pago: { opg_id } }, who), 403, 'No tiene permisos para realizar esta operación');
      expectRefused(await f.opg('desaprobar', { orden_pago: { opg_id } }, who), 403, 'No tiene permisos para realizar esta operación');
    }
    expect(await f.opgEstado(opg_id)).toBe('OPR');
  });

  it('serves a supplier its own order on the spec\'s /ordenCompra/obtener, 404 for another\'s (issue 27)', async () => {
    const [{ pve_id: pveId }] = await f.rows<{ pve_id: number }>(sql`select pve_id from usuario where usu_correo = 'proveedor@andina.pe'`);
    const propia = await f.emitida({ proveedor: { id_proveedor: pveId } });
    const otroPve = pveId === f.ids.pve ? f.ids.pve2 : f.ids.pve;
    const ajena = await f.emitida({ proveedor: { id_proveedor: otroPve } });
    const data = expectOk(await f.post('ordenCompra/obtener', { orden_compra: { ord_id: propia } }, f.u.supplier)).data as Record<string, unknown>;
    // What the portal's Información tab reads (spec 3 §3 "Order as seen by a supplier").
    expect(data).toMatchObject({ ord_id: propia, ord_code: expect.any(String), ord_monto_cigv: expect.any(String) });
    expect(data).toHaveProperty('opg_numero_ordenes_pago');
    expectRefused(await f.post('ordenCompra/obtener', { orden_compra: { ord_id: ajena } }, f.u.supplier), 404, 'No se encontró la orden');
    // Staff as before.
    expect((await ordenCompra(propia)).ord_id).toBe(propia);
  });

  it('answers 404 for orders and payment orders of another project, and lists only the caller\'s', async () => {
    const ajena = await f.emitida();
    const { opg_id } = expectOk(await f.registrar(ajena, 10)).data as { opg_id: number };
    const propia = await f.emitida({ centro_costo: { id_centro_costo: f.ids.ccOtro }, proveedor: { id_proveedor: f.ids.pve2 } });
    expectOk(await f.registrar(propia, 10, {}, f.u.estandar));
    const e = f.u.estandar;
    expectRefused(await f.post('ordenCompra/obtener', { orden_compra: { ord_id: ajena } }, e), 404, 'No se encontró la orden');
    expectRefused(await f.opg('buscar', { orden_pago: { ord_id: ajena } }, e), 404, 'No se encontró la orden');
    expectRefused(await f.registrar(ajena, 10, {}, e), 404, 'No se encontró la orden');
    for (const path of ['obtener', 'solicitarAprobacion', 'eliminar', 'archivo']) {
      expectRefused(await f.opg(path, { orden_pago: { opg_id } }, e), 404, 'No se encontró la orden de pago');
    }
    expect(await f.opgEstado(opg_id)).toBe('OPR');
    expect(await buscar(propia, e)).toHaveLength(1);

    const porProveedor = async (pve: number, who = f.u.admin, page = { start: 0, length: 100 }) =>
      expectOk(await f.opg('buscarxProveedorOrdenCompra', { orden_pago: { pve_id: pve }, ...page }, who)).data as { data: { ord_id: number; pve_razon_social: string }[]; total: number };
    const mine = await porProveedor(f.ids.pve2, e);
    expect(mine.data.map((r) => r.ord_id)).toEqual([propia]);
    expect((await porProveedor(f.ids.pve, e)).total).toBe(0);
    const all = await porProveedor(f.ids.pve);
    expect(all.total).toBeGreaterThan(10);
    expect(all.data.every((r) => r.ord_id !== propia)).toBe(true);
    const page = await porProveedor(f.ids.pve, f.u.admin, { start: 10, length: 10 });
    expect(page.total).toBe(all.total);
    expect(page.data).toHaveLength(10);
    expect(page.data[0]).toEqual(all.data[10]);
  });
});
