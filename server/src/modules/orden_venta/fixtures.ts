import { formatFechaHoraLima, rucCheckDigit, ventaSaldo, type EmisorVista } from '@obra/domain';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { selectRows } from '../../db/client.ts';
import { ADMIN, VIEWER, createTestContext, type TestContext } from '../../test/harness.ts';
import type { Auth, Reply } from '../../test/expect.ts';
import { expectOk } from '../../test/expect.ts';
import type { FakeSunat } from '../../test/fake-sunat.ts';
import { multipart } from '../../test/multipart.ts';
import { generarCertificadoPrueba } from '../../platform/cpe/firma/certificado.ts';
export { expectOk, expectRefused, type Auth, type Reply } from '../../test/expect.ts';

/**
 * Shared set-up of the sales order API tests. The clients, addresses, sellers and products the tests
 * use are inserted here (not taken from the demo seed), so the tests know their exact prices and flags.
 */

export const CORREOS = {
  admin: ADMIN,
  administracion: 'administracion@andina.pe',
  gerencia: 'gerencia@andina.pe',
  contabilidad: 'contabilidad@andina.pe',
  tesoreria: 'tesoreria@andina.pe',
  logistica: 'logistica@andina.pe',
  viewer: VIEWER,
} as const;
export type Quien = keyof typeof CORREOS;

/** A valid RUC of a company from 8 digits (SUNAT's check digit appended). */
export const ruc = (ocho: string) => `20${ocho}${rucCheckDigit(`20${ocho}`)}`;

export interface Ids {
  /** Products: f'c 210 (S/ 350, minimum 300, m³), pumping (S/ 200, minimum 180, hour), one inactive. */
  p210: number; bombeo: number; pInactivo: number;
  /** Clients: with RUC, with DNI, special (RUC), inactive (RUC). */
  cRuc: number; cDni: number; cEspecial: number; cInactivo: number;
  /** Addresses: of each client, plus an inactive one of cRuc. */
  dRuc: number; dRucInactiva: number; dDni: number; dEspecial: number; dInactivo: number;
  vendedor: number; vendedorInactivo: number;
}

export interface OvFixture {
  ctx: TestContext;
  u: Record<Quien, Auth>;
  id: Ids;
  rows<T>(q: ReturnType<typeof sql>): Promise<T[]>;
  post(path: string, payload: unknown, who: Auth): Promise<Reply>;
  /** POST /api/ordenVenta/<path> {orden_venta: body}. */
  ov(path: string, body: Record<string, unknown>, who: Auth): Promise<Reply>;
  /** POST /api/ordenVentaPago/<path> {orden_venta_pago: body}. */
  pago(path: string, body: Record<string, unknown>, who: Auth): Promise<Reply>;
  /** A valid registration: client with RUC, FACTURA, 8.5 m³ of f'c 210 at 310.00 and 2 h of pumping at 190.00, delivery tomorrow 13:00. */
  datos(over?: Record<string, unknown>): Record<string, unknown>;
  registrar(over?: Record<string, unknown>, who?: Auth): Promise<number>;
  /** Pays `monto` (as administracion@), expecting success. */
  pagar(ovtId: number, monto: string): Promise<number>;
  /** Pays the whole balance. */
  pagarTodo(ovtId: number): Promise<void>;
  orden(ovtId: number): Promise<{ est_id: number; ovt_pagado: string; ovt_total: string; ovt_comprobante: string | null; ovt_version: number }>;
}

/** Tomorrow at 13:00 in Lima as the form sends it. */
export const manana = (now = new Date()) => formatFechaHoraLima(new Date(now.getTime() + 86_400_000)).slice(0, 10) + ' 13:00';

