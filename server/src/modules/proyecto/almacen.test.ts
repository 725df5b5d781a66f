import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client.ts';
import { ADMIN, SUPPLIER, VIEWER, createTestContext, type TestContext } from '../../test/harness.ts';

type Headers = { authorization: string };
type Ref = { alm_id: number; alm_nombre: string; alm_tipo: number; pry_id: number; pry_nombre: string };
let ctx: TestContext;
let admin: Headers;
let sinProyecto: Headers;
let pry1: number;
let pry2: number;

const NO_PROJECT = 'No te encuentras asignado a ningun proyecto, no te puedo mostrar almacenes';
const run = <T>(query: ReturnType<typeof sql>) => selectRows<T>(ctx.deps.database.db, query);
const post = (url: string, payload: object | undefined, headers: Headers = admin) =>
  ctx.app.inject({ method: 'POST', url: `/api${url}`, headers, ...(payload === undefined ? {} : { payload }) });
const names = (rows: Ref[]) => rows.map((a) => `${a.pry_nombre} | ${a.alm_nombre}`);

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.auth(ADMIN);
  // A user with no project; warehouse lookups need no module, so no role either.
  await run(sql`
    insert into usuario (usu_nombre, usu_apellido, usu_dni, usu_correo, usu_password_hash, usu_nivel)
    values ('Sin', 'Proyecto', '49999991', 'sinproyecto@andina.pe', 'x', 0)`);
  sinProyecto = await ctx.auth('sinproyecto@andina.pe');
  [{ pry_id: pry1 }] = await run<{ pry_id: number }>(sql`select pry_id from proyecto where pry_codigo = 'PRY-001'`);
  [{ pry_id: pry2 }] = await run<{ pry_id: number }>(sql`select pry_id from proyecto where pry_codigo = 'PRY-002'`);
  // An inactive warehouse, and an inactive project with an active one: neither is offered.
  await run(sql`insert into almacen (alm_nombre, alm_direccion, alm_estado, pry_id) values ('Almacén Cerrado', 'x', 0, ${pry1})`);
  await post('/proyecto/registrar', { proyecto: {
    pry_codigo: 'PRY-099', pry_nombre: 'Obra Terminada', pry_descripcion: 'x', almacenes: [{ alm_nombre: 'Almacén Viejo', alm_direccion: 'x' }],
  } });
  await run(sql`update proyecto set pry_estado = 0 where pry_codigo = 'PRY-099'`);
});
afterAll(() => ctx.close());

describe('/getAlmacenes', () => {
  it('gives a corporate user every active warehouse of the active projects, main ones first', async () => {
    const res = await post('/getAlmacenes', undefined);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success', message: '' });
    expect(names(res.json().data)).toEqual([
      'Edificio Miraflores | Almacén de Obra Miraflores', 'Planta Lurín | Almacén Central', 'Planta Lurín | Almacén de Agregados',
    ]);
    expect(res.json().data[1]).toEqual({ alm_id: expect.any(Number), alm_nombre: 'Almacén Central', alm_tipo: 0, pry_id: pry1, pry_nombre: 'Planta Lurín' });
    expect((await post('/getAlmacenes', {})).json().data).toHaveLength(3);
  });

  it("gives a project user their project's warehouses, also without the projects module", async () => {
    const estandar = await ctx.auth('estandar@andina.pe');
    expect(names((await post('/getAlmacenes', undefined, estandar)).json().data)).toEqual(['Edificio Miraflores | Almacén de Obra Miraflores']);
    expect((await post('/proyecto/buscar', {}, estandar)).statusCode).toBe(403);
    expect((await post('/proyecto/buscar', {}, estandar)).json().message).toBe('No tienes acceso a este módulo');
  });

  it('answers a user without project an empty list and the spec message', async () => {
    const res = await post('/getAlmacenes', undefined, sinProyecto);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: NO_PROJECT, data: [] });
  });

  it('refuses supplier accounts', async () => {
    const supplier = await ctx.auth(SUPPLIER);
    for (const url of ['/getAlmacenes', '/almacen/buscar', '/almacen/buscarRapido', '/almacen/obtenerxProyecto']) {
      expect((await post(url, { almacen: { pry_id: pry1 } }, supplier)).statusCode, url).toBe(403);
    }
  });
});

