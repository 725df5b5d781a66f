import { ORDEN_CARGA_COLUMNS, calculateOrder, defaultTaxes, limaYear, type OrdenCargada } from '@obra/domain';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client.ts';
import { ADMIN, VIEWER, createTestContext, type TestContext } from '../../test/harness.ts';

let ctx: TestContext;
let admin: { authorization: string };
/** estandar@andina.pe: project PRY-002 only, given LOGÍSTICA here so that it holds the orders module. */
let proyecto2: { authorization: string };
let ruc = '';
let rucInactivo = '';
const YEAR = limaYear();
const HEADERS = ORDEN_CARGA_COLUMNS.map((c) => c.header);
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const rows = <T>(q: ReturnType<typeof sql>) => selectRows<T>(ctx.deps.database.db, q);

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.auth(ADMIN);
  await rows(sql`insert into usuario_rol (usu_id, rol_id) select usu_id, 3 from usuario where usu_correo = 'estandar@andina.pe'`);
  proyecto2 = await ctx.auth('estandar@andina.pe');
  const pves = await rows<{ ruc: string }>(sql`select pve_ruc as ruc from proveedor where pve_es_activo order by pve_id limit 2`);
  [ruc, rucInactivo] = pves.map((p) => p.ruc);
  await rows(sql`update proveedor set pve_es_activo = false where pve_ruc = ${rucInactivo}`);
});
afterAll(() => ctx.close());

type Row = Record<string, string | number>;

/** A valid item row of order `orden`; `over` replaces cells by column key. */
const item = (orden: string | number, over: Row = {}): Row => ({
  orden, centro_costo: 'CC-PL-01', ruc, moneda: 'S/', condicion: 'Crédito', metodo_pago: 'Transferencia bancaria',
  tipo_documento: 'Factura', numero_documento: 'F001-77', fecha_pago: '15-12-2026', referencia: `Servicios de mantenimiento ${orden}`,
  correo_contabilidad: 'contabilidad@andina.pe', correo_administracion: 'administracion@andina.pe', correo_gerencia: 'GERENCIA@andina.pe',
  descripcion: 'Mantenimiento de bomba de concreto', unidad: 'und', cantidad: 1, precio_unitario: 100,
  ...over,
});

async function workbook(data: Row[], headers = HEADERS): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Órdenes de servicio');
  ws.addRow(headers);
  for (const r of data) ws.addRow(ORDEN_CARGA_COLUMNS.map((c) => r[c.key] ?? ''));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

