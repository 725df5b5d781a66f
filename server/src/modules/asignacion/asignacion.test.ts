import { ASI_MSG, limaDate, MSG } from '@obra/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client.ts';
import { DOC, entrada } from '../../platform/stock-ledger.ts';
import { ADMIN, createTestContext, VIEWER, type TestContext } from '../../test/harness.ts';

/** Assignments and returns (spec 2 §2, §5, §7; DECISIONS §3): runs on PGlite and, with DATABASE_URL, PostgreSQL. */

const PROJECT_USER = 'almacen@andina.pe'; // JEFE_ALMACEN of PRY-001, level 0
const NO_MODULE = 'estandar@andina.pe'; // ESTÁNDAR: no asignacion_items
const NO_PROJECT = 'sinproyecto@andina.pe'; // JEFE_ALMACEN, level 0, no project (created below)

let ctx: TestContext;
let almLurin: number; // PRY-001
let almMiraflores: number; // PRY-002
let pryLurin: number;
let pryMiraflores: number;
let empLurin: number[]; // active employees of PRY-001
let empMiraflores: number[];
let adminId: number;
let nProducto = 0;
const tokens = new Map<string, { authorization: string }>();

const db = () => ctx.deps.database.db;

async function post(url: string, body: unknown, who = ADMIN) {
  if (!tokens.has(who)) tokens.set(who, await ctx.auth(who));
  const res = await ctx.app.inject({ method: 'POST', url: `/api${url}`, headers: tokens.get(who), payload: body as object });
  return { status: res.statusCode, body: res.json() };
}

async function one<T>(q: ReturnType<typeof sql>): Promise<T> {
  const [r] = await selectRows<T>(db(), q);
  return r;
}

/** A fresh product (so each test has its own stock rows), with `retorno` estimated days when given. */
async function producto(retorno: number | null = null): Promise<number> {
  nProducto += 1;
  const r = await one<{ prv_id: number }>(sql`
    insert into producto (prv_nombre, cat_id, tip_id, unm_id, prv_retornable, prv_retorno_estimado)
    select ${`Herramienta de prueba ${nProducto}`}, cat_id, tip_id, unm_id, ${retorno === null ? 0 : 1}, ${retorno} from producto limit 1 returning prv_id`);
  return r.prv_id;
}

/** Stock through the ledger's entrada, as an income would put it. */
async function stock(almId: number, prvId: number, cantidad: string | number): Promise<number> {
  const r = await db().transaction((tx) => entrada(tx, { almId, prvId }, cantidad, { doc: DOC.TRANSFERENCIA, docId: 1, glosa: 'Stock de prueba', usuId: adminId }));
  return r.pal_id;
}

async function saldo(palId: number): Promise<{ stock: string; suma: string }> {
  return one(sql`
    select trim_scale(pa.pal_stock)::text as stock, trim_scale(coalesce(sum(k.kdx_cantidad), 0))::text as suma
    from producto_almacen pa left join kardex k on k.pal_id = pa.pal_id where pa.pal_id = ${palId} group by pa.pal_stock`);
}

const hoy = () => limaDate();
const diasAtras = (n: number) => limaDate(new Date(Date.now() - n * 86_400_000));

function asignacion(palId: number, cantidad: string | number = 1, over: Record<string, unknown> = {}) {
  return {
    asignacion_items: {
      alm_id: almLurin, emp_solicitante: empLurin[0], emp_autorizador: empLurin[1], asi_fecha_registro: hoy(),
      detalle: [{ pal_id: palId, aid_cantidad: String(cantidad) }], ...over,
    },
  };
}

async function asignar(palId: number, cantidad: string | number = 1, over: Record<string, unknown> = {}, who = ADMIN): Promise<number> {
  const r = await post('/asignacionItems/registrar', asignacion(palId, cantidad, over), who);
  expect(r.status, r.body.message).toBe(200);
  return r.body.data.asi_id;
}

async function lineas(asiId: number): Promise<{ aid_id: number; aid_cantidad: string; did_cantidad_total: string; aid_saldo: string; por_devolver: boolean }[]> {
  const r = await post('/asignacionItems/obtener', { asi_id: asiId });
  expect(r.status).toBe(200);
  return r.body.data.detalle;
}