describe('/almacen/buscar', () => {
  it('pages the warehouses in scope with their project, filtered by text, project and status', async () => {
    const all = (await post('/almacen/buscar', {})).json().data;
    expect(all.total).toBe(3 + 1);
    expect(all.data.find((a: Ref) => a.alm_nombre === 'Almacén Viejo')).toMatchObject({ pry_nombre: 'Obra Terminada', pry_codigo: 'PRY-099', alm_direccion: 'x', alm_estado: 1 });
    const page2 = (await post('/almacen/buscar', { almacen: { page: { number: 2, size: 2 } } })).json().data;
    expect(page2.data.map((a: Ref) => a.alm_id)).toEqual(all.data.slice(2, 4).map((a: Ref) => a.alm_id));
    const lurin = (await post('/almacen/buscar', { almacen: { pry_id: pry1, alm_estado: null } })).json().data;
    expect(lurin.data.map((a: Ref) => a.alm_nombre)).toEqual(['Almacén Central', 'Almacén Cerrado', 'Almacén de Agregados']);
    const closed = (await post('/almacen/buscar', { almacen: { alm_estado: 0 } })).json().data;
    expect(closed.data.map((a: Ref) => a.alm_nombre)).toEqual(['Almacén Cerrado']);
    expect((await post('/almacen/buscar', { almacen: { alm_nombre: 'miraflores' } })).json().data.total).toBe(1);
  });

  it('limits a project user to their project and answers the no-project message', async () => {
    const almacen = await ctx.auth('almacen@andina.pe');
    const own = (await post('/almacen/buscar', { almacen: { pry_id: pry2 } }, almacen)).json();
    expect(own.data).toEqual({ data: [], total: 0, total_exacto: true });
    expect((await post('/almacen/buscar', {}, almacen)).json().data.total).toBe(2);
    expect((await post('/almacen/buscar', {}, sinProyecto)).json()).toEqual({ status: 'success', message: NO_PROJECT, data: { data: [], total: 0 } });
  });
});

describe('/almacen/obtenerxProyecto', () => {
  it("answers a project's active warehouses, 404 outside scope, and the no-project message", async () => {
    const res = (await post('/almacen/obtenerxProyecto', { almacen: { pry_id: pry1 } })).json();
    expect(names(res.data)).toEqual(['Planta Lurín | Almacén Central', 'Planta Lurín | Almacén de Agregados']);
    const almacen = await ctx.auth('almacen@andina.pe');
    expect((await post('/almacen/obtenerxProyecto', { almacen: { pry_id: pry1 } }, almacen)).json().data).toHaveLength(2);
    const other = await post('/almacen/obtenerxProyecto', { almacen: { pry_id: pry2 } }, almacen);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('No se encontró el proyecto');
    expect((await post('/almacen/obtenerxProyecto', { almacen: { pry_id: 99999 } })).statusCode).toBe(404);
    expect((await post('/almacen/obtenerxProyecto', { almacen: { pry_id: pry1 } }, sinProyecto)).json()).toEqual({ status: 'success', message: NO_PROJECT, data: [] });
    const bad = await post('/almacen/obtenerxProyecto', { almacen: {} });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Debe indicar el proyecto');
  });
});

describe('/almacen/buscarRapido', () => {
  it('matches project or warehouse name, in scope, 20 at most', async () => {
    expect(names((await post('/almacen/buscarRapido', { almacen: { alm_nombre: 'lurín' } })).json().data))
      .toEqual(['Planta Lurín | Almacén Central', 'Planta Lurín | Almacén de Agregados']);
    expect(names((await post('/almacen/buscarRapido', { almacen: { alm_nombre: 'agreg' } })).json().data)).toEqual(['Planta Lurín | Almacén de Agregados']);
    const estandar = await ctx.auth('estandar@andina.pe');
    expect((await post('/almacen/buscarRapido', { almacen: { alm_nombre: 'lurín' } }, estandar)).json().data).toEqual([]);
    await run(sql`insert into almacen (alm_nombre, alm_direccion, pry_id) select 'Almacén Extra ' || g, 'x', ${pry2} from generate_series(1, 25) g`);
    expect((await post('/almacen/buscarRapido', { almacen: { alm_nombre: 'extra' } })).json().data).toHaveLength(20);
    expect((await post('/almacen/buscarRapido', {}, sinProyecto)).json()).toEqual({ status: 'success', message: NO_PROJECT, data: [] });
  });

  it('lets VISUALIZADOR read every lookup', async () => {
    const viewer = await ctx.auth(VIEWER);
    expect((await post('/getAlmacenes', undefined, viewer)).statusCode).toBe(200);
    expect((await post('/almacen/buscar', {}, viewer)).statusCode).toBe(200);
  });
});