function multipart(file: { filename: string; content: Buffer; type: string } | null) {
  const boundary = '----obra-orden-massive';
  const parts: Buffer[] = [Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="usuario"\r\n\r\n1\r\n`)];
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${file.filename}"\r\ncontent-type: ${file.type}\r\n\r\n`));
    parts.push(file.content, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const upload = (content: Buffer | null, headers = admin, filename = 'ordenes.xlsx', type = XLSX) => {
  const body = multipart(content ? { filename, content, type } : null);
  return ctx.app.inject({ method: 'POST', url: '/api/orden/massive', headers: { ...headers, ...body.headers }, payload: body.payload });
};

const orderCount = async () => (await rows<{ n: number }>(sql`select count(*)::int as n from orden`))[0].n;
const detail = async (id: number) =>
  (await ctx.app.inject({ method: 'POST', url: '/api/orden/get-orden-detail', headers: { ...admin, idOrden: String(id) }, payload: {} })).json().data;
const numero = (codigo: string) => Number(codigo.slice(0, 6));

/** The total the form would show for service lines with the default taxes (recomputed here with the domain). */
const expectedTotal = (lines: [number, number][], tid = 1) =>
  calculateOrder({ items: lines.map(([c, p]) => ({ cantidad: String(c), precio_unitario: String(p) })), impuestos: defaultTaxes({ tipo_orden: 2, tid_id: tid }) }).total;

describe('mass load of service orders', () => {
  it('registers every order of a valid file in one go, numbered consecutively, with recomputed amounts', async () => {
    const before = await orderCount();
    const file = await workbook([
      item(1, { cantidad: 2, precio_unitario: 1500 }),
      item(1, { descripcion: 'Revisión del sistema hidráulico', cantidad: '2', precio_unitario: '420.5', moneda: 'PEN', correo_gerencia: 'gerencia@andina.pe' }),
      item(2, { moneda: 'USD', condicion: '5', adelanto: 30, tipo_documento: 'RXH', descripcion: 'Asesoría en diseño de mezclas', cantidad: 1, precio_unitario: 2800, lugar_entrega: 'Obra Miraflores' }),
      item('A', { centro_costo: 'cc-pl-02', fecha_pago: '2026-11-30', descripcion: 'Calibración de balanza', cantidad: 3, precio_unitario: 99.99, metodo_pago: 'Cheque' }),
      item(1, { descripcion: 'Lavado de tambor', cantidad: 1, precio_unitario: 80 }),
    ]);
    const res = await upload(file);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Se cargo los items correctamente: 3 órdenes de servicio registradas');
    const created = res.json().data as OrdenCargada[];
    expect(created.map((o) => o.orden)).toEqual(['1', '2', 'A']);
    expect(created.map((o) => o.mon_simbolo)).toEqual(['S/', '$', 'S/']);
    expect(created.map((o) => o.filas)).toEqual([[2, 3, 6], [4], [5]]);
    expect(await orderCount()).toBe(before + 3);
    const first = numero(created[0].codigo);
    expect(created.map((o) => o.codigo)).toEqual([
      `${String(first).padStart(6, '0')}-CC-PL-01-OS-${YEAR}`,
      `${String(first + 1).padStart(6, '0')}-CC-PL-01-OS-${YEAR}`,
      `${String(first + 2).padStart(6, '0')}-CC-PL-02-OS-${YEAR}`,
    ]);
    // 3000 + 841 + 80 = 3921; IGV 705.78; Detracción −(0.12 × 3921 × 1.18) = −555.21 → −555.
    expect(created[0].monto_con_impuesto).toBe('4071.78');
    expect(created[0].monto_con_impuesto).toBe(expectedTotal([[2, 1500], [2, 420.5], [1, 80]]));
    expect(created[1].monto_con_impuesto).toBe(expectedTotal([[1, 2800]], 6));
    expect(created[2].monto_con_impuesto).toBe(expectedTotal([[3, 99.99]]));

    const o1 = await detail(created[0].id_orden);
    expect(o1).toMatchObject({
      tipo_orden: 2, es_importacion: 0, moneda: { id_moneda: 1 }, condicion_comercial: { id_condicion: 2 }, metodo_pago: { id_metodo: 1 },
      tipo_documento: { id_tipo_documento: 1 }, ord_numero_documento: 'F001-77', fecha_pago: '2026-12-15',
      lugar_entrega: 'Planta Lurín, Antigua Panamericana Sur km 36, Lurín, Lima', referencia: 'Servicios de mantenimiento 1',
      contabilidad: { nombre: 'Rosa' }, administrador: { nombre: 'Patricia' }, gerencia: { nombre: 'Carlos' }, registrador: { nombre: 'Administrador' },
      estado: { id_orden_estado: 1 }, monto_sin_impuesto: '3921.00',
    });
    expect(o1.orden_items.map((i: { descripcion: string; cantidad: string; unidad: { simbolo: string } }) => [i.descripcion, i.cantidad, i.unidad.simbolo])).toEqual([
      ['Mantenimiento de bomba de concreto', '2.0000', 'UND'], ['Revisión del sistema hidráulico', '2.0000', 'UND'], ['Lavado de tambor', '1.0000', 'UND'],
    ]);
    expect(o1.orden_impuestos.map((t: { ori_tipo: number; valor_aplicado: string }) => [t.ori_tipo, t.valor_aplicado])).toEqual([[1, '705.78'], [2, '-555.00']]);
    const o2 = await detail(created[1].id_orden);
    expect(o2).toMatchObject({ moneda: { id_moneda: 2 }, condicion_comercial: { id_condicion: 5 }, ord_porcentaje_adelanto: '30.00', lugar_entrega: 'Obra Miraflores' });
    expect(o2.orden_impuestos.map((t: { ori_tipo: number }) => t.ori_tipo)).toEqual([1, 4]);
    expect((await detail(created[2].id_orden)).fecha_pago).toBe('2026-11-30');
  });

  it('writes nothing when one row is wrong, and lists every row in error with its message', async () => {
    const before = await orderCount();
    const counter = await rows(sql`select * from contador order by 1, 2`);
    const res = await upload(await workbook([
      item(1),
      item(1, { unidad: 'XYZ' }),
      item(2),
      item(2, { moneda: 'USD' }),
      item(3, { correo_gerencia: 'nadie@andina.pe', fecha_pago: '31-02-2026' }),
      item(4, { ruc: rucInactivo }),
      item(5, { condicion: 'Adelanto' }),
      item(6, { precio_unitario: 0, descripcion: '' }),
      item(7, { cantidad: 0 }),
      item(8),
    ]));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('El archivo tiene errores en 7 filas; no se cargó ningún registro');
    expect(res.json().data.errores).toEqual([
      { fila: 3, mensaje: 'Unidad: no existe la unidad "XYZ"' },
      { fila: 5, mensaje: 'Moneda: no coincide con la fila 4 de la orden 2; los datos de la orden deben repetirse igual en cada fila' },
      { fila: 6, mensaje: 'Fecha de pago: Ingrese una fecha válida (dd-mm-aaaa)' },
      { fila: 7, mensaje: `RUC proveedor: el proveedor con el RUC ${rucInactivo} está inactivo` },
      { fila: 8, mensaje: 'Adelanto (%): El campo es requerido' },
      { fila: 9, mensaje: 'Descripción: El campo es requerido' },
      { fila: 9, mensaje: 'Precio unitario: El precio unitario debe ser mayor que 0' },
      { fila: 10, mensaje: 'Cantidad: La cantidad debe ser mayor que 0' },
    ]);
    expect(await orderCount()).toBe(before);
    expect(await rows(sql`select * from contador order by 1, 2`)).toEqual(counter);
  });

  it('names an unknown user even when the rest of the row is fine', async () => {
    const res = await upload(await workbook([item(1, { correo_contabilidad: 'nadie@andina.pe' })]));
    expect(res.statusCode).toBe(400);
    expect(res.json().data.errores).toEqual([{ fila: 2, mensaje: 'Correo contabilidad: no existe un usuario activo con el correo nadie@andina.pe' }]);
  });

  it("refuses, row by row, cost centres of another project (as if they did not exist)", async () => {
    const before = await orderCount();
    const res = await upload(await workbook([item(1, { centro_costo: 'CC-MF-01' }), item(2, { centro_costo: 'CC-PL-01' }), item(3, { centro_costo: 'CC-MF-04' })]), proyecto2);
    expect(res.statusCode).toBe(400);
    expect(res.json().data.errores).toEqual([
      { fila: 3, mensaje: 'Código centro de costo: no existe el centro de costo "CC-PL-01" en su proyecto' },
      { fila: 4, mensaje: 'Código centro de costo: el centro de costo "CC-MF-04" está inactivo' },
    ]);
    expect(await orderCount()).toBe(before);
    const ok = await upload(await workbook([item(1, { centro_costo: 'CC-MF-01' })]), proyecto2);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data[0].codigo).toMatch(/-CC-MF-01-OS-/);
  });

  it('refuses files that are not a workbook, missing files, empty sheets, foreign columns and too many rows', async () => {
    const before = await orderCount();
    const notXlsx = await upload(Buffer.from('N° Orden;RUC\n1;20100070970\n'), admin, 'ordenes.xlsx');
    expect(notXlsx.statusCode).toBe(400);
    expect(notXlsx.json().message).toBe('El archivo debe ser una hoja de cálculo Excel (.xlsx)');
    const missing = await upload(null);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Debe seleccionar un archivo');
    const empty = await upload(await workbook([]));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('El archivo no tiene filas con datos');
    const columns = await upload(await workbook([item(1)], HEADERS.filter((h) => h !== 'Precio unitario')));
    expect(columns.statusCode).toBe(400);
    expect(columns.json().message).toBe('El archivo no tiene las columnas de la plantilla: Precio unitario');
    const big = await upload(await workbook(Array.from({ length: 1001 }, (_, i) => item(Math.floor(i / 100) + 1))));
    expect(big.statusCode).toBe(400);
    expect(big.json().message).toBe('El archivo no debe tener más de 1000 filas de ítems');
    expect(await orderCount()).toBe(before);
  });

  it('is refused to VISUALIZADOR, who may still download the template', async () => {
    const viewer = await ctx.auth(VIEWER);
    const res = await upload(await workbook([item(1)]), viewer);
    expect(res.statusCode).toBe(403);
    const template = await ctx.app.inject({ method: 'GET', url: '/api/orden/massive/plantilla', headers: viewer });
    expect(template.statusCode).toBe(200);
  });
});