export async function createOvFixture(env: Record<string, string> = {}): Promise<OvFixture> {
  const ctx = await createTestContext(env);
  const rows = <T>(q: ReturnType<typeof sql>) => selectRows<T>(ctx.deps.database.db, q);
  const one = async (q: ReturnType<typeof sql>) => Number((await rows<{ id: number }>(q))[0].id);
  const u = {} as OvFixture['u'];
  for (const [k, correo] of Object.entries(CORREOS) as [Quien, string][]) u[k] = await ctx.auth(correo);

  const mar = await one(sql`select min(mar_id) as id from marca`);
  const m3 = await one(sql`select unm_id as id from unidad_medida where upper(unm_simbolo) = 'M3'`);
  const hr = await one(sql`select unm_id as id from unidad_medida where upper(unm_simbolo) = 'HR'`);
  const t1 = await one(sql`insert into producto_venta_tipo (pti_nombre) values ('Prueba OV') returning pti_id as id`);
  const t2 = await one(sql`insert into producto_venta_tipo (pti_nombre, pti_parent) values ('Prueba OV nivel 2', ${t1}) returning pti_id as id`);
  const producto = (nombre: string, precio: string, minimo: string, unm: number, est = 1) => one(sql`
    insert into producto_venta (pvt_nombre, pvt_precio, pvt_precio_minimo, pvg_id, pti_id, mar_id, unm_id, est_id)
    values (${nombre}, ${precio}, ${minimo}, 1, ${t2}, ${mar}, ${unm}, ${est}) returning pvt_id as id`);
  const cliente = (tdi: number, doc: string, nombre: string, especial = 0, estado = 1) => one(sql`
    insert into cliente (tdi_id, cli_documento_identidad, cli_nombre, cli_nombre_contacto, cli_domicilio_fiscal, cli_correo, cli_telefono, cli_especial, cli_estado)
    values (${tdi}, ${doc}, ${nombre}, 'Contacto de prueba', 'Av. Prueba 123, Lima', 'compras@prueba.pe', '014445566', ${especial}, ${estado}) returning cli_id as id`);
  let seq = 0;
  const direccion = (cli: number, ubi: string, estado = 1) => one(sql`
    insert into cliente_direccion_envio (cli_id, cde_sequence, cde_alias, cde_direccion, cde_referencia, ubi_id, cde_estado)
    values (${cli}, ${++seq}, ${`Obra ${seq}`}, ${`Calle Obra ${seq} 450`}, ${`Frente al parque ${seq}`}, ${ubi}, ${estado}) returning cde_id as id`);
  const vendedor = (nombre: string, doc: string, est: number) => one(sql`
    insert into vendedor (ven_nombre, ven_documento_identidad, est_id) values (${nombre}, ${doc}, ${est}) returning ven_id as id`);

  const cRuc = await cliente(2, ruc('60000001'), 'Constructora Prueba Lurín S.A.C.');
  const cDni = await cliente(1, '70000001', 'Juan Prueba Pérez');
  const cEspecial = await cliente(2, ruc('60000002'), 'Municipalidad de Prueba', 1);
  const cInactivo = await cliente(2, ruc('60000003'), 'Inmobiliaria Cerrada S.A.', 0, 0);
  const id: Ids = {
    p210: await producto("Concreto f'c 210", '350.00', '300.00', m3),
    bombeo: await producto('Servicio de bombeo de prueba', '200.00', '180.00', hr),
    pInactivo: await producto('Producto retirado de prueba', '100.00', '90.00', m3, 0),
    cRuc, cDni, cEspecial, cInactivo,
    dRuc: await direccion(cRuc, '150119'),
    dRucInactiva: await direccion(cRuc, '150122', 0),
    dDni: await direccion(cDni, '150122'),
    dEspecial: await direccion(cEspecial, '150142'),
    dInactivo: await direccion(cInactivo, '150119'),
    vendedor: await vendedor('Vendedora de Prueba', '79990001', 1),
    vendedorInactivo: await vendedor('Vendedor Retirado', '79990002', 0),
  };

  const post = (path: string, payload: unknown, who: Auth) =>
    ctx.app.inject({ method: 'POST', url: `/api/${path}`, headers: who, payload: payload as object }) as unknown as Promise<Reply>;
  const ov = (path: string, body: Record<string, unknown>, who: Auth) => post(`ordenVenta/${path}`, { orden_venta: body }, who);
  const pago = (path: string, body: Record<string, unknown>, who: Auth) => post(`ordenVentaPago/${path}`, { orden_venta_pago: body }, who);
  const datos = (over: Record<string, unknown> = {}) => ({
    cli_id: id.cRuc, cde_id: id.dRuc, ven_id: id.vendedor, tid_id: 1, coc_id: 1, ovt_nombre_contacto: 'Luis Paredes',
    ovt_telefono_contacto: '987654321', ovt_correo_contacto: 'lparedes@prueba.pe', ovt_documento_identidad_contacto: '45879632',
    ovt_observaciones: 'Vaciado de losa', ovt_guia: '', ovt_fecha_entrega: manana(),
    lista_orden_venta_detalle: [
      { pvt_id: id.p210, ovd_precio: '310.00', ovd_cantidad: '8.5' },
      { pvt_id: id.bombeo, ovd_precio: '190.00', ovd_cantidad: '2' },
    ],
    ...over,
  });
  const registrar = async (over: Record<string, unknown> = {}, who: Auth = u.administracion) => {
    const res = await ov('registrar', datos(over), who);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as { ovt_id: number }).ovt_id;
  };
  const orden = async (ovtId: number) => {
    const [r] = await rows<{ est_id: number; ovt_pagado: string; ovt_total: string; ovt_comprobante: string | null; ovt_version: number }>(sql`
      select est_id, ovt_pagado::text as ovt_pagado, ovt_total::text as ovt_total, ovt_comprobante, ovt_version from orden_venta where ovt_id = ${ovtId}`);
    return { ...r, est_id: Number(r.est_id), ovt_version: Number(r.ovt_version) };
  };
  const pagar = async (ovtId: number, monto: string) => {
    const res = await pago('registrar', { ovt_id: ovtId, ovp_fecha_pago: formatFechaHoraLima(new Date()), ovp_descripcion: 'Depósito BCP', ovp_monto: monto }, u.administracion);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as { ovp_id: number }).ovp_id;
  };
  const pagarTodo = async (ovtId: number) => {
    const o = await orden(ovtId);
    await pagar(ovtId, ventaSaldo(o.ovt_total, o.ovt_pagado));
  };
  return { ctx, u, id, rows, post, ov, pago, datos, registrar, pagar, pagarTodo, orden };
}


/** The issuer sends through an OSE at the fake SUNAT's addresses, signing with a test certificate of the demo company (as admin). */
export async function usarOse(f: OvFixture, sunat: FakeSunat): Promise<void> {
  const { p12, password } = generarCertificadoPrueba('20547812361', 'Concretera Andina S.A.C.');
  expectOk(await multipart(f.ctx, 'facturacionElectronica/certificado', { password }, { name: 'andina.pfx', type: 'application/x-pkcs12', content: p12 }, f.u.admin));
  const v = expectOk(await f.post('facturacionElectronica/obtener', {}, f.u.admin)).data as EmisorVista;
  expectOk(await f.post('facturacionElectronica/guardar', { emisor: { ...v, emi_canal: 'ose', emi_ose_url: sunat.url, emi_ose_consulta_url: sunat.urlConsulta,
    emi_sol_usuario: 'MODDATOS', emi_sol_clave: 'moddatos' } }, f.u.admin));
}
