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

type Headers = { authorization: string };
const call = (method: 'POST' | 'DELETE', url: string, payload?: object, headers: Headers = admin) =>
  ctx.app.inject({ method, url: `/api/${url}`, headers, ...(payload === undefined ? {} : { payload }) });
const list = async (body: object, headers: Headers = admin) => (await call('POST', 'unidad/list', body, headers)).json().data;

/** A product measured in the unit, inserted directly: the products module is not under test here. */
async function productUsing(unmId: number) {
  const db = ctx.deps.database.db;
  const [cat] = await selectRows<{ cat_id: number }>(db, sql`insert into categoria_producto (cat_nombre) values ('Prueba unidad ' || ${unmId}) returning cat_id`);
  const [tip] = await selectRows<{ tip_id: number }>(db, sql`insert into tipo_producto (cat_id, tip_nombre) values (${cat.cat_id}, 'Tipo') returning tip_id`);
  await selectRows(db, sql`insert into producto (prv_nombre, cat_id, tip_id, unm_id)
    values ('Arena gruesa ' || ${unmId}, ${cat.cat_id}, ${tip.tip_id}, ${unmId})`);
}

describe('unidad', () => {
  let id: number;

  it('adds a unit and finds it by symbol or description', async () => {
    const res = await call('POST', 'unidad/new', { simbolo: ' PLG ', unidad: ' Pulgada   lineal ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'success', message: 'Se agregó la unidad', data: { simbolo: 'PLG', descripcion: 'Pulgada lineal' } });
    id = res.json().data.id_unidad;
    expect(await list({ search: 'plg', start: 0, length: 10 })).toEqual({ data: [{ id_unidad: id, simbolo: 'PLG', descripcion: 'Pulgada lineal' }], total: 1, total_exacto: true });
    expect((await list({ search: 'pulgada' })).data[0].id_unidad).toBe(id);
  });

  it('pages the list 10 at a time, counting every match', async () => {
    const first = await list({});
    expect(first.data).toHaveLength(10);
    expect(first.total).toBeGreaterThan(10);
    const rest = await list({ start: 10 });
    expect(rest.total).toBe(first.total);
    expect(rest.data.length).toBe(Math.min(10, first.total - 10));
    expect(rest.data.map((u: { id_unidad: number }) => u.id_unidad)).not.toContain(first.data[0].id_unidad);
    expect((await list({ search: '%' })).total).toBe(0);
  });

  it('refuses missing, blank, spaced or too long fields with Spanish messages', async () => {
    const cases: [object, string][] = [
      [{ unidad: 'Pieza' }, 'El campo es requerido'],
      [{ simbolo: '  ', unidad: 'Pieza' }, 'El campo es requerido'],
      [{ simbolo: 'PZ' }, 'El campo es requerido'],
      [{ simbolo: 'PZ', unidad: '' }, 'El campo es requerido'],
      [{ simbolo: 'P Z', unidad: 'Pieza' }, 'El símbolo no debe contener espacios'],
      [{ simbolo: 'X'.repeat(11), unidad: 'Pieza' }, 'El símbolo no debe superar 10 caracteres'],
      [{ simbolo: 'PZ', unidad: 'x'.repeat(101) }, 'La descripción no debe superar 100 caracteres'],
    ];
    for (const [body, message] of cases) {
      const res = await call('POST', 'unidad/new', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ status: 'error', message });
    }
  });

  it('refuses a repeated symbol ignoring case with 409', async () => {
    const res = await call('POST', 'unidad/new', { simbolo: 'plg', unidad: 'Otra pulgada' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ status: 'error', message: 'Ya existe una unidad con ese símbolo' });
    // The demo seed's units are there too.
    expect((await call('POST', 'unidad/new', { simbolo: 'kg', unidad: 'Kilo' })).statusCode).toBe(409);
  });

  it('answers the lookups with every active unit, for any staff user', async () => {
    const estandar = await ctx.auth('estandar@andina.pe');
    for (const url of ['unidad/get-unidad', 'getUnidadesMedida']) {
      const all = await call('POST', url, undefined, estandar);
      expect(all.statusCode, url).toBe(200);
      expect(all.json().data).toContainEqual({ id_unidad: id, simbolo: 'PLG', descripcion: 'Pulgada lineal' });
      expect(all.json().data.length).toBe((await list({ length: 100 })).total);
      expect((await call('POST', url, { search: 'pulgada' })).json().data).toEqual([{ id_unidad: id, simbolo: 'PLG', descripcion: 'Pulgada lineal' }]);
    }
    await selectRows(ctx.deps.database.db, sql`update unidad_medida set unm_estado = 0 where unm_id = ${id}`);
    expect((await call('POST', 'getUnidadesMedida', { search: 'pulgada' })).json().data).toEqual([]);
    await selectRows(ctx.deps.database.db, sql`update unidad_medida set unm_estado = 1 where unm_id = ${id}`);
  });

  it('refuses to delete a unit that products use, with a clear reason', async () => {
    const used = (await call('POST', 'unidad/new', { simbolo: 'M3S', unidad: 'Metro cúbico suelto' })).json().data;
    await productUsing(used.id_unidad);
    const res = await call('DELETE', 'unidad/delete', { id_unidad: used.id_unidad });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ status: 'error', message: 'Ocurrio un problema al eliminar la unidad: está siendo usada por productos' });
    expect((await list({ search: 'M3S' })).total).toBe(1);
  });

  it('deletes an unused unit, then answers 404 for it', async () => {
    const res = await call('DELETE', 'unidad/delete', { id_unidad: id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success', message: 'Se eliminó la unidad PLG', data: { id_unidad: id } });
    expect((await list({ search: 'plg' })).total).toBe(0);
    const again = await call('DELETE', 'unidad/delete', { id_unidad: id });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('No se encontró la unidad');
    expect((await call('DELETE', 'unidad/delete', { id_unidad: -1 })).statusCode).toBe(400);
  });

  it('refuses users without the module and every change by VISUALIZADOR', async () => {
    const estandar = await ctx.auth('estandar@andina.pe');
    for (const [method, url, body] of [['POST', 'unidad/list', {}], ['POST', 'unidad/new', { simbolo: 'NV', unidad: 'Nueva' }], ['DELETE', 'unidad/delete', { id_unidad: 1 }]] as const) {
      const res = await call(method, url, body, estandar);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toBe('No tienes acceso a este módulo');
    }
    const viewer = await ctx.auth(VIEWER);
    expect((await call('POST', 'unidad/list', {}, viewer)).statusCode).toBe(200);
    expect((await call('POST', 'unidad/new', { simbolo: 'NV', unidad: 'Nueva' }, viewer)).statusCode).toBe(403);
    expect((await call('DELETE', 'unidad/delete', { id_unidad: 1 }, viewer)).statusCode).toBe(403);
    expect((await list({ search: 'NV' })).total).toBe(0);
    const inventario = await ctx.auth('inventario@andina.pe');
    expect((await call('POST', 'unidad/new', { simbolo: 'NV', unidad: 'Nueva' }, inventario)).statusCode).toBe(201);
  });
});
