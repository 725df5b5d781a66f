import type { AccessProfile, EnvioLineaDatos } from '@obra/domain';
import { ENV, ENVIO_MSG as M, OVT, OVT_DESPACHABLE, calcularHorasEnvio, cantidadMenorIgual, limaYear, toScaled, ventanasSeCruzan } from '@obra/domain';
import { sql } from 'drizzle-orm';
import { selectRows, type Tx } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { nextNumber } from '../../platform/counters.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { intArray } from '../../platform/sql-arrays.ts';

/**
 * Scheduling and rescheduling dispatches (spec 3 §5 "Dispatch scheduling", DECISIONS §6): one
 * transaction that locks, in this fixed order, the sales orders, their lines, the mixers and the
 * dispatches being rescheduled (ids ascending in each), so two schedulings never deadlock and the
 * second one reads what the first wrote. Under those locks it checks the order's state, each line's
 * product (a service no mixer carries takes no dispatch, issue 24) and balance, each mixer (active, capacity) and that no window overlaps another active dispatch of the
 * same mixer; then it writes the dispatches with times recomputed by the domain, lowers
 * `ovd_saldo_envio`, writes the history and moves the order to en_despacho on its first dispatch.
 *
 * Every other dispatch action (cancel, state change) takes the order's lock first too.
 */

const ESCALA = 4;
const sumar = (a: string, b: string) => {
  const s = (toScaled(a, ESCALA) ?? 0n) + (toScaled(b, ESCALA) ?? 0n);
  const t = s.toString().padStart(ESCALA + 1, '0');
  return `${t.slice(0, -ESCALA)}.${t.slice(-ESCALA)}`;
};

interface LineaLock { ovd_id: number; ovt_id: number; ovd_producto: string; ovd_saldo_envio: string; pvt_despacho_mixer: boolean }
interface MixerLock { mix_id: number; mix_nombre: string; mix_capacidad: string; est_id: number }
interface EnvioLock { env_id: number; ovt_id: number; ovd_id: number; mix_id: number; env_cantidad: string; est_id: number; est_nombre: string }

const unicos = (xs: number[]) => [...new Set(xs)].sort((a, b) => a - b);

/** Locks the orders (ascending), answers their states. Missing → 404. */
export async function lockOrdenes(tx: Tx, ids: number[]): Promise<Map<number, number>> {
  const rows = await selectRows<{ ovt_id: number; est_id: number }>(tx, sql`
    select ovt_id, est_id from orden_venta where ovt_id = any(${intArray(unicos(ids))}) order by ovt_id for update`);
  const m = new Map(rows.map((r) => [Number(r.ovt_id), Number(r.est_id)]));
  if (m.size !== unicos(ids).length) throw notFound(M.ordenNoExiste);
  return m;
}

async function lockLineas(tx: Tx, ids: number[]): Promise<Map<number, LineaLock>> {
  const rows = await selectRows<LineaLock>(tx, sql`
    select d.ovd_id, d.ovt_id, d.ovd_producto, d.ovd_saldo_envio::text as ovd_saldo_envio, p.pvt_despacho_mixer
    from orden_venta_detalle d join producto_venta p on p.pvt_id = d.pvt_id
    where d.ovd_id = any(${intArray(unicos(ids))}) order by d.ovd_id for update of d`);
  return new Map(rows.map((r) => [Number(r.ovd_id), { ...r, ovd_id: Number(r.ovd_id), ovt_id: Number(r.ovt_id) }]));
}

async function lockMixers(tx: Tx, ids: number[]): Promise<Map<number, MixerLock>> {
  const rows = await selectRows<MixerLock>(tx, sql`
    select mix_id, mix_nombre, mix_capacidad::text as mix_capacidad, est_id from mixer
    where mix_id = any(${intArray(unicos(ids))}) order by mix_id for update`);
  return new Map(rows.map((r) => [Number(r.mix_id), { ...r, mix_id: Number(r.mix_id), est_id: Number(r.est_id) }]));
}

