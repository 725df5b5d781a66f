import { ENVIO_MSG, OVT, type OrdenVentaDetalle } from '@obra/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOk, expectRefused } from '../orden_venta/fixtures.ts';
import { createEnvFixture, type EnvFixture } from './fixtures.ts';

/**
 * Issue 24: services are not mixer loads. A line of a product with `pvt_despacho_mixer` false (the
 * pumping service) needs no dispatch: it has no balance to dispatch, cannot be scheduled, and does not
 * keep its order from completing, also on orders registered before the rule (their service lines
 * stored the whole quantity as balance).
 */

let f: EnvFixture;
let mixer: number;
beforeAll(async () => {
  f = await createEnvFixture();
  mixer = await f.mixer('Mixer Servicios', 'SRV-101', '9');
  // The fixture's pumping service, as migration 0025 and the demo seed leave services.
  await f.rows(sql`update producto_venta set pvt_despacho_mixer = false where pvt_id = ${f.id.bombeo}`);
});
afterAll(() => f.ctx.close());

/** A paid order of 8.5 m³ of f'c 210 and 2 hours of pumping; its ids. */
async function ordenConBombeo() {
  const ovtId = await f.registrar();
  await f.pagarTodo(ovtId);
  const lineas = await f.rows<{ ovd_id: number; pvt_id: number }>(sql`select ovd_id, pvt_id from orden_venta_detalle where ovt_id = ${ovtId} order by ovd_id`);
  const de = (pvtId: number) => ({ ovt_id: ovtId, ovd_id: Number(lineas.find((l) => Number(l.pvt_id) === pvtId)!.ovd_id) });
  return { ovtId, concreto: de(f.id.p210), bombeo: de(f.id.bombeo) };
}

const obtener = async (ovtId: number) => expectOk(await f.ov('obtener', { ovt_id: ovtId }, f.u.administracion)).data as OrdenVentaDetalle;

/** Moves a dispatch through its states up to completado. */
async function completar(envId: number) {
  for (let i = 0; i < 5; i++) expectOk(await f.env('cambiarSecuenciaEstado', { env_id: envId }));
}

describe('a service line needs no dispatch', () => {
  it('has no balance to dispatch, stored or answered; the concrete keeps its whole quantity', async () => {
    const o = await ordenConBombeo();
    const lineas = (await obtener(o.ovtId)).lista_orden_venta_detalle;
    expect(lineas.find((l) => l.pvt_id === f.id.bombeo)).toMatchObject({ pvt_despacho_mixer: false, ovd_saldo_envio: '0', ovd_cantidad: '2.0000' });
    expect(lineas.find((l) => l.pvt_id === f.id.p210)).toMatchObject({ pvt_despacho_mixer: true, ovd_saldo_envio: '8.5000' });
    expect(await f.saldo(o.bombeo.ovd_id)).toBe('0.0000');
  });

  it('cannot be picked for a dispatch: refused with a Spanish message, nothing written', async () => {
    const o = await ordenConBombeo();
    const antes = await f.rows<{ n: number }>(sql`select count(*)::int as n from envio`);
    expectRefused(await f.programar([f.linea(o.bombeo, mixer, '2', f.dia(1, '08:00'), f.dia(1, '08:40'))]), 400, ENVIO_MSG.lineaSinDespacho('Servicio de bombeo de prueba'));
    // Not even together with a good one.
    expectRefused(await f.programar([
      f.linea(o.concreto, mixer, '8.5', f.dia(1, '10:00'), f.dia(1, '10:40')), f.linea(o.bombeo, mixer, '2', f.dia(1, '14:00'), f.dia(1, '14:40')),
    ]), 400, 'Servicio de bombeo de prueba no se despacha en mixer: es un servicio y su línea no necesita envíos');
    expect(await f.rows<{ n: number }>(sql`select count(*)::int as n from envio`)).toEqual(antes);
    expect((await f.orden(o.ovtId)).est_id).toBe(OVT.PAGADO);
  });

  it('does not keep the order open: concrete fully dispatched and delivered completes it', async () => {
    const o = await ordenConBombeo();
    const [env] = (expectOk(await f.programar([f.linea(o.concreto, mixer, '8.5', f.dia(3, '08:00'), f.dia(3, '08:40'))])).data as { env_ids: number[] }).env_ids;
    expect((await f.orden(o.ovtId)).est_id).toBe(OVT.EN_DESPACHO);
    await completar(env);
    expect((await f.orden(o.ovtId)).est_id).toBe(OVT.COMPLETADO);
  });

  it('nor on an order registered before the rule, whose pumping line stored its whole quantity as balance', async () => {
    const o = await ordenConBombeo();
    await f.rows(sql`update orden_venta_detalle set ovd_saldo_envio = ovd_cantidad where ovd_id = ${o.bombeo.ovd_id}`);
    expect((await obtener(o.ovtId)).lista_orden_venta_detalle.find((l) => l.pvt_id === f.id.bombeo)!.ovd_saldo_envio).toBe('0');
    expectRefused(await f.programar([f.linea(o.bombeo, mixer, '2', f.dia(4, '08:00'), f.dia(4, '08:40'))]), 400, ENVIO_MSG.lineaSinDespacho('Servicio de bombeo de prueba'));
    const [env] = (expectOk(await f.programar([f.linea(o.concreto, mixer, '8.5', f.dia(4, '10:00'), f.dia(4, '10:40'))])).data as { env_ids: number[] }).env_ids;
    await completar(env);
    expect((await f.orden(o.ovtId)).est_id).toBe(OVT.COMPLETADO);
  });

  it('a mixer line with balance still holds the order open', async () => {
    const o = await ordenConBombeo();
    const [env] = (expectOk(await f.programar([f.linea(o.concreto, mixer, '5', f.dia(5, '08:00'), f.dia(5, '08:40'))])).data as { env_ids: number[] }).env_ids;
    await completar(env);
    expect((await f.orden(o.ovtId)).est_id).toBe(OVT.EN_DESPACHO);
    expect((await obtener(o.ovtId)).lista_orden_venta_detalle.find((l) => l.pvt_id === f.id.p210)!.ovd_saldo_envio).toBe('3.5000');
  });
});

describe('drivers: a licence sent as the plate (the spec\'s payload has only cdt_placa)', () => {
  it('is stored as the licence and the plate stays empty; a real plate stays a plate', async () => {
    const r = expectOk(await f.post('conductor/registrar', { conductor: { cdt_nombre: 'Julio', cdt_apellido: 'Ramos Tello', cdt_placa: 'q-46001122' } }, f.u.administracion));
    const c = r.data as { cdt_id: number };
    expect(r.data).toMatchObject({ cdt_placa: '', cdt_licencia: 'Q46001122' });
    const m = expectOk(await f.post('conductor/modificar', { conductor: { cdt_id: c.cdt_id, cdt_nombre: 'Julio', cdt_apellido: 'Ramos Tello', cdt_placa: 'c7k-552' } }, f.u.administracion));
    expect(m.data).toMatchObject({ cdt_placa: 'C7K-552', cdt_licencia: 'Q46001122' });
    expectRefused(await f.post('conductor/modificar', { conductor: { cdt_id: c.cdt_id, cdt_nombre: 'Julio', cdt_apellido: 'Ramos Tello', cdt_placa: 'Q46001122', cdt_licencia: 'Q40000001' } }, f.u.administracion),
      400, 'Q46001122 es una licencia de conducir, no una placa: regístrela en Licencia y deje en Placa la del vehículo (p. ej. AXK-714)');
  });
});
