import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client.ts';
import { XLSX_MIME } from '../../platform/xlsx.ts';
import { ADMIN, VIEWER, createTestContext, type TestContext } from '../../test/harness.ts';

type Auth = { authorization: string };
type Cell = ExcelJS.CellValue;
let ctx: TestContext;
let admin: Auth;
let estandar: Auth;
const ids = { pl01: 0, pl02: 0, mf01: 0, pve: 0, pve2: 0, unidad: 0, marca: 0, gerencia: 0, contabilidad: 0, adminUser: 0 };
/** p1 and p3 share a category but not a type; p2 is of another category. */
const prod = {} as Record<'p1' | 'p2' | 'p3', { prv_id: number; cat_id: number; tip_id: number; cat_nombre: string; tip_nombre: string }>;
const o = {} as Record<'A' | 'B' | 'C' | 'D' | 'E' | 'F', { id_orden: number; codigo: string; monto_con_impuesto: string }>;
const MARZO = { fecha_inicio: '2025-03-01', fecha_fin: '2025-03-31' };

const rows = <T>(q: ReturnType<typeof sql>) => selectRows<T>(ctx.deps.database.db, q);
const one = async <T>(q: ReturnType<typeof sql>) => (await rows<T>(q))[0];
const post = (url: string, payload: unknown, headers: Auth, extra: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url: `/api${url}`, headers: { ...headers, ...extra }, payload: payload as object });
const cents = (...amounts: string[]) => amounts.reduce((s, a) => s + Math.round(Number(a) * 100), 0) / 100;

async function register(over: Record<string, unknown>, items: object[]) {
  const res = await post('/orden/register-orden', {
    tipo_orden: 1, es_importacion: 0, centro_costo: { id_centro_costo: ids.pl01 }, proveedor: { id_proveedor: ids.pve }, moneda: { id_moneda: 1 },
    condicion_comercial: { id_condicion: 2 }, metodo_pago: { id_metodo: 1 }, tipo_documento: { id_tipo_documento: 1 },
    fecha_pago: '2025-04-30', lugar_entrega: 'Planta Lurín', contabilidad: { id_usuario: ids.contabilidad },
    administrador: { id_usuario: ids.adminUser }, gerencia: { id_usuario: ids.gerencia }, referencia: 'Reporte', descuento: 0, tipo_descuento: 1,
    orden_items: items, ...over,
  }, admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id_orden: number; codigo: string; monto_con_impuesto: string };
}

