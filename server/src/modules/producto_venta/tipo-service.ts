import type { ProductoVentaTipo, ProductoVentaTipoModificar, ProductoVentaTipoRegistrar } from '@obra/domain';
import { PVT_TIPO_MSG } from '@obra/domain';
import type { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { PG, badRequest, conflict, notFound, pgErrorCode } from '../../platform/errors.ts';
import * as q from './tipo-queries.ts';

/**
 * Sale product types in two levels (spec 3 §3 "Sales product": pti_id is level 2, pti_id_parent
 * level 1). A product hangs from a level-2 type, so a type never changes level: a level-1 type
 * turned level 2 would strand its children, a level-2 one turned level 1 its products.
 */

type Registrar = z.output<typeof ProductoVentaTipoRegistrar>['producto_venta_tipo'];
type Modificar = z.output<typeof ProductoVentaTipoModificar>['producto_venta_tipo'];

export const buscar = (deps: Deps, parent: number | null) => q.listByParent(deps.database.db, parent);

export async function obtener(deps: Deps, id: number, db: Executor = deps.database.db): Promise<ProductoVentaTipo> {
  const row = await q.find(db, id);
  if (!row) throw notFound(PVT_TIPO_MSG.noEncontrado);
  return row;
}

/** The parent must be an active level-1 type; `kept` admits the parent a type already had after it was deactivated. */
async function checkParent(db: Executor, parent: number, kept: boolean) {
  const p = await q.find(db, parent);
  if (!p || (p.pti_estado !== 1 && !kept)) throw badRequest(PVT_TIPO_MSG.padreInvalido);
  if (p.pti_parent !== null) throw badRequest(PVT_TIPO_MSG.padreNoRaiz);
}

/** producto_venta_tipo_nombre_uq: a name once per level (per parent), ignoring case. */
function nombreRepetido(err: unknown): never {
  if (pgErrorCode(err) === PG.uniqueViolation) throw conflict(PVT_TIPO_MSG.nombreRepetido);
  throw err;
}

export async function registrar(deps: Deps, v: Registrar): Promise<ProductoVentaTipo> {
  const id = await deps.database.db.transaction(async (tx) => {
    if (v.pti_parent !== null) await checkParent(tx, v.pti_parent, false);
    return q.insert(tx, v);
  }).catch(nombreRepetido);
  return obtener(deps, id);
}

export async function modificar(deps: Deps, v: Modificar): Promise<ProductoVentaTipo> {
  await deps.database.db.transaction(async (tx) => {
    const before = await obtener(deps, v.pti_id, tx);
    if ((before.pti_parent === null) !== (v.pti_parent === null)) throw badRequest(PVT_TIPO_MSG.cambioNivel);
    if (v.pti_parent !== null) await checkParent(tx, v.pti_parent, v.pti_parent === before.pti_parent);
    await q.update(tx, { pti_id: v.pti_id, pti_nombre: v.pti_nombre, pti_parent: v.pti_parent, pti_estado: v.pti_estado ?? before.pti_estado });
  }).catch(nombreRepetido);
  return obtener(deps, v.pti_id);
}
