import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client.ts';
import { ADMIN, SUPPLIER, createTestContext, type TestContext } from '../../test/harness.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const post = async (url: string, payload?: object, who = ADMIN) =>
  ctx.app.inject({ method: 'POST', url: `/api${url}`, headers: await ctx.auth(who), ...(payload ? { payload } : {}) });

describe('catalogue lookups', () => {
  it('filters commercial conditions, payment methods and receipt types by description', async () => {
    const credito = (await post('/condicion/get-condicion', { descripcion: 'créd' })).json().data;
    expect(credito).toEqual([{ id_condicion: 2, descripcion: expect.stringMatching(/cr[eé]dito/i) }]);
    expect((await post('/condicion/get-condicion', {})).json().data).toHaveLength(6);
    const carta = (await post('/metodo-pago/get-metodo', { descripcion: 'carta' })).json().data;
    expect(carta.map((m: { id_metodo: number }) => m.id_metodo)).toEqual([2]);
    const rxh = (await post('/comprobante/get-comprobante', { descripcion: 'honorarios' })).json().data;
    expect(rxh).toEqual([{ id_tipo_documento: 6, codigo: 'RXH', descripcion: expect.any(String) }]);
    expect((await post('/comprobante/get-comprobante', { descripcion: 'no existe tal cosa' })).json().data).toEqual([]);
  });

  it('lists the petty cash types and states (spec 1 §7 /getTiposCaja, /getCajaEstados)', async () => {
    const tipos = (await post('/getTiposCaja')).json().data as { tca_id: number; tca_nombre: string }[];
    expect(tipos.map((t) => t.tca_nombre)).toEqual(['Caja chica', 'Entrega a rendir', 'Viáticos']);
    const estados = (await post('/getCajaEstados')).json().data as { edo_codigo: string; edo_modulo: string }[];
    expect(estados.map((e) => e.edo_codigo).sort()).toEqual(['CAP', 'CCA', 'CDE', 'CDP', 'CDV', 'CPA', 'CRB', 'CRE', 'RAP', 'RDE', 'RPA']);
    expect(estados.every((e) => e.edo_modulo === 'caja')).toBe(true);
  });

  it('lists active cost centres in the caller\'s scope', async () => {
    const db = ctx.deps.database.db;
    await selectRows(db, sql`insert into centro_costo (cec_codigo, cec_descripcion, pry_id, cec_estado)
      values ('T-LUR', 'Prueba Lurín', 1, 1), ('T-MIR', 'Prueba Miraflores', 2, 1), ('T-OFF', 'Prueba inactivo', 1, 0) returning cec_id`);
    const all = (await post('/getCentrosCosto')).json().data as { codigo: string; pry_id: number }[];
    const [{ n }] = await selectRows<{ n: number }>(db, sql`select count(*)::int as n from centro_costo where cec_estado = 1`);
    expect(all).toHaveLength(n);
    expect(all.map((c) => c.codigo)).toEqual(expect.arrayContaining(['T-LUR', 'T-MIR']));
    expect(all.map((c) => c.codigo)).not.toContain('T-OFF');
    const own = (await post('/getCentrosCosto', undefined, 'almacen@andina.pe')).json().data as { codigo: string; pry_id: number }[];
    expect(own.map((c) => c.codigo)).toContain('T-LUR');
    expect(own.every((c) => c.pry_id === 1)).toBe(true);
  });

  it('lists categories and the types of one category', async () => {
    const db = ctx.deps.database.db;
    const [cat] = await selectRows<{ cat_id: number }>(db, sql`insert into categoria_producto (cat_nombre) values ('Prueba categoría') returning cat_id`);
    await selectRows(db, sql`insert into tipo_producto (cat_id, tip_nombre, tip_estado) values (${cat.cat_id}, 'Tipo B', 1), (${cat.cat_id}, 'Tipo A', 1), (${cat.cat_id}, 'Tipo viejo', 0) returning tip_id`);
    const cats = (await post('/opciones/getCategorias')).json().data as { cat_nombre: string }[];
    expect(cats.map((c) => c.cat_nombre)).toContain('Prueba categoría');
    const tipos = (await post('/opciones/getTiposProducto', { cat_id: cat.cat_id })).json().data as { tip_nombre: string }[];
    expect(tipos.map((t) => t.tip_nombre)).toEqual(['Tipo A', 'Tipo B']);
    expect((await post('/opciones/getTiposProducto', { cat_id: 0 })).statusCode).toBe(400);
  });

  it('keeps supplier accounts out of staff lookups', async () => {
    expect((await post('/getCentrosCosto', undefined, SUPPLIER)).statusCode).toBe(403);
    expect((await post('/condicion/get-condicion', {}, SUPPLIER)).statusCode).toBe(403);
  });
});
