import { OPG_ACCIONES, limaDate, type OpgAccion } from '@obra/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixture, expectOk, expectRefused, type Auth, type Fixture } from './fixtures.ts';

let f: Fixture;
beforeAll(async () => {
  f = await createFixture();
});
afterAll(() => f.ctx.close());

const accion = (path: string, opgId: number, who: Auth, extra: Record<string, unknown> = {}) => f.opg(path, { orden_pago: { opg_id: opgId, ...extra } }, who);
const depositar = (opgId: number, who = f.u.tesoreria, extra: Record<string, unknown> = { opg_numero_operacion: 'OP-123' }) => accion('depositar', opgId, who, extra);
const nuevo = async (ordId: number, total: string | number) => (expectOk(await f.registrar(ordId, total)).data as { opg_id: number }).opg_id;
// A deposited payment order always carries its operation number (a check constraint).
const setEstado = (opgId: number, estado: string) =>
  f.rows(sql`update orden_pago set opg_estado = ${estado}, opg_numero_operacion = ${estado === 'OPP' ? 'OP-1' : ''} where opg_id = ${opgId}`);
const historial = async (ordId: number) =>
  (await f.rows<{ d: number | null; h: number }>(sql`select ore_id_desde as d, ore_id_hasta as h from orden_historial where ord_id = ${ordId} order by orh_id`))
    .map((r) => [r.d === null ? null : Number(r.d), Number(r.h)]);

