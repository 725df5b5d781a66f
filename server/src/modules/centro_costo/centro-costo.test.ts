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

const call = (method: 'POST' | 'DELETE', url: string, payload: object, headers = admin) =>
  ctx.app.inject({ method, url: `/api/centroCosto/${url}`, headers, payload });

describe('centroCosto', () => {
  let id: number;

  it('adds a cost centre and lists it', async () => {
    const res = await call('POST', 'save', { codigo: 'CC01', descripcion: 'Planta dosificadora móvil', pry_id: 1, es_activo: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success', message: 'Se agregó el centro de costo', data: { descripcion: 'Planta dosificadora móvil' } });
    id = res.json().data.id_centro_costo;
    const list = (await call('POST', 'list', { search: 'dosificadora', start: 0, length: 10 })).json().data;
    expect(list.total).toBe(1);
    expect(list.data[0]).toMatchObject({ id_centro_costo: id, codigo: 'CC01', pry_nombre: 'Planta Lurín', es_activo: 1, version: 1 });
  });

  it('answers the spec messages for missing fields and a repeated code', async () => {
    expect((await call('POST', 'save', { descripcion: 'x', pry_id: 1 })).json().message).toBe('El campo es requerido');
    const dup = await call('POST', 'save', { codigo: 'cc01', descripcion: 'Otro', pry_id: 1 });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('Ya existe un centro de costo con ese código');
  });

  it('modifies with the version read and refuses a stale one', async () => {
    const first = await call('POST', 'save', { id_centro_costo: id, version: 1, codigo: 'CC01', descripcion: 'Producción', pry_id: 1, es_activo: 0 });
    expect(first.statusCode).toBe(200);
    const stale = await call('POST', 'save', { id_centro_costo: id, version: 1, codigo: 'CC01', descripcion: 'Pisado', pry_id: 1, es_activo: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('El registro fue modificado por otro usuario, vuelva a cargarlo');
    const list = (await call('POST', 'list', { search: 'CC01' })).json().data;
    expect(list.data[0]).toMatchObject({ descripcion: 'Producción', es_activo: 0, version: 2 });
  });

  it('limits a project user to their project', async () => {
    await call('POST', 'save', { codigo: 'CC02', descripcion: 'Obra Miraflores', pry_id: 2 });
    const almacen = await ctx.auth('almacen@andina.pe');
    await selectRows(ctx.deps.database.db, sql`insert into usuario_rol (usu_id, rol_id) select usu_id, 1 from usuario where usu_correo = 'almacen@andina.pe'`);
    // The demo seed adds cost centres to both projects: the user sees those of PRY-001 only.
    const own = (await call('POST', 'list', { length: 100 }, almacen)).json().data;
    const codes = own.data.map((c: { codigo: string }) => c.codigo);
    expect(codes).toContain('CC01');
    expect(codes).not.toContain('CC02');
    expect(own.data.every((c: { pry_id: number }) => c.pry_id === 1)).toBe(true);
    expect(own.total).toBe(own.data.length);
    const other = (await call('POST', 'list', { search: 'CC02' })).json().data.data.find((c: { codigo: string }) => c.codigo === 'CC02');
    expect((await call('DELETE', 'delete', { id_centro_costo: other.id_centro_costo }, almacen)).statusCode).toBe(404);
    expect((await call('POST', 'save', { codigo: 'CC03', descripcion: 'x', pry_id: 2 }, almacen)).statusCode).toBe(403);
  });

  it('deletes an unused cost centre with the spec message', async () => {
    const res = await call('DELETE', 'delete', { id_centro_costo: id });
    expect(res.json()).toMatchObject({ status: 'success', message: 'Se eliminó el centro de costo CC01' });
    expect((await call('POST', 'list', { search: 'CC01' })).json().data.total).toBe(0);
  });

  it('answers 404 for a cost centre that does not exist', async () => {
    expect((await call('DELETE', 'delete', { id_centro_costo: 99999 })).statusCode).toBe(404);
    expect((await call('POST', 'save', { id_centro_costo: 99999, version: 1, codigo: 'X1', descripcion: 'x', pry_id: 1 })).statusCode).toBe(404);
  });

  it('refuses to delete a cost centre other records use', async () => {
    const saved = (await call('POST', 'save', { codigo: 'CC09', descripcion: 'En uso', pry_id: 1 })).json().data;
    await selectRows(ctx.deps.database.db, sql`create table uso_prueba (cec_id integer references centro_costo(cec_id))`);
    await selectRows(ctx.deps.database.db, sql`insert into uso_prueba values (${saved.id_centro_costo})`);
    const res = await call('DELETE', 'delete', { id_centro_costo: saved.id_centro_costo });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^Ocurrio un problema al eliminar el centro de costo/);
  });

  it('lists the demo cost centres with their project', async () => {
    const list = (await call('POST', 'list', { search: 'CC-PL' })).json().data;
    expect(list.total).toBe(4);
    expect(list.data[0]).toMatchObject({ codigo: 'CC-PL-01', pry_nombre: 'Planta Lurín', es_activo: 1 });
    expect((await call('POST', 'list', { search: 'CC-MF-04' })).json().data.data[0].es_activo).toBe(0);
  });

  it('refuses users without the module and every change by VISUALIZADOR', async () => {
    const estandar = await ctx.auth('estandar@andina.pe');
    for (const [method, url, body] of [['POST', 'list', {}], ['POST', 'save', { codigo: 'CC77', descripcion: 'x', pry_id: 2 }], ['DELETE', 'delete', { id_centro_costo: 1 }]] as const) {
      const res = await call(method, url, body, estandar);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toBe('No tienes acceso a este módulo');
    }
    const viewer = await ctx.auth(VIEWER);
    expect((await call('POST', 'list', {}, viewer)).statusCode).toBe(200);
    expect((await call('POST', 'save', { codigo: 'CC77', descripcion: 'x', pry_id: 1 }, viewer)).statusCode).toBe(403);
    expect((await call('DELETE', 'delete', { id_centro_costo: 1 }, viewer)).statusCode).toBe(403);
    expect((await call('POST', 'list', { search: 'CC77' })).json().data.total).toBe(0);
  });
});
