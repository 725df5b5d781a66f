import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { selectRows } from '../../db/client.ts';
import { ADMIN, SUPPLIER, VIEWER, createTestContext, type TestContext } from '../../test/harness.ts';
import type { Auth, Reply } from '../../test/expect.ts';
export { expectOk, expectRefused, type Auth, type Reply } from '../../test/expect.ts';

/** Shared set-up of the payment order API tests: users, references and orders made through the orders API. */

export interface Fixture {
  ctx: TestContext;
  u: Record<'admin' | 'logistica' | 'gerencia' | 'contabilidad' | 'tesoreria' | 'viewer' | 'supplier' | 'inventario' | 'estandar', Auth>;
  ids: { cc: number; ccOtro: number; pve: number; pve2: number; unidad: number; gerencia: number; contabilidad: number; admin: number };
  rows<T>(q: ReturnType<typeof sql>): Promise<T[]>;
  /** POST /api/<path>. */
  post(path: string, payload: unknown, who: Auth, headers?: Record<string, string>): Promise<Reply>;
  /** POST /api/ordenPago/<path>. */
  opg(path: string, payload: unknown, who: Auth): Promise<Reply>;
  /** Registers an order as logistics (crédito, 1 × 1000 + IGV = 1180.00 unless `over` says otherwise) and returns its id. */
  newOrder(over?: Record<string, unknown>): Promise<number>;
  /** An order approved by management and accounting (emitido). */
  emitida(over?: Record<string, unknown>): Promise<number>;
  /** Registers a payment order of `total` as logistics; returns the reply. */
  registrar(ordId: number, total: string | number, over?: Record<string, unknown>, who?: Auth): Promise<Reply>;
  ordenEstado(ordId: number): Promise<number>;
  opgEstado(opgId: number): Promise<string>;
}

export async function createFixture(): Promise<Fixture> {
  const ctx = await createTestContext();
  const rows = <T>(q: ReturnType<typeof sql>) => selectRows<T>(ctx.deps.database.db, q);
  const one = async <T>(q: ReturnType<typeof sql>) => (await rows<T>(q))[0];
  // estandar@andina.pe (project PRY-002) gets LOGÍSTICA: a project-limited holder of the payment orders module.
  await rows(sql`insert into usuario_rol (usu_id, rol_id) select usu_id, 3 from usuario where usu_correo = 'estandar@andina.pe'`);
  const u = {} as Fixture['u'];
  for (const [k, correo] of [['admin', ADMIN], ['logistica', 'logistica@andina.pe'], ['gerencia', 'gerencia@andina.pe'], ['contabilidad', 'contabilidad@andina.pe'],
    ['tesoreria', 'tesoreria@andina.pe'], ['viewer', VIEWER], ['supplier', SUPPLIER], ['inventario', 'inventario@andina.pe'], ['estandar', 'estandar@andina.pe']] as const) {
    u[k] = await ctx.auth(correo);
  }
  const usu = async (correo: string) => (await one<{ id: number }>(sql`select usu_id as id from usuario where usu_correo = ${correo}`)).id;
  const pves = await rows<{ id: number }>(sql`select pve_id as id from proveedor where pve_es_activo order by pve_id limit 2`);
  const ids: Fixture['ids'] = {
    cc: (await one<{ id: number }>(sql`select cec_id as id from centro_costo where cec_codigo = 'CC-PL-01'`)).id,
    ccOtro: (await one<{ id: number }>(sql`select cec_id as id from centro_costo where cec_codigo = 'CC-MF-01'`)).id,
    pve: pves[0].id,
    pve2: pves[1].id,
    unidad: (await one<{ id: number }>(sql`select unm_id as id from unidad_medida order by unm_id limit 1`)).id,
    gerencia: await usu('gerencia@andina.pe'),
    contabilidad: await usu('contabilidad@andina.pe'),
    admin: await usu(ADMIN),
  };

  const post = (path: string, payload: unknown, who: Auth, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'POST', url: `/api/${path}`, headers: { ...who, ...headers }, payload: payload as object }) as unknown as Promise<Reply>;
  const opg = (path: string, payload: unknown, who: Auth) => post(`ordenPago/${path}`, payload, who);

  const newOrder = async (over: Record<string, unknown> = {}) => {
    const res = await post('orden/register-orden', {
      tipo_orden: 1, es_importacion: 0,
      centro_costo: { id_centro_costo: ids.cc }, proveedor: { id_proveedor: ids.pve }, moneda: { id_moneda: 1 },
      condicion_comercial: { id_condicion: 2 }, metodo_pago: { id_metodo: 1 }, tipo_documento: { id_tipo_documento: 1 },
      fecha_pago: '2026-12-15', lugar_entrega: 'Planta Lurín',
      contabilidad: { id_usuario: ids.contabilidad }, administrador: { id_usuario: ids.admin }, gerencia: { id_usuario: ids.gerencia },
      referencia: 'Órdenes de pago', descuento: 0, tipo_descuento: 1,
      orden_items: [{ descripcion: 'Cemento', unidad: { id_unidad: ids.unidad }, cantidad: 1, precio_unitario: 1000 }],
      ...over,
    }, u.logistica);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as { id_orden: number }).id_orden;
  };
  const approve = async (id: number, target: number, who: Auth) => {
    const res = await post('orden/approve', { id_orden_estado: target }, who, { idOrden: String(id) });
    expect(res.statusCode, res.body).toBe(200);
  };
  const emitida = async (over: Record<string, unknown> = {}) => {
    const id = await newOrder(over);
    await approve(id, 2, u.gerencia);
    await approve(id, 3, u.contabilidad);
    return id;
  };
  const registrar = (ordId: number, total: string | number, over: Record<string, unknown> = {}, who: Auth = u.logistica) => opg('registrar', {
    orden_pago: {
      ord_id: ordId, opg_descripcion: 'Pago a cuenta', opg_fecha_pago_programado: '2026-12-20', opg_pago_cierre: 0,
      tid_id: 1, opg_comprobante: 'F001-77', opg_sistema_pago: 1, opg_total: total, ...over,
    },
  }, who);
  return {
    ctx, u, ids, rows, post, opg, newOrder, emitida, registrar,
    ordenEstado: async (ordId) => Number((await one<{ ore_id: number }>(sql`select ore_id from orden where ord_id = ${ordId}`)).ore_id),
    opgEstado: async (opgId) => (await one<{ e: string }>(sql`select opg_estado as e from orden_pago where opg_id = ${opgId}`)).e,
  };
}