const line = (p: { prv_id: number } | null, cantidad: string | number, precio: string | number, descripcion = '') =>
  ({ producto_variacion: p ? { id_producto_variacion: p.prv_id } : null, descripcion, marca: { id_marca: p ? ids.marca : 0 }, unidad: { id_unidad: ids.unidad }, cantidad, precio_unitario: precio });

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.auth(ADMIN);
  // estandar@andina.pe (project PRY-002) gets LOGÍSTICA so that it holds the orders module.
  await rows(sql`insert into usuario_rol (usu_id, rol_id) select usu_id, 3 from usuario where usu_correo = 'estandar@andina.pe'`);
  estandar = await ctx.auth('estandar@andina.pe');
  const cec = async (codigo: string) => (await one<{ id: number }>(sql`select cec_id as id from centro_costo where cec_codigo = ${codigo}`)).id;
  [ids.pl01, ids.pl02, ids.mf01] = [await cec('CC-PL-01'), await cec('CC-PL-02'), await cec('CC-MF-01')];
  [ids.pve, ids.pve2] = (await rows<{ id: number }>(sql`select pve_id as id from proveedor where pve_es_activo order by pve_id limit 2`)).map((r) => r.id);
  ids.unidad = (await one<{ id: number }>(sql`select unm_id as id from unidad_medida order by unm_id limit 1`)).id;
  ids.marca = (await one<{ id: number }>(sql`select mar_id as id from marca order by mar_id limit 1`)).id;
  const usu = async (correo: string) => (await one<{ id: number }>(sql`select usu_id as id from usuario where usu_correo = ${correo}`)).id;
  [ids.gerencia, ids.contabilidad, ids.adminUser] = [await usu('gerencia@andina.pe'), await usu('contabilidad@andina.pe'), await usu(ADMIN)];
  const productos = await rows<(typeof prod)['p1']>(sql`
    select p.prv_id, p.cat_id, p.tip_id, c.cat_nombre, t.tip_nombre from producto p
    join categoria_producto c on c.cat_id = p.cat_id join tipo_producto t on t.tip_id = p.tip_id order by p.prv_id`);
  prod.p1 = productos.find((p) => productos.some((q) => q.cat_id === p.cat_id && q.tip_id !== p.tip_id))!;
  prod.p3 = productos.find((q) => q.cat_id === prod.p1.cat_id && q.tip_id !== prod.p1.tip_id)!;
  prod.p2 = productos.find((q) => q.cat_id !== prod.p1.cat_id)!;

  o.A = await register({ fecha_orden: '2025-03-10', orden_impuestos: [{ descripcion: 'IGV', valor: '0.18', ori_tipo: 1 }, { descripcion: 'Percepción', valor: '0.02', ori_tipo: 3 }] },
    [line(prod.p1, 3, '1234.565'), line(null, 1, 150, 'Flete a planta')]);
  o.B = await register({ tipo_orden: 2, fecha_orden: '2025-03-20', centro_costo: { id_centro_costo: ids.pl02 }, proveedor: { id_proveedor: ids.pve2 },
    moneda: { id_moneda: 2 }, condicion_comercial: { id_condicion: 1 } }, [line(null, 1, 2000, 'Mantenimiento de bomba')]);
  o.C = await register({ fecha_orden: '2025-03-15', centro_costo: { id_centro_costo: ids.mf01 } }, [line(prod.p2, 10, '25.5')]);
  o.D = await register({ fecha_orden: '2025-05-01' }, [line(null, 1, 10, 'Fuera de rango')]);
  o.E = await register({ fecha_orden: '2025-03-12' }, [line(null, 1, 99, 'Anulada')]);
  o.F = await register({ fecha_orden: '2025-03-25', condicion_comercial: { id_condicion: 3 } }, [line(prod.p3, 2, 80)]);
  expect((await post('/orden/delete-orden', { id_orden: o.E.id_orden }, admin)).statusCode).toBe(200);
  expect((await post('/orden/approve', { id_orden_estado: 2 }, await ctx.auth('gerencia@andina.pe'), { idOrden: String(o.A.id_orden) })).statusCode).toBe(200);
});
afterAll(() => ctx.close());

interface Sheet {
  headers: string[];
  /** Data rows keyed by header; the totals rows (first cell 'Total …') apart. */
  data: Record<string, Cell>[];
  totals: Record<string, Cell>[];
}

async function sheetOf(res: { statusCode: number; body: string; rawPayload: Buffer; headers: Record<string, unknown> }, filename = 'reporte.xlsx'): Promise<Sheet> {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe(XLSX_MIME);
  expect(res.headers['content-disposition']).toBe(`attachment; filename="${filename}"`);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  const headers = (ws.getRow(1).values as Cell[]).slice(1).map(String);
  const all: Record<string, Cell>[] = [];
  for (let r = 2; r <= ws.rowCount; r++) {
    const values = ws.getRow(r).values as Cell[];
    all.push(Object.fromEntries(headers.map((h, i) => [h, values[i + 1] ?? null])));
  }
  const isTotal = (row: Record<string, Cell>) => String(row[headers[0]]).startsWith('Total');
  return { headers, data: all.filter((row) => !isTotal(row)), totals: all.filter(isTotal) };
}

const report = async (body: object, who: Auth = admin) => sheetOf(await post('/orden/report', body, who));
const codes = (s: Sheet) => s.data.map((r) => r['Código']);

describe('/orden/report validation', () => {
  const refused = async (body: unknown, message: string) => {
    const res = await post('/orden/report', body, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 'error', message });
  };

  it('refuses a missing date with the spec message (spec 1 §5, §8)', async () => {
    const msg = 'Debe ingresar un rango de fechas para generar el reporte';
    await refused({}, msg);
    await refused({ fecha_inicio: '2025-03-01' }, msg);
    await refused({ fecha_inicio: '', fecha_fin: '2025-03-31' }, msg);
    await refused({ fecha_inicio: null, fecha_fin: null, tipo_reporte: 1 }, msg);
    const empty = await ctx.app.inject({ method: 'POST', url: '/api/orden/report', headers: admin });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(msg);
  });

  it('refuses reversed or malformed dates and an unknown report type', async () => {
    await refused({ fecha_inicio: '2025-03-31', fecha_fin: '2025-03-01' }, 'La fecha de inicio no puede ser posterior a la fecha de fin');
    await refused({ fecha_inicio: '2025-02-30', fecha_fin: '2025-03-01' }, 'Ingrese una fecha válida (AAAA-MM-DD)');
    await refused({ ...MARZO, tipo_reporte: 3 }, 'El tipo de reporte debe ser 1 (por orden) o 2 (por producto)');
  });

  it('is gated by orden_compra: a supplier account gets 403, the read-only viewer may download', async () => {
    expect((await post('/orden/report', MARZO, await ctx.auth('proveedor@andina.pe'))).statusCode).toBe(403);
    expect((await post('/orden/report', MARZO, await ctx.auth(VIEWER))).statusCode).toBe(200);
  });
});

