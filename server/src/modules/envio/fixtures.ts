import { type EnvioDetalle, formatFechaHoraLima } from '@obra/domain';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { createOvFixture, expectOk, type Auth, type OvFixture } from '../orden_venta/fixtures.ts';

/**
 * Set-up of the dispatch API tests: the sales order fixture (clients, products, users; f'c 210 weighing
 * 2 400 kg per m³) plus mixers, a driver with DNI and licence, and helpers to schedule. Days are Lima
 * days after today so no time is in the past.
 */

export interface EnvFixture extends OvFixture {
  /** POST /api/envio/<path> {envio: body}. */
  env(path: string, body: Record<string, unknown>, who?: Auth): ReturnType<OvFixture['post']>;
  /** POST /api/envio/registrarEnvios {lista_envio}. */
  programar(lista: Record<string, unknown>[], who?: Auth): ReturnType<OvFixture['post']>;
  /** A paid order of one line of `cantidad` m³ (f'c 210); its ids. */
  ordenPagada(cantidad?: string): Promise<{ ovt_id: number; ovd_id: number }>;
  mixer(nombre: string, placa: string, capacidad: string): Promise<number>;
  conductor: number;
  /** 'dd-mm-yyyy HH:mm' of a Lima day `dias` after today at `hora`. */
  dia(dias: number, hora: string): string;
  /** The fields of one dispatch. */
  linea(o: { ovt_id: number; ovd_id: number }, mixId: number, cantidad: string, salida: string, entrega: string): Record<string, unknown>;
  detalle(envId: number): Promise<EnvioDetalle>;
  saldo(ovdId: number): Promise<string>;
}

export async function createEnvFixture(entorno: Record<string, string> = {}): Promise<EnvFixture> {
  const f = await createOvFixture(entorno);
  const env = (path: string, body: Record<string, unknown>, who: Auth = f.u.administracion) => f.post(`envio/${path}`, { envio: body }, who);
  const programar = (lista: Record<string, unknown>[], who: Auth = f.u.administracion) => f.post('envio/registrarEnvios', { lista_envio: lista }, who);
  const ordenPagada = async (cantidad = '20') => {
    const ovtId = await f.registrar({ lista_orden_venta_detalle: [{ pvt_id: f.id.p210, ovd_precio: '310.00', ovd_cantidad: cantidad }] });
    await f.pagarTodo(ovtId);
    const [l] = await f.rows<{ ovd_id: number }>(sql`select ovd_id from orden_venta_detalle where ovt_id = ${ovtId}`);
    return { ovt_id: ovtId, ovd_id: Number(l.ovd_id) };
  };
  const mixer = async (nombre: string, placa: string, capacidad: string) => {
    const r = expectOk(await f.post('mixer/registrar', { mixer: { mix_nombre: nombre, mix_placa: placa, mix_capacidad: capacidad } }, f.u.administracion));
    return (r.data as { mix_id: number }).mix_id;
  };
  // Concrete weighs about 2 400 kg per m³: the guide's default gross weight (issue 23).
  await f.rows(sql`update producto_venta set pvt_peso = 2400 where pvt_id = ${f.id.p210}`);
  const c = expectOk(await f.post('conductor/registrar', { conductor: {
    cdt_nombre: 'Pedro', cdt_apellido: 'Quispe Mamani', cdt_placa: 'GUI-101', cdt_tipo_documento: '1', cdt_numero_documento: '41234567', cdt_licencia: 'Q41234567',
  } }, f.u.administracion));
  const dia = (dias: number, hora: string) => `${formatFechaHoraLima(new Date(Date.now() + dias * 86_400_000)).slice(0, 10)} ${hora}`;
  const linea = (o: { ovt_id: number; ovd_id: number }, mixId: number, cantidad: string, salida: string, entrega: string) =>
    ({ ovt_id: o.ovt_id, ovd_id: o.ovd_id, mix_id: mixId, env_cantidad: cantidad, env_fecha_hora_salida: salida, env_fecha_hora_envio: entrega });
  const detalle = async (envId: number) => expectOk(await env('obtener', { env_id: envId })).data as EnvioDetalle;
  const saldo = async (ovdId: number) => {
    const [r] = await f.rows<{ s: string }>(sql`select ovd_saldo_envio::text as s from orden_venta_detalle where ovd_id = ${ovdId}`);
    expect(r).toBeDefined();
    return r.s;
  };
  return { ...f, env, programar, ordenPagada, mixer, conductor: (c.data as { cdt_id: number }).cdt_id, dia, linea, detalle, saldo };
}
