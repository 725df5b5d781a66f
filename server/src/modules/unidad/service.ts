import type { UnidadList } from '@obra/domain';
import { UNIDAD_MSG } from '@obra/domain';
import type { Deps } from '../../deps.ts';
import { PG, conflict, notFound, pgErrorCode } from '../../platform/errors.ts';
import { inUseReason, referencingTable } from '../../platform/in-use.ts';
import * as q from './queries.ts';

/** What the tables that reference a unit are called in a refusal. */
const USERS: Record<string, string> = { producto: 'productos' };

export function list(deps: Deps, f: UnidadList) {
  return q.list(deps.database.db, f.search, f);
}

export function lookup(deps: Deps, search = '') {
  return q.active(deps.database.db, search);
}

/** Symbols are unique ignoring case (the index `unidad_medida_simbolo_uq` on lower(unm_simbolo)). */
export async function add(deps: Deps, v: { simbolo: string; unidad: string }) {
  try {
    return await q.insert(deps.database.db, { simbolo: v.simbolo, descripcion: v.unidad });
  } catch (err) {
    if (pgErrorCode(err) === PG.uniqueViolation) throw conflict(UNIDAD_MSG.symbolTaken);
    throw err;
  }
}

/** A unit that products use cannot be deleted: the database's foreign keys refuse it. */
export async function remove(deps: Deps, id: number) {
  const db = deps.database.db;
  const row = await q.find(db, id);
  if (!row) throw notFound(UNIDAD_MSG.notFound);
  try {
    await q.remove(db, id);
  } catch (err) {
    const table = referencingTable(err);
    if (table !== null) throw conflict(`${UNIDAD_MSG.deleteFailed}: ${inUseReason(table, USERS, 'a')}`);
    throw err;
  }
  return { message: UNIDAD_MSG.deleted(row.simbolo), data: row };
}
