import type { PrecioItemRow } from '@obra/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client.ts';
import { ADMIN, SUPPLIER, VIEWER, createTestContext, type TestContext } from '../../test/harness.ts';
import { accentPattern } from './precios.ts';

let ctx: TestContext;
let admin: { authorization: string };
/** estandar@andina.pe: project PRY-002 only, given LOGÍSTICA here so that it holds the orders module. */
let proyecto2: { authorization: string };
const ids = { ccPl01: 0, ccMf01: 0, pve: 0, und: 0, marca: 0, contabilidad: 0, gerencia: 0, administrador: 0 };
let pve = { ruc: '', razon: '' };
const orders: Record<string, { id_orden: number; codigo: string }> = {};

const one = async <T>(q: ReturnType<typeof sql>) => (await selectRows<T>(ctx.deps.database.db, q))[0];

const register = async (cec: number, items: { descripcion: string; cantidad: string; precio_unitario: string; marca?: number }[], moneda = 1) => {
  const res = await ctx.app.inject({
    method: 'POST', url: '/api/orden/register-orden', headers: admin, payload: {
      tipo_orden: 2, centro_costo: { id_centro_costo: cec }, proveedor: { id_proveedor: ids.pve }, moneda: { id_moneda: moneda },
      condicion_comercial: { id_condicion: 2 }, metodo_pago: { id_metodo: 1 }, tipo_documento: { id_tipo_documento: 1 }, fecha_pago: '2026-12-15',
      lugar_entrega: 'Planta', contabilidad: { id_usuario: ids.contabilidad }, administrador: { id_usuario: ids.administrador },
      gerencia: { id_usuario: ids.gerencia }, referencia: 'Servicios',
      orden_items: items.map((i) => ({ ...i, unidad: { id_unidad: ids.und }, marca: i.marca ? { id_marca: i.marca } : null })),
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id_orden: number; codigo: string };
};

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.auth(ADMIN);
  await selectRows(ctx.deps.database.db, sql`insert into usuario_rol (usu_id, rol_id) select usu_id, 3 from usuario where usu_correo = 'estandar@andina.pe'`);
  proyecto2 = await ctx.auth('estandar@andina.pe');
  const cec = async (codigo: string) => (await one<{ id: number }>(sql`select cec_id as id from centro_costo where cec_codigo = ${codigo}`)).id;
  ids.ccPl01 = await cec('CC-PL-01');
  ids.ccMf01 = await cec('CC-MF-01');
  const p = await one<{ id: number; ruc: string; razon: string }>(sql`select pve_id as id, pve_ruc as ruc, pve_razon_social as razon from proveedor where pve_es_activo order by pve_id limit 1`);
  ids.pve = p.id;
  pve = { ruc: p.ruc, razon: p.razon };
  ids.und = (await one<{ id: number }>(sql`select unm_id as id from unidad_medida where unm_simbolo = 'UND'`)).id;
  ids.marca = (await one<{ id: number }>(sql`select mar_id as id from marca order by mar_id limit 1`)).id;
  const usu = async (correo: string) => (await one<{ id: number }>(sql`select usu_id as id from usuario where usu_correo = ${correo}`)).id;
  ids.contabilidad = await usu('contabilidad@andina.pe');
  ids.gerencia = await usu('gerencia@andina.pe');
  ids.administrador = await usu('administracion@andina.pe');

  orders.planta = await register(ids.ccPl01, [
    { descripcion: 'Revisión hidráulica de bomba telescópica', cantidad: '1', precio_unitario: '1850.5', marca: ids.marca },
    { descripcion: 'Cambio de aceite de mixer', cantidad: '3', precio_unitario: '320' },
  ]);
  orders.obra = await register(ids.ccMf01, [{ descripcion: 'REVISION HIDRAULICA de grúa', cantidad: '2', precio_unitario: '900' }], 2);
  orders.anulada = await register(ids.ccPl01, [{ descripcion: 'Revisión hidráulica anulada', cantidad: '1', precio_unitario: '10' }]);
  const anular = await ctx.app.inject({ method: 'POST', url: '/api/orden/delete-orden', headers: admin, payload: { id_orden: orders.anulada.id_orden } });
  expect(anular.statusCode, anular.body).toBe(200);
  orders.especial = await register(ids.ccPl01, [{ descripcion: 'Descuento 50% en flete_local', cantidad: '1', precio_unitario: '75' }]);
});
afterAll(() => ctx.close());

