import { ROLE } from '@obra/domain';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { selectRows } from '../../db/client.ts';
import { ADMIN, VIEWER, createTestContext, type TestContext } from '../../test/harness.ts';
import type { Auth, Reply } from '../../test/expect.ts';
export { expectOk, expectRefused, type Auth, type Reply } from '../../test/expect.ts';

/**
 * Shared set-up of the purchase request API tests: the demo users by role (plus one without a project), the demo
 * warehouses, cost centres and products by name, and helpers that register requests and purchase orders.
 */

export const CORREOS = {
  admin: ADMIN,
  logistica: 'logistica@andina.pe',
  gerencia: 'gerencia@andina.pe',
  contabilidad: 'contabilidad@andina.pe',
  almacen: 'almacen@andina.pe',
  estandar: 'estandar@andina.pe',
  viewer: VIEWER,
  sinProyecto: 'sinproyecto@andina.pe',
} as const;
export type Quien = keyof typeof CORREOS;

export interface Linea { pid_id: number; prv_id: number; pid_cantidad_solicitada: string; pid_cantidad_aprobada: string | null; oci_cantidad: string }

export interface PedidoFixture {
  ctx: TestContext;
  u: Record<Quien, Auth>;
  usu: Record<Quien, number>;
  /** Warehouses: `central` and `agregados` of Planta Lurín (PRY-001), `mf` of Edificio Miraflores (PRY-002). */
  alm: { central: number; agregados: number; mf: number };
  /** Cost centres: `pl` CC-PL-01, `pl2` CC-PL-02, `mf` CC-MF-01, `mfInactivo` CC-MF-04. */
  cc: { pl: number; pl2: number; mf: number; mfInactivo: number };
  /** Products: three active ones and a disabled one. */
  prv: { cemento: number; arena: number; fierro: number; deshabilitado: number };
  pry: { pl: number; mf: number };
  rows<T>(q: ReturnType<typeof sql>): Promise<T[]>;
  post(path: string, payload: unknown, who: Auth, headers?: Record<string, string>): Promise<Reply>;
  /** POST /api/pedidoItems/<path> {pedido_items: body}. */
  pei(path: string, body: unknown, who: Auth): Promise<Reply>;
  /** A valid registration: Almacén Central, CC-PL-01, logistica@, 100 bags of cement and 20 m3 of sand. */
  datos(over?: Record<string, unknown>): Record<string, unknown>;
  registrar(over?: Record<string, unknown>, who?: Auth): Promise<{ pei_id: number; pei_codigo: string }>;
  /** Registered, sent for approval and approved (as gerencia@) with `aprobadas` per product (requested when absent). */
  aprobado(aprobadas?: Record<number, string>, over?: Record<string, unknown>): Promise<{ pei_id: number; pei_codigo: string; lineas: Linea[] }>;
  lineas(peiId: number): Promise<Linea[]>;
  setEstado(peiId: number, estado: string): Promise<void>;
  estado(peiId: number): Promise<{ pei_estado: string; pei_version: number }>;
  /** An order payload (CC-PL-01, crédito) with `items` lines of 10.00 each; `over` replaces header fields. */
  orden(items: { prv_id: number; cantidad: string | number; pid_id?: number | null }[], over?: Record<string, unknown>): Record<string, unknown>;
  registrarOrden(body: Record<string, unknown>, who?: Auth): Promise<Reply>;
}

