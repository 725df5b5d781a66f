import { ENV, OVT, type EnvioFila, type EnvioTimeline } from '@obra/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOk, expectRefused } from '../orden_venta/fixtures.ts';
import { createEnvFixture, type EnvFixture } from './fixtures.ts';

/**
 * /envio scheduling, states, cancel, reschedule and timeline (spec 3 §4 "Dispatch", §5 "Dispatch
 * scheduling", §7 "Dispatches"; DECISIONS §6): the server recomputes the times, keeps balances and
 * mixer windows exact under concurrency, and refuses every action outside its state with a message.
 */

let f: EnvFixture;
let m1: number, m2: number;
beforeAll(async () => {
  f = await createEnvFixture();
  m1 = await f.mixer('Mixer Prueba 1', 'PRB-101', '9');
  m2 = await f.mixer('Mixer Prueba 2', 'PRB-102', '7.5');
});
afterAll(() => f.ctx.close());

const envIds = (res: Awaited<ReturnType<EnvFixture['programar']>>) => (expectOk(res).data as { env_ids: number[] }).env_ids;

describe('scheduling', () => {
  it("refuses an order that may not ship with the spec's text", async () => {
    const ovtId = await f.registrar();
    const [l] = await f.rows<{ ovd_id: number }>(sql`select ovd_id from orden_venta_detalle where ovt_id = ${ovtId} order by ovd_id limit 1`);
    expectRefused(await f.programar([f.linea({ ovt_id: ovtId, ovd_id: Number(l.ovd_id) }, m1, '5', f.dia(1, '08:00'), f.dia(1, '08:40'))]), 409,
      'El pedido venta debe estar aprobado para programarle los envíos');
  });

  it('recomputes loading and return, codes ENV-{year}-n, lowers the balance, moves the order to en_despacho, writes history', async () => {
    const o = await f.ordenPagada('20');
    const res = await f.programar([
      { ...f.linea(o, m1, '8.5', f.dia(1, '10:00'), f.dia(1, '10:40')), env_fecha_hora_carguio: f.dia(1, '03:00'), env_fecha_hora_retorno: f.dia(1, '23:00') },
      f.linea(o, m2, '7', f.dia(1, '10:00'), f.dia(1, '10:30')),
    ]);
    expect(expectOk(res).message).toBe('Se programaron 2 envíos correctamente');
    const [a, b] = envIds(res);
    const d = await f.detalle(a);
    const day = f.dia(1, '').trim().split('-').reverse().join('-');
    expect(d).toMatchObject({
      env_codigo: expect.stringMatching(/^ENV-\d{4}-\d{6}$/), est_id: ENV.PROGRAMADO, env_cantidad: '8.5000', env_frecuencia: 60,
      env_fecha_hora_carguio: `${day}T09:36:30`, env_fecha_hora_salida: `${day}T10:00:00`, env_fecha_hora_envio: `${day}T10:40:00`,
      env_fecha_hora_retorno: `${day}T11:41:15`, mix_nombre: 'Mixer Prueba 1', cli_nombre: 'Constructora Prueba Lurín S.A.C.', ubi_nombre: 'Lurín',
      puede_cancelar: true, puede_cambiar_estado: true, puede_generar_guia: true, pide_guia: false, siguiente_estado: 'En carguío', peso_bruto_sugerido: '20400.000',
    });
    expect(d.lista_historial_estado_envio).toEqual([expect.objectContaining({ est_id: ENV.PROGRAMADO, est_nombre: 'Programado' })]);
    expect((await f.detalle(b)).env_fecha_hora_retorno).toBe(`${day}T11:17:30`);
    expect(await f.saldo(o.ovd_id)).toBe('4.5000');
    expect((await f.orden(o.ovt_id)).est_id).toBe(OVT.EN_DESPACHO);
  });

  it('refuses quantities above the mixer capacity or the balance, zero balance, inactive mixers, overlaps', async () => {
    const o = await f.ordenPagada('10');
    expectRefused(await f.programar([f.linea(o, m2, '8', f.dia(2, '06:00'), f.dia(2, '06:30'))]), 400, 'La cantidad del envío supera la capacidad del mixer Mixer Prueba 2 (7.5 m³)');
    expectRefused(await f.programar([f.linea(o, m1, '6', f.dia(2, '06:00'), f.dia(2, '06:30')), f.linea(o, m2, '5', f.dia(2, '06:00'), f.dia(2, '06:30'))]), 409,
      'La cantidad programada de Concreto f\'c 210 supera su saldo por despachar (10 m³)');
    expectRefused(await f.programar([f.linea(o, m1, '5', f.dia(2, '06:00'), f.dia(2, '06:30')), f.linea(o, m1, '5', f.dia(2, '06:50'), f.dia(2, '07:20'))]), 409,
      'El mixer Mixer Prueba 1 ya tiene un envío en ese horario');
    expectRefused(await f.programar([f.linea(o, m1, '5', f.dia(2, '06:00'), f.dia(2, '06:00'))]), 400, 'La hora de salida no puede ser mayor o igual a la hora de entrega');
    envIds(await f.programar([f.linea(o, m1, '5', f.dia(2, '06:00'), f.dia(2, '06:30')), f.linea(o, m2, '5', f.dia(2, '06:00'), f.dia(2, '06:30'))]));
    expectRefused(await f.programar([f.linea(o, m1, '1', f.dia(2, '12:00'), f.dia(2, '12:30'))]), 409, "La línea Concreto f'c 210 no tiene saldo por despachar");
    const o2 = await f.ordenPagada('5');
    // The earlier dispatch of m1 on day 2 runs 05:42:30 → 07:12:30: a window inside it is refused, one after it is fine.
    expectRefused(await f.programar([f.linea(o2, m1, '2', f.dia(2, '07:00'), f.dia(2, '07:10'))]), 409, 'El mixer Mixer Prueba 1 ya tiene un envío en ese horario');
    const inactivo = await f.mixer('Mixer Baja', 'PRB-199', '8');
    expectOk(await f.post('mixer/modificar', { mixer: { mix_id: inactivo, mix_nombre: 'Mixer Baja', mix_placa: 'PRB-199', mix_capacidad: '8', est_id: 0 } }, f.u.administracion));
    expectRefused(await f.programar([f.linea(o2, inactivo, '2', f.dia(2, '09:00'), f.dia(2, '09:30'))]), 409, 'El mixer Mixer Baja no está activo');
    expect(await f.saldo(o2.ovd_id)).toBe('5.0000');
  });

  it('50 concurrent schedulings of overlapping windows on one mixer: exactly one wins per window, the balance never below 0', async () => {
    const mix = await f.mixer('Mixer Carrera', 'PRB-150', '9');
    const o = await f.ordenPagada('100');
    // 10 windows 3 h apart, 5 contenders each shifted by a few minutes (all overlap within a window).
    const pedidos = Array.from({ length: 50 }, (_, i) => {
      const w = Math.floor(i / 5);
      const h = 1 + w * 2; // day 3: 01:00, 03:00 ... 19:00 plus 3 h windows for day 4 via minutes
      const base = new Date(Date.UTC(2000, 0, 1, h, (i % 5) * 3));
      const hhmm = (d: Date) => d.toISOString().slice(11, 16);
      const salida = hhmm(base);
      const entrega = hhmm(new Date(base.getTime() + 20 * 60_000));
      return f.programar([f.linea(o, mix, '2', f.dia(3, salida), f.dia(3, entrega))]);
    });
    const res = await Promise.all(pedidos);
    const ganados = res.filter((r) => r.statusCode === 200).length;
    for (const r of res.filter((x) => x.statusCode !== 200)) expectRefused(r, 409, 'El mixer Mixer Carrera ya tiene un envío en ese horario');
    expect(ganados).toBe(10);
    expect(await f.saldo(o.ovd_id)).toBe('80.0000');

    // The balance: 20 requests of 2 m³ on free windows for a line of 9 m³ → exactly 4 win, 1 m³ stays.
    const o9 = await f.ordenPagada('9');
    const mixes = await Promise.all(Array.from({ length: 20 }, (_, i) => f.mixer(`Mixer Saldo ${i}`, `SLD-${100 + i}`, '9')));
    const r2 = await Promise.all(mixes.map((m) => f.programar([f.linea(o9, m, '2', f.dia(4, '10:00'), f.dia(4, '10:30'))])));
    expect(r2.filter((r) => r.statusCode === 200)).toHaveLength(4);
    expect(await f.saldo(o9.ovd_id)).toBe('1.0000');
  });
});

