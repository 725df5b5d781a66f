import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client.ts';
import { ADMIN, VIEWER, createTestContext, type TestContext } from '../../test/harness.ts';

type Headers = { authorization: string };
let ctx: TestContext;
let admin: Headers;
const ids = { materiales: 0, cemento: 0, agregados: 0, epp: 0, cascos: 0, sika: 0, bosch: 0, bls: 0, und: 0 };

const post = (url: string, payload: unknown, headers: Headers = admin) =>
  ctx.app.inject({ method: 'POST', url: `/api/${url}`, headers, payload: payload as object });
const vendor = (call: string, payload: unknown = {}, headers: Headers = admin) => post(`productoVendor/${call}`, payload, headers);
const one = async <T>(query: ReturnType<typeof sql>) => (await selectRows<T>(ctx.deps.database.db, query))[0];

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.auth(ADMIN);
  const cat = async (n: string) => (await one<{ id: number }>(sql`select cat_id as id from categoria_producto where cat_nombre = ${n}`)).id;
  const tip = async (c: number, n: string) => (await one<{ id: number }>(sql`select tip_id as id from tipo_producto where cat_id = ${c} and tip_nombre = ${n}`)).id;
  ids.materiales = await cat('Materiales de construcción');
  ids.epp = await cat('EPP');
  ids.cemento = await tip(ids.materiales, 'Cemento');
  ids.agregados = await tip(ids.materiales, 'Agregados');
  ids.cascos = await tip(ids.epp, 'Cascos');
  ids.sika = (await one<{ id: number }>(sql`select mar_id as id from marca where mar_nombre = 'Sika'`)).id;
  ids.bosch = (await one<{ id: number }>(sql`select mar_id as id from marca where mar_nombre = 'Bosch'`)).id;
  ids.bls = (await one<{ id: number }>(sql`select unm_id as id from unidad_medida where unm_simbolo = 'BLS'`)).id;
  ids.und = (await one<{ id: number }>(sql`select unm_id as id from unidad_medida where unm_simbolo = 'UND'`)).id;
});
afterAll(() => ctx.close());

const nuevo = (over: Record<string, unknown> = {}) => ({
  producto: {
    prv_nombre: 'Cemento Portland Tipo IP 42.5 kg', cat_id: ids.materiales, tip_id: ids.cemento, mar_id: ids.sika, unm_id: ids.bls,
    prv_item: 0, prv_reposicion: 1, prv_retornable: 0, prv_retorno_estimado: null, prv_stock_minimo: '12.5', ...over,
  },
});
/** The spec 3 page as `{data, total}`, the shape of the spec 1 list, so both read alike below. */
const buscar = async (f: Record<string, unknown> = {}, page = { number: 1, size: 10 }) => {
  const p = (await vendor('buscar', { producto: { ...f, page } })).json().data.page as { list: { prv_id: number; prv_nombre: string; prv_estado: number }[]; total: number };
  return { data: p.list, total: p.total };
};

describe('options of the form', () => {
  it('loads categories, brands and units, and the types of a category', async () => {
    const res = await vendor('cargarOpciones');
    expect(res.statusCode).toBe(200);
    const { categorias, marcas, unidades_medida } = res.json().data;
    expect(categorias).toHaveLength(8);
    expect(marcas).toContainEqual({ mar_id: ids.sika, mar_nombre: 'Sika' });
    expect(unidades_medida).toContainEqual(expect.objectContaining({ unm_simbolo: 'BLS' }));
    expect((await vendor('buscarCategorias')).json().data).toEqual(categorias);
    const tipos = (await vendor('getTiposProductoxCategoria', { cat_id: ids.materiales })).json().data;
    expect(tipos.map((t: { tip_nombre: string }) => t.tip_nombre)).toEqual(['Acero', 'Aditivos', 'Agregados', 'Cemento']);
    expect((await vendor('getTiposProductoxCategoria', {})).json().message).toBe('Seleccione la categoría');
  });

  it('answers the spec 1 lookups', async () => {
    const cats = await ctx.app.inject({ method: 'GET', url: '/api/categoria-producto/list', headers: admin });
    expect(cats.json().data).toHaveLength(8);
    const tipos = await ctx.app.inject({ method: 'GET', url: `/api/tipo-producto/get-categoria?id_categoria=${ids.epp}`, headers: admin });
    expect(tipos.json().data.map((t: { tip_nombre: string }) => t.tip_nombre)).toEqual(['Botas', 'Cascos', 'Guantes', 'Lentes']);
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/tipo-producto/get-categoria?id_categoria=x', headers: admin });
    expect(bad.statusCode).toBe(400);
    // A lookup of other screens: a user without the products module reads it too.
    const tesoreria = await ctx.auth('tesoreria@andina.pe');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/categoria-producto/list', headers: tesoreria })).statusCode).toBe(200);
  });
});