describe('the payment order flow', () => {
  it('registrada → por aprobar → aprobada → depositada; the order becomes pago parcial, then pagado', async () => {
    const ordId = await f.emitida(); // 1180.00
    const a = await nuevo(ordId, 500);
    expect(expectOk(await accion('solicitarAprobacion', a, f.u.logistica))).toMatchObject({ message: 'Se solicitó la aprobación de la orden de pago', data: { opg_estado: 'OXA', opg_version: 2 } });
    expectRefused(await accion('solicitarAprobacion', a, f.u.logistica), 409, 'La aprobación de la orden de pago ya fue solicitada');
    // The approver is the caller, whatever the body names.
    expectOk(await accion('aprobar', a, f.u.gerencia, { opg_aprobador: f.ids.admin }));
    const aprobada = expectOk(await accion('obtener', a, f.u.logistica)).data as Record<string, unknown>;
    expect(aprobada).toMatchObject({ opg_estado: 'OPA', edo_nombre: 'Aprobada', opg_aprobador: f.ids.gerencia, opg_aprobador_nombre: 'Carlos Mendoza Ríos' });
    expect(aprobada.opg_fecha_aprobacion).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    expectRefused(await depositar(a, f.u.gerencia), 403, 'Solo Tesorería puede registrar el depósito de una orden de pago');
    const dep = expectOk(await depositar(a));
    expect(dep).toMatchObject({ message: 'Se registró el depósito de la orden de pago', data: { opg_estado: 'OPP', ore_id: 13 } });
    expect(await f.ordenEstado(ordId)).toBe(13);
    const depositada = expectOk(await accion('obtener', a, f.u.logistica)).data as Record<string, unknown>;
    expect(depositada).toMatchObject({ opg_numero_operacion: 'OP-123', opg_depositante_nombre: 'Miguel Rojas Cárdenas' });
    expect(String(depositada.opg_fecha_deposito).slice(0, 10)).toBe(limaDate());

    // A payment order registered while the order is pago parcial covers the rest: pagado.
    const b = await nuevo(ordId, 680);
    expectOk(await accion('aprobar', b, f.u.admin));
    expectOk(await depositar(b, f.u.admin, { opg_numero_operacion: 'OP-124', opg_fecha_deposito: '2026-01-05' }));
    expect(await f.ordenEstado(ordId)).toBe(4);
    expect(await historial(ordId)).toEqual([[null, 1], [1, 2], [2, 3], [3, 13], [13, 4]]);
    const oc = expectOk(await f.post('ordenCompra/obtener', { orden_compra: { ord_id: ordId } }, f.u.logistica)).data;
    expect(oc).toMatchObject({ ore_descripcion: 'Pagado', opg_saldo: '0.00', opg_depositado: '1180.00', puede_registrar: false });
    const [{ fecha }] = await f.rows<{ fecha: string }>(sql`select to_char(opg_fecha_deposito at time zone 'America/Lima', 'YYYY-MM-DD') as fecha from orden_pago where opg_id = ${b}`);
    expect(fecha).toBe('2026-01-05');
  });

  it('pays a service order with detracción in full: its payment orders add up to the total before the detracción', async () => {
    // 1000 + IGV 180 − detracción 142 = 1038.00 on the order; the supplier invoices 1180.00.
    const ordId = await f.emitida({ tipo_orden: 2 });
    const a = await nuevo(ordId, 1038);
    expectOk(await accion('aprobar', a, f.u.gerencia));
    expectOk(await depositar(a));
    expect(await f.ordenEstado(ordId)).toBe(13);
    const b = await nuevo(ordId, 142);
    expectRefused(await f.registrar(ordId, '0.01'), 409, 'El total excede el saldo de la orden (saldo disponible: S/ 0.00)');
    expectOk(await accion('aprobar', b, f.u.gerencia));
    expectOk(await depositar(b));
    expect(await f.ordenEstado(ordId)).toBe(4);
  });

  it('disapproved payment orders can be modified and requested again; approved ones deleted', async () => {
    const ordId = await f.emitida();
    const a = await nuevo(ordId, 100);
    expectOk(await accion('solicitarAprobacion', a, f.u.logistica));
    expect(expectOk(await accion('desaprobar', a, f.u.gerencia)).data).toMatchObject({ opg_estado: 'OPD' });
    expectOk(await f.opg('modificar', { orden_pago: {
      opg_id: a, opg_version: 3, opg_descripcion: 'Corregido', opg_fecha_pago_programado: '2026-12-24', opg_pago_cierre: 0, opg_sistema_pago: 1, opg_total: 90,
    } }, f.u.logistica));
    expect(expectOk(await accion('solicitarAprobacion', a, f.u.logistica)).data).toMatchObject({ opg_estado: 'OXA' });
    expectOk(await accion('aprobar', a, f.u.gerencia));
    expect(expectOk(await accion('eliminar', a, f.u.logistica))).toMatchObject({ message: 'Se eliminó la orden de pago', data: { opg_estado: 'OPC' } });
  });

  it('refuses every action from a state that does not allow it (409) and changes nothing', async () => {
    const ordId = await f.emitida();
    const id = await nuevo(ordId, 10);
    const allowed: Record<OpgAccion, string[]> = {
      modificar: ['OPR', 'OXA', 'OPD'], adjuntar: ['OPR', 'OXA', 'OPD'], solicitar_aprobacion: ['OPR', 'OPD'], aprobar: ['OPR', 'OXA'],
      desaprobar: ['OPR', 'OXA'], eliminar: ['OPR', 'OXA', 'OPD', 'OPA'], depositar: ['OPA'],
    };
    const path: Record<Exclude<OpgAccion, 'modificar' | 'adjuntar'>, string> = {
      solicitar_aprobacion: 'solicitarAprobacion', aprobar: 'aprobar', desaprobar: 'desaprobar', eliminar: 'eliminar', depositar: 'depositar',
    };
    for (const estado of ['OPR', 'OXA', 'OPA', 'OPD', 'OPC', 'OPP']) {
      for (const a of OPG_ACCIONES) {
        if (a === 'modificar' || a === 'adjuntar' || allowed[a].includes(estado)) continue;
        await setEstado(id, estado);
        const res = await accion(path[a], id, f.u.admin, a === 'depositar' ? { opg_numero_operacion: '1' } : {});
        expect({ estado, a, status: res.statusCode }).toEqual({ estado, a, status: 409 });
        expect(await f.opgEstado(id)).toBe(estado);
      }
      if (!allowed.modificar.includes(estado)) {
        const [{ v }] = await f.rows<{ v: number }>(sql`select opg_version as v from orden_pago where opg_id = ${id}`);
        expectRefused(await f.opg('modificar', { orden_pago: {
          opg_id: id, opg_version: v, opg_descripcion: 'x', opg_fecha_pago_programado: '2026-12-24', opg_pago_cierre: 0, opg_sistema_pago: 1, opg_total: 5,
        } }, f.u.admin), 409, /^No se puede modificar una orden de pago en estado /);
      }
    }
  });

  it('validates the deposit: operation number required, no future date', async () => {
    const ordId = await f.emitida();
    const id = await nuevo(ordId, 10);
    expectOk(await accion('aprobar', id, f.u.gerencia));
    expectRefused(await depositar(id, f.u.tesoreria, {}), 400, 'Ingrese el número de operación del depósito');
    expectRefused(await depositar(id, f.u.tesoreria, { opg_numero_operacion: '9', opg_fecha_deposito: '2999-01-01' }), 400, 'La fecha de depósito no puede ser posterior a hoy');
    expectRefused(await depositar(id, f.u.viewer), 403, 'Tu rol solo permite consultar información');
    expect(await f.opgEstado(id)).toBe('OPA');
    expect(await f.ordenEstado(ordId)).toBe(3);
  });
});

