import type { CuentaProveedorAdd, ProveedorList, ProveedorSave } from '@obra/domain';
import { GET_PROVEEDOR_LIMIT, PROVEEDOR_MSG, cciBankProblem } from '@obra/domain';
import type { Deps } from '../../deps.ts';
import { PG, badRequest, conflict, notFound, pgErrorCode } from '../../platform/errors.ts';
import * as q from './queries.ts';

/** The table whose rows still point at the one being deleted (PostgreSQL names it in the error). */
function referencingTable(err: unknown): string | undefined {
  for (let e = err as { table?: unknown; cause?: unknown } | undefined, i = 0; e && i < 4; e = e.cause as typeof e, i++) {
    if (typeof e.table === 'string') return e.table;
  }
  return undefined;
}

/** Why a supplier cannot be deleted, in the user's words. */
const IN_USE: Record<string, string> = {
  usuario: 'tiene usuarios del portal de proveedores',
};

export function list(deps: Deps, f: ProveedorList) {
  return q.list(deps.database.db, f.search, f);
}

export async function obtener(deps: Deps, id: number) {
  const row = await q.find(deps.database.db, id);
  if (!row) throw notFound(PROVEEDOR_MSG.notFound);
  return row;
}

export function options(deps: Deps, search: string) {
  return q.options(deps.database.db, search, GET_PROVEEDOR_LIMIT);
}

/** Registers, or modifies when `id_proveedor` comes with the version it read; the RUC never changes. */
export async function save(deps: Deps, input: ProveedorSave) {
  const db = deps.database.db;
  try {
    if (input.id_proveedor === undefined) {
      const id = await q.insert(db, input);
      return { message: PROVEEDOR_MSG.added, data: { id_proveedor: id, razon_social: input.razon_social } };
    }
    const stored = await obtener(deps, input.id_proveedor);
    if (input.ruc !== stored.ruc) throw badRequest(PROVEEDOR_MSG.rucLocked);
    if (input.version === undefined) throw badRequest(PROVEEDOR_MSG.versionMissing);
    if (!(await q.update(db, input.id_proveedor, input.version, input))) throw conflict();
    return { message: PROVEEDOR_MSG.updated, data: { id_proveedor: input.id_proveedor, razon_social: input.razon_social } };
  } catch (err) {
    const code = pgErrorCode(err);
    if (code === PG.uniqueViolation) throw conflict(PROVEEDOR_MSG.rucTaken(input.ruc));
    // The only foreign key a supplier row holds is its country.
    if (code === PG.foreignKeyViolation) throw badRequest(PROVEEDOR_MSG.unknownCountry);
    throw err;
  }
}

/** A supplier that other records use (portal users, orders) is not deleted; it can be deactivated. */
export async function remove(deps: Deps, id: number) {
  const row = await obtener(deps, id);
  try {
    await q.remove(deps.database.db, id);
  } catch (err) {
    if (pgErrorCode(err) === PG.foreignKeyViolation) {
      const reason = IN_USE[referencingTable(err) ?? ''] ?? 'está siendo usado por otros registros';
      throw conflict(`${PROVEEDOR_MSG.deleteFailed}: ${reason}; puede desactivarlo`);
    }
    throw err;
  }
  return { message: PROVEEDOR_MSG.deleted(row.razon_social), data: { id_proveedor: id } };
}

export async function listAccounts(deps: Deps, pveId: number) {
  await obtener(deps, pveId);
  return q.listAccounts(deps.database.db, pveId);
}

/** Adds a bank account; its CCI starts with the bank's code and is not repeated for the supplier. */
export async function addAccount(deps: Deps, input: CuentaProveedorAdd) {
  const db = deps.database.db;
  await obtener(deps, input.id_proveedor);
  const code = await q.bankCode(db, input.id_banco);
  if (code === undefined) throw badRequest(PROVEEDOR_MSG.unknownBank);
  const problem = cciBankProblem(input.cci, code);
  if (problem) throw badRequest(problem);
  try {
    const id = await q.insertAccount(db, input);
    return { message: PROVEEDOR_MSG.accountAdded, data: await q.findAccount(db, id) };
  } catch (err) {
    const pgCode = pgErrorCode(err);
    if (pgCode === PG.uniqueViolation) throw conflict(PROVEEDOR_MSG.cciTaken(input.cci));
    if (pgCode === PG.foreignKeyViolation) {
      // The supplier may have been deleted meanwhile; otherwise the currency or type is unknown.
      if (!(await q.find(db, input.id_proveedor))) throw notFound(PROVEEDOR_MSG.notFound);
      throw badRequest(PROVEEDOR_MSG.unknownReference);
    }
    throw err;
  }
}

export async function removeAccount(deps: Deps, id: number) {
  const db = deps.database.db;
  const account = await q.findAccount(db, id);
  if (!account) throw notFound(PROVEEDOR_MSG.accountNotFound);
  try {
    await q.removeAccount(db, id);
  } catch (err) {
    if (pgErrorCode(err) === PG.foreignKeyViolation) {
      throw conflict(`${PROVEEDOR_MSG.accountDeleteFailed}: está siendo usada por otros registros`);
    }
    throw err;
  }
  return { message: PROVEEDOR_MSG.accountDeleted, data: { id_cuenta_proveedor: id, id_proveedor: account.id_proveedor } };
}
