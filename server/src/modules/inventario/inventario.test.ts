import { limaDate } from '@obra/domain';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client.ts';
import { DOC, entrada, salida, type Movimiento } from '../../platform/stock-ledger.ts';
import { XLSX_MIME } from '../../platform/xlsx.ts';
import { ADMIN, VIEWER, createTestContext, type TestContext } from '../../test/harness.ts';

/**
 * The inventory (spec 2 §2, §7 "Inventory"), kardex, assignment history, minimum stock and stock
 * renewal (spec 1 §2.12): filters, defaults, scope, status tag, kardex pages by line number,
 * permissions and the xlsx downloads read back. Stock comes from the ledger's `entrada`/`salida`.
 * Products carry the word "Kx9" so that demo stock elsewhere does not disturb the lists.
 */

type Auth = { authorization: string };
let ctx: TestContext;
const u = {} as Record<'admin' | 'almacen' | 'estandar' | 'sinProyecto' | 'logObra' | 'viewer' | 'logistica' | 'inventario', Auth>;
const alm = {} as Record<'central' | 'agregados' | 'miraflores', number>;
const prv = {} as Record<'cemento' | 'taladro' | 'casco' | 'guantes' | 'arena', number>;
let pry1: number;
let adminId: number;

const rows = <T>(q: ReturnType<typeof sql>) => selectRows<T>(ctx.deps.database.db, q);
const post = (path: string, payload: unknown, who: Auth) =>
  ctx.app.inject({ method: 'POST', url: `/api${path}`, payload: payload as object, headers: who });
const mov = (glosa: string, docId = 1): Movimiento => ({ doc: DOC.TRANSFERENCIA, docId, glosa, usuId: adminId });
const entra = (almId: number, prvId: number, qty: string | number, serie?: string) =>
  ctx.deps.database.db.transaction((tx) => entrada(tx, { almId, prvId, serie }, qty, mov(`Ingreso ${qty}`)));
const sale = (palId: number, qty: string | number, glosa = `Salida ${qty}`) =>
  ctx.deps.database.db.transaction((tx) => salida(tx, palId, qty, mov(glosa)));

interface Row { pal_id: number; alm_id: number; pry_id: number; prv_id: number; prv_nombre: string; pal_stock: string; pal_numero_serie: string;
  pal_stock_estado: number; pal_estado_nombre: string; stm_minimo: string; stm_propio: boolean; bajo_minimo: boolean; alm_nombre: string; alm_tipo: number; pry_nombre: string;
  cat_nombre: string; tip_nombre: string; unm_simbolo: string; mar_nombre: string | null }

