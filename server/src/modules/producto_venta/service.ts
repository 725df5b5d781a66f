import type { AccessProfile, ProductoVenta, ProductoVentaCambios, ProductoVentaDatos, ProductoVentaFiltro, ProductoVentaRow } from '@obra/domain';
import { MSG, PVT_MSG, conPrecioIgv, hasModule } from '@obra/domain';
import type { Executor } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import * as q from './queries.ts';

export async function buscar(deps: Deps, f: ProductoVentaFiltro): Promise<ProductoVentaRow[]> {
  return (await q.list(deps.database.db, f)).map(conPrecioIgv);
}

/**
 * The product search of the sales order popup (spec 3 §7): whoever registers orders needs it,
 * so holders of orden_venta may read it as well as those of producto_venta (docs/business-rules.md).
 */
export async function buscarRapido(deps: Deps, caller: AccessProfile, text: string): Promise<ProductoVentaRow[]> {
  if (!hasModule(caller, 'producto_venta') && !hasModule(caller, 'orden_venta')) throw forbidden(MSG.noModuleAccess);
  return (await q.quickSearch(deps.database.db, text)).map(conPrecioIgv);
}

export async function obtener(deps: Deps, id: number, db: Executor = deps.database.db): Promise<ProductoVenta> {
  const row = await q.find(db, id);
  if (!row) throw notFound(PVT_MSG.noEncontrado);
  return conPrecioIgv(row);
}

/**
 * The type must be a level-2 type under the chosen level 1; group, brand and unit must exist
 * (brand and unit active). On modify a reference the product already had stays acceptable after
 * it was deactivated, so the other fields can still be corrected.
 */
async function checkReferences(db: Executor, v: ProductoVentaDatos, before?: ProductoVenta) {
  const refs = await q.references(db, v);
  const kept = (field: 'pti_id' | 'pti_id_parent' | 'mar_id' | 'unm_id') => before !== undefined && before[field] === v[field];
  if (!refs.grupo) throw badRequest(PVT_MSG.grupoInvalido);
  if (!refs.tipPadre || (refs.tipPadre.estado !== 1 && !kept('pti_id_parent'))) throw badRequest(PVT_MSG.tipoPadreInvalido);
  if (refs.tipPadre.parent !== null) throw badRequest(PVT_MSG.tipoPadreInvalido);
  if (!refs.tip || (refs.tip.estado !== 1 && !kept('pti_id'))) throw badRequest(PVT_MSG.tipoInvalido);
  if (refs.tip.parent === null) throw badRequest(PVT_MSG.tipoNivel);
  if (refs.tip.parent !== v.pti_id_parent) throw badRequest(PVT_MSG.tipoPadre);
  if (!refs.mar || (refs.mar.estado !== 1 && !kept('mar_id'))) throw badRequest(PVT_MSG.marcaInvalida);
  if (!refs.unm || (refs.unm.estado !== 1 && !kept('unm_id'))) throw badRequest(PVT_MSG.unidadInvalida);
}

export async function registrar(deps: Deps, v: ProductoVentaDatos): Promise<ProductoVenta> {
  const id = await deps.database.db.transaction(async (tx) => {
    await checkReferences(tx, v);
    await q.lockNames(tx);
    if (await q.nameTaken(tx, v.pvt_nombre)) throw conflict(PVT_MSG.nombreRepetido);
    return q.insert(tx, v);
  });
  return obtener(deps, id);
}

/** With the version read: a save made meanwhile answers 409 and nothing changes. */
export async function modificar(deps: Deps, v: ProductoVentaCambios): Promise<ProductoVenta> {
  const { pvt_id, pvt_version, ...datos } = v;
  await deps.database.db.transaction(async (tx) => {
    const before = await q.find(tx, pvt_id);
    if (!before) throw notFound(PVT_MSG.noEncontrado);
    if (before.pvt_version !== pvt_version) throw conflict();
    await checkReferences(tx, datos, conPrecioIgv(before));
    await q.lockNames(tx);
    if (await q.nameTaken(tx, datos.pvt_nombre, pvt_id)) throw conflict(PVT_MSG.nombreRepetido);
    if (!(await q.update(tx, pvt_id, pvt_version, datos))) throw conflict();
  });
  return obtener(deps, pvt_id);
}