export async function lockEnvios(tx: Tx, ids: number[]): Promise<Map<number, EnvioLock>> {
  const rows = await selectRows<EnvioLock>(tx, sql`
    select v.env_id, v.ovt_id, v.ovd_id, v.mix_id, v.env_cantidad::text as env_cantidad, v.est_id, e.est_nombre
    from envio v join estado e on e.est_id = v.est_id where v.env_id = any(${intArray(unicos(ids))}) order by v.env_id for update of v`);
  return new Map(rows.map((r) => [Number(r.env_id), { ...r, env_id: Number(r.env_id), ovt_id: Number(r.ovt_id), ovd_id: Number(r.ovd_id), mix_id: Number(r.mix_id), est_id: Number(r.est_id) }]));
}

export async function historia(tx: Tx, envId: number, estId: number, usuId: number, now: Date) {
  await tx.execute(sql`insert into envio_historial (env_id, est_id, usu_id, hee_fecha_registro) values (${envId}, ${estId}, ${usuId}, ${now.toISOString()})`);
}

interface Ventana { mix_id: number; carguio: Date; retorno: Date }

/**
 * Schedules `nuevos` and reschedules `cambios` (dispatches with env_id) in `tx`. Returns the ids of
 * the dispatches written. Client loading and return times are never read: they are recomputed.
 */