const devolucion = (asiId: number, aidId: number, cantidad: string | number) =>
  ({ devolucion_items: { asi_id: asiId, detalle: [{ aid_id: aidId, did_cantidad: String(cantidad) }] } });

beforeAll(async () => {
  ctx = await createTestContext();
  ({ usu_id: adminId } = await one<{ usu_id: number }>(sql`select usu_id from usuario where usu_correo = ${ADMIN}`));
  ({ pry_id: pryLurin } = await one<{ pry_id: number }>(sql`select pry_id from proyecto where pry_codigo = 'PRY-001'`));
  ({ pry_id: pryMiraflores } = await one<{ pry_id: number }>(sql`select pry_id from proyecto where pry_codigo = 'PRY-002'`));
  ({ alm_id: almLurin } = await one<{ alm_id: number }>(sql`select alm_id from almacen where pry_id = ${pryLurin} order by alm_id limit 1`));
  ({ alm_id: almMiraflores } = await one<{ alm_id: number }>(sql`select alm_id from almacen where pry_id = ${pryMiraflores} order by alm_id limit 1`));
  const emps = await selectRows<{ emp_id: number; pry_id: number }>(db(), sql`select emp_id, pry_id from empleado where emp_estado = 1 order by emp_id`);
  empLurin = emps.filter((e) => e.pry_id === pryLurin).map((e) => e.emp_id);
  empMiraflores = emps.filter((e) => e.pry_id === pryMiraflores).map((e) => e.emp_id);
  const u = await one<{ usu_id: number }>(sql`
    insert into usuario (usu_nombre, usu_apellido, usu_dni, usu_correo, usu_password_hash, usu_nivel)
    values ('Sin', 'Proyecto', '49999999', ${NO_PROJECT}, 'x', 0) returning usu_id`);
  await db().execute(sql`insert into usuario_rol (usu_id, rol_id) values (${u.usu_id}, 8)`);
});
afterAll(() => ctx.close());

describe('lookups (spec 2 §7, §9)', () => {
  it('types 1 asignaciones and 2 devoluciones; statuses come from the server per type', async () => {
    expect((await post('/asignacionItems/obtenerTipos', {})).body.data).toEqual([{ id: 1, nombre: 'Asignaciones' }, { id: 2, nombre: 'Devoluciones' }]);
    const asi = (await post('/asignacionItems/obtenerEstados', {})).body.data.map((e: { est_id: number }) => e.est_id);
    expect(asi).toEqual([3, 12, 23, 24]);
    const dev = (await post('/asignacionItems/obtenerEstados', { tipo: 2 })).body.data.map((e: { est_id: number }) => e.est_id);
    expect(dev).toEqual([3, 24]);
  });

  it('warehouses and employees within scope; a user without project gets the spec message', async () => {
    const all = (await post('/asignacionItems/obtenerAlmacenes', { almacen: {} })).body.data.map((a: { pry_id: number }) => a.pry_id);
    expect(new Set(all)).toEqual(new Set([pryLurin, pryMiraflores]));
    const own = (await post('/asignacionItems/obtenerAlmacenes', { almacen: {} }, PROJECT_USER)).body.data.map((a: { pry_id: number }) => a.pry_id);
    expect(new Set(own)).toEqual(new Set([pryLurin]));
    const none = await post('/asignacionItems/obtenerAlmacenes', {}, NO_PROJECT);
    expect(none.body).toMatchObject({ data: [], message: MSG.noProjectWarehouses });
    const emps = (await post('/asignacionItems/buscarEmpleado', { empleado: { emp_nombre: '', pry_id: pryMiraflores } })).body.data;
    expect(emps.length).toBeGreaterThan(0);
    expect(emps.every((e: { pry_id: number }) => e.pry_id === pryMiraflores)).toBe(true);
    const scoped = (await post('/devolucionItems/buscarEmpleadoxNombre', { empleado: { emp_nombre: '' } }, PROJECT_USER)).body.data;
    expect(scoped.every((e: { pry_id: number }) => e.pry_id === pryLurin)).toBe(true);
  });
});

