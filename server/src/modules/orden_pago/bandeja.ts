import type { AccessProfile, OrdenPagoBandejaFiltro } from '@obra/domain';
import { opgBandejaEstado } from '@obra/domain';
import type { Deps } from '../../deps.ts';
import type { ListRequest } from '../../platform/list.ts';
import { projectScope } from '../../platform/scope.ts';
import * as q from './bandeja-queries.ts';

/**
 * The payment-order inbox (docs/business-rules.md "Payment orders"): payment orders across
 * purchase orders within the caller's project scope. Without a state it shows what waits for the
 * caller; the actions on its rows are the per-order calls, which check everything again.
 */
export function bandeja(deps: Deps, caller: AccessProfile, f: OrdenPagoBandejaFiltro, page: ListRequest) {
  return q.bandeja(deps.database.db, {
    estado: f.estado === undefined ? opgBandejaEstado(caller) : f.estado,
    pve_id: f.pve_id,
    fecha_inicio: f.fecha_inicio,
    fecha_fin: f.fecha_fin,
    scope: projectScope(caller),
  }, page);
}
