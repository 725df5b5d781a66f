import type { AccessProfile, EnvioBuscarDatos, EnvioDetalle, EnvioFila, EnvioPagina, EnvioTimeline, EnvioxMixersDatos } from '@obra/domain';
import {
  ENV, ENVIO_MSG as M, ESTADOS, OVT, envCancelable, envGuiaGenerable, envGuiaTardia, envPideGuia, envReprogramable, envSiguienteEstado, isReadOnly,
  limaDate, pesoBrutoGuia,
} from '@obra/domain';
import { sql } from 'drizzle-orm';
import { selectRows, type Executor, type Tx } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { fromPageQuery } from '../../platform/list.ts';
import { historia, lockEnvios, lockOrdenes } from './programacion.ts';
import { guias } from './guia-queries.ts';
import * as q from './queries.ts';
import { envioCancelado } from './notificaciones.ts';

/**
 * Dispatches (spec 3 §2 "Dispatches", §4 "Dispatch", §7 "Dispatches"; DECISIONS §6): the list, the
 * detail with history and guides, cancel, the state sequence and the day timeline. Scheduling is in
 * programacion.ts, the sender guide in guia.ts. State actions lock the order first, then the
 * dispatch (the order of programacion.ts), and re-check the state under the lock (409 otherwise).
 */

const nombreEstado = (estId: number | null) => ESTADOS.find((e) => e.est_id === estId)?.est_nombre ?? null;

/**
 * The row with what the caller may do, added to it (the row is the caller's own fresh object): `{ ...r, … }` of a row of
 * 25 columns cost V8 about 20 µs, a fifth of the list's CPU under load (issue 28).
 */
const flags = (caller: AccessProfile, r: q.FilaRow): EnvioFila => {
  const w = !isReadOnly(caller);
  const siguiente = envSiguienteEstado(r.est_id);
  return Object.assign(r, {
    peso_bruto_sugerido: pesoBrutoGuia(r.env_cantidad, r.pvt_peso),
    puede_cambiar_estado: w && siguiente !== null,
    puede_cancelar: w && envCancelable(r.est_id),
    puede_reprogramar: w && envReprogramable(r.est_id),
    puede_generar_guia: w && envGuiaGenerable(r.est_id, r.tiene_guia),
    pide_guia: envPideGuia(r.est_id, r.tiene_guia),
    guia_tardia: envGuiaTardia(r.est_id),
    siguiente_estado: nombreEstado(siguiente),
  });
};

export async function buscar(deps: Deps, caller: AccessProfile, f: EnvioBuscarDatos): Promise<EnvioPagina> {
  const { page, ...filtro } = f;
  const r = await q.lista(deps.database.db, filtro, fromPageQuery(page));
  return { page: { list: r.data.map((x) => flags(caller, x)), total: r.total, size: page.size, number: page.number, total_exacto: r.total_exacto, siguiente: r.siguiente } };
}

export async function detalleEn(db: Executor, caller: AccessProfile, envId: number): Promise<EnvioDetalle> {
  const r = await q.uno(db, envId);
  if (!r) throw notFound(M.notFound);
  const [lista_historial_estado_envio, lista_nube_fact_guia] = await Promise.all([q.historial(db, envId), guias(db, envId)]);
  return { ...flags(caller, r), lista_historial_estado_envio, lista_nube_fact_guia };
}

export const obtener = (deps: Deps, caller: AccessProfile, envId: number) => detalleEn(deps.database.db, caller, envId);

/** The dispatch's order, read without a lock to know which order to lock first. */
async function ordenDe(tx: Tx, envId: number): Promise<number> {
  const [r] = await selectRows<{ ovt_id: number }>(tx, sql`select ovt_id from envio where env_id = ${envId}`);
  if (!r) throw notFound(M.notFound);
  return Number(r.ovt_id);
}

/**
 * Cancel (spec 3 §4): programado only; the quantity goes back to the line's balance. The order stays
 * en_despacho (more dispatches may be scheduled), unless that leaves it complete (it cannot: the
 * balance just grew).
 */