describe('states, cancel and reschedule', () => {
  it('runs the sequence, refuses every action outside its state, completes the order', async () => {
    const o = await f.ordenPagada('6');
    const [a, b] = envIds(await f.programar([f.linea(o, m1, '4', f.dia(5, '08:00'), f.dia(5, '08:30')), f.linea(o, m2, '2', f.dia(5, '08:00'), f.dia(5, '08:30'))]));
    const nombres: string[] = [];
    for (let i = 0; i < 5; i++) {
      const r = expectOk(await f.env('cambiarSecuenciaEstado', { env_id: a }));
      nombres.push(r.message);
      if (i === 0) {
        expectRefused(await f.env('cancelarEnvio', { env_id: a }), 409, 'Solo se puede cancelar un envío programado (este está en carguío)');
        expectRefused(await f.post('envio/modificar', { lista_envio: [{ ...f.linea(o, m1, '4', f.dia(5, '09:00'), f.dia(5, '09:30')), env_id: a }] }, f.u.administracion), 409,
          'El envío debe estar programado para realizar una reprogramación');
      }
    }
    expect(nombres).toEqual(['El envío pasó a en carguío', 'El envío pasó a en ruta', 'El envío pasó a descargando', 'El envío pasó a en retorno', 'El envío pasó a completado']);
    expectRefused(await f.env('cambiarSecuenciaEstado', { env_id: a }), 409, 'El envío está completado: no tiene un estado siguiente');
    const d = await f.detalle(a);
    expect(d.lista_historial_estado_envio.map((h) => h.est_id)).toEqual([35, 29, 30, 31, 32, 33]);
    expect(d.lista_historial_estado_envio.every((h) => /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/.test(h.hee_fecha_registro))).toBe(true);
    expect((await f.orden(o.ovt_id)).est_id).toBe(OVT.EN_DESPACHO);
    for (let i = 0; i < 5; i++) expectOk(await f.env('cambiarSecuenciaEstado', { env_id: b }));
    expect((await f.orden(o.ovt_id)).est_id).toBe(OVT.COMPLETADO);
  });

  it('cancel gives the balance back (programado only); a cancelled dispatch frees its window', async () => {
    const o = await f.ordenPagada('8');
    const [a] = envIds(await f.programar([f.linea(o, m1, '8', f.dia(6, '08:00'), f.dia(6, '08:30'))]));
    expect(await f.saldo(o.ovd_id)).toBe('0.0000');
    expect(expectOk(await f.env('cancelarEnvio', { env_id: a })).message).toBe('Se canceló el envío correctamente');
    expect(await f.saldo(o.ovd_id)).toBe('8.0000');
    expectRefused(await f.env('cancelarEnvio', { env_id: a }), 409, 'Solo se puede cancelar un envío programado (este está cancelado)');
    expectRefused(await f.env('cambiarSecuenciaEstado', { env_id: a }), 409, 'El envío está cancelado: no tiene un estado siguiente');
    envIds(await f.programar([f.linea(o, m1, '8', f.dia(6, '08:00'), f.dia(6, '08:30'))]));
    expectRefused(await f.env('cancelarEnvio', { env_id: 999999 }), 404, 'El envío no existe');
  });

  it('reschedule: a programado dispatch changes time and mixer (same checks, quantity kept); new ones are created', async () => {
    const o = await f.ordenPagada('10');
    const [a] = envIds(await f.programar([f.linea(o, m2, '5', f.dia(7, '08:00'), f.dia(7, '08:30'))]));
    const mover = { ...f.linea(o, m1, '5', f.dia(7, '14:00'), f.dia(7, '14:45')), env_id: a };
    expectRefused(await f.post('envio/modificar', { lista_envio: [{ ...mover, env_cantidad: '4' }] }, f.u.administracion), 400,
      'La cantidad de un envío programado no se modifica: cancele el envío y programe uno nuevo');
    const r = expectOk(await f.post('envio/modificar', { lista_envio: [mover, f.linea(o, m2, '5', f.dia(7, '14:00'), f.dia(7, '14:30'))] }, f.u.administracion));
    expect(r.message).toBe('Se reprogramaron los envíos correctamente');
    const d = await f.detalle(a);
    expect(d).toMatchObject({ mix_id: m1, env_fecha_hora_salida: expect.stringMatching(/T14:00:00$/), env_version: 2 });
    expect(await f.saldo(o.ovd_id)).toBe('0.0000');
    // Moving onto a mixer busy then is refused.
    expectRefused(await f.post('envio/modificar', { lista_envio: [{ ...mover, mix_id: m2 }] }, f.u.administracion), 409, 'El mixer Mixer Prueba 2 ya tiene un envío en ese horario');
  });
});

