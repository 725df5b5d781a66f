import type { MarcaList } from '@obra/domain';
import { MARCA_MSG } from '@obra/domain';
import type { Deps } from '../../deps.ts';
import { PG, conflict, notFound, pgErrorCode } from '../../platform/errors.ts';
import { inUseReason, referencingTable } from '../../platform/in-use.ts';
import * as q from './queries.ts';

/** What the tables that reference a brand are called in a refusal. */
const USERS: Record<string, string> = { producto: 'productos' };

export function list(deps: Deps, f: MarcaList) {
  return q.list(deps.database.db, f.search, f);
}

export function lookup(deps: Deps, search = '') {
  return q.active(deps.database.db, search);
}

/** Names are unique ignoring case (the index `marca_nombre_uq` on lower(mar_nombre)). */
export async function add(deps: Deps, nombre: string) {
  try {
    return await q.insert(deps.database.db, nombre);
  } catch (err) {
    if (pgErrorCode(err) === PG.uniqueViolation) throw conflict(MARCA_MSG.nameTaken);
    throw err;
  }
}

/** A brand that products use cannot be deleted: the database's foreign keys refuse it. */
export async function remove(deps: Deps, id: number) {
  const db = deps.database.db;
  const row = await q.find(db, id);
  if (!row) throw notFound(MARCA_MSG.notFound);
  try {
    await q.remove(db, id);
  } catch (err) {
    const table = referencingTable(err);
    if (table !== null) throw conflict(`${MARCA_MSG.deleteFailed}: ${inUseReason(table, USERS, 'a')}`);
    throw err;
  }
  return { message: MARCA_MSG.deleted(row.descripcion), data: row };
}