describe('register an assignment (spec 2 §5)', () => {
  it('asks for warehouse, requester, authoriser and date in that order; no items is the date message too', async () => {
    const palId = await stock(almLurin, await producto(), 5);
    const base = asignacion(palId).asignacion_items;
    const casos: [Record<string, unknown>, string][] = [
      [{}, ASI_MSG.almacen],
      [{ alm_id: almLurin }, ASI_MSG.solicitante],
      [{ alm_id: almLurin, emp_solicitante: empLurin[0] }, ASI_MSG.autorizador],
      [{ alm_id: almLurin, emp_solicitante: empLurin[0], emp_autorizador: empLurin[1] }, ASI_MSG.fechaRegistro],
      [{ ...base, asi_fecha_registro: '' }, ASI_MSG.fechaRegistro],
      [{ ...base, detalle: [] }, ASI_MSG.fechaRegistro],
      [{ ...base, detalle: [{ pal_id: palId, aid_cantidad: '1' }, { pal_id: palId, aid_cantidad: '2' }] }, ASI_MSG.productoRepetido],
      [{ ...base, asi_fecha_registro: '2999-01-01' }, ASI_MSG.fechaFutura],
      [{ ...base, detalle: [{ pal_id: palId, aid_cantidad: '0' }] }, 'La cantidad debe ser mayor que 0'],
    ];
    for (const [body, message] of casos) {
      const r = await post('/asignacionItems/registrar', { asignacion_items: body });
      expect({ status: r.status, message: r.body.message }).toEqual({ status: 400, message });
    }
    expect(await saldo(palId)).toEqual({ stock: '5', suma: '5' });
  });

  it('a non-corporate user without a project cannot assign', async () => {
    const palId = await stock(almLurin, await producto(), 1);
    const r = await post('/asignacionItems/registrar', asignacion(palId), NO_PROJECT);
    expect(r).toMatchObject({ status: 400, body: { message: ASI_MSG.sinProyecto } });
  });

  it('takes the stock out through the ledger; corporate users get the warehouse\'s project, project users their own', async () => {
    const palId = await stock(almMiraflores, await producto(), 5);
    const asiId = await asignar(palId, '2.5', { alm_id: almMiraflores, emp_solicitante: empMiraflores[0], emp_autorizador: empMiraflores[1] });
    expect(await saldo(palId)).toEqual({ stock: '2.5', suma: '2.5' });
    const a = (await post('/asignacionItems/obtener', { asi_id: asiId })).body.data;
    expect(a).toMatchObject({ pry_id: pryMiraflores, alm_id: almMiraflores, est_id: 12, asi_estado: 12, est_nombre: 'Asignado', saldo: '2.5', items: 1 });
    expect(a.detalle[0]).toMatchObject({ pal_id: palId, aid_cantidad: '2.5', did_cantidad_total: '0', aid_saldo: '2.5', por_devolver: false });
    const k = await one<{ kdx_glosa: string; kdx_doc_tipo: string; kdx_doc_id: number }>(sql`
      select kdx_glosa, kdx_doc_tipo, kdx_doc_id from kardex where pal_id = ${palId} order by kdx_id desc limit 1`);
    expect(k).toMatchObject({ kdx_doc_tipo: 'ASI', kdx_doc_id: asiId });
    expect(k.kdx_glosa).toMatch(new RegExp(`^Asignación N° ${asiId} a `));

    const palLurin = await stock(almLurin, await producto(), 3);
    const mine = await asignar(palLurin, 1, {}, PROJECT_USER);
    expect((await post('/asignacionItems/obtener', { asi_id: mine }, PROJECT_USER)).body.data).toMatchObject({ pry_id: pryLurin });
  });

  it('refuses a warehouse outside the scope (404), employees outside it, and stock of another warehouse', async () => {
    const palMira = await stock(almMiraflores, await producto(), 5);
    const palLurin = await stock(almLurin, await producto(), 5);
    const otro = await post('/asignacionItems/registrar', asignacion(palMira, 1, { alm_id: almMiraflores }), PROJECT_USER);
    expect(otro).toMatchObject({ status: 404, body: { message: ASI_MSG.almacenNotFound } });
    const emp = await post('/asignacionItems/registrar', asignacion(palLurin, 1, { emp_solicitante: empMiraflores[0] }), PROJECT_USER);
    expect(emp).toMatchObject({ status: 400, body: { message: ASI_MSG.empleadoNotFound('solicitante') } });
    const ajeno = await post('/asignacionItems/registrar', asignacion(palMira, 1));
    expect(ajeno.status).toBe(400);
    expect(ajeno.body.message).toMatch(/no pertenece al almacén seleccionado$/);
    expect(await saldo(palMira)).toEqual({ stock: '5', suma: '5' });
  });

  it('more than the stock answers 409 with the words the field shows (\'Solo hay 2 en …\') and writes nothing', async () => {
    const prvId = await producto();
    const palId = await stock(almLurin, prvId, 2);
    const palOk = await stock(almLurin, await producto(), 5);
    const antes = await one<{ n: number }>(sql`select count(*)::int as n from asignacion`);
    const r = await post('/asignacionItems/registrar', asignacion(palOk, 1, {
      detalle: [{ pal_id: palOk, aid_cantidad: '1' }, { pal_id: palId, aid_cantidad: '3' }],
    }));
    expect(r.status).toBe(409);
    expect(r.body.message).toMatch(/^Solo hay 2 en .+ \(Herramienta de prueba \d+\)$/);
    expect(await one<{ n: number }>(sql`select count(*)::int as n from asignacion`)).toEqual(antes);
    expect(await saldo(palOk)).toEqual({ stock: '5', suma: '5' });
  });

  it('100 concurrent one-unit assignments on a stock of 10: exactly 10 succeed, the rest 409, stock 0 = kardex sum', async () => {
    const palId = await stock(almLurin, await producto(), 10);
    await post('/asignacionItems/obtenerTipos', {}); // token cached before the burst
    const results = await Promise.all(Array.from({ length: 100 }, () => post('/asignacionItems/registrar', asignacion(palId))));
    const ok = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status !== 200);
    expect(ok).toHaveLength(10);
    expect(refused).toHaveLength(90);
    for (const r of refused) {
      expect(r.status).toBe(409);
      expect(r.body.message).toMatch(/^Solo hay 0 en .+ \(Herramienta de prueba \d+\)$/);
    }
    expect(await saldo(palId)).toEqual({ stock: '0', suma: '0' });
    const n = await one<{ n: number }>(sql`select count(*)::int as n from asignacion_detalle where pal_id = ${palId}`);
    expect(n.n).toBe(10);
  });
});

