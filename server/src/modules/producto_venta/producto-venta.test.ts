import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client.ts';
import { ADMIN, VIEWER, createTestContext, type TestContext } from '../../test/harness.ts';

type Headers = { authorization: string };
interface Row { pvt_id: number; pvt_nombre: string; pvt_precio: string; pvt_precio_minimo: string; pvt_precio_igv: string; unm_simbolo: string; est_id: number; est_nombre: string }

let ctx: TestContext;
let admin: Headers;
const ids = { concreto: 0, estructural: 0, bombeable: 0, aditivos: 0, acelerantes: 0, andina: 0, sika: 0, m3: 0, gln: 0 };

const post = (path: string, payload: unknown, headers: Headers = admin) =>
  ctx.app.inject({ method: 'POST', url: `/api/${path}`, headers, payload: payload as object });
const pvt = (call: string, payload: unknown, headers?: Headers) => post(`productoVenta/${call}`, payload, headers);
const one = async (query: ReturnType<typeof sql>) => (await selectRows<{ id: number }>(ctx.deps.database.db, query))[0].id;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.auth(ADMIN);
  const tipo = (n: string) => one(sql`select pti_id as id from producto_venta_tipo where pti_nombre = ${n}`);
  Object.assign(ids, {
    concreto: await tipo('Concreto'), estructural: await tipo('Estructural'), bombeable: await tipo('Bombeable'),
    aditivos: await tipo('Aditivos'), acelerantes: await tipo('Acelerantes'),
    andina: await one(sql`select mar_id as id from marca where mar_nombre = 'Concretera Andina'`),
    sika: await one(sql`select mar_id as id from marca where mar_nombre = 'Sika'`),
    m3: await one(sql`select unm_id as id from unidad_medida where unm_simbolo = 'M3'`),
    gln: await one(sql`select unm_id as id from unidad_medida where unm_simbolo = 'GLN'`),
  });
});
afterAll(() => ctx.close());

const campos = (over: Record<string, unknown> = {}) => ({
  pti_id_parent: ids.concreto, pti_id: ids.estructural, pvg_id: 1, mar_id: ids.andina, unm_id: ids.m3,
  pvt_nombre: "Concreto premezclado f'c 315 kg/cm²", pvt_descripcion: 'Para placas de sótanos', pvt_precio_minimo: '340.50', pvt_precio: '370.00', pvt_stock: '0', ...over,
});
const buscar = async (f: Record<string, unknown> = {}) => (await pvt('buscar', { producto_venta: f })).json().data as Row[];

