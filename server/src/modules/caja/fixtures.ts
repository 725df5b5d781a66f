import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { selectRows } from '../../db/client.ts';
import { ADMIN, VIEWER, createTestContext, type TestContext } from '../../test/harness.ts';
import type { Auth, Reply } from '../../test/expect.ts';
export { expectOk, expectRefused, type Auth, type Reply } from '../../test/expect.ts';

/**
 * Shared set-up of the petty cash and settlement API tests: the demo users by role, the cost centres of
 * both projects, and helpers that register cash boxes through the API or put one in a given state.
 */

export const CORREOS = {
  admin: ADMIN,
  gerencia: 'gerencia@andina.pe',
  tesoreria: 'tesoreria@andina.pe',
  contabilidad: 'contabilidad@andina.pe',
  estandar: 'estandar@andina.pe',
  viewer: VIEWER,
  logistica: 'logistica@andina.pe',
  administracion: 'administracion@andina.pe',
  almacen: 'almacen@andina.pe',
} as const;
export type Quien = keyof typeof CORREOS;

export interface CajaFixture {
  ctx: TestContext;
  u: Record<Quien, Auth>;
  /** usu_id of each demo user. */
  usu: Record<Quien, number>;
  /** Cost centres: `pl` of Planta Lurín (PRY-001), `mf` of Edificio Miraflores (PRY-002), `inactivo` (CC-MF-04, inactive). */
  cc: { pl: number; mf: number; inactivo: number };
  rows<T>(q: ReturnType<typeof sql>): Promise<T[]>;
  /** POST /api/<path>. */
  post(path: string, payload: unknown, who: Auth): Promise<Reply>;
  /** POST /api/caja/<path> {caja: body}. */
  caja(path: string, body: Record<string, unknown>, who: Auth): Promise<Reply>;
  /** A valid `caja` of a registration: Miraflores, S/ 500.00, manager gerencia@, requester estandar@. */
  datos(over?: Record<string, unknown>): Record<string, unknown>;
  /** Registers a cash box (as estandar@ unless told) and returns its id. */
  registrar(over?: Record<string, unknown>, who?: Auth): Promise<number>;
  /** Puts a cash box straight into `estado` (the table-driven tests start from every state). */
  setEstado(cajId: number, estado: string): Promise<void>;
  estado(cajId: number): Promise<{ caj_estado: string; caj_version: number }>;
  /** Adds a settlement document straight into rendicion_detalle (what /rendicion/registrar would store). */
  documento(cajId: number, importe?: string): Promise<void>;
}

let serie = 0;

export async function createCajaFixture(): Promise<CajaFixture> {
  const ctx = await createTestContext();
  const rows = <T>(q: ReturnType<typeof sql>) => selectRows<T>(ctx.deps.database.db, q);
  const u = {} as CajaFixture['u'];
  const usu = {} as CajaFixture['usu'];
  for (const [k, correo] of Object.entries(CORREOS) as [Quien, string][]) {
    u[k] = await ctx.auth(correo);
    usu[k] = Number((await rows<{ id: number }>(sql`select usu_id as id from usuario where usu_correo = ${correo}`))[0].id);
  }
  const cec = async (codigo: string) => Number((await rows<{ id: number }>(sql`select cec_id as id from centro_costo where cec_codigo = ${codigo}`))[0].id);
  const cc = { pl: await cec('CC-PL-01'), mf: await cec('CC-MF-01'), inactivo: await cec('CC-MF-04') };

  const post = (path: string, payload: unknown, who: Auth) =>
    ctx.app.inject({ method: 'POST', url: `/api/${path}`, headers: who, payload: payload as object }) as unknown as Promise<Reply>;
  const caja = (path: string, body: Record<string, unknown>, who: Auth) => post(`caja/${path}`, { caja: body }, who);
  const datos = (over: Record<string, unknown> = {}) => ({
    mon_id: 1, cec_id: cc.mf, tca_id: 1, caj_titulo: 'Gastos menores obra Miraflores', caj_descripcion: 'Movilidad y útiles de oficina',
    caj_monto: '500.00', usu_gerente: usu.gerencia, usu_solicitante: usu.estandar, ...over,
  });
  const registrar = async (over: Record<string, unknown> = {}, who: Auth = u.estandar) => {
    const res = await caja('registrar', datos(over), who);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as { caj_id: number }).caj_id;
  };
  const setEstado = async (cajId: number, estado: string) => {
    await rows(sql`update caja set caj_estado = ${estado} where caj_id = ${cajId}`);
  };
  const estado = async (cajId: number) => {
    const [r] = await rows<{ caj_estado: string; caj_version: number }>(sql`select caj_estado, caj_version from caja where caj_id = ${cajId}`);
    return { caj_estado: r.caj_estado, caj_version: Number(r.caj_version) };
  };
  const documento = async (cajId: number, importe = '50.00') => {
    serie += 1;
    await rows(sql`insert into rendicion_detalle (caj_id, red_item, red_fecha, red_dni_ruc, red_razon_social, cec_id, tid_id, red_serie, red_numero, red_importe)
      select ${cajId}, coalesce(max(red_item), 0) + 1, current_date, '20100047218', 'Ferretería El Constructor S.A.C.', ${cc.mf},
        (select min(tid_id) from tipo_documento), 'F001', ${String(1000 + serie)}, ${importe}
      from rendicion_detalle where caj_id = ${cajId}`);
    await rows(sql`update caja set ren_total = (select sum(red_importe) from rendicion_detalle where caj_id = ${cajId}) where caj_id = ${cajId}`);
  };
  return { ctx, u, usu, cc, rows, post, caja, datos, registrar, setEstado, estado, documento };
}