describe('/orden/report tipo 1 (one row per order)', () => {
  it('lists every order of the range in id order, anulado included, with exact amounts and dates', async () => {
    const s = await report({ ...MARZO, tipo_reporte: 1 });
    expect(s.headers.slice(0, 10)).toEqual(['Código', 'Tipo', 'Fecha', 'Estado', 'Centro de costo', 'Proveedor', 'RUC', 'Moneda', 'Condición', 'Referencia']);
    expect(s.headers).toEqual(expect.arrayContaining(['Base imponible', 'IGV', 'Detracción', 'Percepción', 'Total', 'Registrado por', 'Aprobado (Gerencia)']));
    expect(codes(s)).toEqual([o.A.codigo, o.B.codigo, o.C.codigo, o.E.codigo, o.F.codigo]);
    const a = s.data[0];
    // 3 × 1234.565 = 3703.695 → 3703.70; + 150 = 3853.70; IGV 693.67; percepción 0.02 × 3853.70 × 1.18 = 90.95.
    expect(a).toMatchObject({
      Tipo: 'Compra', Estado: 'Aprobación Gerencia', Moneda: 'S/', 'Base imponible': 3853.7, IGV: 693.67, Percepción: 90.95,
      Detracción: 0, Total: Number(o.A.monto_con_impuesto), 'Registrado por': 'Administrador del Sistema', 'Aprobado (Gerencia)': 'Carlos Mendoza Ríos',
      'Aprobado (Contabilidad)': null,
    });
    expect(o.A.monto_con_impuesto).toBe('4638.32');
    expect(a.Fecha).toEqual(new Date('2025-03-10T00:00:00Z'));
    expect(a['Fecha aprobación (Gerencia)']).toBeInstanceOf(Date);
    expect(String(a['Centro de costo'])).toMatch(/^CC-PL-01 - /);
    const b = s.data[1];
    // Service order: default IGV + Detracción 12 % of 2000 × 1.18 = 283.20 → −283.
    expect(b).toMatchObject({ Tipo: 'Servicio', Moneda: '$', IGV: 360, Detracción: -283, Total: 2077 });
    expect(s.data[3].Estado).toBe('Anulado');
  });

  it('totals per currency leave anulado orders out', async () => {
    const s = await report(MARZO);
    expect(s.totals.map((t) => t['Código'])).toEqual(['Total S/ (sin anuladas)', 'Total $ (sin anuladas)']);
    expect(s.totals[0].Total).toBe(cents(o.A.monto_con_impuesto, o.C.monto_con_impuesto, o.F.monto_con_impuesto));
    expect(s.totals[0].Percepción).toBe(90.95);
    expect(s.totals[1]).toMatchObject({ Total: 2077, Detracción: -283, 'Base imponible': 2000 });
  });

  it('filters by order type, cost centres, supplier, category and product type', async () => {
    expect(codes(await report({ ...MARZO, tipo_ordenes: [2] }))).toEqual([o.B.codigo]);
    expect(codes(await report({ ...MARZO, tipo_ordenes: [1, 2] }))).toHaveLength(5);
    expect(codes(await report({ ...MARZO, centro_costos: [ids.pl02] }))).toEqual([o.B.codigo]);
    expect(codes(await report({ ...MARZO, centro_costos: [ids.pl01, ids.mf01] }))).toEqual([o.A.codigo, o.C.codigo, o.E.codigo, o.F.codigo]);
    expect(codes(await report({ ...MARZO, proveedor: ids.pve2 }))).toEqual([o.B.codigo]);
    expect(codes(await report({ ...MARZO, categoria_producto: prod.p1.cat_id }))).toEqual([o.A.codigo, o.F.codigo]);
    expect(codes(await report({ ...MARZO, categoria_producto: prod.p1.cat_id, tipo_producto: prod.p1.tip_id }))).toEqual([o.A.codigo]);
    expect(codes(await report({ ...MARZO, tipo_producto: prod.p2.tip_id }))).toEqual([o.C.codigo]);
    // 0 and null mean "any"; the range includes both ends.
    expect(codes(await report({ fecha_inicio: '2025-03-10', fecha_fin: '2025-03-10', proveedor: 0, categoria_producto: null }))).toEqual([o.A.codigo]);
    const empty = await report({ fecha_inicio: '2024-01-01', fecha_fin: '2024-12-31' });
    expect(empty.data).toEqual([]);
    expect(empty.totals).toEqual([]);
  });

  it('keeps to the caller project: a PRY-002 user sees only PRY-002 orders', async () => {
    const s = await report(MARZO, estandar);
    expect(codes(s)).toEqual([o.C.codigo]);
    expect(s.totals[0].Total).toBe(Number(o.C.monto_con_impuesto));
  });
});

