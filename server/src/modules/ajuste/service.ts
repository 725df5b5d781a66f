import { AJUSTE_DIRECCION_PUBLICA, AJUSTE_MSG, isCorporate, type AccessProfile, type AjustesDatos, type ToleranciaGuardar } from '@obra/domain';
import type { Deps } from '../../deps.ts';
import { conflict, forbidden } from '../../platform/errors.ts';
import * as conciliacion from '../conciliacion/service.ts';

/**
 * Administración → Ajustes (issue 24): the public address links are built with. Administrators of
 * the users module, company-wide as for the mail outbox (a project-level administrator is refused:
 * the address is the whole company's). Saving is audited as every mutation (app.ts).
 */

export async function obtener(deps: Deps, caller: AccessProfile): Promise<AjustesDatos> {
  if (!isCorporate(caller)) throw forbidden();
  const [direccion, filas, tol] = await Promise.all([deps.ajustes.direccionPublica(), deps.ajustes.filas(), conciliacion.tolerancia(deps)]);
  const guardada = filas.get(AJUSTE_DIRECCION_PUBLICA);
  return {
    direccion_publica: guardada?.aju_valor ?? null,
    aju_fecha: guardada?.aju_fecha ?? null,
    usuario: guardada?.usuario ?? null,
    direccion_efectiva: direccion.url,
    origen: direccion.origen,
    advertencia: direccion.advertencia,
    tolerancia: tol,
  };
}

/** The three-way match's tolerance (issue 25): company-wide, so administrators of the whole company only. */
export async function guardarTolerancia(deps: Deps, caller: AccessProfile, v: ToleranciaGuardar['ajuste']): Promise<AjustesDatos> {
  if (!isCorporate(caller)) throw forbidden();
  const valores = { porcentaje: v.tolerancia_porcentaje === null ? null : String(v.tolerancia_porcentaje), monto: v.tolerancia_monto === null ? null : String(v.tolerancia_monto) };
  await deps.database.db.transaction((tx) => conciliacion.guardarTolerancia(deps, tx, caller.usu_id, valores));
  deps.ajustes.olvidar();
  return obtener(deps, caller);
}

/** The address comes normalized from the schema (an http(s) origin); PUBLIC_URL, when set, cannot be overridden here. */
export async function guardar(deps: Deps, caller: AccessProfile, direccionPublica: string): Promise<AjustesDatos> {
  if (!isCorporate(caller)) throw forbidden();
  if (deps.config.publicUrl) throw conflict(AJUSTE_MSG.porEntorno);
  await deps.database.db.transaction((tx) => deps.ajustes.guardar(tx, AJUSTE_DIRECCION_PUBLICA, direccionPublica, caller.usu_id));
  deps.ajustes.olvidar();
  return obtener(deps, caller);
}