describe('returns (spec 2 §4, DECISIONS §3)', () => {
  it('a partial return puts the stock back and leaves the balance; more than the balance is refused', async () => {
    const palId = await stock(almLurin, await producto(), 5);
    const asiId = await asignar(palId, 4);
    const [l] = await lineas(asiId);
    const r = await post('/devolucionItems/registrar', devolucion(asiId, l.aid_id, '1.5'));
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.message).toBe(ASI_MSG.devolucionRegistrada);
    expect(await saldo(palId)).toEqual({ stock: '2.5', suma: '2.5' });
    expect((await lineas(asiId))[0]).toMatchObject({ aid_cantidad: '4', did_cantidad_total: '1.5', aid_saldo: '2.5' });
    const mas = await post('/devolucionItems/registrar', devolucion(asiId, l.aid_id, '2.5001'));
    expect(mas).toMatchObject({ status: 409, body: { message: ASI_MSG.saldoExcedido(`Herramienta de prueba ${nProducto}`, '2.5') } });
    const dev = (await post('/devolucionItems/obtener', { dei_id: r.body.data.dei_id })).body.data;
    expect(dev).toMatchObject({ asi_id: asiId, est_id: 2, dei_estado: 2, cantidad: '1.5', detalle: [{ aid_id: l.aid_id, did_cantidad: '1.5', aid_cantidad: '4', pal_id: palId }] });
    const k = await one<{ kdx_doc_tipo: string; kdx_cantidad: string }>(sql`
      select kdx_doc_tipo, trim_scale(kdx_cantidad)::text as kdx_cantidad from kardex where pal_id = ${palId} order by kdx_id desc limit 1`);
    expect(k).toEqual({ kdx_doc_tipo: 'DEV', kdx_cantidad: '1.5' });
  });

  it('refuses a line of another assignment, an empty return and a date before the assignment', async () => {
    const palId = await stock(almLurin, await producto(), 5);
    const a1 = await asignar(palId, 1);
    const a2 = await asignar(palId, 1, { asi_fecha_registro: hoy() });
    const [l2] = await lineas(a2);
    expect((await post('/devolucionItems/registrar', devolucion(a1, l2.aid_id, 1))).body.message).toBe(ASI_MSG.lineaAjena);
    expect((await post('/devolucionItems/registrar', { devolucion_items: { asi_id: a1, detalle: [] } })).body.message).toBe(ASI_MSG.devolverAlgo);
    const a3 = await asignar(palId, 1, { asi_fecha_registro: diasAtras(1) });
    const [l3] = await lineas(a3);
    const antes = await post('/devolucionItems/registrar', { devolucion_items: { asi_id: a3, dei_fecha_registro: diasAtras(2), detalle: [{ aid_id: l3.aid_id, did_cantidad: '1' }] } });
    expect(antes).toMatchObject({ status: 400, body: { message: ASI_MSG.fechaDevolucionAnterior } });
  });

  it('two concurrent returns that together exceed the balance: exactly one wins', async () => {
    const palId = await stock(almLurin, await producto(), 5);
    const asiId = await asignar(palId, 3);
    const [l] = await lineas(asiId);
    const [a, b] = await Promise.all([
      post('/devolucionItems/registrar', devolucion(asiId, l.aid_id, 2)),
      post('/devolucionItems/registrar', devolucion(asiId, l.aid_id, 2)),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect((await lineas(asiId))[0]).toMatchObject({ did_cantidad_total: '2', aid_saldo: '1' });
    expect(await saldo(palId)).toEqual({ stock: '4', suma: '4' });
  });

  it('ten concurrent one-unit returns of a balance of 3: exactly 3 win', async () => {
    const palId = await stock(almLurin, await producto(), 3);
    const asiId = await asignar(palId, 3);
    const [l] = await lineas(asiId);
    const results = await Promise.all(Array.from({ length: 10 }, () => post('/devolucionItems/registrar', devolucion(asiId, l.aid_id, 1))));
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    expect(results.filter((r) => r.status === 409)).toHaveLength(7);
    expect((await lineas(asiId))[0]).toMatchObject({ did_cantidad_total: '3', aid_saldo: '0' });
    expect(await saldo(palId)).toEqual({ stock: '3', suma: '3' });
  });
});

describe('deletes (DECISIONS §3)', () => {
  it('an assignment with a return cannot be deleted; after the return is deleted it can, and the stock comes back', async () => {
    const palId = await stock(almLurin, await producto(), 5);
    const asiId = await asignar(palId, 3);
    const [l] = await lineas(asiId);
    const dev = await post('/devolucionItems/registrar', devolucion(asiId, l.aid_id, 1));
    expect(await saldo(palId)).toEqual({ stock: '3', suma: '3' });

    expect(await post('/asignacionItems/eliminar', { asi_id: asiId })).toMatchObject({ status: 409, body: { message: ASI_MSG.conDevoluciones } });

    const borrada = await post('/devolucionItems/eliminar', { dei_id: dev.body.data.dei_id });
    expect(borrada).toMatchObject({ status: 200, body: { message: ASI_MSG.devolucionEliminada } });
    expect(await saldo(palId)).toEqual({ stock: '2', suma: '2' });
    expect((await lineas(asiId))[0]).toMatchObject({ did_cantidad_total: '0', aid_saldo: '3' });
    expect((await post('/devolucionItems/eliminar', { dei_id: dev.body.data.dei_id })).status).toBe(409);

    expect(await post('/asignacionItems/eliminar', { asi_id: asiId })).toMatchObject({ status: 200, body: { message: ASI_MSG.eliminada } });
    expect(await saldo(palId)).toEqual({ stock: '5', suma: '5' });
    expect((await post('/asignacionItems/obtener', { asi_id: asiId })).body.data).toMatchObject({ est_id: 24, asi_estado: 24, est_nombre: 'Eliminado' });
    expect(await post('/asignacionItems/eliminar', { asi_id: asiId })).toMatchObject({ status: 409, body: { message: ASI_MSG.yaEliminada } });
    expect(await post('/devolucionItems/registrar', devolucion(asiId, l.aid_id, 1))).toMatchObject({ status: 409, body: { message: ASI_MSG.yaEliminada } });
  });

  it('a return whose stock already left again cannot be deleted (409) and nothing changes', async () => {
    const palId = await stock(almLurin, await producto(), 2);
    const asiId = await asignar(palId, 2);
    const [l] = await lineas(asiId);
    const dev = await post('/devolucionItems/registrar', devolucion(asiId, l.aid_id, 2));
    await asignar(palId, 2, { emp_solicitante: empLurin[2] });
    expect(await saldo(palId)).toEqual({ stock: '0', suma: '0' });
    const r = await post('/devolucionItems/eliminar', { dei_id: dev.body.data.dei_id });
    expect(r).toMatchObject({ status: 409, body: { message: ASI_MSG.stockYaSalio(`Herramienta de prueba ${nProducto}`) } });
    expect((await lineas(asiId))[0]).toMatchObject({ aid_saldo: '0' });
    expect((await post('/devolucionItems/obtener', { dei_id: dev.body.data.dei_id })).body.data.est_id).toBe(2);
  });

  it('an assignment delete and a return of it at the same time: one of them, never both', async () => {
    const palId = await stock(almLurin, await producto(), 4);
    const asiId = await asignar(palId, 4);
    const [l] = await lineas(asiId);
    const [del, dev] = await Promise.all([
      post('/asignacionItems/eliminar', { asi_id: asiId }),
      post('/devolucionItems/registrar', devolucion(asiId, l.aid_id, 1)),
    ]);
    expect([del.status, dev.status].sort()).toEqual([200, 409]);
    expect(await saldo(palId)).toEqual(del.status === 200 ? { stock: '4', suma: '4' } : { stock: '1', suma: '1' });
  });
});

describe('access and scope (DECISIONS §1)', () => {
  it('a project user does not see, read, delete or return on another project\'s assignment (404)', async () => {
    const palId = await stock(almMiraflores, await producto(), 5);
    const asiId = await asignar(palId, 2, { alm_id: almMiraflores, emp_solicitante: empMiraflores[0], emp_autorizador: empMiraflores[1] });
    const [l] = await lineas(asiId);
    const dev = await post('/devolucionItems/registrar', devolucion(asiId, l.aid_id, 1));
    expect((await post('/asignacionItems/obtener', { asi_id: asiId }, PROJECT_USER)).status).toBe(404);
    expect((await post('/asignacionItems/buscarDetalle', { asignacion_items: { asi_id: asiId } }, PROJECT_USER)).status).toBe(404);
    expect((await post('/asignacionItems/eliminar', { asi_id: asiId }, PROJECT_USER)).status).toBe(404);
    expect((await post('/devolucionItems/registrar', devolucion(asiId, l.aid_id, 1), PROJECT_USER)).status).toBe(404);
    expect((await post('/devolucionItems/obtener', { dei_id: dev.body.data.dei_id }, PROJECT_USER)).status).toBe(404);
    expect((await post('/devolucionItems/eliminar', { dei_id: dev.body.data.dei_id }, PROJECT_USER)).status).toBe(404);
    const lista = (await post('/asignacionItems/buscar', { asignacion_items: { est_id: null }, length: 100 }, PROJECT_USER)).body.data.data;
    expect(lista.length).toBeGreaterThan(0);
    expect(lista.every((a: { pry_id: number }) => a.pry_id === pryLurin)).toBe(true);
    const items = (await post('/asignacionItems/buscarAsignacionesxItems', { asignacion_items_detalle: { est_id: null, page: { number: 1, size: 100 } } }, PROJECT_USER)).body.data.data;
    expect(items.every((a: { pry_nombre: string }) => a.pry_nombre === 'Planta Lurín')).toBe(true);
    const devs = (await post('/devolucionItems/buscar', { devolucion_items: { est_id: null }, length: 100 }, PROJECT_USER)).body.data.data;
    expect(devs.every((d: { pry_id: number }) => d.pry_id === pryLurin)).toBe(true);
  });

  it('VISUALIZADOR reads but cannot register or delete; a user without the module gets 403', async () => {
    const palId = await stock(almLurin, await producto(), 5);
    expect((await post('/asignacionItems/buscar', {}, VIEWER)).status).toBe(200);
    expect((await post('/asignacionItems/registrar', asignacion(palId), VIEWER)).status).toBe(403);
    expect((await post('/devolucionItems/eliminar', { dei_id: 1 }, VIEWER)).status).toBe(403);
    const sin = await post('/asignacionItems/buscar', {}, NO_MODULE);
    expect(sin).toMatchObject({ status: 403, body: { message: MSG.noModuleAccess } });
  });
});

describe('lists and por devolver (spec 2 §2, §9)', () => {
  it('an item past its estimated return days with a balance shows as por devolver (23) in the lists and the history', async () => {
    const palId = await stock(almLurin, await producto(7), 5);
    const solicitante = empLurin[3];
    const vencida = await asignar(palId, 2, { asi_fecha_registro: diasAtras(10), emp_solicitante: solicitante });
    const vigente = await asignar(palId, 1, { asi_fecha_registro: diasAtras(3), emp_solicitante: solicitante });
    const lista = (await post('/asignacionItems/buscar', { asignacion_items: { emp_solicitante: solicitante } })).body.data;
    const estado = (id: number) => lista.data.find((a: { asi_id: number }) => a.asi_id === id)?.est_id;
    expect(estado(vencida)).toBe(23);
    expect(estado(vigente)).toBe(12);
    const por = (await post('/asignacionItems/buscar', { asignacion_items: { emp_solicitante: solicitante, est_id: 23 } })).body.data.data;
    expect(por.map((a: { asi_id: number }) => a.asi_id)).toEqual([vencida]);
    expect(por[0]).toMatchObject({ est_nombre: 'Por devolver', est_styles: 'magenta' });
    const hist = (await post('/asignacionItems/buscarAsignacionesxItems', { asignacion_items_detalle: { pal_id: palId, page: { number: 1, size: 10 } } })).body.data;
    expect(hist.data.map((r: { asi_id: number; est_id: number; por_devolver: boolean }) => [r.asi_id, r.est_id, r.por_devolver]))
      .toEqual([[vigente, 12, false], [vencida, 23, true]]);
    expect(hist.data[1].fecha_retorno).toBe(limaDate(new Date(Date.now() - 3 * 86_400_000)));

    // Everything back: devuelto, no longer por devolver.
    const [l] = await lineas(vencida);
    await post('/devolucionItems/registrar', devolucion(vencida, l.aid_id, 2));
    const despues = (await post('/asignacionItems/obtener', { asi_id: vencida })).body.data;
    expect(despues).toMatchObject({ est_id: 33, est_nombre: 'Devuelto', saldo: '0', con_devoluciones: true });
    expect(despues.detalle[0].por_devolver).toBe(false);
  });

  it('default filter: type 1, status 3 (live) leaves deleted ones out; 24 lists them; type 2 lists returns; 10 a page', async () => {
    const palId = await stock(almLurin, await producto(), 30);
    const solicitante = empLurin[4];
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) ids.push(await asignar(palId, 1, { emp_solicitante: solicitante }));
    await post('/asignacionItems/eliminar', { asi_id: ids[0] });
    const p1 = (await post('/asignacionItems/buscar', { asignacion_items: { emp_solicitante: solicitante } })).body.data;
    expect(p1.total).toBe(11);
    expect(p1.data).toHaveLength(10);
    expect(p1.data[0].asi_id).toBe(ids[11]);
    const p2 = (await post('/asignacionItems/buscar', { asignacion_items: { emp_solicitante: solicitante }, start: 10, despues: p1.siguiente, contar: false })).body.data;
    expect(p2.data.map((a: { asi_id: number }) => a.asi_id)).toEqual([ids[1]]);
    const borradas = (await post('/asignacionItems/buscar', { asignacion_items: { emp_solicitante: solicitante, est_id: 24 } })).body.data;
    expect(borradas.data.map((a: { asi_id: number }) => a.asi_id)).toEqual([ids[0]]);

    const [l] = await lineas(ids[5]);
    const dev = (await post('/devolucionItems/registrar', devolucion(ids[5], l.aid_id, 1))).body.data;
    const devs = (await post('/asignacionItems/buscar', { asignacion_items: { tipo: 2, emp_solicitante: solicitante } })).body.data;
    expect(devs.data).toEqual([expect.objectContaining({ dei_id: dev.dei_id, asi_id: ids[5], est_id: 2, est_nombre: 'Registrado', cantidad: '1', items: 1 })]);
    const porItem = (await post('/devolucionItems/buscarDevolucionesxItems', { devolucion_items_detalle: { aid_id: l.aid_id } })).body.data;
    expect(porItem.data).toEqual([expect.objectContaining({ dei_id: dev.dei_id, did_cantidad: '1' })]);
    const fechas = (await post('/asignacionItems/buscar', { asignacion_items: { emp_solicitante: solicitante, fecha_inicio: diasAtras(-1) } })).body.data;
    expect(fechas.total).toBe(0);
  });
});