describe('/orden/report tipo 2 (one row per line)', () => {
  it('lists the lines with brand, unit, quantity, price, subtotal, category and type', async () => {
    const s = await report({ ...MARZO, tipo_reporte: 2 });
    expect(s.headers.slice(10)).toEqual(['N°', 'Marca', 'Descripción', 'UND', 'Cantidad', 'P.U.', 'Subtotal', 'Categoría', 'Tipo de producto']);
    expect(codes(s)).toEqual([o.A.codigo, o.A.codigo, o.B.codigo, o.C.codigo, o.E.codigo, o.F.codigo]);
    expect(s.data[0]).toMatchObject({ 'N°': 1, Cantidad: 3, 'P.U.': 1234.565, Subtotal: 3703.7, Categoría: prod.p1.cat_nombre, 'Tipo de producto': prod.p1.tip_nombre });
    expect(s.data[1]).toMatchObject({ 'N°': 2, Marca: '-', Descripción: 'Flete a planta', Subtotal: 150, Categoría: null });
    expect(s.totals.map((t) => [t['Código'], t.Subtotal])).toEqual([['Total S/ (sin anuladas)', cents('3703.70', '150', '255', '160')], ['Total $ (sin anuladas)', 2000]]);
  });

  it('keeps only the lines of the chosen category or type', async () => {
    const s = await report({ ...MARZO, tipo_reporte: 2, categoria_producto: prod.p1.cat_id });
    expect(s.data.map((r) => [r['Código'], r['N°']])).toEqual([[o.A.codigo, 1], [o.F.codigo, 1]]);
    expect(s.totals[0].Subtotal).toBe(cents('3703.70', '160'));
    const t = await report({ ...MARZO, tipo_reporte: 2, tipo_producto: prod.p3.tip_id });
    expect(codes(t)).toEqual([o.F.codigo]);
    expect(codes(await report({ ...MARZO, tipo_reporte: 2 }, estandar))).toEqual([o.C.codigo]);
  });
});

