import type { AccessProfile } from '@obra/domain';
import { isSupplier } from '@obra/domain';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { badRequest, forbidden } from '../../platform/errors.ts';
import { projectScope } from '../../platform/scope.ts';
import { alcance as cajaAlcance } from '../caja/service.ts';
import { alcanceSql } from '../caja/queries.ts';
import * as q from './queries.ts';

export interface Periodo { desde?: string | null; hasta?: string | null }

/** Today in Lima as YYYY-MM-DD. */
const hoyLima = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Lima' }).format(new Date());

/** The period of a monthly panel: the given dates, else the first day of the month 11 months back through today. */
export function periodoMeses(p: Periodo): { desde: string; hasta: string } {
  const hasta = p.hasta ?? hoyLima();
  if (p.desde) return valido(p.desde, hasta, 3660);
  const [y, m] = hasta.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 - 11, 1));
  return { desde: d.toISOString().slice(0, 10), hasta };
}

const DIA_MS = 86_400_000;

/**
 * A panel's statements, in one transaction without PostgreSQL's JIT: an aggregate over a year of
 * rows is estimated above `jit_above_cost`, and compiling it took longer than running it (bench/RESULTS.md,
 * "Figuras de Inicio"). The statements run one after another on that connection.
 */
function sinJit<T>(deps: Deps, leer: (db: Executor) => Promise<T>): Promise<T> {
  return deps.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return leer(tx);
  });
}

/** A period asked for: from before to, and at most `maxDias` days (a daily panel a year, a monthly one ten). */
function valido(desde: string, hasta: string, maxDias: number) {
  const dias = (Date.parse(hasta) - Date.parse(desde)) / DIA_MS;
  if (dias < 0) throw badRequest('La fecha inicial no puede ser posterior a la final');
  if (dias >= maxDias) throw badRequest(`El periodo no puede pasar de ${maxDias} días`);
  return { desde, hasta };
}

const scopeOf = (caller: AccessProfile) => {
  if (isSupplier(caller)) throw forbidden();
  return projectScope(caller);
};

export async function compras(deps: Deps, caller: AccessProfile, p: Periodo) {
  const scope = scopeOf(caller);
  const { desde, hasta } = periodoMeses(p);
  return sinJit(deps, async (db) => ({
    desde, hasta, por_mes: await q.comprasPorMes(db, scope, desde, hasta), por_centro_costo: await q.comprasPorCentroCosto(db, scope, desde, hasta) }));
}

/** The period of a daily panel: the given dates, else the 30 Lima days through today. */
export function periodoDias(p: Periodo): { desde: string; hasta: string } {
  const hasta = p.hasta ?? hoyLima();
  if (p.desde) return valido(p.desde, hasta, 366);
  const [y, m, d] = hasta.split('-').map(Number) as [number, number, number];
  return { desde: new Date(Date.UTC(y, m - 1, d - 29)).toISOString().slice(0, 10), hasta };
}

/** Payment orders approved against deposited per month (module orden_pago). */
export async function pagos(deps: Deps, caller: AccessProfile, p: Periodo) {
  const scope = scopeOf(caller);
  const { desde, hasta } = periodoMeses(p);
  return { desde, hasta, por_mes: await sinJit(deps, (db) => q.pagosPorMes(db, scope, desde, hasta)) };
}

/**
 * Sales per month, product and client (module orden_venta). Sales orders carry no project: the sales list
 * shows every order to whoever reads the module, and so does this panel.
 */
export async function ventas(deps: Deps, caller: AccessProfile, p: Periodo) {
  scopeOf(caller);
  const { desde, hasta } = periodoMeses(p);
  return sinJit(deps, async (db) => ({
    desde, hasta, por_mes: await q.ventasPorMes(db, desde, hasta), por_producto: await q.ventasPorProducto(db, desde, hasta),
    por_cliente: await q.ventasPorCliente(db, desde, hasta) }));
}

/** Receivables of credit sales by age on `hasta` (today by default; module orden_venta). Empty when nothing is owed. */
export async function cobranza(deps: Deps, caller: AccessProfile, p: Periodo) {
  scopeOf(caller);
  const al = p.hasta ?? hoyLima();
  const tramos = await sinJit(deps, (db) => q.cobranzaPorAntiguedad(db, al));
  const vacio = tramos.every((t) => t.ordenes === 0);
  return { al, tramos: vacio ? [] : tramos };
}

/** m³ dispatched per day over the last 30 days (module envio). Empty when no dispatch left in the period. */
export async function despachos(deps: Deps, caller: AccessProfile, p: Periodo) {
  scopeOf(caller);
  const { desde, hasta } = periodoDias(p);
  const dias = await sinJit(deps, (db) => q.m3PorDia(db, desde, hasta));
  return { desde, hasta, por_dia: dias.some((d) => d.envios > 0) ? dias : [] };
}

/** Each mixer's hours in use over the last 30 days, from the dispatch timeline (module envio). */
export async function mixers(deps: Deps, caller: AccessProfile, p: Periodo) {
  scopeOf(caller);
  const { desde, hasta } = periodoDias(p);
  const filas = await sinJit(deps, (db) => q.horasPorMixer(db, desde, hasta));
  return { desde, hasta, por_mixer: filas.some((f) => f.envios > 0) ? filas : [] };
}

/** Open petty cash per project (module caja), scoped as the cash list. */
export async function cajas(deps: Deps, caller: AccessProfile) {
  scopeOf(caller);
  const filas = await sinJit(deps, (db) => q.cajasAbiertas(db, alcanceSql(cajaAlcance(caller)) ?? sql`true`));
  return { por_proyecto: filas };
}