export async function programarEn(tx: Tx, caller: AccessProfile, lista: EnvioLineaDatos[], reprogramar: boolean, now = new Date()): Promise<number[]> {
  const nuevos = lista.filter((e) => !reprogramar || e.env_id === null);
  const cambios = reprogramar ? lista.filter((e) => e.env_id !== null) : [];

  const ordenes = await lockOrdenes(tx, lista.map((e) => e.ovt_id));
  for (const e of nuevos) {
    const est = ordenes.get(e.ovt_id)!;
    if (!OVT_DESPACHABLE.includes(est) && est !== OVT.EN_DESPACHO) throw conflict(M.noDespachable);
  }
  const lineas = await lockLineas(tx, nuevos.map((e) => e.ovd_id));
  const mixers = await lockMixers(tx, lista.map((e) => e.mix_id));
  const previos = cambios.length ? await lockEnvios(tx, cambios.map((e) => e.env_id!)) : new Map<number, EnvioLock>();

  // The dispatches being rescheduled: programado only, of the order named, the quantity kept.
  for (const e of cambios) {
    const p = previos.get(e.env_id!);
    if (!p) throw notFound(M.notFound);
    if (p.est_id !== ENV.PROGRAMADO) throw conflict(M.noReprogramable);
    if (p.ovt_id !== e.ovt_id || p.ovd_id !== e.ovd_id) throw badRequest(M.envioDeOtraOrden);
    if (toScaled(p.env_cantidad, ESCALA) !== toScaled(e.env_cantidad, ESCALA)) throw badRequest(M.cantidadNoCambia);
  }

  // Balances: each line's new dispatches together within its balance.
  const porLinea = new Map<number, string>();
  for (const e of nuevos) {
    const l = lineas.get(e.ovd_id);
    if (!l || l.ovt_id !== e.ovt_id) throw badRequest(M.lineaNoExiste);
    // A service (pumping) is not carried by a mixer: its line needs no dispatch (issue 24).
    if (!l.pvt_despacho_mixer) throw badRequest(M.lineaSinDespacho(l.ovd_producto));
    if ((toScaled(l.ovd_saldo_envio, ESCALA) ?? 0n) <= 0n) throw conflict(M.lineaSinSaldo(l.ovd_producto));
    porLinea.set(e.ovd_id, sumar(porLinea.get(e.ovd_id) ?? '0', e.env_cantidad));
  }
  for (const [ovdId, total] of porLinea) {
    const l = lineas.get(ovdId)!;
    if (!cantidadMenorIgual(total, l.ovd_saldo_envio)) throw conflict(M.saldoExcedido(l.ovd_producto, l.ovd_saldo_envio.replace(/\.?0+$/, '')));
  }

  // Mixers and windows.
  const calculados = lista.map((e) => {
    const m = mixers.get(e.mix_id);
    if (!m) throw badRequest(M.mixerNoExiste);
    if (m.est_id !== 1) throw conflict(M.mixerInactivo(m.mix_nombre));
    if (!cantidadMenorIgual(e.env_cantidad, m.mix_capacidad)) throw badRequest(M.capacidadExcedida(m.mix_nombre, m.mix_capacidad.replace(/\.?0+$/, '')));
    const r = calcularHorasEnvio(e.env_fecha_hora_salida, e.env_fecha_hora_envio, e.env_cantidad);
    if (!r.ok) throw badRequest(r.mensaje);
    return { e, h: r.horas };
  });
  const ventanas: Ventana[] = [];
  const excluidos = cambios.map((e) => e.env_id!);
  for (const { e, h } of calculados) {
    const v = { mix_id: e.mix_id, carguio: new Date(h.env_fecha_hora_carguio), retorno: new Date(h.env_fecha_hora_retorno) };
    const nombre = mixers.get(e.mix_id)!.mix_nombre;
    if (ventanas.some((o) => o.mix_id === v.mix_id && ventanasSeCruzan(o.carguio, o.retorno, v.carguio, v.retorno))) throw conflict(M.mixerOcupado(nombre));
    const [cruce] = await selectRows<{ env_id: number }>(tx, sql`
      select env_id from envio where mix_id = ${e.mix_id} and est_id not in (${ENV.COMPLETADO}, ${ENV.CANCELADO})
        and env_fecha_hora_carguio < ${h.env_fecha_hora_retorno}::timestamptz and env_fecha_hora_retorno > ${h.env_fecha_hora_carguio}::timestamptz
        and env_id <> all(${intArray(excluidos)}) limit 1`);
    if (cruce) throw conflict(M.mixerOcupado(nombre));
    ventanas.push(v);
  }

  const ids: number[] = [];
  for (const { e, h } of calculados) {
    if (e.env_id !== null && reprogramar) {
      await tx.execute(sql`update envio set mix_id = ${e.mix_id}, env_fecha_hora_envio = ${h.env_fecha_hora_envio}, env_fecha_hora_carguio = ${h.env_fecha_hora_carguio},
        env_fecha_hora_salida = ${h.env_fecha_hora_salida}, env_fecha_hora_retorno = ${h.env_fecha_hora_retorno}, env_frecuencia = ${e.env_frecuencia},
        env_version = env_version + 1 where env_id = ${e.env_id}`);
      // The history records the reschedule as programado again, with its time.
      await historia(tx, e.env_id, ENV.PROGRAMADO, caller.usu_id, now);
      ids.push(e.env_id);
      continue;
    }
    const anio = limaYear(now);
    const n = await nextNumber(tx, 'ENV', anio);
    const codigo = `ENV-${anio}-${String(n).padStart(6, '0')}`;
    const [r] = await selectRows<{ env_id: number }>(tx, sql`
      insert into envio (env_codigo, ovt_id, ovd_id, mix_id, env_cantidad, env_fecha_hora_envio, env_fecha_hora_carguio, env_fecha_hora_salida,
        env_fecha_hora_retorno, env_frecuencia, est_id, usu_registrador, env_fecha_registro)
      values (${codigo}, ${e.ovt_id}, ${e.ovd_id}, ${e.mix_id}, ${e.env_cantidad}, ${h.env_fecha_hora_envio}, ${h.env_fecha_hora_carguio},
        ${h.env_fecha_hora_salida}, ${h.env_fecha_hora_retorno}, ${e.env_frecuencia}, ${ENV.PROGRAMADO}, ${caller.usu_id}, ${now.toISOString()})
      returning env_id`);
    const envId = Number(r.env_id);
    await tx.execute(sql`update orden_venta_detalle set ovd_saldo_envio = ovd_saldo_envio - ${e.env_cantidad}::numeric where ovd_id = ${e.ovd_id}`);
    await historia(tx, envId, ENV.PROGRAMADO, caller.usu_id, now);
    ids.push(envId);
  }
  for (const [ovtId, est] of ordenes) {
    if (est !== OVT.EN_DESPACHO && nuevos.some((e) => e.ovt_id === ovtId)) {
      await tx.execute(sql`update orden_venta set est_id = ${OVT.EN_DESPACHO}, ovt_version = ovt_version + 1 where ovt_id = ${ovtId}`);
    }
  }
  return ids;
}

export function programar(deps: Deps, caller: AccessProfile, lista: EnvioLineaDatos[], reprogramar: boolean, now = new Date()): Promise<number[]> {
  return deps.database.db.transaction((tx) => programarEn(tx, caller, lista, reprogramar, now));
}
