import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { selectRows } from '../../db/client.ts';
import { SUPPLIER, createTestContext, type TestContext } from '../../test/harness.ts';
import type { Auth, Reply } from '../../test/expect.ts';

/**
 * Set-up of the portal's order tests: supplier A is the demo account (proveedor@andina.pe, Aceros y
 * Materiales del Sur); supplier B gets an account here (Canteras y Agregados Lurín). Orders and
 * payment orders are made through the staff API, as users would.
 */


export const RUC_A = '20501234568';
export const RUC_B = '20602145736';
export const SUPPLIER_B = 'facturacion@agregadoslurin.pe';

export interface PortalFixture {
  ctx: TestContext;
  u: Record<'a' | 'b' | 'admin' | 'logistica' | 'gerencia' | 'contabilidad' | 'tesoreria' | 'viewer', Auth>;
  pve: { a: number; b: number };
  rows<T>(q: ReturnType<typeof sql>): Promise<T[]>;
  post(path: string, payload: unknown, who: Auth, headers?: Record<string, string>): Promise<Reply>;
  /** An order of supplier `pveId` registered by logistics (creado); `over` changes the payload. */
  orden(pveId: number, over?: Record<string, unknown>): Promise<number>;
  /** Approved by management and accounting: emitido. */
  emitir(ordId: number): Promise<void>;
  /** A payment order of `total` (registered); `estado` moves it on: OPA approved, OPP deposited. */
  pago(ordId: number, total: string, descripcion: string, estado?: 'OPR' | 'OPA' | 'OPP'): Promise<number>;
  anular(ordId: number): Promise<void>;
}

export async function createPortalFixture(env: Record<string, string> = {}): Promise<PortalFixture> {
  const ctx = await createTestContext({ RATE_LIMIT_PER_MINUTE: '1000000', ...env });
  const rows = <T>(q: ReturnType<typeof sql>) => selectRows<T>(ctx.deps.database.db, q);
  const one = async <T>(q: ReturnType<typeof sql>) => (await rows<T>(q))[0];
  const pveOf = async (ruc: string) => Number((await one<{ id: number }>(sql`select pve_id as id from proveedor where pve_ruc = ${ruc}`)).id);
  const pve = { a: await pveOf(RUC_A), b: await pveOf(RUC_B) };
  await rows(sql`
    with u as (insert into usuario (usu_nombre, usu_apellido, usu_dni, usu_correo, usu_password_hash, usu_nivel, tiu_id, pve_id)
      values ('Marco', 'Lurín Rivas', '41234567', ${SUPPLIER_B}, 'x', 0, 3, ${pve.b}) returning usu_id)
    insert into usuario_rol (usu_id, rol_id) select usu_id, 10 from u`);
  const u = {} as PortalFixture['u'];
  for (const [k, correo] of [['a', SUPPLIER], ['b', SUPPLIER_B], ['admin', 'admin@andina.pe'], ['logistica', 'logistica@andina.pe'],
    ['gerencia', 'gerencia@andina.pe'], ['contabilidad', 'contabilidad@andina.pe'], ['tesoreria', 'tesoreria@andina.pe'],
    ['viewer', 'visualizador@andina.pe']] as const) {
    u[k] = await ctx.auth(correo);
  }
  const usu = async (correo: string) => Number((await one<{ id: number }>(sql`select usu_id as id from usuario where usu_correo = ${correo}`)).id);
  const ids = {
    cc: Number((await one<{ id: number }>(sql`select cec_id as id from centro_costo where cec_codigo = 'CC-PL-01'`)).id),
    unidad: Number((await one<{ id: number }>(sql`select unm_id as id from unidad_medida order by unm_id limit 1`)).id),
    gerencia: await usu('gerencia@andina.pe'), contabilidad: await usu('contabilidad@andina.pe'), admin: await usu('admin@andina.pe'),
  };

  const post = (path: string, payload: unknown, who: Auth, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'POST', url: `/api/${path}`, headers: { ...who, ...headers }, payload: payload as object }) as unknown as Promise<Reply>;
  const okData = async <T>(res: Promise<Reply>): Promise<T> => {
    const r = await res;
    expect(r.statusCode, r.body).toBe(200);
    return r.json().data as T;
  };

  return {
    ctx, u, pve, rows, post,
    orden: async (pveId, over = {}) => (await okData<{ id_orden: number }>(post('orden/register-orden', {
      tipo_orden: 1, es_importacion: 0,
      centro_costo: { id_centro_costo: ids.cc }, proveedor: { id_proveedor: pveId }, moneda: { id_moneda: 1 },
      condicion_comercial: { id_condicion: 2 }, metodo_pago: { id_metodo: 1 }, tipo_documento: { id_tipo_documento: 1 },
      fecha_pago: '2026-12-15', lugar_entrega: 'Planta Lurín',
      contabilidad: { id_usuario: ids.contabilidad }, administrador: { id_usuario: ids.admin }, gerencia: { id_usuario: ids.gerencia },
      referencia: 'Portal de proveedores', descuento: 0, tipo_descuento: 1,
      orden_items: [{ descripcion: 'Acero corrugado 1/2"', unidad: { id_unidad: ids.unidad }, cantidad: 10, precio_unitario: 100 }],
      ...over,
    }, u.logistica))).id_orden,
    emitir: async (ordId) => {
      await okData(post('orden/approve', { id_orden_estado: 2 }, u.gerencia, { idOrden: String(ordId) }));
      await okData(post('orden/approve', { id_orden_estado: 3 }, u.contabilidad, { idOrden: String(ordId) }));
    },
    pago: async (ordId, total, descripcion, estado = 'OPR') => {
      const { opg_id } = await okData<{ opg_id: number }>(post('ordenPago/registrar', { orden_pago: {
        ord_id: ordId, opg_descripcion: descripcion, opg_fecha_pago_programado: '2026-12-20', opg_pago_cierre: 0,
        tid_id: 1, opg_comprobante: 'F001-77', opg_sistema_pago: 1, opg_total: total,
      } }, u.logistica));
      if (estado !== 'OPR') await okData(post('ordenPago/aprobar', { orden_pago: { opg_id } }, u.gerencia));
      if (estado === 'OPP') await okData(post('ordenPago/depositar', { orden_pago: { opg_id, opg_numero_operacion: `OP-${opg_id}` } }, u.tesoreria));
      return opg_id;
    },
    anular: async (ordId) => { await okData(post('orden/delete-orden', { id_orden: ordId }, u.logistica)); },
  };
}
