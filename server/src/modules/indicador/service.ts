import type { AccessProfile } from '@obra/domain';
import { isSupplier } from '@obra/domain';
import type { Deps } from '../../deps.ts';
import { forbidden } from '../../platform/errors.ts';
import { projectScope } from '../../platform/scope.ts';
import * as q from './queries.ts';

export interface Periodo { desde?: string | null; hasta?: string | null }

/** Today in Lima as YYYY-MM-DD. */
const hoyLima = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Lima' }).format(new Date());

/** The period of a monthly panel: the given dates, else the first day of the month 11 months back through today. */
export function periodoMeses(p: Periodo): { desde: string; hasta: string } {
  const hasta = p.hasta ?? hoyLima();
  if (p.desde) return { desde: p.desde, hasta };
  const [y, m] = hasta.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 - 11, 1));
  return { desde: d.toISOString().slice(0, 10), hasta };
}

const scopeOf = (caller: AccessProfile) => {
  if (isSupplier(caller)) throw forbidden();
  return projectScope(caller);
};

export async function compras(deps: Deps, caller: AccessProfile, p: Periodo) {
  const scope = scopeOf(caller);
  const { desde, hasta } = periodoMeses(p);
  const db = deps.database.db;
  const [porMes, porCentroCosto] = await Promise.all([
    q.comprasPorMes(db, scope, desde, hasta), q.comprasPorCentroCosto(db, scope, desde, hasta)]);
  return { desde, hasta, por_mes: porMes, por_centro_costo: porCentroCosto };
}