describe('lists, timeline and access', () => {
  it('lists dispatches paged with filters and flags; the timeline has mixers with their blocks and a version that moves', async () => {
    const lista = expectOk(await f.env('buscar', { cli_search: 'prueba lurín', env_fecha_inicio: f.dia(1, '').trim(), env_fecha_fin: f.dia(1, '').trim(), page: { number: 1, size: 10 } }));
    const page = (lista.data as { page: { list: EnvioFila[]; total: number } }).page;
    expect(page.total).toBe(2);
    expect(page.list[0]).toMatchObject({ unm_simbolo: expect.any(String), cde_direccion: expect.any(String), est_nombre: 'Programado' });
    const fecha = f.dia(5, '').trim();
    const t = expectOk(await f.env('buscarEnviosxMixers', { env_fecha_inicio: fecha })).data as EnvioTimeline;
    const col = t.mixers.find((m) => m.mix_id === m1)!;
    expect(col.envios).toHaveLength(1);
    expect(col.envios[0]).toMatchObject({ est_id: ENV.COMPLETADO, env_fecha_hora_carguio: expect.stringMatching(/T07:44:00$/) });
    const v1 = (expectOk(await f.env('versionDia', { env_fecha_inicio: fecha })).data as { version: string }).version;
    expect(v1).toBe(t.version);
    const o = await f.ordenPagada('3');
    envIds(await f.programar([f.linea(o, m1, '3', f.dia(5, '20:00'), f.dia(5, '20:30'))]));
    const v2 = (expectOk(await f.env('versionDia', { env_fecha_inicio: fecha })).data as { version: string }).version;
    expect(v2).not.toBe(v1);
  });

  it('logistica@ (no envio module) gets 403; the viewer reads but may not change', async () => {
    expect((await f.env('buscar', {}, f.u.logistica)).statusCode).toBe(403);
    expect((await f.post('mixer/buscar', { mixer: {} }, f.u.logistica)).statusCode).toBe(403);
    expect((await f.env('buscar', {}, f.u.viewer)).statusCode).toBe(200);
    const o = { ovt_id: 1, ovd_id: 1 };
    expect((await f.programar([f.linea(o, m1, '1', f.dia(9, '08:00'), f.dia(9, '08:30'))], f.u.viewer)).statusCode).toBe(403);
    expect((await f.env('cancelarEnvio', { env_id: 1 }, f.u.viewer)).statusCode).toBe(403);
    expect((await f.post('mixer/registrar', { mixer: { mix_nombre: 'X', mix_placa: 'VWR-001', mix_capacidad: '8' } }, f.u.viewer)).statusCode).toBe(403);
  });
});