describe('search', () => {
  it('pages the catalogue in SQL, ordered by name', async () => {
    const first = await buscar();
    expect(first.total).toBe(46);
    expect(first.data).toHaveLength(10);
    expect(first.data[0].prv_nombre).toBe('Aceite de motor 15W-40');
    const last = await buscar({}, { number: 5, size: 10 });
    expect(last.data).toHaveLength(6);
    const names = [...first.data, ...last.data].map((p) => p.prv_nombre.toLowerCase());
    expect(names.slice(0, 10)).toEqual([...names.slice(0, 10)].sort());
  });

  it('filters by every word of the name, category, type, brand, returnable and status', async () => {
    expect((await buscar({ prv_nombre: 'CEMENTO' })).total).toBe(3);
    expect((await buscar({ prv_nombre: 'piedra 1/2' })).data.map((p) => p.prv_nombre)).toEqual(['Piedra chancada 1/2"']);
    expect((await buscar({ prv_nombre: '100%' })).total).toBe(0);
    expect((await buscar({ cat_id: ids.materiales })).total).toBe(13);
    expect((await buscar({ cat_id: ids.materiales, tip_id: ids.agregados })).total).toBe(4);
    expect((await buscar({ mar_id: ids.bosch })).total).toBe(2);
    expect((await buscar({ prv_retornable: 1 })).total).toBe(10);
    const disabled = await buscar({ prv_estado: 0 });
    expect(disabled.data.map((p) => p.prv_nombre)).toEqual(['Botas de jebe punta de acero']);
    const row = (await buscar({ prv_nombre: 'taladro' })).data[0];
    expect(row).toMatchObject({ cat_nombre: 'Herramientas', tip_nombre: 'Eléctricas', mar_nombre: 'Bosch', unm_simbolo: 'UND', prv_item: 1, prv_retornable: 1, prv_retorno_estimado: 30, prv_estado: 1 });
  });

  it('answers the spec 1 list {search,length,start,categoria,tipo}', async () => {
    const res = await post('producto/list', { search: 'fierro', start: 0, length: 1, categoria: ids.materiales });
    expect(res.json().data.total).toBe(2);
    expect(res.json().data.data).toHaveLength(1);
    const tipo = (await post('producto/list', { tipo: ids.cemento })).json().data;
    expect(tipo.total).toBe(3);
  });

  it('quick search lists active products only, names starting with the word first', async () => {
    const res = await vendor('buscarRapido', { producto: { prv_nombre: 'fierro' } });
    expect(res.json().data.map((p: { prv_nombre: string }) => p.prv_nombre)).toEqual(['Fierro corrugado 1/2" x 9 m', 'Fierro corrugado 3/8" x 9 m']);
    expect((await vendor('buscarRapido', { producto: { prv_nombre: 'jebe' } })).json().data).toEqual([]);
    const aceite = (await vendor('buscarRapido', { producto: { prv_nombre: 'aceite' } })).json().data;
    expect(aceite.map((p: { prv_nombre: string }) => p.prv_nombre)).toEqual(['Aceite de motor 15W-40', 'Aceite hidráulico ISO 68', 'Filtro de aceite para mixer']);
    expect((await vendor('buscarRapido', { producto: { prv_nombre: 'a' } })).json().data).toHaveLength(20);
    const empty = await vendor('buscarRapido', { producto: { prv_nombre: '  ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Debe ingresar alguna referencia del producto');
  });
});

describe('register, modify, enable and disable', () => {
  let id: number;

  it('registers a product and reads it back, the minimum stock as an exact decimal', async () => {
    const res = await vendor('registrar', nuevo({ prv_retorno_estimado: 15, prv_nombre: '  Cemento Portland   Tipo IP 42.5 kg ' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Se registró el producto correctamente');
    id = res.json().data.prv_id;
    const got = (await vendor('obtener', { producto: { prv_id: id } })).json().data;
    expect(got).toMatchObject({
      prv_nombre: 'Cemento Portland Tipo IP 42.5 kg', mar_nombre: 'Sika', unm_simbolo: 'BLS', prv_stock_minimo: '12.50',
      prv_retornable: 0, prv_retorno_estimado: null, prv_reposicion: 1, prv_estado: 1, prv_version: 1,
    });
    expect((await vendor('obtener', { producto: { prv_id: 999999 } })).statusCode).toBe(404);
  });

  it('answers a clear message for each invalid field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ prv_nombre: ' ' }, 'Ingrese el nombre del producto'],
      [{ prv_nombre: undefined }, 'Ingrese el nombre del producto'],
      [{ prv_nombre: 'x'.repeat(201) }, 'El nombre no debe superar 200 caracteres'],
      [{ cat_id: undefined }, 'Seleccione la categoría'],
      [{ tip_id: null }, 'Seleccione el tipo de producto'],
      [{ unm_id: undefined }, 'Seleccione la unidad de medida'],
      [{ prv_retornable: 1, prv_retorno_estimado: null }, 'Ingrese el retorno estimado (días) del producto retornable'],
      [{ prv_retornable: 1, prv_retorno_estimado: 0 }, 'El retorno estimado debe ser un número entero de días entre 1 y 3650'],
      [{ prv_retornable: 1, prv_retorno_estimado: 1.5 }, 'El retorno estimado debe ser un número entero de días entre 1 y 3650'],
      [{ prv_stock_minimo: '-1' }, 'El stock mínimo debe ser un número mayor o igual a 0 con hasta 2 decimales'],
      [{ prv_stock_minimo: '1.234' }, 'El stock mínimo debe ser un número mayor o igual a 0 con hasta 2 decimales'],
      [{ prv_stock_minimo: 1e-7 }, 'El stock mínimo debe ser un número mayor o igual a 0 con hasta 2 decimales'],
      [{ prv_stock_minimo: 'diez' }, 'El stock mínimo debe ser un número mayor o igual a 0 con hasta 2 decimales'],
      [{ tip_id: ids.cascos }, 'El tipo de producto no pertenece a la categoría seleccionada'],
      [{ cat_id: 99999 }, 'La categoría no existe o está inactiva'],
      [{ tip_id: 99999 }, 'El tipo de producto no existe o está inactivo'],
      [{ mar_id: 99999 }, 'La marca no existe o está inactiva'],
      [{ unm_id: 99999 }, 'La unidad de medida no existe o está inactiva'],
    ];
    for (const [over, message] of cases) {
      const res = await vendor('registrar', nuevo({ prv_nombre: 'Producto de validación', ...over }));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().message, JSON.stringify(over)).toBe(message);
    }
    expect((await buscar({ prv_nombre: 'validación' })).total).toBe(0);
  });

  it('keeps the estimated return only for returnable products and takes numbers by their decimal text', async () => {
    const res = await vendor('registrar', nuevo({ prv_nombre: 'Taladro inalámbrico', tip_id: ids.cemento, mar_id: null, unm_id: ids.und, prv_item: true, prv_retornable: 1, prv_retorno_estimado: 45, prv_stock_minimo: 0.1 }));
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ prv_item: 1, prv_retornable: 1, prv_retorno_estimado: 45, prv_stock_minimo: '0.10', mar_id: null });
  });

  it('refuses the same name and brand ignoring case with 409, with another brand it is a new product', async () => {
    const dup = await vendor('registrar', nuevo({ prv_nombre: 'CEMENTO PORTLAND TIPO IP 42.5 KG' }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('Ya existe un producto con ese nombre y esa marca');
    expect((await vendor('registrar', nuevo({ mar_id: ids.bosch }))).statusCode).toBe(201);
    expect((await vendor('registrar', nuevo({ prv_nombre: 'taladro INALÁMBRICO', mar_id: null }))).statusCode).toBe(409);
  });

  it('modifies with the version it read and refuses a stale one', async () => {
    const base = nuevo().producto;
    const first = await vendor('modificar', { producto: { ...base, prv_id: id, prv_version: 1, prv_stock_minimo: '99999999999.99', prv_retornable: 1, prv_retorno_estimado: 7 } });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ message: 'Se modificó el producto correctamente', data: { prv_version: 2, prv_stock_minimo: '99999999999.99', prv_retorno_estimado: 7 } });
    const stale = await vendor('modificar', { producto: { ...base, prv_id: id, prv_version: 1, prv_nombre: 'Pisado' } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('El registro fue modificado por otro usuario, vuelva a cargarlo');
    expect((await vendor('modificar', { producto: { ...base, prv_id: id } })).json().message).toBe('Debe indicar la versión leída del producto');
    expect((await vendor('modificar', { producto: { ...base, prv_id: 999999, prv_version: 1 } })).statusCode).toBe(404);
    const taken = await vendor('modificar', { producto: { ...base, prv_id: id, prv_version: 2, prv_nombre: 'Cemento Portland Tipo IP 42.5 kg', mar_id: ids.bosch } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('Ya existe un producto con ese nombre y esa marca');
    expect((await vendor('obtener', { producto: { prv_id: id } })).json().data).toMatchObject({ prv_version: 2, mar_id: ids.sika });
  });

  it('lets a product keep a category deactivated since, but not choose one', async () => {
    await selectRows(ctx.deps.database.db, sql`update categoria_producto set cat_estado = 0 where cat_id = ${ids.materiales}`);
    try {
      const keep = await vendor('modificar', { producto: { ...nuevo().producto, prv_id: id, prv_version: 2, prv_descripcion: 'Bolsa de 42.5 kg' } });
      expect(keep.statusCode).toBe(200);
      const fresh = await vendor('registrar', nuevo({ prv_nombre: 'Cemento blanco' }));
      expect(fresh.json().message).toBe('La categoría no existe o está inactiva');
    } finally {
      await selectRows(ctx.deps.database.db, sql`update categoria_producto set cat_estado = 1 where cat_id = ${ids.materiales}`);
    }
  });

  it('disables and enables again; each moves the version', async () => {
    const off = await vendor('deshabilitar', { producto: { prv_id: id } });
    expect(off.json()).toMatchObject({ message: 'Se deshabilitó el producto', data: { prv_estado: 0, prv_version: 4 } });
    expect((await vendor('buscarRapido', { producto: { prv_nombre: 'portland tipo ip' } })).json().data.map((p: { prv_id: number }) => p.prv_id)).not.toContain(id);
    const stale = await vendor('modificar', { producto: { ...nuevo().producto, prv_id: id, prv_version: 3 } });
    expect(stale.statusCode).toBe(409);
    const on = await vendor('habilitar', { producto: { prv_id: id } });
    expect(on.json()).toMatchObject({ message: 'Se habilitó el producto', data: { prv_estado: 1, prv_version: 5 } });
    expect((await vendor('deshabilitar', { producto: { prv_id: 999999 } })).statusCode).toBe(404);
  });

  it('finds the page a product is on for the same filters', async () => {
    const all = await vendor('buscarIndice', { producto: { prv_id: id, page: { size: 10 } } });
    const { indice, page, total } = all.json().data;
    const onPage = await buscar({}, { number: page, size: 10 });
    expect(onPage.data[indice % 10].prv_id).toBe(id);
    expect(total).toBe(onPage.total);
    const filtered = (await vendor('buscarIndice', { producto: { prv_id: id, prv_nombre: 'portland' } })).json().data;
    expect(filtered).toMatchObject({ page: 1, total: 3 });
    expect((await vendor('buscarIndice', { producto: { prv_id: id, prv_nombre: 'fierro' } })).json().data).toBeNull();
  });
});

describe('access', () => {
  it('needs the option registrar_producto to write; the module alone reads', async () => {
    const inventario = await ctx.auth('inventario@andina.pe');
    expect((await vendor('buscar', { producto: {} }, inventario)).statusCode).toBe(200);
    const [existing] = (await buscar()).data;
    const writes: [string, unknown][] = [
      ['productoVendor/registrar', nuevo({ prv_nombre: 'Sin opción' })],
      ['productoVendor/modificar', { producto: { ...nuevo().producto, prv_id: existing.prv_id, prv_version: 1 } }],
      ['productoVendor/deshabilitar', { producto: { prv_id: existing.prv_id } }],
      ['productoVendor/habilitar', { producto: { prv_id: existing.prv_id } }],
    ];
    for (const [url, body] of writes) {
      const res = await post(url, body, inventario);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message, url).toBe('No tiene permisos para realizar esta operación');
    }
    const logistica = await ctx.auth('logistica@andina.pe');
    expect((await vendor('registrar', nuevo({ prv_nombre: 'Registrado por logística' }), logistica)).statusCode).toBe(201);
  });

  it('refuses users without the module and every write of VISUALIZADOR', async () => {
    const tesoreria = await ctx.auth('tesoreria@andina.pe');
    const denied = await vendor('buscar', { producto: {} }, tesoreria);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe('No tienes acceso a este módulo');
    const viewer = await ctx.auth(VIEWER);
    expect((await vendor('buscar', { producto: {} }, viewer)).statusCode).toBe(200);
    const write = await vendor('registrar', nuevo({ prv_nombre: 'Del visualizador' }), viewer);
    expect(write.statusCode).toBe(403);
    expect(write.json().message).toBe('Tu rol solo permite consultar información');
  });
});
