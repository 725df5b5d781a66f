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
const list = async (body: object, headers: Headers = admin) => (await call('POST', 'marca/list', body, headers)).json().data;

/** A product using the brand, inserted directly: the products module is not under test here. */
async function productUsing(marId: number) {
  const db = ctx.deps.database.db;
  const [cat] = await selectRows<{ cat_id: number }>(db, sql`insert into categoria_producto (cat_nombre) values ('Prueba marca ' || ${marId}) returning cat_id`);
  const [tip] = await selectRows<{ tip_id: number }>(db, sql`insert into tipo_producto (cat_id, tip_nombre) values (${cat.cat_id}, 'Tipo') returning tip_id`);
  const [unm] = await selectRows<{ unm_id: number }>(db, sql`select unm_id from unidad_medida order by unm_id limit 1`);
  await selectRows(db, sql`insert into producto (prv_nombre, cat_id, tip_id, mar_id, unm_id)
    values ('Aditivo plastificante ' || ${marId}, ${cat.cat_id}, ${tip.tip_id}, ${marId}, ${unm.unm_id})`);
}

describe('marca', () => {
  let id: number;

  it('adds a brand with the spec message and finds it by search', async () => {
    const res = await call('POST', 'marca/new', { marca: '  Cementos   Yura ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'success', message: 'Se agregó la marca', data: { descripcion: 'Cementos Yura' } });
    id = res.json().data.id_marca;
    const found = await list({ search: 'yura', start: 0, length: 10 });
    expect(found).toEqual({ data: [{ id_marca: id, descripcion: 'Cementos Yura' }], total: 1, total_exacto: true });
  });

  it('pages the list 10 at a time in name order, counting every match', async () => {
    const first = await list({});
    expect(first.data).toHaveLength(10);
    expect(first.total).toBeGreaterThan(10);
    // Name order (the server's collation decides ties of spaces and accents; digits come first).
    expect(first.data[0].descripcion).toBe('3M');
    const rest = await list({ start: 10, length: 10 });
    expect(rest.total).toBe(first.total);
    expect(rest.data.length).toBe(Math.min(10, first.total - 10));
    expect(rest.data.map((m: { id_marca: number }) => m.id_marca)).not.toContain(first.data[0].id_marca);
  });

  it('takes % and _ in a search literally', async () => {
    expect((await list({ search: '%' })).total).toBe(0);
    expect((await list({ search: '_' })).total).toBe(0);
  });

  it('refuses a missing, blank or too long name with Spanish messages', async () => {
    for (const body of [{}, { marca: '' }, { marca: '   ' }, { marca: null }]) {
      const res = await call('POST', 'marca/new', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ status: 'error', message: 'El campo es requerido' });
    }
    const long = await call('POST', 'marca/new', { marca: 'x'.repeat(101) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('La marca no debe superar 100 caracteres');
    expect((await call('POST', 'marca/new', { marca: 'x'.repeat(100) })).statusCode).toBe(201);
  });

  it('refuses a repeated name ignoring case with 409', async () => {
    const res = await call('POST', 'marca/new', { marca: 'CEMENTOS yura' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ status: 'error', message: 'Ya existe una marca con ese nombre' });
    expect((await list({ search: 'yura' })).total).toBe(1);
  });

  it('answers the lookups with every active brand, for any staff user', async () => {
    const estandar = await ctx.auth('estandar@andina.pe');
    for (const url of ['marca/get-marcas', 'getMarcas']) {
      const all = await call('POST', url, undefined, estandar);
      expect(all.statusCode, url).toBe(200);
      expect(all.json().data).toContainEqual({ id_marca: id, descripcion: 'Cementos Yura' });
      expect(all.json().data.length).toBe((await list({ length: 100 })).total);
      const some = (await call('POST', url, { search: 'yura' })).json().data;
      expect(some).toEqual([{ id_marca: id, descripcion: 'Cementos Yura' }]);
    }
    await selectRows(ctx.deps.database.db, sql`update marca set mar_estado = 0 where mar_id = ${id}`);
    expect((await call('POST', 'getMarcas', { search: 'yura' })).json().data).toEqual([]);
    await selectRows(ctx.deps.database.db, sql`update marca set mar_estado = 1 where mar_id = ${id}`);
  });

  it('refuses to delete a brand that products use, with a clear reason', async () => {
    const used = (await call('POST', 'marca/new', { marca: 'Aditivos Andinos' })).json().data;
    await productUsing(used.id_marca);
    const res = await call('DELETE', 'marca/delete', { id_marca: used.id_marca });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ status: 'error', message: 'Ocurrio un problema al eliminar la marca: está siendo usada por productos' });
    expect((await list({ search: 'Aditivos Andinos' })).total).toBe(1);
  });

  it('deletes an unused brand, then answers 404 for it', async () => {
    const res = await call('DELETE', 'marca/delete', { id_marca: id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success', message: 'Se eliminó la marca Cementos Yura', data: { id_marca: id } });
    expect((await list({ search: 'yura' })).total).toBe(0);
    const again = await call('DELETE', 'marca/delete', { id_marca: id });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('No se encontró la marca');
    expect((await call('DELETE', 'marca/delete', {})).statusCode).toBe(400);
    expect((await call('DELETE', 'marca/delete', { id_marca: 'uno' })).statusCode).toBe(400);
  });

  it('refuses users without the module and every change by VISUALIZADOR', async () => {
    const estandar = await ctx.auth('estandar@andina.pe');
    for (const [method, url, body] of [['POST', 'marca/list', {}], ['POST', 'marca/new', { marca: 'Nueva' }], ['DELETE', 'marca/delete', { id_marca: 1 }]] as const) {
      const res = await call(method, url, body, estandar);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toBe('No tienes acceso a este módulo');
    }
    const viewer = await ctx.auth(VIEWER);
    expect((await call('POST', 'marca/list', {}, viewer)).statusCode).toBe(200);
    expect((await call('POST', 'marca/new', { marca: 'Nueva' }, viewer)).statusCode).toBe(403);
    expect((await call('DELETE', 'marca/delete', { id_marca: 1 }, viewer)).statusCode).toBe(403);
    expect((await list({ search: 'Nueva' })).total).toBe(0);
    // LOGÍSTICA holds the module (docs/business-rules.md) and may add brands.
    const logistica = await ctx.auth('logistica@andina.pe');
    expect((await call('POST', 'marca/new', { marca: 'Nueva' }, logistica)).statusCode).toBe(201);
  });
});
