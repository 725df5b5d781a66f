import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client.ts';
import { ADMIN, VIEWER, createTestContext, type TestContext } from '../../test/harness.ts';

let ctx: TestContext;
let admin: { authorization: string };
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.auth(ADMIN);
});
afterAll(() => ctx.close());

const HEADERS = ['Nombre', 'Categoría', 'Tipo', 'Marca', 'Unidad', 'Serie', 'Retornable', 'Retorno estimado (días)', 'Reposición', 'Stock mínimo'];

function multipart(file: { filename: string; content: Buffer; type: string } | null) {
  const boundary = '----obra-producto';
  const parts: Buffer[] = [];
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${file.filename}"\r\ncontent-type: ${file.type}\r\n\r\n`));
    parts.push(file.content, Buffer.from('\r\n'));
  } else {
    parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="nota"\r\n\r\nsin archivo\r\n`));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const upload = (content: Buffer, headers = admin, filename = 'productos.xlsx') => {
  const body = multipart({ filename, content, type: XLSX });
  return ctx.app.inject({ method: 'POST', url: '/api/producto/import-products', headers: { ...headers, ...body.headers }, payload: body.payload });
};

async function workbook(rows: (string | number | null)[][], header = HEADERS): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Productos');
  ws.addRow(header);
  rows.forEach((r) => ws.addRow(r));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const productCount = async () =>
  (await selectRows<{ n: number }>(ctx.deps.database.db, sql`select count(*)::int as n from producto`))[0].n;

describe('product template', () => {
  it('answers the template workbook with the columns and a sheet of valid names', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/producto/plantilla', headers: admin, payload: {} });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX);
    expect(res.headers['content-disposition']).toBe('attachment; filename="plantilla-productos.xlsx"');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const [load, valid] = wb.worksheets;
    expect(load.name).toBe('Productos');
    expect((load.getRow(1).values as unknown[]).slice(1)).toEqual(HEADERS);
    expect(load.rowCount).toBe(1);
    expect(valid.name).toBe('Valores válidos');
    const values = valid.getSheetValues().flat().filter((v) => typeof v === 'string');
    expect(values).toEqual(expect.arrayContaining(['Materiales de construcción', 'Cemento', 'BLS', 'Aceros Arequipa']));
  });

  it('loads the template filled in, all rows at once', async () => {
    const template = (await ctx.app.inject({ method: 'POST', url: '/api/producto/plantilla', headers: admin, payload: {} })).rawPayload;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(template as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    ws.addRow(['Cemento Portland Tipo I 42.5 kg', 'materiales de construcción', 'CEMENTO', 'unacem', 'bls', 'NO', 'NO', '', 'SI', 150]);
    ws.addRow(['Esmeril de banco 8"', 'Herramientas', 'Eléctricas', 'Bosch', 'UND', 'sí', 'SI', 45, '', '1.5']);
    ws.addRow([]);
    ws.addRow(['Arena gruesa lavada', 'Materiales de construcción', 'Agregados', '', 'M3', '', '', '', '', '']);
    const before = await productCount();
    const res = await upload(Buffer.from(await wb.xlsx.writeBuffer()));
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Se cargo los items correctamente: 3 productos');
    const created = res.json().data;
    expect(created).toHaveLength(3);
    expect(created[0]).toMatchObject({ prv_nombre: 'Cemento Portland Tipo I 42.5 kg', mar_nombre: 'UNACEM', unm_simbolo: 'BLS', prv_reposicion: 1, prv_stock_minimo: '150.00', prv_estado: 1 });
    expect(created[1]).toMatchObject({ prv_item: 1, prv_retornable: 1, prv_retorno_estimado: 45, prv_stock_minimo: '1.50', mar_nombre: 'Bosch' });
    expect(created[2]).toMatchObject({ mar_id: null, prv_item: 0, prv_retornable: 0, prv_retorno_estimado: null, prv_stock_minimo: '0.00' });
    expect(await productCount()).toBe(before + 3);
  });
});

describe('product load refusals', () => {
  it('lists every row in error by its sheet row and writes nothing', async () => {
    const before = await productCount();
    const res = await upload(await workbook([
      ['Producto bueno', 'EPP', 'Cascos', '3M', 'UND', 'NO', 'NO', '', 'NO', '2'],
      ['Producto X', 'Categoría inventada', 'Cascos', '', 'UND', '', '', '', '', ''],
      ['Producto Y', 'EPP', 'Cemento', 'Marca inventada', 'ZZZ', '', '', '', '', ''],
      ['', 'EPP', 'Cascos', '', 'QQ', 'tal vez', 'SI', '', '', '-3'],
      ['producto BUENO', 'EPP', 'Guantes', '3m', 'PAR', '', '', '', '', ''],
      ['Petróleo Diesel B5', 'Combustibles y lubricantes', 'Combustibles', 'Petroperú', 'GLN', '', '', '', '', ''],
      ['Otro producto', 'EPP', 'Botas', '', 'PAR', '', 'SI', '0', '', '1,25'],
    ]));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('El archivo tiene errores en 6 filas; no se cargó ningún registro');
    const errores = res.json().data.errores as { fila: number; mensaje: string }[];
    expect(errores).toEqual(expect.arrayContaining([
      { fila: 3, mensaje: 'Categoría: no existe la categoría "Categoría inventada"' },
      { fila: 4, mensaje: 'Tipo: no existe el tipo "Cemento" en la categoría "EPP"' },
      { fila: 4, mensaje: 'Marca: no existe la marca "Marca inventada"' },
      { fila: 4, mensaje: 'Unidad: no existe la unidad "ZZZ"' },
      { fila: 5, mensaje: 'Nombre: El campo es requerido' },
      { fila: 5, mensaje: 'Serie: Debe ser SI o NO' },
      { fila: 5, mensaje: 'Retorno estimado (días): Es obligatorio cuando el producto es retornable' },
      { fila: 5, mensaje: 'Stock mínimo: El stock mínimo debe ser un número mayor o igual a 0 con hasta 2 decimales' },
      // Names are checked on a row whose other cells failed too: one pass shows everything.
      { fila: 5, mensaje: 'Unidad: no existe la unidad "QQ"' },
      { fila: 6, mensaje: 'Nombre: el producto "producto BUENO" con la misma marca ya está en la fila 2' },
      { fila: 7, mensaje: 'Nombre: ya existe el producto "Petróleo Diesel B5" con la marca "Petroperú"' },
      { fila: 8, mensaje: 'Retorno estimado (días): El retorno estimado debe ser un número entero de días entre 1 y 3650' },
    ]));
    expect(errores.map((e) => e.fila)).toEqual([...errores.map((e) => e.fila)].sort((a, b) => a - b));
    expect(errores.some((e) => e.fila === 2)).toBe(false);
    expect(await productCount()).toBe(before);
  });

  it('refuses an inactive category by name', async () => {
    await selectRows(ctx.deps.database.db, sql`update categoria_producto set cat_estado = 0 where cat_nombre = 'Servicios'`);
    const res = await upload(await workbook([['Servicio de bombeo', 'servicios', 'Transporte', '', 'UND', '', '', '', '', '']]));
    expect(res.json().data.errores).toEqual([{ fila: 2, mensaje: 'Categoría: la categoría "Servicios" está inactiva' }]);
    await selectRows(ctx.deps.database.db, sql`update categoria_producto set cat_estado = 1 where cat_nombre = 'Servicios'`);
  });

  it('refuses a file that is not a workbook, a missing file, a sheet without the columns or rows', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');
    const notXlsx = await upload(png, admin, 'productos.xlsx');
    expect(notXlsx.statusCode).toBe(400);
    expect(notXlsx.json().message).toBe('El archivo debe ser una hoja de cálculo Excel (.xlsx)');
    const text = await upload(Buffer.from('Nombre;Categoría\nCemento;Materiales'), admin, 'productos.csv');
    expect(text.json().message).toBe('El archivo debe ser una hoja de cálculo Excel (.xlsx)');
    const none = multipart(null);
    const missing = await ctx.app.inject({ method: 'POST', url: '/api/producto/import-products', headers: { ...admin, ...none.headers }, payload: none.payload });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Debe seleccionar un archivo');
    const json = await ctx.app.inject({ method: 'POST', url: '/api/producto/import-products', headers: admin, payload: {} });
    expect(json.json().message).toBe('Debe seleccionar un archivo');
    const columns = await upload(await workbook([['Cemento']], ['Nombre']));
    expect(columns.json().message).toBe('El archivo no tiene las columnas de la plantilla: Categoría, Tipo, Marca, Unidad, Serie, Retornable, Retorno estimado (días), Reposición, Stock mínimo');
    expect((await upload(await workbook([]))).json().message).toBe('El archivo no tiene filas con datos');
  });

  it('needs the option registrar_producto; VISUALIZADOR and users without the module get 403', async () => {
    const file = await workbook([['Producto sin permiso', 'EPP', 'Cascos', '', 'UND', '', '', '', '', '']]);
    const inventario = await upload(file, await ctx.auth('inventario@andina.pe'));
    expect(inventario.statusCode).toBe(403);
    expect(inventario.json().message).toBe('No tiene permisos para realizar esta operación');
    expect((await upload(file, await ctx.auth(VIEWER))).statusCode).toBe(403);
    const tesoreria = await upload(file, await ctx.auth('tesoreria@andina.pe'));
    expect(tesoreria.json().message).toBe('No tienes acceso a este módulo');
    // The template is a read: the module is enough.
    const template = await ctx.app.inject({ method: 'POST', url: '/api/producto/plantilla', headers: await ctx.auth('inventario@andina.pe'), payload: {} });
    expect(template.statusCode).toBe(200);
  });
});