describe('mass load template', () => {
  const download = async (headers = admin, method: 'GET' | 'POST' = 'GET') => {
    const res = await ctx.app.inject({ method, url: '/api/orden/massive/plantilla', headers, ...(method === 'POST' ? { payload: {} } : {}) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX);
    expect(res.headers['content-disposition']).toBe('attachment; filename="plantilla-ordenes-servicio.xlsx"');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    return wb;
  };

  it('has the columns the load reads, an example on its own sheet and the valid values of the caller', async () => {
    const wb = await download(admin, 'POST');
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Órdenes de servicio', 'Ejemplo', 'Valores válidos', 'Instrucciones']);
    const [load, ejemplo, valores] = wb.worksheets;
    expect((load.getRow(1).values as unknown[]).slice(1)).toEqual(HEADERS);
    expect(load.rowCount).toBe(1);
    expect((ejemplo.getRow(1).values as unknown[]).slice(1)).toEqual(HEADERS);
    expect(ejemplo.rowCount).toBe(4);
    const values = valores.getSheetValues().flat().filter((v) => typeof v === 'string');
    expect(values).toEqual(expect.arrayContaining(['CC-PL-01', 'CC-MF-01', 'Crédito', 'Transferencia bancaria', 'Recibo por honorarios', 'RXH', 'UND', 'PEN / S/']));
    expect(values).not.toContain('CC-MF-04');

    const own = (await download(proyecto2)).worksheets[2].getSheetValues().flat();
    expect(own).toContain('CC-MF-01');
    expect(own).not.toContain('CC-PL-01');
  });

  it('loads back: the example copied into the load sheet registers its two orders', async () => {
    const wb = await download();
    const [load, ejemplo] = wb.worksheets;
    ejemplo.eachRow((row, n) => {
      if (n > 1) load.addRow((row.values as ExcelJS.CellValue[]).slice(1));
    });
    const res = await upload(Buffer.from(await wb.xlsx.writeBuffer()));
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json().data as { codigo: string; monto_con_impuesto: string }[];
    expect(created).toHaveLength(2);
    expect(numero(created[1].codigo)).toBe(numero(created[0].codigo) + 1);
    expect(created[0].monto_con_impuesto).toBe(expectedTotal([[2, 1500], [2, 420.5]]));
    expect(created[1].monto_con_impuesto).toBe(expectedTotal([[1, 2800]], 6));
  });
});