async function buscar(who: Auth, filtro: Record<string, unknown> = {}) {
  const res = await post('/productoAlmacen/buscar', { producto_almacen: { prv_nombre: 'Kx9', ...filtro } }, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { message: string; data: { data: Row[]; total: number; siguiente?: string } };
}

let palCementoCentral: number;
let palCementoMiraflores: number;
let palSn2: number;
let palKardex: number;

beforeAll(async () => {
  ctx = await createTestContext();
  for (const [k, correo] of [['admin', ADMIN], ['almacen', 'almacen@andina.pe'], ['estandar', 'estandar@andina.pe'], ['viewer', VIEWER],
    ['logistica', 'logistica@andina.pe'], ['inventario', 'inventario@andina.pe']] as const) u[k] = await ctx.auth(correo);
  // A non-corporate user without a project (DECISIONS §1: sees nothing).
  await rows(sql`insert into usuario (usu_nombre, usu_apellido, usu_dni, usu_correo, usu_password_hash, usu_nivel, pry_id)
    select 'Sin', 'Proyecto', '49999999', 'sinproyecto@andina.pe', usu_password_hash, 0, null from usuario where usu_correo = 'estandar@andina.pe'`);
  // And a project user of PRY-002 with LOGÍSTICA (module orden_compra: the renewal list), as is the user without a project.
  await rows(sql`insert into usuario (usu_nombre, usu_apellido, usu_dni, usu_correo, usu_password_hash, usu_nivel, pry_id)
    select 'Logística', 'de Obra', '49999998', 'logobra@andina.pe', usu_password_hash, 0, pry_id from usuario where usu_correo = 'estandar@andina.pe'`);
  await rows(sql`insert into usuario_rol (usu_id, rol_id) select usu_id, r.rol_id from usuario, (values (2), (3)) r(rol_id) where usu_correo = 'sinproyecto@andina.pe'`);
  await rows(sql`insert into usuario_rol (usu_id, rol_id) select usu_id, 3 from usuario where usu_correo = 'logobra@andina.pe'`);
  u.sinProyecto = await ctx.auth('sinproyecto@andina.pe');
  u.logObra = await ctx.auth('logobra@andina.pe');
  [{ usu_id: adminId }] = await rows<{ usu_id: number }>(sql`select usu_id from usuario where usu_correo = ${ADMIN}`);
  [{ pry_id: pry1 }] = await rows<{ pry_id: number }>(sql`select pry_id from proyecto where pry_codigo = 'PRY-001'`);
  const almId = async (nombre: string) => (await rows<{ alm_id: number }>(sql`select alm_id from almacen where alm_nombre = ${nombre}`))[0].alm_id;
  alm.central = await almId('Almacén Central');
  alm.agregados = await almId('Almacén de Agregados');
  alm.miraflores = await almId('Almacén de Obra Miraflores');
  const producto = async (nombre: string, over: { item?: number; estado?: number; minimo?: string } = {}) => (await rows<{ prv_id: number }>(sql`
    insert into producto (prv_nombre, cat_id, tip_id, unm_id, mar_id, prv_item, prv_estado, prv_stock_minimo)
    select ${nombre}, cat_id, tip_id, unm_id, (select mar_id from marca order by mar_id limit 1), ${over.item ?? 0}, ${over.estado ?? 1}, ${over.minimo ?? '0'}
    from producto order by prv_id limit 1 returning prv_id`))[0].prv_id;
  prv.cemento = await producto('Cemento Portland Kx9', { minimo: '50' });
  prv.taladro = await producto('Taladro percutor Kx9', { item: 1, minimo: '2' });
  prv.casco = await producto('Casco antiguo Kx9', { estado: 0, minimo: '10' });
  prv.guantes = await producto('Guantes de cuero Kx9');
  prv.arena = await producto('Arena gruesa Kx9', { minimo: '100' });

  palCementoCentral = (await entra(alm.central, prv.cemento, 100)).pal_id;
  await sale(palCementoCentral, 30);
  palCementoMiraflores = (await entra(alm.miraflores, prv.cemento, '10.5')).pal_id;
  await entra(alm.central, prv.taladro, 1, 'SN-1');
  palSn2 = (await entra(alm.central, prv.taladro, 1, 'SN-2')).pal_id;
  await sale(palSn2, 1);
  await entra(alm.agregados, prv.casco, 5);
  await entra(alm.agregados, prv.guantes, 3);
  // 25 lines: +10, then 24 alternating -1 / +2.
  palKardex = (await entra(alm.miraflores, prv.guantes, 10)).pal_id;
  for (let i = 0; i < 24; i++) {
    if (i % 2 === 0) await sale(palKardex, 1, `Salida ${i}`);
    else await entra(alm.miraflores, prv.guantes, 2);
  }
});
afterAll(() => ctx.close());

describe('/productoAlmacen/buscar', () => {
  it('lists active products by default, by warehouse, product and serial, with the status tag', async () => {
    const r = await buscar(u.admin);
    expect(r.data.data.map((x) => [x.alm_id, x.prv_nombre, x.pal_numero_serie, x.pal_stock, x.pal_estado_nombre])).toEqual([
      [alm.central, 'Cemento Portland Kx9', '', '70', 'Activo'],
      [alm.central, 'Taladro percutor Kx9', 'SN-1', '1', 'Activo'],
      [alm.central, 'Taladro percutor Kx9', 'SN-2', '0', 'Sin stock'],
      [alm.agregados, 'Guantes de cuero Kx9', '', '3', 'Activo'],
      [alm.miraflores, 'Cemento Portland Kx9', '', '10.5', 'Activo'],
      [alm.miraflores, 'Guantes de cuero Kx9', '', '22', 'Activo'],
    ]);
    expect(r.data.total).toBe(6);
    const central = r.data.data[0];
    expect(central).toMatchObject({ alm_nombre: 'Almacén Central', alm_tipo: 0, pry_nombre: 'Planta Lurín', pry_id: pry1, stm_minimo: '50', stm_propio: false, pal_stock_estado: 1 });
    expect(central.cat_nombre).toBeTruthy();
    expect(central.tip_nombre).toBeTruthy();
    expect(central.unm_simbolo).toBeTruthy();
    expect(r.data.data[2].pal_stock_estado).toBe(-1);
  });

  it('filters by status (0 inactive, null any) and warehouse; words of the name in any order', async () => {
    const inactivos = await buscar(u.admin, { prv_estado: 0 });
    expect(inactivos.data.data.map((x) => [x.prv_nombre, x.pal_estado_nombre, x.pal_stock_estado])).toEqual([['Casco antiguo Kx9', 'Inactivo', 0]]);
    expect((await buscar(u.admin, { prv_estado: null })).data.total).toBe(7);
    expect((await buscar(u.admin, { alm_id: alm.miraflores })).data.data.map((x) => x.prv_nombre)).toEqual(['Cemento Portland Kx9', 'Guantes de cuero Kx9']);
    expect((await buscar(u.admin, { prv_nombre: 'kx9 portland' })).data.data.map((x) => x.pal_id)).toEqual([palCementoCentral, palCementoMiraflores]);
    expect((await buscar(u.admin, { prv_nombre: 'Kx9 %' })).data.total).toBe(0);
  });

  it('pages 10 by default, by position and by key alike', async () => {
    const first = await post('/productoAlmacen/buscar', { producto_almacen: { prv_nombre: 'Kx9', page: { number: 1, size: 4 } } }, u.admin);
    const p1 = first.json().data as { data: Row[]; siguiente: string };
    const p2 = (await post('/productoAlmacen/buscar', { producto_almacen: { prv_nombre: 'Kx9', page: { number: 2, size: 4 } } }, u.admin)).json().data as { data: Row[] };
    const byKey = (await post('/productoAlmacen/buscar', { producto_almacen: { prv_nombre: 'Kx9', page: { number: 2, size: 4, despues: p1.siguiente, contar: false } } }, u.admin)).json().data as { data: Row[] };
    expect(p1.data).toHaveLength(4);
    expect(p2.data.map((x) => x.pal_id)).toEqual(byKey.data.map((x) => x.pal_id));
    expect(p2.data).toHaveLength(2);
    const all = await post('/productoAlmacen/buscar', {}, u.admin);
    expect(all.statusCode).toBe(200);
    expect((all.json().data as { data: Row[] }).data.length).toBeLessThanOrEqual(10);
  });

  it('scope: a project user sees only its project’s warehouses; a user without a project gets nothing and the spec’s message', async () => {
    const almacen = await buscar(u.almacen, { prv_estado: null });
    expect(almacen.data.data.length).toBeGreaterThan(0);
    expect(new Set(almacen.data.data.map((x) => x.pry_id))).toEqual(new Set([pry1]));
    expect((await buscar(u.almacen, { alm_id: alm.miraflores })).data.total).toBe(0);
    const estandar = await buscar(u.estandar);
    expect(new Set(estandar.data.data.map((x) => x.alm_id))).toEqual(new Set([alm.miraflores]));
    const nadie = await buscar(u.sinProyecto);
    expect(nadie).toMatchObject({ message: 'No te encuentras asignado a ningun proyecto, no te puedo mostrar almacenes', data: { data: [], total: 0 } });
    // Without the module: 403 with the spec's text.
    const res = await post('/productoAlmacen/buscar', {}, await ctx.auth('tesoreria@andina.pe'));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('No tienes acceso a este módulo');
  });
});

describe('/productoAlmacen/buscarRapido', () => {
  it('offers the rows with stock of one warehouse, for pickers', async () => {
    const res = await post('/productoAlmacen/buscarRapido', { producto_almacen: { prv_nombre: 'taladro kx9', alm_id: alm.central } }, u.admin);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as { pal_id: number; pal_numero_serie: string; pal_stock: string; prv_item: number }[];
    expect(data.map((x) => [x.pal_numero_serie, x.pal_stock, x.prv_item])).toEqual([['SN-1', '1', 1]]);
    expect(Object.keys(data[0]).sort()).toEqual(['mar_nombre', 'pal_id', 'pal_numero_serie', 'pal_stock', 'prv_id', 'prv_item', 'prv_nombre', 'prv_retorno_estimado', 'unm_simbolo']);
    // Inactive products are not offered.
    const agregados = await post('/productoAlmacen/buscarRapido', { producto_almacen: { prv_nombre: 'kx9', alm_id: alm.agregados } }, u.admin);
    expect((agregados.json().data as { prv_id: number }[]).map((x) => x.prv_id)).toEqual([prv.guantes]);
  });

  it('a warehouse outside the scope answers 404; a missing warehouse 400', async () => {
    const res = await post('/productoAlmacen/buscarRapido', { producto_almacen: { prv_nombre: 'kx9', alm_id: alm.miraflores } }, u.almacen);
    expect(res.statusCode).toBe(404);
    const sin = await post('/productoAlmacen/buscarRapido', { producto_almacen: { prv_nombre: 'kx9' } }, u.admin);
    expect(sin.statusCode).toBe(400);
    expect(sin.json().message).toBe('Debe seleccionar un almacén');
  });
});

interface KardexReply {
  page_result: { list: { kdx_numero: number; kdx_cantidad: string; kdx_saldo: string; kdx_glosa: string; kdx_fecha: string }[] };
  page: { number: number; size: number; total: number };
  pdd_saldo_inicial: string;
  pal: Row;
}
const kardex = async (palId: number, page: Record<string, unknown> = {}, who: Auth = u.admin) => {
  const res = await post('/productoAlmacen/obtenerKardex', { producto_almacen: { pal_id: palId, page } }, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as KardexReply;
};

describe('/productoAlmacen/obtenerKardex', () => {
  it('pages 10 lines in order with the balance before each page’s first line', async () => {
    const p1 = await kardex(palKardex);
    expect(p1.page).toEqual({ number: 1, size: 10, total: 25 });
    expect(p1.pdd_saldo_inicial).toBe('0');
    expect(p1.page_result.list.map((l) => l.kdx_numero)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(p1.page_result.list.slice(0, 3).map((l) => [l.kdx_cantidad, l.kdx_saldo])).toEqual([['10', '10'], ['-1', '9'], ['2', '11']]);
    expect(p1.page_result.list[0].kdx_fecha).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
    expect(p1.pal).toMatchObject({ pal_id: palKardex, prv_nombre: 'Guantes de cuero Kx9', pal_stock: '22' });
    // Every page: the opening balance is the sum of the lines before it, and the last balance the stock.
    let suma = 0;
    for (let n = 1; n <= 3; n++) {
      const p = await kardex(palKardex, { number: n });
      expect(Number(p.pdd_saldo_inicial)).toBe(suma);
      for (const l of p.page_result.list) {
        suma += Number(l.kdx_cantidad);
        expect(Number(l.kdx_saldo)).toBe(suma);
      }
    }
    expect(suma).toBe(22);
    const last = await kardex(palKardex, { number: 3 });
    expect(last.page_result.list.map((l) => l.kdx_numero)).toEqual([21, 22, 23, 24, 25]);
    expect(last.pdd_saldo_inicial).toBe('18');
    // Past the end: the last page.
    expect((await kardex(palKardex, { number: 99 })).page.number).toBe(3);
    expect((await kardex(palKardex, { number: 2, size: 20 })).page_result.list.map((l) => l.kdx_numero)).toEqual([21, 22, 23, 24, 25]);
  });

  it('decimal balances stay exact', async () => {
    const p = await kardex(palCementoMiraflores);
    expect(p).toMatchObject({ pdd_saldo_inicial: '0', page: { total: 1 } });
    expect(p.page_result.list[0]).toMatchObject({ kdx_cantidad: '10.5', kdx_saldo: '10.5' });
  });

  it('an item of another project answers 404, a missing one too', async () => {
    expect((await post('/productoAlmacen/obtenerKardex', { producto_almacen: { pal_id: palKardex } }, u.almacen)).statusCode).toBe(404);
    expect((await post('/productoAlmacen/obtenerKardex', { producto_almacen: { pal_id: 999999 } }, u.admin)).statusCode).toBe(404);
    expect((await kardex(palCementoCentral, {}, u.almacen)).page.total).toBe(2);
  });

  it('concurrent withdrawals number their lines 1, 2, 3 … without gaps, and the stock equals the sum of its kardex', async () => {
    const { pal_id } = await entra(alm.agregados, prv.arena, 20);
    const results = await Promise.allSettled(Array.from({ length: 40 }, (_, i) => sale(pal_id, 1, `Concurrente ${i}`)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(20);
    const [inv] = await rows<{ stock: string; suma: string; lineas: number; numeros: number[]; pal_lineas: number }>(sql`
      select pa.pal_stock::text as stock, sum(k.kdx_cantidad)::text as suma, count(*)::int as lineas, pa.pal_lineas,
        array_agg(k.kdx_numero order by k.kdx_id) as numeros
      from producto_almacen pa join kardex k on k.pal_id = pa.pal_id where pa.pal_id = ${pal_id} group by pa.pal_id`);
    expect(Number(inv.stock)).toBe(0);
    expect(Number(inv.suma)).toBe(0);
    expect(inv.lineas).toBe(21);
    expect(inv.pal_lineas).toBe(21);
    expect(inv.numeros.map(Number)).toEqual(Array.from({ length: 21 }, (_, i) => i + 1));
    const p3 = await kardex(pal_id, { number: 3 });
    expect(p3.page_result.list).toHaveLength(1);
    expect(p3.pdd_saldo_inicial).toBe('1');
    expect(p3.page_result.list[0].kdx_saldo).toBe('0');
  });
});

describe('/productoAlmacen/historialAsignaciones', () => {
  it('shows the item’s assignment lines newest first with returned, balance and status', async () => {
    const [emp] = await rows<{ emp_id: number }>(sql`select emp_id from empleado order by emp_id limit 1`);
    const asignar = async (fecha: string, cantidad: string, devuelto: string, est = 12) => {
      const [a] = await rows<{ asi_id: number }>(sql`insert into asignacion (asi_fecha_registro, est_id, usu_registrador, emp_solicitante, emp_autorizador, pry_id, alm_id)
        values (${fecha}, ${est}, ${adminId}, ${emp.emp_id}, ${emp.emp_id}, ${pry1}, ${alm.central}) returning asi_id`);
      await rows(sql`insert into asignacion_detalle (asi_id, pal_id, prv_id, aid_cantidad, aid_devuelto) values (${a.asi_id}, ${palCementoCentral}, ${prv.cemento}, ${cantidad}, ${devuelto})`);
      return a.asi_id;
    };
    await rows(sql`update producto set prv_retorno_estimado = 30 where prv_id = ${prv.cemento}`);
    const a1 = await asignar('2020-01-01', '5', '2');
    const a2 = await asignar('2020-01-02', '3', '3');
    const a3 = await asignar('2020-01-03', '1', '0', 24);
    const today = limaDate();
    const a4 = await asignar(today, '4', '0');
    const res = await post('/productoAlmacen/historialAsignaciones', { producto_almacen: { pal_id: palCementoCentral } }, u.almacen);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as { data: { asi_id: number; aid_cantidad: string; aid_devuelto: string; aid_saldo: string; est_nombre: string; solicitante: string; asi_fecha_registro: string }[]; total: number };
    expect(data.total).toBe(4);
    expect(data.data.map((r) => [r.asi_id, r.aid_cantidad, r.aid_devuelto, r.aid_saldo, r.est_nombre])).toEqual([
      [a4, '4', '0', '4', 'Asignado'],
      [a3, '1', '0', '1', 'Eliminado'],
      [a2, '3', '3', '0', 'Devuelto'],
      [a1, '5', '2', '3', 'Por devolver'],
    ]);
    expect(data.data[3].asi_fecha_registro).toBe('2020-01-01');
    expect(data.data[0].solicitante).toMatch(/\S+ \S+/);
    expect((await post('/productoAlmacen/historialAsignaciones', { producto_almacen: { pal_id: palCementoCentral } }, u.estandar)).statusCode).toBe(404);
  });
});

describe('/productoAlmacen/stockMinimo', () => {
  const guardar = (who: Auth, almId: number, prvId: number, stm_minimo: unknown) =>
    post('/productoAlmacen/stockMinimo', { producto_almacen: { alm_id: almId, prv_id: prvId, stm_minimo } }, who);

  it('inventory roles set it for their warehouses; null goes back to the product’s minimum', async () => {
    const res = await guardar(u.almacen, alm.central, prv.cemento, '80');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success', message: 'Se actualizó el stock mínimo' });
    let row = (await buscar(u.admin, { prv_nombre: 'portland kx9', alm_id: alm.central })).data.data[0];
    // 70 in stock: below a minimum of 80 (marked on the list), not below the product's 50.
    expect(row).toMatchObject({ stm_minimo: '80', stm_propio: true, bajo_minimo: true });
    expect((await guardar(u.inventario, alm.central, prv.cemento, null)).statusCode).toBe(200);
    row = (await buscar(u.admin, { prv_nombre: 'portland kx9', alm_id: alm.central })).data.data[0];
    expect(row).toMatchObject({ stm_minimo: '50', stm_propio: false, bajo_minimo: false });
    expect((await guardar(u.admin, alm.central, prv.cemento, '80')).statusCode).toBe(200);
  });

  it('is refused without the option, to VISUALIZADOR, outside the scope, and for bad values', async () => {
    expect((await guardar(u.estandar, alm.miraflores, prv.cemento, '1')).statusCode).toBe(403);
    expect((await guardar(u.viewer, alm.central, prv.cemento, '1')).statusCode).toBe(403);
    expect((await guardar(u.almacen, alm.miraflores, prv.cemento, '1')).statusCode).toBe(404);
    const sinStock = await guardar(u.admin, alm.agregados, prv.cemento, '1');
    expect(sinStock.statusCode).toBe(404);
    expect(sinStock.json().message).toBe('El producto no tiene registro de stock en ese almacén');
    for (const bad of ['-1', 'abc', '1.00001', 1e12]) {
      const r = await guardar(u.admin, alm.central, prv.cemento, bad);
      expect(r.statusCode, String(bad)).toBe(400);
    }
  });
});

interface Pending { alm_id: number; prv_id: number; producto: string; stock_minimo: string; stock_digital: string; alm_nombre: string; pry_nombre: string; unidad: string; marca: string | null }
const pending = async (who: Auth, body: Record<string, unknown> = {}) => {
  const res = await post('/inventario/pending', body, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { message: string; data: { data: Pending[]; total: number; siguiente?: string } };
};

describe('/inventario/pending (stock renewal)', () => {
  it('lists products in warehouses whose total stock, serials together, is below the minimum', async () => {
    const all = await pending(u.logistica, { length: 100 });
    const mine = all.data.data.filter((r) => r.producto.endsWith('Kx9'));
    expect(mine.map((r) => [r.alm_id, r.producto, r.stock_minimo, r.stock_digital])).toEqual([
      [alm.central, 'Cemento Portland Kx9', '80', '70'],
      [alm.central, 'Taladro percutor Kx9', '2', '1'],
      [alm.agregados, 'Arena gruesa Kx9', '100', '0'],
      [alm.miraflores, 'Cemento Portland Kx9', '50', '10.5'],
    ]);
    expect(mine[0]).toMatchObject({ alm_nombre: 'Almacén Central', pry_nombre: 'Planta Lurín' });
    expect(mine[0].unidad).toBeTruthy();
    // Every row of the list, demo rows included, is below its minimum.
    for (const r of all.data.data) expect(Number(r.stock_digital)).toBeLessThan(Number(r.stock_minimo));
  });

  it('pages by position and by key alike', async () => {
    const all = (await pending(u.admin, { length: 100 })).data.data;
    const p1 = await pending(u.admin, { start: 0, length: 2 });
    const p2 = await pending(u.admin, { start: 2, length: 2 });
    const k2 = await pending(u.admin, { start: 2, length: 2, despues: p1.data.siguiente, contar: false });
    expect([...p1.data.data, ...p2.data.data]).toEqual(all.slice(0, 4));
    expect(k2.data.data).toEqual(p2.data.data);
    expect(p1.data.total).toBe(all.length);
  });

  it('keeps to the caller’s scope; a user without a project gets the message; the module is orden_compra', async () => {
    const estandar = await pending(u.logObra, { length: 100 });
    expect(estandar.data.data.length).toBeGreaterThan(0);
    expect(new Set(estandar.data.data.map((r) => r.alm_id))).toEqual(new Set([alm.miraflores]));
    expect(await pending(u.sinProyecto)).toMatchObject({ message: 'No te encuentras asignado a ningun proyecto, no te puedo mostrar almacenes', data: { data: [], total: 0 } });
    // almacen@andina.pe (JEFE_ALMACEN) has no orden_compra module.
    expect((await post('/inventario/pending', {}, u.almacen)).statusCode).toBe(403);
  });
});

describe('xlsx downloads', () => {
  async function sheet(res: { statusCode: number; body: string; rawPayload: Buffer; headers: Record<string, unknown> }, filename: string) {
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_MIME);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${filename}"`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    const values = (r: number) => (ws.getRow(r).values as unknown[]).slice(1);
    return { headers: values(1), rows: Array.from({ length: ws.rowCount - 1 }, (_, i) => values(i + 2)) };
  }

  it('the filtered inventory, as the list shows it', async () => {
    const s = await sheet(await post('/productoAlmacen/exportar', { producto_almacen: { prv_nombre: 'kx9', alm_id: alm.central } }, u.admin), 'inventario.xlsx');
    expect(s.headers).toEqual(['Almacén', 'Proyecto', 'Categoría', 'Tipo', 'Producto', 'Serie', 'Unidad', 'Marca', 'Stock', 'Stock mínimo',
      'Costo promedio (S/)', 'Valor (S/)', 'Estado']);
    expect(s.rows.map((r) => [r[0], r[4], r[5] ?? null, r[8], r[9], r[12]])).toEqual([
      ['Planta Lurín | Almacén Central *', 'Cemento Portland Kx9', null, 70, 80, 'Activo'],
      ['Planta Lurín | Almacén Central *', 'Taladro percutor Kx9', 'SN-1', 1, 2, 'Activo'],
      ['Planta Lurín | Almacén Central *', 'Taladro percutor Kx9', 'SN-2', 0, 2, 'Sin stock'],
    ]);
    // Scope: a project user downloads only its warehouses' rows.
    const almacen = await sheet(await post('/productoAlmacen/exportar', { producto_almacen: { prv_nombre: 'kx9', prv_estado: null } }, u.almacen), 'inventario.xlsx');
    expect(almacen.rows.every((r) => String(r[1]) === 'Planta Lurín')).toBe(true);
    expect(almacen.rows).toHaveLength(6);
  });

  it('an item’s kardex, every line in order', async () => {
    const s = await sheet(await post('/productoAlmacen/exportarKardex', { producto_almacen: { pal_id: palKardex } }, u.admin), `kardex-${palKardex}.xlsx`);
    expect(s.headers).toEqual(['N°', 'Fecha', 'Glosa', 'Cantidad', 'Saldo', 'Costo unitario (S/)', 'Valor (S/)', 'Saldo valorizado (S/)', 'Usuario']);
    expect(s.rows).toHaveLength(25);
    expect(s.rows.map((r) => r[0])).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    expect(s.rows[1].slice(2, 5)).toEqual(['Salida 0', -1, 9]);
    expect(s.rows[24][4]).toBe(22);
    expect(s.rows[0][1]).toBeInstanceOf(Date);
    expect((await post('/productoAlmacen/exportarKardex', { producto_almacen: { pal_id: palKardex } }, u.almacen)).statusCode).toBe(404);
  });
});
