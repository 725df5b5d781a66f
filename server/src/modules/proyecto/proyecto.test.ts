import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client.ts';
import { ADMIN, SUPPLIER, VIEWER, createTestContext, type TestContext } from '../../test/harness.ts';

type Headers = { authorization: string };
let ctx: TestContext;
let admin: Headers;
/** almacen@andina.pe, limited to PRY-001, given ADMINISTRADOR so it holds the projects module. */
let lurin: Headers;
/** A staff user with the module but no project. */
let sinProyecto: Headers;

const run = <T>(query: ReturnType<typeof sql>) => selectRows<T>(ctx.deps.database.db, query);
const post = (url: string, payload: object, headers: Headers = admin) =>
  ctx.app.inject({ method: 'POST', url: `/api${url}`, headers, payload });
const pryId = async (codigo: string) => (await run<{ pry_id: number }>(sql`select pry_id from proyecto where pry_codigo = ${codigo}`))[0].pry_id;
const count = async (table: 'proyecto' | 'almacen') =>
  Number((await run<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)}`))[0].n);

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.auth(ADMIN);
  await run(sql`insert into usuario_rol (usu_id, rol_id) select usu_id, 1 from usuario where usu_correo = 'almacen@andina.pe'`);
  lurin = await ctx.auth('almacen@andina.pe');
  await run(sql`
    insert into usuario (usu_nombre, usu_apellido, usu_dni, usu_correo, usu_password_hash, usu_nivel)
    values ('Sin', 'Proyecto', '49999990', 'sinproyecto@andina.pe', 'x', 0)`);
  await run(sql`insert into usuario_rol (usu_id, rol_id) select usu_id, 1 from usuario where usu_correo = 'sinproyecto@andina.pe'`);
  sinProyecto = await ctx.auth('sinproyecto@andina.pe');
});
afterAll(() => ctx.close());

const nuevo = (codigo: string, almacenes: object[] = [{ alm_nombre: 'Almacén Norte', alm_direccion: 'Av. Norte 100' }]) => ({
  proyecto: { pry_codigo: codigo, pry_nombre: `Proyecto ${codigo}`, pry_descripcion: 'Obra de prueba', almacenes },
});

describe('/proyecto/registrar and /proyecto/obtener', () => {
  it('registers a project with its warehouses and reads it back', async () => {
    const res = await post('/proyecto/registrar', nuevo('pry-010', [
      { alm_nombre: 'Almacén Principal', alm_direccion: 'Av. Los Álamos 12', alm_tipo: 0 },
      { alm_nombre: 'Almacén Secundario', alm_direccion: 'Jr. Los Pinos 5' },
    ]));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'success', message: 'Se registró el proyecto correctamente' });
    const id = res.json().data.pry_id;
    const got = (await post('/proyecto/obtener', { proyecto: { pry_id: id } })).json().data;
    expect(got).toMatchObject({
      pry_id: id, pry_codigo: 'PRY-010', pry_nombre: 'Proyecto pry-010', pry_estado: 1, pry_estado_nombre: 'Activo', pry_version: 1,
      almacenes: [
        { alm_nombre: 'Almacén Principal', alm_direccion: 'Av. Los Álamos 12', alm_tipo: 0, alm_estado: 1 },
        { alm_nombre: 'Almacén Secundario', alm_direccion: 'Jr. Los Pinos 5', alm_tipo: 1, alm_estado: 1 },
      ],
    });
  });

  it("answers 'Faltan ingresar datos' for a missing code, name, description or warehouse list", async () => {
    const base = nuevo('PRY-011').proyecto;
    const before = await count('proyecto');
    for (const proyecto of [
      { ...base, pry_codigo: '' }, { ...base, pry_nombre: '  ' }, { ...base, pry_descripcion: undefined }, { ...base, almacenes: [] },
      { ...base, almacenes: undefined },
    ]) {
      const res = await post('/proyecto/registrar', { proyecto });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 'error', message: 'Faltan ingresar datos' });
    }
    expect((await post('/proyecto/registrar', {})).json().message).toBe('Faltan ingresar datos');
    expect(await count('proyecto')).toBe(before);
  });

  it("answers 'Debe ingresar todos los datos del almacén' for a warehouse without name or address", async () => {
    const before = await count('almacen');
    for (const almacen of [{ alm_nombre: 'Almacén Sur' }, { alm_direccion: 'Calle 1' }, { alm_nombre: ' ', alm_direccion: 'Calle 1' }]) {
      const res = await post('/proyecto/registrar', nuevo('PRY-012', [{ alm_nombre: 'Almacén Uno', alm_direccion: 'Calle 2' }, almacen]));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Debe ingresar todos los datos del almacén');
    }
    expect(await count('almacen')).toBe(before);
  });

  it('refuses two main warehouses and a repeated warehouse name', async () => {
    const dos = await post('/proyecto/registrar', nuevo('PRY-013', [
      { alm_nombre: 'A', alm_direccion: 'x', alm_tipo: 0 }, { alm_nombre: 'B', alm_direccion: 'y', alm_tipo: 0 },
    ]));
    expect(dos.statusCode).toBe(400);
    expect(dos.json().message).toBe('Solo un almacén puede ser el principal del proyecto');
    const rep = await post('/proyecto/registrar', nuevo('PRY-013', [{ alm_nombre: 'Patio', alm_direccion: 'x' }, { alm_nombre: 'patio ', alm_direccion: 'y' }]));
    expect(rep.json().message).toBe('El almacén patio está repetido');
  });

  it('refuses a repeated code, whatever its case, with 409 and writes nothing', async () => {
    const before = [await count('proyecto'), await count('almacen')];
    const res = await post('/proyecto/registrar', nuevo('Pry-001'));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Ya existe un proyecto con ese código');
    expect([await count('proyecto'), await count('almacen')]).toEqual(before);
  });

  it('lets only corporate users register projects', async () => {
    const res = await post('/proyecto/registrar', nuevo('PRY-014'), lurin);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Solo un usuario corporativo puede registrar proyectos');
  });

  it('answers 404 for a project that does not exist', async () => {
    expect((await post('/proyecto/obtener', { proyecto: { pry_id: 99999 } })).statusCode).toBe(404);
  });
});

describe('/proyecto/buscar', () => {
  beforeAll(async () => {
    const res = await post('/proyecto/registrar', nuevo('PRY-090'));
    const id = res.json().data.pry_id;
    await post('/proyecto/modificar', { proyecto: { ...nuevo('PRY-090').proyecto, pry_nombre: 'Antigua Obra Chorrillos', pry_id: id, pry_version: 1, pry_estado: 0 } });
  });

  const buscar = async (filter: object, headers?: Headers) => (await post('/proyecto/buscar', { proyecto: filter }, headers)).json().data;

  it('lists active projects sorted by name by default, 10 a page', async () => {
    const page = await buscar({});
    expect(page.data.map((p: { pry_nombre: string }) => p.pry_nombre)).toEqual([...page.data.map((p: { pry_nombre: string }) => p.pry_nombre)].sort((a, b) => a.localeCompare(b)));
    expect(page.data.every((p: { pry_estado: number }) => p.pry_estado === 1)).toBe(true);
    expect(page.data[0]).toEqual(expect.objectContaining({ pry_codigo: 'PRY-002', pry_nombre: 'Edificio Miraflores', pry_descripcion: expect.any(String), pry_estado_nombre: 'Activo' }));
    expect((await post('/proyecto/buscar', {})).json().data.total).toBe(page.total);
  });

  it('filters by status (null = all), code and name in SQL, and pages', async () => {
    const inactivos = await buscar({ pry_estado: 0 });
    expect(inactivos.data.map((p: { pry_codigo: string }) => p.pry_codigo)).toEqual(['PRY-090']);
    expect(inactivos.data[0].pry_estado_nombre).toBe('Inactivo');
    const todos = await buscar({ pry_estado: null });
    expect(todos.total).toBe((await buscar({})).total + 1);
    expect((await buscar({ pry_codigo: 'pry-00' })).data.map((p: { pry_codigo: string }) => p.pry_codigo)).toEqual(['PRY-002', 'PRY-001']);
    expect((await buscar({ pry_nombre: 'LURÍN' })).data.map((p: { pry_codigo: string }) => p.pry_codigo)).toEqual(['PRY-001']);
    const segunda = await buscar({ pry_estado: null, page: { number: 2, size: 1 } });
    expect(segunda.data).toHaveLength(1);
    expect(segunda.data[0].pry_codigo).toBe(todos.data[1].pry_codigo);
    expect((await post('/proyecto/buscar', { proyecto: { pry_estado: 5 } })).statusCode).toBe(400);
  });

  it('shows a project user only their project, and a user without project nothing', async () => {
    const own = await buscar({ pry_estado: null }, lurin);
    expect(own.data.map((p: { pry_codigo: string }) => p.pry_codigo)).toEqual(['PRY-001']);
    expect(own.total).toBe(1);
    expect(await buscar({ pry_estado: null }, sinProyecto)).toEqual({ data: [], total: 0, total_exacto: true });
  });
});

describe('/proyecto/modificar', () => {
  let id: number;
  let almacenes: { alm_id: number; alm_nombre: string; alm_direccion: string; alm_tipo: number; alm_estado: number }[];
  const obtener = async (headers: Headers = admin) => (await post('/proyecto/obtener', { proyecto: { pry_id: id } }, headers)).json().data;

  beforeAll(async () => {
    id = (await post('/proyecto/registrar', nuevo('PRY-020', [
      { alm_nombre: 'Almacén A', alm_direccion: 'Calle A', alm_tipo: 0 }, { alm_nombre: 'Almacén B', alm_direccion: 'Calle B' },
    ]))).json().data.pry_id;
    almacenes = (await obtener()).almacenes;
  });

  it('adds, edits and removes warehouses in one save and bumps the version', async () => {
    const res = await post('/proyecto/modificar', { proyecto: {
      pry_id: id, pry_version: 1, pry_codigo: 'PRY-020', pry_nombre: 'Proyecto Veinte', pry_descripcion: 'Nueva descripción', pry_estado: 1,
      almacenes: [{ ...almacenes[0], alm_nombre: 'Almacén A1', alm_direccion: 'Calle A 10' }, { alm_nombre: 'Almacén C', alm_direccion: 'Calle C' }],
    } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success', message: 'Se modificó el proyecto correctamente', data: { pry_id: id } });
    const got = await obtener();
    expect(got).toMatchObject({ pry_nombre: 'Proyecto Veinte', pry_descripcion: 'Nueva descripción', pry_version: 2 });
    expect(got.almacenes.map((a: { alm_nombre: string }) => a.alm_nombre)).toEqual(['Almacén A1', 'Almacén C']);
    expect(got.almacenes[0]).toMatchObject({ alm_id: almacenes[0].alm_id, alm_direccion: 'Calle A 10', alm_tipo: 0 });
    almacenes = got.almacenes;
  });

  it('refuses a stale version with 409 and changes nothing', async () => {
    const res = await post('/proyecto/modificar', { proyecto: { ...(await obtener()), pry_version: 1, pry_nombre: 'Pisado', almacenes: [] } });
    expect(res.statusCode).toBe(400);
    const stale = await post('/proyecto/modificar', { proyecto: { ...(await obtener()), pry_version: 1, pry_nombre: 'Pisado', almacenes: [almacenes[0]] } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('El registro fue modificado por otro usuario, vuelva a cargarlo');
    expect(await obtener()).toMatchObject({ pry_nombre: 'Proyecto Veinte', pry_version: 2, almacenes });
  });

  it('refuses a warehouse of another project and writes nothing', async () => {
    const [otro] = await run<{ alm_id: number }>(sql`select alm_id from almacen where alm_nombre = 'Almacén Central'`);
    const res = await post('/proyecto/modificar', { proyecto: { ...(await obtener()), pry_nombre: 'Robado', almacenes: [...almacenes, { alm_id: otro.alm_id, alm_nombre: 'X', alm_direccion: 'Y' }] } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Uno de los almacenes no pertenece al proyecto');
    expect(await obtener()).toMatchObject({ pry_nombre: 'Proyecto Veinte', pry_version: 2 });
  });

  it("refuses another project's code with 409", async () => {
    const res = await post('/proyecto/modificar', { proyecto: { ...(await obtener()), pry_codigo: 'pry-002' } });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Ya existe un proyecto con ese código');
    expect((await obtener()).pry_codigo).toBe('PRY-020');
  });

  it('keeps a warehouse that other records use: removing it is refused, deactivating it works', async () => {
    await run(sql`create table uso_almacen_prueba (alm_id integer references almacen(alm_id))`);
    await run(sql`insert into uso_almacen_prueba values (${almacenes[1].alm_id})`);
    const current = await obtener();
    const res = await post('/proyecto/modificar', { proyecto: { ...current, pry_nombre: 'Sin C', almacenes: [almacenes[0], { alm_nombre: 'Almacén D', alm_direccion: 'Calle D' }] } });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('El almacén Almacén C tiene registros asociados (stock, transferencias u otros) y no puede eliminarse; puede desactivarlo');
    expect(await obtener()).toMatchObject({ pry_nombre: 'Proyecto Veinte', pry_version: 2, almacenes });
    const off = await post('/proyecto/modificar', { proyecto: { ...current, almacenes: [almacenes[0], { ...almacenes[1], alm_estado: 0 }] } });
    expect(off.statusCode).toBe(200);
    expect((await obtener()).almacenes[1]).toMatchObject({ alm_nombre: 'Almacén C', alm_estado: 0 });
  });

  it('lets a project user modify their own project but not its status, and hides the others', async () => {
    const lurinId = await pryId('PRY-001');
    const own = (await post('/proyecto/obtener', { proyecto: { pry_id: lurinId } }, lurin)).json().data;
    expect(own.almacenes).toHaveLength(2);
    const saved = await post('/proyecto/modificar', { proyecto: { ...own, pry_descripcion: 'Planta de concreto premezclado en Lurín (sur)' } }, lurin);
    expect(saved.statusCode).toBe(200);
    const off = await post('/proyecto/modificar', { proyecto: { ...own, pry_version: own.pry_version + 1, pry_estado: 0 } }, lurin);
    expect(off.statusCode).toBe(403);
    expect(off.json().message).toBe('Solo un usuario corporativo puede cambiar el estado del proyecto');
    expect((await post('/proyecto/obtener', { proyecto: { pry_id: id } }, lurin)).statusCode).toBe(404);
    const other = await post('/proyecto/modificar', { proyecto: { ...(await obtener()) } }, lurin);
    expect(other.statusCode).toBe(404);
    expect((await post('/proyecto/obtener', { proyecto: { pry_id: lurinId } }, sinProyecto)).statusCode).toBe(404);
  });
});

describe('access', () => {
  it('lets VISUALIZADOR read projects but change nothing', async () => {
    const viewer = await ctx.auth(VIEWER);
    expect((await post('/proyecto/buscar', {}, viewer)).statusCode).toBe(200);
    const id = await pryId('PRY-001');
    const own = (await post('/proyecto/obtener', { proyecto: { pry_id: id } }, viewer)).json().data;
    for (const [url, body] of [
      ['/proyecto/registrar', nuevo('PRY-015')], ['/proyecto/modificar', { proyecto: own }], ['/proyecto/asignarEmpleados', { pry_id: id, asignar: [1] }],
    ] as const) {
      const res = await post(url, body, viewer);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toBe('Tu rol solo permite consultar información');
    }
  });

  it('refuses the module to users without it and to supplier accounts', async () => {
    const estandar = await ctx.auth('estandar@andina.pe');
    const supplier = await ctx.auth(SUPPLIER);
    for (const url of ['/proyecto/buscar', '/proyecto/obtener', '/proyecto/registrar', '/proyecto/paginarEmpleadosAsignados']) {
      for (const headers of [estandar, supplier]) {
        const res = await post(url, {}, headers);
        expect(res.statusCode, url).toBe(403);
        expect(res.json().message).toBe('No tienes acceso a este módulo');
      }
    }
  });
});
