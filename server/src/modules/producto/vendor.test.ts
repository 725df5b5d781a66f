import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client.ts';
import { ADMIN, SUPPLIER, VIEWER, createTestContext, type TestContext } from '../../test/harness.ts';

/**
 * The spec 3 contract of the product module (spec 3 §7 "Purchasing products"): wrappers, reply
 * shapes, the rules it shares with the spec 1 calls, and who may call it. The rules themselves
 * are tested in producto.test.ts and producto-import.test.ts.
 */

type Headers = { authorization: string };
type Row = { prv_id: number; prv_nombre: string; prv_estado: number };
let ctx: TestContext;
let admin: Headers;
const ids = { materiales: 0, cemento: 0, sika: 0, unacem: 0, bls: 0 };

const post = (url: string, payload: unknown, headers: Headers = admin) =>
  ctx.app.inject({ method: 'POST', url: `/api/${url}`, headers, payload: payload as object });
const vendor = (call: string, payload: unknown = {}, headers: Headers = admin) => post(`productoVendor/${call}`, payload, headers);
const one = async <T>(query: ReturnType<typeof sql>) => (await selectRows<T>(ctx.deps.database.db, query))[0];

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.auth(ADMIN);
  ids.materiales = (await one<{ id: number }>(sql`select cat_id as id from categoria_producto where cat_nombre = 'Materiales de construcción'`)).id;
  ids.cemento = (await one<{ id: number }>(sql`select tip_id as id from tipo_producto where cat_id = ${ids.materiales} and tip_nombre = 'Cemento'`)).id;
  ids.sika = (await one<{ id: number }>(sql`select mar_id as id from marca where mar_nombre = 'Sika'`)).id;
  ids.unacem = (await one<{ id: number }>(sql`select mar_id as id from marca where mar_nombre = 'UNACEM'`)).id;
  ids.bls = (await one<{ id: number }>(sql`select unm_id as id from unidad_medida where unm_simbolo = 'BLS'`)).id;
});
afterAll(() => ctx.close());

const producto = (over: Record<string, unknown> = {}) => ({
  prv_nombre: 'Cemento de contrato', cat_id: ids.materiales, tip_id: ids.cemento, mar_id: ids.sika, unm_id: ids.bls,
  prv_item: 0, prv_reposicion: 0, prv_retornable: 0, prv_retorno_estimado: null, ...over,
});
const pagina = async (f: Record<string, unknown>, page?: { number: number; size: number }) =>
  (await vendor('buscar', { producto: { ...f, ...(page ? { page } : {}) } })).json().data.page as { list: Row[]; total: number; size: number; number: number };