describe('/ordenCompra/generarReporte2 (orders against payment orders)', () => {
  const pagos = async (body: unknown, who: Auth = admin) => sheetOf(await post('/ordenCompra/generarReporte2', body, who), 'reporte-pagos.xlsx');

  beforeAll(async () => {
    const insert = (ordId: number, numero: number, estado: string, total: string) => rows(sql`
      insert into orden_pago (ord_id, opg_numero, opg_descripcion, opg_fecha_pago_programado, opg_sistema_pago, opg_total, opg_pago, opg_estado, opg_creador, opg_numero_operacion)
      values (${ordId}, ${numero}, 'Pago', '2025-04-01', 1, ${total}, ${total}, ${estado}, ${ids.adminUser}, ${estado === 'OPP' ? `OP-${ordId}-${numero}` : ''})`);
    const a = o.A.id_orden;
    for (const [n, estado, total] of [[1, 'OPR', '100.10'], [2, 'OXA', '50'], [3, 'OPD', '10'], [4, 'OPA', '200'], [5, 'OPP', '300.05'], [6, 'OPC', '999']] as const) {
      await insert(a, n, estado, total);
    }
    // A cash order is normally paid without payment orders; one that has them is listed all the same.
    await insert(o.B.id_orden, 1, 'OPP', '500');
  });

  it('refuses a missing or reversed range with the same messages', async () => {
    for (const body of [{}, { orden_compra: {} }, { orden_compra: { fecha_inicio: '2025-03-01' } }]) {
      const res = await post('/ordenCompra/generarReporte2', body, admin);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Debe ingresar un rango de fechas para generar el reporte');
    }
    const reversed = await post('/ordenCompra/generarReporte2', { orden_compra: { fecha_inicio: '2025-03-31', fecha_fin: '2025-03-01' } }, admin);
    expect(reversed.statusCode).toBe(400);
  });

  it('sums payment orders by state: registered, approved, deposited, balance and % paid', async () => {
    const s = await pagos({ orden_compra: MARZO });
    // Not anulado (E), not out of range (D); the cash order B only because it has a payment order.
    expect(codes(s)).toEqual([o.A.codigo, o.B.codigo, o.C.codigo, o.F.codigo]);
    const total = Number(o.A.monto_con_impuesto);
    expect(s.data[0]).toMatchObject({
      'Total orden': total, 'Órdenes de pago registradas': 160.1, Aprobadas: 200, Depositadas: 300.05,
      Saldo: cents(o.A.monto_con_impuesto, '-660.15'), '% pagado': Math.round((300.05 * 100 / total) * 100) / 100,
    });
    expect(s.data[0]['% pagado']).toBe(6.47);
    expect(s.data[2]).toMatchObject({ 'Órdenes de pago registradas': 0, Depositadas: 0, Saldo: Number(o.C.monto_con_impuesto), '% pagado': 0 });
    // A service order's total already subtracts its detracción (−283); its payment orders may add up to 2 360.
    expect(s.data[1]).toMatchObject({ Moneda: '$', 'Total orden': 2077, 'Total a pagar': 2360, Depositadas: 500, Saldo: 1860, '% pagado': 21.19 });
    expect(s.data[0]['Total a pagar']).toBe(total);
    expect(s.totals.map((t) => t['Código'])).toEqual(['Total S/', 'Total $']);
    expect(s.totals[1]).toMatchObject({ 'Total orden': 2077, 'Total a pagar': 2360, Saldo: 1860 });
    expect(s.totals[0]).toMatchObject({
      'Total orden': cents(o.A.monto_con_impuesto, o.C.monto_con_impuesto, o.F.monto_con_impuesto), Depositadas: 300.05,
      Saldo: cents(o.A.monto_con_impuesto, o.C.monto_con_impuesto, o.F.monto_con_impuesto, '-660.15'),
    });
  });

  it('keeps to the caller project', async () => {
    expect(codes(await pagos({ orden_compra: MARZO }, estandar))).toEqual([o.C.codigo]);
  });
});

describe('batches', () => {
  it('pages through more orders than one batch, in id order, without losing or repeating any', async () => {
    // More than a batch of orders (REPORTE_BATCH) and three batches of the lines report (REPORTE_BATCH_LINEAS).
    const n = 2100;
    // Copies of order C (PRY-002) in June 2024, one line each, written straight in SQL.
    await rows(sql`
      insert into orden (ord_numero, ord_codigo, ord_tipo_orden, cec_id, pve_id, mon_id, coc_id, mep_id, tid_id, ord_fecha_pago, ord_fecha_orden,
        ord_lugar_entrega, ord_usu_logistica, ord_usu_contabilidad, ord_usu_administrador, ord_usu_gerencia, ord_referencia,
        ord_monto_sin_impuesto, ord_monto_con_impuesto, ore_id, ord_anio, ord_usu_registrador)
      select 500000 + g, 'LOTE-' || lpad(g::text, 5, '0'), 1, o.cec_id, o.pve_id, o.mon_id, o.coc_id, o.mep_id, o.tid_id, o.ord_fecha_pago,
        date '2024-06-01' + (g % 30), o.ord_lugar_entrega, o.ord_usu_logistica, o.ord_usu_contabilidad, o.ord_usu_administrador,
        o.ord_usu_gerencia, 'Lote', 10.01, 11.81, 1, 2024, o.ord_usu_registrador
      from orden o, generate_series(1, ${n}) g where o.ord_id = ${o.C.id_orden}`);
    await rows(sql`
      insert into orden_item (ord_id, oci_orden, oci_descripcion, unm_id, oci_cantidad, oci_precio_unitario, oci_importe)
      select ord_id, 1, 'Lote', ${ids.unidad}, 1, 10.01, 10.01 from orden where ord_codigo like 'LOTE-%'`);
    const junio = { fecha_inicio: '2024-06-01', fecha_fin: '2024-06-30' };
    const expected = Array.from({ length: n }, (_, i) => `LOTE-${String(i + 1).padStart(5, '0')}`);
    const s = await report(junio);
    expect(codes(s)).toEqual(expected);
    expect(s.totals[0].Total).toBe(cents(...Array(n).fill('11.81')));
    const items = await report({ ...junio, tipo_reporte: 2 }, estandar);
    expect(codes(items)).toEqual(expected);
    expect(items.totals[0].Subtotal).toBe(21021);
  });
});