describe('the purchase order and its payment orders', () => {
  it('refuses anular once a payment order was approved, and allows it again when that one is deleted', async () => {
    const ordId = await f.emitida();
    const id = await nuevo(ordId, 100);
    const anular = () => f.post('orden/delete-orden', { id_orden: ordId }, f.u.logistica);
    expectOk(await accion('aprobar', id, f.u.gerencia));
    expectRefused(await anular(), 409, 'La orden tiene ingresos o pagos registrados y no puede anularse');
    const [{ codigo }] = await f.rows<{ codigo: string }>(sql`select ord_codigo as codigo from orden where ord_id = ${ordId}`);
    expectRefused(await f.post('orden/restart', { id_orden: ordId, codigo }, f.u.admin), 409, 'La orden tiene ingresos o pagos registrados y no puede reiniciarse');
    expectOk(await accion('eliminar', id, f.u.logistica));
    expectOk(await anular());
  });

  it('freezes the payment orders of a cancelled order: only deleting them is allowed', async () => {
    const ordId = await f.emitida();
    const id = await nuevo(ordId, 100);
    expectOk(await f.post('orden/delete-orden', { id_orden: ordId }, f.u.logistica));
    expectRefused(await accion('aprobar', id, f.u.gerencia), 409, 'La orden está en estado Anulado: sus órdenes de pago solo pueden eliminarse');
    expectRefused(await accion('solicitarAprobacion', id, f.u.logistica), 409, /solo pueden eliminarse/);
    expectOk(await accion('eliminar', id, f.u.logistica));
  });
});

describe('attached document', () => {
  const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
  const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5b1f1e30000000049454e44ae426082', 'hex');
  const upload = (opgId: number | null, file: { name: string; content: Buffer; type: string } | null, who = f.u.logistica) => {
    const boundary = '----obra-opg';
    const parts: Buffer[] = [];
    if (opgId !== null) parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="opg_id"\r\n\r\n${opgId}\r\n`));
    if (file) {
      parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${file.name}"\r\ncontent-type: ${file.type}\r\n\r\n`), file.content, Buffer.from('\r\n'));
    }
    parts.push(Buffer.from(`--${boundary}--\r\n`));
    return f.ctx.app.inject({ method: 'POST', url: '/api/ordenPago/adjuntar', headers: { ...who, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: Buffer.concat(parts) });
  };
  const clave = async (id: number) => (await f.rows<{ k: string | null }>(sql`select opg_archivo_clave as k from orden_pago where opg_id = ${id}`))[0].k;

  it('stores a PDF under a server key, downloads it with its name, and replaces it', async () => {
    const ordId = await f.emitida();
    const id = await nuevo(ordId, 10);
    const r = await upload(id, { name: 'Factura Ñandú.pdf', content: PDF, type: 'application/pdf' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().message).toBe('Se adjuntó el documento de la orden de pago');
    const first = await clave(id);
    expect(first).toMatch(/^ordenes-pago\/[0-9a-f-]+\.pdf$/);
    const dl = await accion('archivo', id, f.u.viewer);
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-type']).toBe('application/pdf');
    expect(dl.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('Factura Ñandú.pdf')}`);
    expect(Buffer.from(dl.rawPayload).equals(PDF)).toBe(true);
    expect((expectOk(await accion('obtener', id, f.u.logistica)).data as { opg_archivo_nombre: string }).opg_archivo_nombre).toBe('Factura Ñandú.pdf');

    // A PNG renamed .pdf is stored as what it is; the old file goes.
    expect((await upload(id, { name: 'voucher.pdf', content: PNG, type: 'application/pdf' })).statusCode).toBe(200);
    expect(await clave(id)).toMatch(/\.png$/);
    expect(await f.ctx.deps.storage.get(first!)).toBeNull();
  });

  it('refuses other types, more than 10 MB, no file, and attaching outside OPR/OXA/OPD', async () => {
    const ordId = await f.emitida();
    const id = await nuevo(ordId, 10);
    expectRefused(await upload(id, { name: 'notas.pdf', content: Buffer.from('solo texto'), type: 'application/pdf' }), 400, 'El documento debe ser un PDF, JPG o PNG');
    const big = Buffer.concat([PDF, Buffer.alloc(10_000_000)]);
    expectRefused(await upload(id, { name: 'grande.pdf', content: big, type: 'application/pdf' }), 400, 'El documento no debe superar los 10 MB');
    expectRefused(await upload(id, null), 400, 'Debe seleccionar el documento a adjuntar');
    expectRefused(await upload(null, { name: 'a.pdf', content: PDF, type: 'application/pdf' }), 400, 'Debe indicar la orden de pago');
    expectRefused(await upload(id, { name: 'a.pdf', content: PDF, type: 'application/pdf' }, f.u.viewer), 403, 'Tu rol solo permite consultar información');
    expectRefused(await accion('archivo', id, f.u.logistica), 404, 'La orden de pago no tiene un documento adjunto');
    expectOk(await accion('aprobar', id, f.u.gerencia));
    expectRefused(await upload(id, { name: 'a.pdf', content: PDF, type: 'application/pdf' }), 409, 'No se puede adjuntar un documento a una orden de pago en estado Aprobada');
    expect(await clave(id)).toBeNull();
  });
});
