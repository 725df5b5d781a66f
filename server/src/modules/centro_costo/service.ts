import type { AccessProfile, CentroCostoList } from '@obra/domain';
import { CC_MSG, CentroCostoSave } from '@obra/domain';
import type { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { PG, badRequest, conflict, forbidden, notFound, pgErrorCode } from '../../platform/errors.ts';
import { assertInProject, projectScope } from '../../platform/scope.ts';
import * as q from './queries.ts';

type Save = z.output<typeof CentroCostoSave>;

export function list(deps: Deps, caller: AccessProfile, f: CentroCostoList) {
  return q.list(deps.database.db, { search: f.search, scope: projectScope(caller) }, f);
}

async function findInScope(deps: Deps, caller: AccessProfile, id: number) {
  const row = await q.find(deps.database.db, id);
  if (!row) throw notFound('No se encontró el centro de costo');
  assertInProject(projectScope(caller), row.pry_id, 'el centro de costo');
  return row;
}

/** Creates, or modifies when `id_centro_costo` comes with the version it read. */
export async function save(deps: Deps, caller: AccessProfile, input: Save) {
  const db = deps.database.db;
  const scope = projectScope(caller);
  if (scope.kind !== 'all' && (scope.kind === 'none' || input.pry_id !== scope.pry_id)) {
    throw forbidden('Solo puede registrar centros de costo de su proyecto');
  }
  if (!(await q.activeProjectExists(db, input.pry_id))) throw badRequest(CC_MSG.inactiveProject);
  try {
    if (input.id_centro_costo === undefined) {
      const id = await q.insert(db, input);
      return { message: CC_MSG.added, data: { id_centro_costo: id, descripcion: input.descripcion } };
    }
    await findInScope(deps, caller, input.id_centro_costo);
    if (input.version === undefined) throw badRequest('Debe indicar la versión leída del centro de costo');
    if (!(await q.update(db, input.id_centro_costo, input.version, input))) throw conflict();
    return { message: CC_MSG.updated, data: { id_centro_costo: input.id_centro_costo, descripcion: input.descripcion } };
  } catch (err) {
    if (pgErrorCode(err) === PG.uniqueViolation) throw conflict(CC_MSG.codeTaken);
    throw err;
  }
}

/** A cost centre that other records use cannot be deleted; it can be deactivated instead. */
export async function remove(deps: Deps, caller: AccessProfile, id: number) {
  const row = await findInScope(deps, caller, id);
  try {
    await q.remove(deps.database.db, id);
  } catch (err) {
    if (pgErrorCode(err) === PG.foreignKeyViolation) {
      throw conflict(`${CC_MSG.deleteFailed}: está siendo usado por otros registros; puede desactivarlo`);
    }
    throw err;
  }
  return { message: CC_MSG.deleted(row.codigo), data: { id_centro_costo: id } };
}