describe('/productoVenta/buscar', () => {
  it('lists the demo catalogue by name with unit, status and the price with IGV', async () => {
    const rows = await buscar();
    expect(rows).toHaveLength(15);
    expect(rows.map((r) => r.pvt_nombre)).toContain('Piedra chancada 1/2"');
    const fc210 = rows.find((r) => r.pvt_nombre === "Concreto premezclado f'c 210 kg/cm²")!;
    expect(fc210).toMatchObject({ pvt_precio: '305.00', pvt_precio_minimo: '281.00', pvt_precio_igv: '359.90', unm_simbolo: 'M3', unm_descripcion: 'Metro cúbico', est_id: 1, est_nombre: 'Activo' });
  });

  it('narrows by words of the name (pvt_search or pvt_nombre) and by status', async () => {
    expect((await buscar({ pvt_search: 'bombeable 280' })).map((r) => r.pvt_nombre)).toEqual(["Concreto bombeable f'c 280 kg/cm²"]);
    expect((await buscar({ pvt_nombre: 'ADITIVO' })).map((r) => r.pvt_nombre)).toEqual(['Aditivo acelerante de fragua', 'Aditivo plastificante reductor de agua']);
    expect((await buscar({ est_id: 0 })).map((r) => r.pvt_nombre)).toEqual(["Concreto premezclado f'c 140 kg/cm²"]);
    expect((await buscar({ pvt_search: '100%_' })).length).toBe(0);
    const bad = await pvt('buscar', { producto_venta: { est_id: 2 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('El estado del producto de venta debe ser activo o inactivo');
  });
});

describe('/productoVenta/buscarRapido', () => {
  it('offers active products only, with prices and unit', async () => {
    const rows = (await pvt('buscarRapido', { producto_venta: { pvt_search: 'concreto premezclado' } })).json().data as Row[];
    expect(rows.map((r) => r.pvt_nombre)).not.toContain("Concreto premezclado f'c 140 kg/cm²");
    expect(rows[0]).toMatchObject({ pvt_precio: expect.any(String), pvt_precio_minimo: expect.any(String), unm_simbolo: 'M3' });
  });

  it.each([{ producto_venta: { pvt_search: ' ' } }, { producto_venta: {} }, {}])('answers the spec\'s text for an empty search %o', async (body) => {
    const res = await pvt('buscarRapido', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Debe ingresar alguna referencia del producto');
  });

  it('is open to the order desk (orden_venta) but not to logistics', async () => {
    expect((await pvt('buscarRapido', { producto_venta: { pvt_search: 'arena' } }, await ctx.auth('contabilidad@andina.pe'))).statusCode).toBe(200);
    const res = await pvt('buscarRapido', { producto_venta: { pvt_search: 'arena' } }, await ctx.auth('logistica@andina.pe'));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('No tienes acceso a este módulo');
  });
});

describe('register, read and modify', () => {
  let saved: Row & { pvt_version: number; pti_id_parent: number; pti_parent_nombre: string; pti_nombre: string; pvg_nombre: string; mar_nombre: string };

  it('registers a product, active by default, and reads it back with its references', async () => {
    const res = await pvt('registrar', { producto_venta: campos() });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Se registró el producto de venta correctamente');
    saved = res.json().data;
    expect(saved).toMatchObject({
      pvt_precio: '370.00', pvt_precio_minimo: '340.50', pvt_precio_igv: '436.60', pvt_stock: '0.0000', est_id: 1, pvt_version: 1,
      pti_id_parent: ids.concreto, pti_parent_nombre: 'Concreto', pti_nombre: 'Estructural', pvg_nombre: 'Concreto premezclado', mar_nombre: 'Concretera Andina',
    });
    expect((await pvt('obtener', { producto_venta: { pvt_id: saved.pvt_id } })).json().data).toEqual(saved);
  });

  it('registers without a group, or with the spec\'s pvt_grupo alone (issue 27)', async () => {
    const { pvg_id: _g, ...sinGrupo } = campos({ pvt_nombre: 'Sin grupo' });
    const a = await pvt('registrar', { producto_venta: sinGrupo });
    expect(a.statusCode, a.body).toBe(201);
    expect(a.json().data).toMatchObject({ pvt_grupo: null, pvg_id: null, pvg_nombre: null });
    const b = await pvt('registrar', { producto_venta: { ...sinGrupo, pvt_nombre: 'Con pvt_grupo', pvt_grupo: 2 } });
    expect(b.statusCode, b.body).toBe(201);
    expect(b.json().data).toMatchObject({ pvt_grupo: 2, pvg_id: 2 });
    const malo = await pvt('registrar', { producto_venta: { ...sinGrupo, pvt_nombre: 'Grupo malo', pvt_grupo: 99 } });
    expect(malo.json().message).toBe('El grupo seleccionado no existe');
  });

  it.each(['pti_id_parent', 'pti_id', 'mar_id', 'unm_id', 'pvt_nombre', 'pvt_descripcion', 'pvt_precio', 'pvt_precio_minimo', 'pvt_stock'])(
    'answers the spec\'s text when %s is missing', async (field) => {
      for (const value of [undefined, null]) {
        const res = await pvt('registrar', { producto_venta: campos({ pvt_nombre: `Sin ${field}`, [field]: value }) });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe('Falta ingresar datos para registrar el producto-venta');
      }
    });

  it('answers the spec\'s text without the wrapper or with an empty name', async () => {
    for (const body of [{}, { producto_venta: null }, { producto_venta: campos({ pvt_nombre: '  ' }) }]) {
      expect((await pvt('registrar', body)).json().message).toBe('Falta ingresar datos para registrar el producto-venta');
    }
  });

  it.each([
    [{ pvt_precio_minimo: '370.01' }, 'El precio mínimo no puede ser mayor que el precio máximo'],
    [{ pvt_precio: '370.001' }, 'El precio máximo debe ser un número mayor a 0 con hasta 2 decimales'],
    [{ pvt_precio: '0', pvt_precio_minimo: '0' }, 'El precio máximo debe ser un número mayor a 0 con hasta 2 decimales'],
    [{ pvt_precio_minimo: '-1' }, 'El precio mínimo debe ser un número mayor o igual a 0 con hasta 2 decimales'],
    [{ pvt_precio: 1e21 }, 'El precio máximo debe ser un número mayor a 0 con hasta 2 decimales'],
    [{ pvt_stock: '-0.5' }, 'El stock debe ser un número mayor o igual a 0 con hasta 4 decimales'],
    [{ pvt_stock: '1.23456' }, 'El stock debe ser un número mayor o igual a 0 con hasta 4 decimales'],
    [{ pvt_stock: '12345678901' }, 'El stock no debe superar 9 999 999 999.9999'],
    [{ est_id: 3 }, 'El estado del producto de venta debe ser activo o inactivo'],
  ])('refuses %o', async (over, message) => {
    const res = await pvt('registrar', { producto_venta: campos({ pvt_nombre: 'Otro', ...over }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('takes prices as decimal text and keeps them exact', async () => {
    const res = await pvt('registrar', { producto_venta: campos({ pvt_nombre: 'Exacto', pvt_precio: '0.1', pvt_precio_minimo: 0.1, pvt_stock: '2,5' }) });
    expect(res.json().data).toMatchObject({ pvt_precio: '0.10', pvt_precio_minimo: '0.10', pvt_precio_igv: '0.12', pvt_stock: '2.5000' });
  });

  it.each([
    [() => ({ pti_id: ids.concreto }), 'El tipo de producto debe ser de segundo nivel'],
    [() => ({ pti_id: ids.acelerantes }), 'El tipo de producto no pertenece al tipo de primer nivel seleccionado'],
    [() => ({ pti_id_parent: ids.estructural }), 'El tipo de primer nivel no existe o está inactivo'],
    [() => ({ pti_id: 999999 }), 'El tipo de producto no existe o está inactivo'],
    [() => ({ pvg_id: 99 }), 'El grupo seleccionado no existe'],
    [() => ({ mar_id: 999999 }), 'La marca no existe o está inactiva'],
    [() => ({ unm_id: 999999 }), 'La unidad de medida no existe o está inactiva'],
  ])('checks the references (%#)', async (over, message) => {
    const res = await pvt('registrar', { producto_venta: campos({ pvt_nombre: 'Referencias', ...over() }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('refuses a name already used, ignoring case and spaces', async () => {
    const res = await pvt('registrar', { producto_venta: campos({ pvt_nombre: "CONCRETO  PREMEZCLADO f'c 210 KG/CM²" }) });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Ya existe un producto de venta con ese nombre');
  });

  it('modifies with the version read, moves it to another type and deactivates it', async () => {
    const cambios = campos({ pvt_id: saved.pvt_id, pvt_version: saved.pvt_version, pti_id_parent: ids.aditivos, pti_id: ids.acelerantes, pvg_id: 3,
      mar_id: ids.sika, unm_id: ids.gln, pvt_nombre: 'Acelerante premium', pvt_precio: '55.5', pvt_precio_minimo: '50', pvt_stock: '10.25', est_id: 0 });
    const res = await pvt('modificar', { producto_venta: cambios });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Se modificó el producto de venta correctamente');
    expect(res.json().data).toMatchObject({ pvt_nombre: 'Acelerante premium', pvt_precio_igv: '65.49', unm_simbolo: 'GLN', est_id: 0, est_nombre: 'Inactivo', pvt_version: 2, pti_parent_nombre: 'Aditivos' });
    // The same edit again carries a stale version: 409 and nothing changes.
    const stale = await pvt('modificar', { producto_venta: { ...cambios, pvt_nombre: 'Pisado' } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('El registro fue modificado por otro usuario, vuelva a cargarlo');
    expect((await pvt('obtener', { producto_venta: { pvt_id: saved.pvt_id } })).json().data.pvt_nombre).toBe('Acelerante premium');
  });

  it('answers the spec\'s text for a modify without status or id, and the version and 404 otherwise', async () => {
    const base = campos({ pvt_id: saved.pvt_id, pvt_version: 2, pvt_nombre: 'Acelerante premium', est_id: 1 });
    for (const field of ['est_id', 'pvt_id']) {
      const res = await pvt('modificar', { producto_venta: { ...base, [field]: undefined } });
      expect(res.json().message, field).toBe('Falta ingresar datos para registrar el producto-venta');
    }
    expect((await pvt('modificar', { producto_venta: { ...base, pvt_version: undefined } })).json().message).toBe('Debe indicar la versión leída del producto de venta');
    expect((await pvt('modificar', { producto_venta: { ...base, est_id: 5 } })).json().message).toBe('El estado del producto de venta debe ser activo o inactivo');
    const missing = await pvt('modificar', { producto_venta: { ...base, pvt_id: 999999 } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('No se encontró el producto de venta');
  });

  it('keeps a reference deactivated since the product took it', async () => {
    await selectRows(ctx.deps.database.db, sql`update marca set mar_estado = 0 where mar_id = ${ids.sika}`);
    try {
      const base = campos({ pvt_id: saved.pvt_id, pvt_version: 2, pti_id_parent: ids.aditivos, pti_id: ids.acelerantes, pvg_id: 3, mar_id: ids.sika, unm_id: ids.gln, pvt_nombre: 'Acelerante premium', est_id: 1 });
      expect((await pvt('modificar', { producto_venta: base })).statusCode).toBe(200);
      const nuevo = await pvt('registrar', { producto_venta: campos({ pvt_nombre: 'Con marca inactiva', mar_id: ids.sika }) });
      expect(nuevo.json().message).toBe('La marca no existe o está inactiva');
    } finally {
      await selectRows(ctx.deps.database.db, sql`update marca set mar_estado = 1 where mar_id = ${ids.sika}`);
    }
  });

  it('registers one of two concurrent saves of the same name', async () => {
    const body = { producto_venta: campos({ pvt_nombre: 'Concreto lanzado (shotcrete)' }) };
    const codes = (await Promise.all([pvt('registrar', body), pvt('registrar', body)])).map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409]);
  });
});

describe('dispatched by mixer (issue 24)', () => {
  type Con = Row & { pvt_despacho_mixer: boolean; pvt_version: number };
  const porNombre = async (nombre: string) => (await buscar({ pvt_nombre: nombre }) as Con[]).find((r) => r.pvt_nombre === nombre)!;

  it('seeds the pumping services as needing no mixer, everything else by mixer, and lists it', async () => {
    const rows = await buscar() as Con[];
    expect(rows.filter((r) => !r.pvt_despacho_mixer).map((r) => r.pvt_nombre).sort())
      .toEqual(['Servicio de bomba pluma (por hora)', 'Servicio de bombeo de concreto (por m³)']);
    expect((await porNombre("Concreto premezclado f'c 210 kg/cm²")).pvt_despacho_mixer).toBe(true);
    const rapida = (await pvt('buscarRapido', { producto_venta: { pvt_search: 'bombeo' } })).json().data as Con[];
    expect(rapida[0]).toMatchObject({ pvt_nombre: 'Servicio de bombeo de concreto (por m³)', pvt_despacho_mixer: false });
  });

  it('takes true when a register does not send it (the spec\'s payload), keeps it on a modify that does not send it', async () => {
    const porDefecto = await pvt('registrar', { producto_venta: campos({ pvt_nombre: 'Concreto ciclópeo' }) });
    expect(porDefecto.statusCode).toBe(201);
    expect(porDefecto.json().data.pvt_despacho_mixer).toBe(true);

    const res = await pvt('registrar', { producto_venta: campos({ pvt_nombre: 'Servicio de bombeo nocturno', pvt_despacho_mixer: false }) });
    expect(res.statusCode).toBe(201);
    const s = res.json().data as Con;
    expect(s.pvt_despacho_mixer).toBe(false);
    expect((await pvt('obtener', { producto_venta: { pvt_id: s.pvt_id } })).json().data.pvt_despacho_mixer).toBe(false);
    expect((await porNombre('Servicio de bombeo nocturno')).pvt_despacho_mixer).toBe(false);

    // A modification without the field (the spec's payload) keeps it; one that sends it changes it.
    const base = campos({ pvt_id: s.pvt_id, pvt_nombre: 'Servicio de bombeo nocturno', est_id: 1 });
    const sin = await pvt('modificar', { producto_venta: { ...base, pvt_version: 1, pvt_descripcion: 'Con recargo nocturno' } });
    expect(sin.statusCode).toBe(200);
    expect(sin.json().data).toMatchObject({ pvt_despacho_mixer: false, pvt_version: 2 });
    const con = await pvt('modificar', { producto_venta: { ...base, pvt_version: 2, pvt_despacho_mixer: true } });
    expect(con.json().data).toMatchObject({ pvt_despacho_mixer: true, pvt_version: 3 });
  });

  it('refuses a value that is not yes or no', async () => {
    const res = await pvt('registrar', { producto_venta: campos({ pvt_nombre: 'Dudoso', pvt_despacho_mixer: 'quizá' }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Indique si el producto se despacha en mixer (sí o no)');
  });
});

describe('access', () => {
  it('refuses the module to logistica@ with 403', async () => {
    const logistica = await ctx.auth('logistica@andina.pe');
    for (const path of ['productoVenta/buscar', 'productoVenta/obtener', 'productoVenta/registrar', 'productoVenta/modificar', 'productoVentaTipo/buscar', 'productoVentaTipo/registrar']) {
      const res = await post(path, {}, logistica);
      expect(res.statusCode, path).toBe(403);
      expect(res.json().message).toBe('No tienes acceso a este módulo');
    }
  });

  it('lets VISUALIZADOR read but not register or modify', async () => {
    const viewer = await ctx.auth(VIEWER);
    expect((await pvt('buscar', {}, viewer)).statusCode).toBe(200);
    const res = await pvt('registrar', { producto_venta: campos({ pvt_nombre: 'Del visualizador' }) }, viewer);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Tu rol solo permite consultar información');
    expect((await post('productoVentaTipo/registrar', { producto_venta_tipo: { pti_nombre: 'X' } }, viewer)).statusCode).toBe(403);
    expect((await buscar({ pvt_nombre: 'visualizador' })).length).toBe(0);
  });
});
