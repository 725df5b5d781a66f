import type { CategoriaTipoExistenciaRow, Producto, ProductoFields, ProductoFilter, ProductoOpciones, ProductoVendorPagina } from '@obra/domain';
import { PRODUCTO_MSG, ProductoBuscar, ProductoBuscarIndice, ProductoList, SUNAT_MSG } from '@obra/domain';
import type { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { fromPageQuery } from '../../platform/list.ts';
import { PG, badRequest, conflict, notFound, pgErrorCode } from '../../platform/errors.ts';
import { lookups, tiposProducto } from '../app/queries.ts';
import * as q from './queries.ts';

type Buscar = z.output<typeof ProductoBuscar>['producto'];
type Indice = z.output<typeof ProductoBuscarIndice>['producto'];
type List = z.output<typeof ProductoList>;

export async function opciones(deps: Deps): Promise<ProductoOpciones> {
  const db = deps.database.db;
  const [categorias, marcas, unidades_medida] = await Promise.all([lookups.categorias(db), lookups.marcas(db), lookups.unidades_medida(db)]);
  return { categorias, marcas, unidades_medida };
}

// The form's lists are the shared lookup lists of /app/getData.
export const categorias = (deps: Deps) => lookups.categorias(deps.database.db);
export const tipos = (deps: Deps, catId: number) => tiposProducto(deps.database.db, catId);

export const categoriasTipoExistencia = (deps: Deps) => q.categoriasTipoExistencia(deps.database.db);

export async function modificarTipoExistencia(deps: Deps, v: { cat_id: number; cat_tipo_existencia: string }): Promise<CategoriaTipoExistenciaRow> {
  const row = await q.modificarTipoExistencia(deps.database.db, v.cat_id, v.cat_tipo_existencia);
  if (!row) throw notFound(SUNAT_MSG.categoriaNotFound);
  return row;
}

const filterOf = (f: ProductoFilter): ProductoFilter => ({
  prv_nombre: f.prv_nombre, cat_id: f.cat_id, tip_id: f.tip_id, mar_id: f.mar_id, prv_retornable: f.prv_retornable, prv_estado: f.prv_estado,
});

/** `/productoVendor/buscar`: the list in the spec 3 page shape. */
export async function buscar(deps: Deps, f: Buscar): Promise<ProductoVendorPagina> {
  const r = await q.list(deps.database.db, filterOf(f), fromPageQuery(f.page));
  return { page: { list: r.data, total: r.total, size: f.page.size, number: f.page.number, total_exacto: r.total_exacto, siguiente: r.siguiente } };
}

/** Spec 1 §7 `/producto/list`: the same list with the spec 1 field names. */
export function list(deps: Deps, f: List) {
  const filter: ProductoFilter = { prv_nombre: f.search, cat_id: f.categoria, tip_id: f.tipo, mar_id: null, prv_retornable: null, prv_estado: null };
  return q.list(deps.database.db, filter, f);
}

export function indice(deps: Deps, f: Indice) {
  return q.indexOf(deps.database.db, filterOf(f), f.prv_id, f.page.size);
}

export function buscarRapido(deps: Deps, text: string) {
  return q.quickSearch(deps.database.db, text);
}

export async function obtener(deps: Deps, id: number): Promise<Producto> {
  const row = await q.find(deps.database.db, id);
  if (!row) throw notFound(PRODUCTO_MSG.notFound);
  return row;
}

/**
 * Category, type, brand and unit must exist and be active, and the type must belong to the
 * category. On modify, a reference the product already had stays acceptable after it was
 * deactivated, so the other fields can still be corrected.
 */
async function checkReferences(db: Executor, v: ProductoFields, before?: Producto) {
  const refs = await q.references(db, v);
  const kept = (field: 'cat_id' | 'tip_id' | 'mar_id' | 'unm_id') => before !== undefined && before[field] === v[field];
  const usable = (ref: { estado: number } | undefined, field: 'cat_id' | 'tip_id' | 'mar_id' | 'unm_id') =>
    ref !== undefined && (ref.estado === 1 || kept(field));
  if (!usable(refs.cat, 'cat_id')) throw badRequest(PRODUCTO_MSG.categoriaInvalida);
  if (!usable(refs.tip, 'tip_id')) throw badRequest(PRODUCTO_MSG.tipoInvalido);
  if (refs.tip!.cat_id !== v.cat_id) throw badRequest(PRODUCTO_MSG.tipoFueraDeCategoria);
  if (v.mar_id !== null && !usable(refs.mar, 'mar_id')) throw badRequest(PRODUCTO_MSG.marcaInvalida);
  if (!usable(refs.unm, 'unm_id')) throw badRequest(PRODUCTO_MSG.unidadInvalida);
}

/** A name repeated with the same brand (ignoring case) is refused by producto_nombre_marca_uq. */
function nameTaken(err: unknown): never {
  if (pgErrorCode(err) === PG.uniqueViolation) throw conflict(PRODUCTO_MSG.nameTaken);
  throw err;
}

export async function registrar(deps: Deps, v: ProductoFields): Promise<Producto> {
  const id = await deps.database.db.transaction(async (tx) => {
    await checkReferences(tx, v);
    return q.insert(tx, v);
  }).catch(nameTaken);
  return obtener(deps, id);
}

export async function modificar(deps: Deps, v: ProductoFields & { prv_id: number; prv_version: number; prv_estado?: 0 | 1 }): Promise<Producto> {
  await deps.database.db.transaction(async (tx) => {
    const before = await q.find(tx, v.prv_id);
    if (!before) throw notFound(PRODUCTO_MSG.notFound);
    if (before.prv_version !== v.prv_version) throw conflict();
    await checkReferences(tx, v, before);
    if (!(await q.update(tx, v.prv_id, v.prv_version, v, v.prv_estado))) throw conflict();
  }).catch(nameTaken);
  return obtener(deps, v.prv_id);
}

/** Disable (spec 3: one action) or enable again; doing it twice changes nothing more. */
export async function setEstado(deps: Deps, id: number, estado: 0 | 1) {
  if (!(await q.setEstado(deps.database.db, id, estado))) throw notFound(PRODUCTO_MSG.notFound);
  return obtener(deps, id);
}