export async function createPedidoFixture(): Promise<PedidoFixture> {
  const ctx = await createTestContext({ RATE_LIMIT_PER_MINUTE: '1000000' });
  const db = ctx.deps.database.db;
  const rows = <T>(q: ReturnType<typeof sql>) => selectRows<T>(db, q);
  const id = async (q: ReturnType<typeof sql>) => Number((await rows<{ id: number }>(q))[0].id);
  // A warehouse user with no project: level 0 and no pry_id sees nothing (DECISIONS §1).
  const [sp] = await rows<{ usu_id: number }>(sql`
    insert into usuario (usu_nombre, usu_apellido, usu_dni, usu_correo, usu_password_hash, usu_nivel)
    values ('Sin', 'Proyecto', '40009999', ${CORREOS.sinProyecto}, 'x', 0) returning usu_id`);
  await rows(sql`insert into usuario_rol (usu_id, rol_id) values (${sp.usu_id}, ${ROLE.JEFE_ALMACEN})`);

  const u = {} as PedidoFixture['u'];
  const usu = {} as PedidoFixture['usu'];
  for (const [k, correo] of Object.entries(CORREOS) as [Quien, string][]) {
    u[k] = await ctx.auth(correo);
    usu[k] = await id(sql`select usu_id as id from usuario where usu_correo = ${correo}`);
  }
  const alm = async (nombre: string) => id(sql`select alm_id as id from almacen where alm_nombre = ${nombre}`);
  const cec = async (codigo: string) => id(sql`select cec_id as id from centro_costo where cec_codigo = ${codigo}`);
  const prv = async (nombre: string) => id(sql`select prv_id as id from producto where prv_nombre = ${nombre}`);
  const f: Omit<PedidoFixture, 'registrar' | 'aprobado' | 'orden' | 'registrarOrden' | 'datos' | 'pei' | 'post' | 'lineas' | 'setEstado' | 'estado'> = {
    ctx, u, usu, rows,
    alm: { central: await alm('Almacén Central'), agregados: await alm('Almacén de Agregados'), mf: await alm('Almacén de Obra Miraflores') },
    cc: { pl: await cec('CC-PL-01'), pl2: await cec('CC-PL-02'), mf: await cec('CC-MF-01'), mfInactivo: await cec('CC-MF-04') },
    prv: {
      cemento: await prv('Cemento Portland Tipo I 42.5 kg'), arena: await prv('Arena gruesa'), fierro: await prv('Fierro corrugado 1/2" x 9 m'),
      deshabilitado: await prv('Botas de jebe punta de acero'),
    },
    pry: { pl: await id(sql`select pry_id as id from proyecto where pry_codigo = 'PRY-001'`), mf: await id(sql`select pry_id as id from proyecto where pry_codigo = 'PRY-002'`) },
  };
  const post = (path: string, payload: unknown, who: Auth, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'POST', url: `/api/${path}`, headers: { ...who, ...headers }, payload: payload as object }) as unknown as Promise<Reply>;
  const pei = (path: string, body: unknown, who: Auth) => post(`pedidoItems/${path}`, { pedido_items: body }, who);
  const datos = (over: Record<string, unknown> = {}) => ({
    alm_id: f.alm.central, cec_id: f.cc.pl, usu_logistica: usu.logistica, pei_notas: 'Para el vaciado de la losa',
    lista_pedido_items_detalle: [{ prv_id: f.prv.cemento, pid_cantidad_solicitada: '100' }, { prv_id: f.prv.arena, pid_cantidad_solicitada: '20' }],
    ...over,
  });
  const registrar = async (over: Record<string, unknown> = {}, who: Auth = u.almacen) => {
    const res = await pei('registrar', datos(over), who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { pei_id: number; pei_codigo: string };
  };
  const lineas = (peiId: number) => rows<Linea>(sql`
    select pid_id, prv_id, trim_scale(pid_cantidad_solicitada)::text as pid_cantidad_solicitada, trim_scale(pid_cantidad_aprobada)::text as pid_cantidad_aprobada,
      trim_scale(oci_cantidad)::text as oci_cantidad
    from pedido_items_detalle where pei_id = ${peiId} order by pid_id`);
  const aprobado = async (aprobadas: Record<number, string> = {}, over: Record<string, unknown> = {}) => {
    const r = await registrar(over);
    expect((await pei('solicitarAprobacion', { pei_id: r.pei_id }, u.almacen)).statusCode).toBe(200);
    const ls = await lineas(r.pei_id);
    const res = await pei('aprobar', {
      pei_id: r.pei_id, lista_pedido_items_detalle: ls.map((l) => ({ pid_id: l.pid_id, pid_cantidad_aprobada: aprobadas[l.prv_id] ?? l.pid_cantidad_solicitada })),
    }, u.gerencia);
    expect(res.statusCode, res.body).toBe(200);
    return { ...r, lineas: await lineas(r.pei_id) };
  };
  const estado = async (peiId: number) => {
    const [r] = await rows<{ pei_estado: string; pei_version: number }>(sql`select pei_estado, pei_version from pedido_items where pei_id = ${peiId}`);
    return { pei_estado: r.pei_estado, pei_version: Number(r.pei_version) };
  };
  const setEstado = async (peiId: number, e: string) => {
    await rows(sql`update pedido_items set pei_estado = ${e} where pei_id = ${peiId}`);
    // An approved (or completed) request has its approved quantities: the requested ones.
    const aprobada = ['APROBADO', 'ATENDIDO', 'ATENDIDO_PARCIAL'].includes(e);
    await rows(sql`update pedido_items_detalle set oci_cantidad = 0, pid_cantidad_aprobada = ${aprobada ? sql`pid_cantidad_solicitada` : sql`null`} where pei_id = ${peiId}`);
  };
  const unidad = await id(sql`select unm_id as id from unidad_medida order by unm_id limit 1`);
  const pve = await id(sql`select pve_id as id from proveedor where pve_es_activo order by pve_id limit 1`);
  const orden = (items: { prv_id: number; cantidad: string | number; pid_id?: number | null }[], over: Record<string, unknown> = {}) => ({
    tipo_orden: 1, es_importacion: 0,
    centro_costo: { id_centro_costo: f.cc.pl }, proveedor: { id_proveedor: pve }, moneda: { id_moneda: 1 },
    condicion_comercial: { id_condicion: 2 }, metodo_pago: { id_metodo: 1 }, tipo_documento: { id_tipo_documento: 1 },
    fecha_pago: '2026-12-15', lugar_entrega: 'Planta Lurín',
    contabilidad: { id_usuario: usu.contabilidad }, administrador: { id_usuario: usu.admin }, gerencia: { id_usuario: usu.gerencia },
    referencia: 'Compra del pedido', descuento: 0, tipo_descuento: 1,
    orden_items: items.map((i) => ({ producto_variacion: { id_producto_variacion: i.prv_id }, unidad: { id_unidad: unidad }, cantidad: i.cantidad, precio_unitario: 10, pid_id: i.pid_id ?? null })),
    ...over,
  });
  const registrarOrden = (body: Record<string, unknown>, who: Auth = u.logistica) => post('orden/register-orden', body, who);
  return { ...f, post, pei, datos, registrar, aprobado, lineas, setEstado, estado, orden, registrarOrden };
}