describe('a typed value is refused with its reason, never changed (issue 24)', () => {
  it('50 over a stock of 30 answers \'Solo hay 30 en <almacén>\', the words the field shows, and keeps the stock', async () => {
    const palId = await stock(almLurin, await producto(), 30);
    const { alm_nombre } = await one<{ alm_nombre: string }>(sql`select alm_nombre from almacen where alm_id = ${almLurin}`);
    const r = await post('/asignacionItems/registrar', asignacion(palId, 50));
    expect(r.status).toBe(409);
    expect(r.body.message).toContain(ASI_MSG.soloHay('30', alm_nombre));
    expect(ASI_MSG.soloHay('30.0000', alm_nombre)).toBe(`Solo hay 30 en ${alm_nombre}`);
    expect(await saldo(palId)).toEqual({ stock: '30', suma: '30' });
    // The whole stock is accepted as typed.
    await asignar(palId, 30);
    expect(await saldo(palId)).toEqual({ stock: '0', suma: '0' });
  });

  it('a negative quantity is refused with a clear message, not raised to 0.0001', async () => {
    const palId = await stock(almLurin, await producto(), 5);
    const r = await post('/asignacionItems/registrar', asignacion(palId, -3));
    expect(r).toMatchObject({ status: 400, body: { message: 'La cantidad debe ser mayor que 0' } });
    expect(await saldo(palId)).toEqual({ stock: '5', suma: '5' });
  });

  it('notes over 500 characters are refused naming the field and the limit, never cut', async () => {
    const palId = await stock(almLurin, await producto(), 5);
    const largo = await post('/asignacionItems/registrar', asignacion(palId, 1, { asi_notas: 'x'.repeat(501) }));
    expect(largo).toMatchObject({ status: 400, body: { message: 'Las notas no deben superar 500 caracteres' } });
    const linea = await post('/asignacionItems/registrar', asignacion(palId, 1, { detalle: [{ pal_id: palId, aid_cantidad: '1', aid_notas: 'y'.repeat(501) }] }));
    expect(linea).toMatchObject({ status: 400, body: { message: 'Las notas no deben superar 500 caracteres' } });
    const justo = await asignar(palId, 1, { asi_notas: 'z'.repeat(500) });
    const a = await post('/asignacionItems/obtener', { asi_id: justo });
    expect(a.body.data.asi_notas).toHaveLength(500);
  });
});