const search = (body: object, headers = admin) => ctx.app.inject({ method: 'POST', url: '/api/orden/item/search', headers, payload: body });
const found = async (body: object, headers = admin) => {
  const res = await search(body, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { data: PrecioItemRow[]; total: number };
};

describe('price search over past order items', () => {
  it('moves to the next page by key through the same rows as by position (order, then its lines in order)', async () => {
    const all = await found({ search: '', start: 0, length: 100 });
    const byKey: PrecioItemRow[] = [];
    let despues: string | undefined;
    for (let start = 0; start < all.data.length; start += 3) {
      const page = (await found({ search: '', start, length: 3, despues, contar: start === 0 })) as { data: PrecioItemRow[]; siguiente?: string };
      byKey.push(...page.data);
      despues = page.siguiente;
      if (!despues) break;
    }
    expect(byKey).toEqual(all.data);
  });

  it('matches the description ignoring case and accents, with price, supplier and order', async () => {
    const r = await found({ search: 'revision  HIDRÁULICA', start: 0, length: 10 });
    expect(r.total).toBe(2);
    expect(r.data.map((i) => i.descripcion)).toEqual(['REVISION HIDRAULICA de grúa', 'Revisión hidráulica de bomba telescópica']);
    expect(r.data[1]).toMatchObject({
      unidad: 'UND', cantidad: '1.0000', precio_unitario: '1850.5000', moneda: 'S/', proveedor: pve.razon, ruc: pve.ruc,
      id_orden: orders.planta.id_orden, codigo: orders.planta.codigo, tipo_orden: 2, estado: 'Creado',
    });
    expect(r.data[1].marca).toEqual(expect.any(String));
    expect(r.data[0]).toMatchObject({ marca: null, moneda: '$', id_orden: orders.obra.id_orden });
    expect(r.data[0].fecha_orden).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('leaves out cancelled orders', async () => {
    expect((await found({ search: 'anulada' })).total).toBe(0);
  });

  it("limits a project user to their project's orders", async () => {
    const r = await found({ search: 'hidraulica' }, proyecto2);
    expect(r.data.map((i) => i.id_orden)).toEqual([orders.obra.id_orden]);
    expect((await found({ search: '' }, proyecto2)).total).toBe(1);
  });

  it('lists the newest items first when the text is empty, paged', async () => {
    const all = await found({ search: '', start: 0, length: 100 });
    expect(all.total).toBe(4);
    expect(all.data.map((i) => i.id_orden)).toEqual([orders.especial.id_orden, orders.obra.id_orden, orders.planta.id_orden, orders.planta.id_orden]);
    const page2 = await found({ search: null, start: 2, length: 2 });
    expect(page2.total).toBe(4);
    expect(page2.data.map((i) => i.descripcion)).toEqual(['Revisión hidráulica de bomba telescópica', 'Cambio de aceite de mixer']);
  });

  it('takes %, _ and regular-expression characters literally', async () => {
    expect((await found({ search: '50%' })).data.map((i) => i.id_orden)).toEqual([orders.especial.id_orden]);
    expect((await found({ search: 'flete_local' })).total).toBe(1);
    expect((await found({ search: '%' })).total).toBe(1);
    expect((await found({ search: 'flete.local' })).total).toBe(0);
    expect((await found({ search: '.*' })).total).toBe(0);
    expect((await found({ search: '(' })).total).toBe(0);
  });

  it('is open to VISUALIZADOR, refused to supplier accounts, and checks the text length', async () => {
    expect((await found({ search: 'aceite' }, await ctx.auth(VIEWER))).total).toBe(1);
    expect((await search({ search: 'aceite' }, await ctx.auth(SUPPLIER))).statusCode).toBe(403);
    const long = await search({ search: 'x'.repeat(101) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('El texto de búsqueda no debe superar 100 caracteres');
  });
});

describe('accentPattern', () => {
  it('folds accents and escapes everything else', () => {
    expect(accentPattern('Año')).toBe('[aáàâäãÁÀÂÄÃ][nñÑ][oóòôöõÓÒÔÖÕ]');
    expect(accentPattern('a.b*(')).toBe('[aáàâäãÁÀÂÄÃ]\\.b\\*\\(');
  });
});
