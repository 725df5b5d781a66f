import type { AccessProfile } from '@obra/domain';
import { isSupplier } from '@obra/domain';
import type { Deps } from '../../deps.ts';
import { forbidden } from '../../platform/errors.ts';
import { projectScope } from '../../platform/scope.ts';
import { lookups, type LookupName } from './queries.ts';

/** Lists a supplier account may read: nothing about staff, projects or warehouses. */
const SUPPLIER_LISTS: LookupName[] = ['estados', 'orden_estados', 'estados_documento', 'monedas', 'condiciones_comerciales', 'tipos_documento', 'metodos_pago', 'paises', 'bancos', 'tipos_cuenta'];

export const LOOKUP_NAMES = Object.keys(lookups) as [LookupName, ...LookupName[]];

/** `/app/getData`: several lookup lists by name in one call (spec 1 §7, spec 3 §7); the route admits only known names. */
export async function getData(deps: Deps, caller: AccessProfile, names: LookupName[]) {
  const wanted = [...new Set(names)];
  if (isSupplier(caller) && wanted.some((n) => !SUPPLIER_LISTS.includes(n))) throw forbidden();
  const scope = projectScope(caller);
  const db = deps.database.db;
  const lists = await Promise.all(wanted.map((n) => lookups[n](db, scope)));
  return Object.fromEntries(wanted.map((n, i) => [n, lists[i]]));
}