/** The spec 1 load `/producto/import-products`: a workbook of the template's columns. */
async function importar(rows: (string | number | null)[][]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Productos');
  ws.addRow(['Nombre', 'Categoría', 'Tipo', 'Marca', 'Unidad', 'Serie', 'Retornable', 'Retorno estimado (días)', 'Reposición', 'Stock mínimo']);
  rows.forEach((r) => ws.addRow(r));
  const content = Buffer.from(await wb.xlsx.writeBuffer());
  const boundary = '----obra-vendor';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="p.xlsx"\r\ncontent-type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`),
    content, Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return ctx.app.inject({ method: 'POST', url: '/api/producto/import-products', headers: { ...admin, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
}
const fila = (nombre: string, over: Partial<Record<'retornable' | 'retorno' | 'stock', string | number>> = {}) =>
  [nombre, 'Materiales de construcción', 'Cemento', 'Sika', 'BLS', 'NO', over.retornable ?? 'NO', over.retorno ?? null, 'NO', over.stock ?? null];

describe('wrappers and reply shapes', () => {
  it('cargarOpciones answers the three lists by name; buscarCategorias and getTiposProductoxCategoria {cat_id} the lookups', async () => {
    const res = await vendor('cargarOpciones');
    expect(res.json()).toMatchObject({ status: 'success' });
    const data = res.json().data;
    expect(Object.keys(data).sort()).toEqual(['categorias', 'marcas', 'unidades_medida']);
    expect(data.categorias[0]).toEqual({ cat_id: expect.any(Number), cat_nombre: expect.any(String) });
    expect(data.unidades_medida[0]).toEqual({ unm_id: expect.any(Number), unm_simbolo: expect.any(String), unm_descripcion: expect.any(String) });
    expect((await vendor('buscarCategorias')).json().data).toEqual(data.categorias);
    const tipos = (await vendor('getTiposProductoxCategoria', { cat_id: ids.materiales })).json().data as { cat_id: number }[];
    expect(tipos.length).toBeGreaterThan(0);
    expect(tipos.every((t) => t.cat_id === ids.materiales)).toBe(true);
  });

  it('buscar takes {producto:{filters, page}} and answers {page:{list,total,size,number}} with the spec 3 product fields', async () => {
    const res = await vendor('buscar', { producto: { cat_id: ids.materiales, page: { number: 2, size: 5 } } });
    expect(res.statusCode).toBe(200);
    const { page } = res.json().data;
    expect(page).toMatchObject({ number: 2, size: 5, total: 13 });
    expect(page.list).toHaveLength(5);
    expect(Object.keys(page.list[0])).toEqual(expect.arrayContaining([
      'prv_id', 'prv_nombre', 'prv_estado', 'cat_id', 'cat_nombre', 'tip_id', 'tip_nombre', 'mar_id', 'mar_nombre', 'unm_id',
      'prv_item', 'prv_reposicion', 'prv_retornable', 'prv_retorno_estimado',
    ]));
    // Without a page: the first of 10 (spec 3 §9).
    expect(await pagina({})).toMatchObject({ number: 1, size: 10, total: 46 });
    const filtered = await pagina({ cat_id: ids.materiales, tip_id: ids.cemento, mar_id: ids.unacem, prv_nombre: 'cemento', prv_retornable: 0 });
    expect(filtered.list.map((r) => r.prv_nombre)).toEqual(['Cemento Andino Tipo V 42.5 kg']);
    expect((await pagina({ cat_id: ids.materiales, tip_id: ids.cemento, mar_id: ids.unacem, prv_retornable: 1 })).total).toBe(0);
  });

  it('answers 400 with a Spanish message for a missing wrapper or a bad page, never a 500', async () => {
    for (const [call, body] of [['buscar', {}], ['obtener', {}], ['registrar', {}], ['modificar', { producto: 5 }], ['deshabilitar', { producto: {} }], ['buscarRapido', {}], ['buscarIndice', {}]] as const) {
      const res = await vendor(call, body);
      expect(res.statusCode, call).toBe(400);
      expect(res.json().status, call).toBe('error');
      expect(res.json().message, call).toMatch(/[a-záéíóúñ]/i);
    }
    expect((await vendor('buscar', { producto: { page: { number: 0, size: 10 } } })).statusCode).toBe(400);
    expect((await vendor('buscar', { producto: { page: { number: 1, size: 101 } } })).statusCode).toBe(400);
  });

  it('buscarRapido {producto:{prv_nombre}} answers a list; obtener {producto:{prv_id}} one product with its version', async () => {
    const rapido = (await vendor('buscarRapido', { producto: { prv_nombre: 'fierro' } })).json().data as Row[];
    expect(rapido.length).toBeGreaterThan(0);
    const got = await vendor('obtener', { producto: { prv_id: rapido[0].prv_id } });
    expect(got.json().data).toMatchObject({ prv_id: rapido[0].prv_id, prv_nombre: rapido[0].prv_nombre, prv_version: expect.any(Number) });
    const missing = await vendor('obtener', { producto: { prv_id: 999999 } });
    expect([missing.statusCode, missing.json().message]).toEqual([404, 'No se encontró el producto']);
  });
});

describe('one set of rules, two contracts', () => {
  it('the spec 1 list and buscar answer the same rows for the same filters, page by page', async () => {
    for (const start of [0, 10]) {
      const spec1 = (await post('producto/list', { search: 'a', categoria: ids.materiales, start, length: 10 })).json().data as { data: Row[]; total: number };
      const spec3 = await pagina({ prv_nombre: 'a', cat_id: ids.materiales }, { number: start / 10 + 1, size: 10 });
      expect(spec3.list.map((r) => r.prv_id)).toEqual(spec1.data.map((r) => r.prv_id));
      expect(spec3.total).toBe(spec1.total);
    }
  });

  it('the estimated return is cleared when not returnable (spec 3 §5); a bad return or minimum stock gets the same text on both', async () => {
    const reg = await vendor('registrar', { producto: producto({ prv_nombre: 'Cemento sin retorno', prv_retorno_estimado: 30 }) });
    expect(reg.statusCode).toBe(201);
    expect(reg.json().data).toMatchObject({ prv_retornable: 0, prv_retorno_estimado: null });
    const imp = await importar([fila('Cemento importado sin retorno', { retorno: 30 })]);
    expect(imp.statusCode).toBe(200);
    expect(imp.json().data[0]).toMatchObject({ prv_retornable: 0, prv_retorno_estimado: null });

    const fuera = await vendor('registrar', { producto: producto({ prv_nombre: 'Fuera de rango', prv_retornable: 1, prv_retorno_estimado: 4000 }) });
    const fueraImp = await importar([fila('Fuera de rango', { retornable: 'SI', retorno: 4000 })]);
    expect(fueraImp.json().data.errores).toEqual([{ fila: 2, mensaje: `Retorno estimado (días): ${fuera.json().message}` }]);
    const stock = await vendor('registrar', { producto: producto({ prv_nombre: 'Stock malo', prv_stock_minimo: '1.234' }) });
    const stockImp = await importar([fila('Stock malo', { stock: '1.234' })]);
    expect(stockImp.json().data.errores).toEqual([{ fila: 2, mensaje: `Stock mínimo: ${stock.json().message}` }]);
  });

  it('a name is unique with its brand ignoring case whichever contract wrote it', async () => {
    const imp = await importar([fila('Cemento de Contrato Importado')]);
    expect(imp.statusCode).toBe(200);
    const dup = await vendor('registrar', { producto: producto({ prv_nombre: 'CEMENTO DE CONTRATO IMPORTADO' }) });
    expect([dup.statusCode, dup.json().message]).toEqual([409, 'Ya existe un producto con ese nombre y esa marca']);
    expect((await vendor('registrar', { producto: producto() })).statusCode).toBe(201);
    const back = await importar([fila('cemento de contrato')]);
    expect(back.json().data.errores).toEqual([{ fila: 2, mensaje: 'Nombre: ya existe el producto "cemento de contrato" con la marca "Sika"' }]);
  });
});

describe('deshabilitar and enabling again', () => {
  it('deshabilitar {producto:{prv_id}} sets prv_estado 0: out of quick searches, still listed by both contracts', async () => {
    const { prv_id } = (await vendor('registrar', { producto: producto({ prv_nombre: 'Cemento para deshabilitar' }) })).json().data;
    const off = await vendor('deshabilitar', { producto: { prv_id } });
    expect(off.json()).toMatchObject({ status: 'success', message: 'Se deshabilitó el producto', data: { prv_id, prv_estado: 0 } });
    expect((await vendor('buscarRapido', { producto: { prv_nombre: 'para deshabilitar' } })).json().data).toEqual([]);
    expect((await pagina({ prv_nombre: 'para deshabilitar' })).list).toMatchObject([{ prv_id, prv_estado: 0 }]);
    expect((await pagina({ prv_nombre: 'para deshabilitar', prv_estado: 1 })).total).toBe(0);
    expect((await post('producto/list', { search: 'para deshabilitar' })).json().data.data).toMatchObject([{ prv_id, prv_estado: 0 }]);
    const again = await vendor('deshabilitar', { producto: { prv_id } });
    expect(again.json().data.prv_estado).toBe(0);
  });

  it('modificar with prv_estado 1 enables it again; without prv_estado the status stays; another value is refused', async () => {
    const { prv_id } = (await vendor('registrar', { producto: producto({ prv_nombre: 'Cemento para habilitar' }) })).json().data;
    const { prv_version } = (await vendor('deshabilitar', { producto: { prv_id } })).json().data;
    const base = producto({ prv_nombre: 'Cemento para habilitar' });
    const keep = await vendor('modificar', { producto: { ...base, prv_id, prv_version, prv_descripcion: 'Sigue deshabilitado' } });
    expect(keep.json().data).toMatchObject({ prv_estado: 0, prv_version: prv_version + 1 });
    const bad = await vendor('modificar', { producto: { ...base, prv_id, prv_version: prv_version + 1, prv_estado: 2 } });
    expect([bad.statusCode, bad.json().message]).toEqual([400, 'El estado del producto debe ser 0 (Deshabilitado) o 1 (Habilitado)']);
    const on = await vendor('modificar', { producto: { ...base, prv_id, prv_version: prv_version + 1, prv_estado: 1 } });
    expect(on.json()).toMatchObject({ message: 'Se modificó el producto correctamente', data: { prv_estado: 1 } });
    expect((await vendor('buscarRapido', { producto: { prv_nombre: 'para habilitar' } })).json().data).toMatchObject([{ prv_id }]);
  });

  it('buscarIndice answers the page of buscar holding a product', async () => {
    const { prv_id } = (await vendor('registrar', { producto: producto({ prv_nombre: 'Cemento indexado' }) })).json().data;
    const { indice, page, total } = (await vendor('buscarIndice', { producto: { prv_id, page: { size: 5 } } })).json().data;
    const onPage = await pagina({}, { number: page, size: 5 });
    expect(onPage.list[indice % 5].prv_id).toBe(prv_id);
    expect(onPage.total).toBe(total);
  });
});

describe('access', () => {
  const reads = (prvId: number): [string, unknown][] => [
    ['cargarOpciones', {}], ['buscarCategorias', {}], ['getTiposProductoxCategoria', { cat_id: ids.materiales }], ['buscar', { producto: {} }],
    ['buscarIndice', { producto: { prv_id: prvId } }], ['buscarRapido', { producto: { prv_nombre: 'cemento' } }], ['obtener', { producto: { prv_id: prvId } }],
  ];
  const writes = (prvId: number, version: number): [string, unknown][] => [
    ['registrar', { producto: producto({ prv_nombre: `Sin permiso ${version}` }) }],
    ['modificar', { producto: { ...producto({ prv_nombre: 'Cemento de acceso' }), prv_id: prvId, prv_version: version } }],
    ['deshabilitar', { producto: { prv_id: prvId } }],
    ['habilitar', { producto: { prv_id: prvId } }],
  ];
  let target: { prv_id: number; prv_version: number };
  beforeAll(async () => {
    target = (await vendor('registrar', { producto: producto({ prv_nombre: 'Cemento de acceso' }) })).json().data;
  });

  const expectRefused = async (headers: Headers, calls: [string, unknown][], status: number, message: string) => {
    for (const [call, body] of calls) {
      const res = await vendor(call, body, headers);
      expect([res.statusCode, res.json().message], call).toEqual([status, message]);
    }
  };

  it('logistica@ reads and writes every call', async () => {
    const logistica = await ctx.auth('logistica@andina.pe');
    for (const [call, body] of reads(target.prv_id)) expect((await vendor(call, body, logistica)).statusCode, call).toBe(200);
    for (const [call, body] of writes(target.prv_id, target.prv_version)) {
      const res = await vendor(call, body, logistica);
      expect(res.statusCode, call).toBe(call === 'registrar' ? 201 : 200);
    }
  });

  it('a holder of the module without the option registrar_producto reads, and is refused every write', async () => {
    const inventario = await ctx.auth('inventario@andina.pe');
    for (const [call, body] of reads(target.prv_id)) expect((await vendor(call, body, inventario)).statusCode, call).toBe(200);
    await expectRefused(inventario, writes(target.prv_id, 1), 403, 'No tiene permisos para realizar esta operación');
  });

  it('VISUALIZADOR reads and is refused every write', async () => {
    const viewer = await ctx.auth(VIEWER);
    expect((await vendor('buscar', { producto: {} }, viewer)).statusCode).toBe(200);
    await expectRefused(viewer, writes(target.prv_id, 1), 403, 'Tu rol solo permite consultar información');
  });

  it('users without the products module, suppliers and anonymous callers are refused every call', async () => {
    const all = [...reads(target.prv_id), ...writes(target.prv_id, 1)];
    await expectRefused(await ctx.auth('tesoreria@andina.pe'), all, 403, 'No tienes acceso a este módulo');
    const supplier = await ctx.auth(SUPPLIER);
    for (const [call, body] of all) expect((await vendor(call, body, supplier)).statusCode, call).toBe(403);
    for (const [call, body] of all) expect((await ctx.app.inject({ method: 'POST', url: `/api/productoVendor/${call}`, payload: body as object })).statusCode, call).toBe(401);
  });
});
