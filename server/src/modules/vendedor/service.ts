import type { AccessProfile, Vendedor, VendedorCambios, VendedorDatos, VendedorFiltro } from '@obra/domain';
import { MSG, VENDEDOR_MSG, hasModule } from '@obra/domain';
import type { Deps } from '../../deps.ts';
import { PG, conflict, forbidden, notFound, pgErrorCode } from '../../platform/errors.ts';
import type { ListRequest } from '../../platform/list.ts';
import * as q from './queries.ts';

export function buscar(deps: Deps, f: VendedorFiltro, page: ListRequest) {
  return q.list(deps.database.db, f, page);
}

export async function obtener(deps: Deps, id: number): Promise<Vendedor> {
  const row = await q.find(deps.database.db, id);
  if (!row) throw notFound(VENDEDOR_MSG.noEncontrado);
  return row;
}

/**
 * The salesperson search of the sales order popup (spec 3 §7): whoever registers orders needs
 * it, so holders of orden_venta may read it as well as those of vendedor (docs/business-rules.md).
 */
export function buscarRapido(deps: Deps, caller: AccessProfile, text: string) {
  if (!hasModule(caller, 'vendedor') && !hasModule(caller, 'orden_venta')) throw forbidden(MSG.noModuleAccess);
  return q.quickSearch(deps.database.db, text);
}

/** vendedor_documento_uq refuses a document already used, also when two saves race. */
function documentoRepetido(doc: string) {
  return (err: unknown): never => {
    if (pgErrorCode(err) === PG.uniqueViolation) throw conflict(VENDEDOR_MSG.documentoRepetido(doc));
    throw err;
  };
}

export async function registrar(deps: Deps, v: VendedorDatos): Promise<Vendedor> {
  const id = await q.insert(deps.database.db, v).catch(documentoRepetido(v.ven_documento_identidad));
  return obtener(deps, id);
}

/** Every field may change, the document too (still unique); the status is activo or inactivo (the schema admits no other). */
export async function modificar(deps: Deps, v: VendedorCambios): Promise<Vendedor> {
  const found = await q.update(deps.database.db, v).catch(documentoRepetido(v.ven_documento_identidad));
  if (!found) throw notFound(VENDEDOR_MSG.noEncontrado);
  return obtener(deps, v.ven_id);
}