export function cancelar(deps: Deps, caller: AccessProfile, envId: number, now = new Date()): Promise<EnvioDetalle> {
  return deps.database.db.transaction(async (tx) => {
    await lockOrdenes(tx, [await ordenDe(tx, envId)]);
    const v = (await lockEnvios(tx, [envId])).get(envId);
    if (!v) throw notFound(M.notFound);
    if (!envCancelable(v.est_id)) throw conflict(M.noCancelable(v.est_nombre));
    await tx.execute(sql`update orden_venta_detalle set ovd_saldo_envio = ovd_saldo_envio + ${v.env_cantidad}::numeric where ovd_id = ${v.ovd_id}`);
    await tx.execute(sql`update envio set est_id = ${ENV.CANCELADO}, env_version = env_version + 1 where env_id = ${envId}`);
    await historia(tx, envId, ENV.CANCELADO, caller.usu_id, now);
    await envioCancelado(tx, envId, caller.usu_id);
    return detalleEn(tx, caller, envId);
  });
}

/**
 * completado when every line a mixer carries has balance 0 and every dispatch is completado or
 * cancelado (DECISIONS §6). Lines of services (`pvt_despacho_mixer` false: pumping) need no dispatch
 * and never hold the order open (issue 24), whatever balance an order registered earlier stored.
 */
async function quizaCompletar(tx: Tx, ovtId: number) {
  await tx.execute(sql`update orden_venta set est_id = ${OVT.COMPLETADO}, ovt_version = ovt_version + 1
    where ovt_id = ${ovtId} and est_id = ${OVT.EN_DESPACHO}
      and not exists (select 1 from orden_venta_detalle d join producto_venta p on p.pvt_id = d.pvt_id
        where d.ovt_id = ${ovtId} and d.ovd_saldo_envio > 0 and p.pvt_despacho_mixer)
      and not exists (select 1 from envio v where v.ovt_id = ${ovtId} and v.est_id not in (${ENV.COMPLETADO}, ${ENV.CANCELADO}))`);
}

/** The next state of the sequence, picked here; the history keeps it with its time. */
export function cambiarSecuenciaEstado(deps: Deps, caller: AccessProfile, envId: number, now = new Date()): Promise<{ envio: EnvioDetalle; estado: string }> {
  return deps.database.db.transaction(async (tx) => {
    const ovtId = await ordenDe(tx, envId);
    await lockOrdenes(tx, [ovtId]);
    const v = (await lockEnvios(tx, [envId])).get(envId);
    if (!v) throw notFound(M.notFound);
    const siguiente = envSiguienteEstado(v.est_id);
    if (siguiente === null) throw conflict(M.sinSiguienteEstado(v.est_nombre));
    await tx.execute(sql`update envio set est_id = ${siguiente}, env_version = env_version + 1 where env_id = ${envId}`);
    await historia(tx, envId, siguiente, caller.usu_id, now);
    if (siguiente === ENV.COMPLETADO) await quizaCompletar(tx, ovtId);
    const envio = await detalleEn(tx, caller, envId);
    return { envio, estado: envio.est_nombre };
  });
}

/** The day timeline (spec 3 §2 Tab 2): one column per mixer, its blocks from loading to return. */
export async function timeline(deps: Deps, f: EnvioxMixersDatos, now = new Date()): Promise<EnvioTimeline> {
  const db = deps.database.db;
  const fecha = f.env_fecha_inicio ?? limaDate(now);
  const [bloques, version] = await Promise.all([q.bloques(db, fecha, f), q.versionDia(db, fecha)]);
  const mixers = await q.mixersDelDia(db, [...new Set(bloques.map((b) => b.mix_id))]);
  return {
    fecha,
    version,
    mixers: mixers.map((m) => ({ ...m, envios: bloques.filter((b) => b.mix_id === m.mix_id).map(({ mix_id: _m, ...b }) => b) })),
  };
}

export async function versionDia(deps: Deps, fecha: string | null, now = new Date()): Promise<{ fecha: string; version: string }> {
  const d = fecha ?? limaDate(now);
  return { fecha: d, version: await q.versionDia(deps.database.db, d) };
}
