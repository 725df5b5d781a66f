import type { AccessProfile, Cliente, ClienteBuscarData, ClienteDireccionData, ClienteModificarData, ClientePagina, ClienteRapido, ClienteRegistrarData } from '@obra/domain';
import { CLIENTE_MSG, CLIENTE_QUICK_LIMIT, MSG, hasModule } from '@obra/domain';
import type { Executor } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { PG, badRequest, conflict, forbidden, notFound, pgErrorCode } from '../../platform/errors.ts';
import { fromPageQuery } from '../../platform/list.ts';
import * as q from './queries.ts';

/**
 * Clients (spec 3 §2 "Clients", §5 "Client register", §7 "Clients"), module cliente. Clients are
 * company-wide master data: no project scope. Every write runs in one transaction.
 */

export async function buscar(deps: Deps, f: ClienteBuscarData): Promise<ClientePagina> {
  const r = await q.list(deps.database.db, f.cli_search, fromPageQuery(f.page));
  return { page: { list: r.data, total: r.total, size: f.page.size, number: f.page.number, total_exacto: r.total_exacto, siguiente: r.siguiente } };
}

/** Who registers sales orders picks their client and address without holding the clients module. */
function assertPopupAccess(caller: AccessProfile) {
  if (!hasModule(caller, 'cliente') && !hasModule(caller, 'orden_venta')) throw forbidden(MSG.noModuleAccess);
}

/** The sales order popup's customer search: active clients only. */
export function buscarRapido(deps: Deps, caller: AccessProfile, search: string): Promise<ClienteRapido[]> {
  assertPopupAccess(caller);
  return q.quickSearch(deps.database.db, search, CLIENTE_QUICK_LIMIT);
}

async function read(db: Executor, cliId: number): Promise<Cliente> {
  const row = await q.find(db, cliId);
  if (!row) throw notFound(CLIENTE_MSG.notFound);
  return { ...row, lista_cliente_direccion_envio: await q.direcciones(db, cliId) };
}

export function obtener(deps: Deps, cliId: number): Promise<Cliente> {
  return read(deps.database.db, cliId);
}

/** The active addresses of a client (the sales order popup's shipping address list). */
export async function obtenerDirecciones(deps: Deps, caller: AccessProfile, cliId: number) {
  assertPopupAccess(caller);
  const db = deps.database.db;
  if (!(await q.find(db, cliId))) throw notFound(CLIENTE_MSG.notFound);
  return q.direcciones(db, cliId);
}

/** Every district sent is a Lima or Callao one of the reference table (the schema checked the code's shape). */
async function checkDistricts(db: Executor, list: ClienteDireccionData[]) {
  const ids = [...new Set(list.map((d) => d.ubi_id))];
  const known = await q.limaCallaoDistricts(db, ids);
  if (ids.some((id) => !known.has(id))) throw badRequest(CLIENTE_MSG.unknownDistrict);
}

/** A document already held by another client: 409 naming it. */
async function checkDocument(db: Executor, v: { tdi_id: number; cli_documento_identidad: string }, exceptId?: number) {
  const other = await q.findByDocument(db, v.tdi_id, v.cli_documento_identidad, exceptId);
  if (other) throw conflict(CLIENTE_MSG.documentTaken(v.tdi_id, v.cli_documento_identidad, other.cli_nombre));
}

const fields = (v: ClienteRegistrarData): q.ClienteFields => ({
  tdi_id: v.tdi_id,
  cli_documento_identidad: v.cli_documento_identidad,
  cli_nombre: v.cli_nombre,
  cli_nombre_contacto: v.cli_nombre_contacto,
  cli_domicilio_fiscal: v.cli_domicilio_fiscal,
  cli_correo: v.cli_correo,
  cli_telefono: v.cli_telefono,
  cli_especial: v.cli_especial,
});

const direccion = (d: ClienteDireccionData): q.DireccionFields => ({
  cde_alias: d.cde_alias, cde_direccion: d.cde_direccion, cde_referencia: d.cde_referencia, ubi_id: d.ubi_id,
});

/** Runs `work` in one transaction; the document's unique index hit by a concurrent save answers the same 409 as the check. */
async function inTransaction<T>(deps: Deps, v: { tdi_id: number; cli_documento_identidad: string }, exceptId: number | undefined, work: (tx: Executor) => Promise<T>): Promise<T> {
  try {
    return await deps.database.db.transaction(work);
  } catch (err) {
    if (pgErrorCode(err) === PG.uniqueViolation) {
      await checkDocument(deps.database.db, v, exceptId);
      throw conflict();
    }
    throw err;
  }
}

/** Register: the client and its addresses (numbered 1, 2, ...) together. */
export async function registrar(deps: Deps, v: ClienteRegistrarData): Promise<Cliente> {
  const db = deps.database.db;
  await checkDistricts(db, v.lista_cliente_direccion_envio);
  await checkDocument(db, v);
  return inTransaction(deps, v, undefined, async (tx) => {
    const cliId = await q.insert(tx, fields(v));
    await q.insertDirecciones(tx, cliId, 0, v.lista_cliente_direccion_envio.map(direccion));
    return read(tx, cliId);
  });
}

/**
 * Modify with the version read. Addresses with `cde_id` (active ones of this client) are updated,
 * those without are added after the last sequence ever used, and active ones left out are removed
 * (cde_estado 0): sales orders keep pointing at them.
 */
export async function modificar(deps: Deps, v: ClienteModificarData): Promise<Cliente> {
  const db = deps.database.db;
  const current = await q.find(db, v.cli_id);
  if (!current) throw notFound(CLIENTE_MSG.notFound);
  if (current.cli_version !== v.cli_version) throw conflict();
  await checkDistricts(db, v.lista_cliente_direccion_envio);
  await checkDocument(db, v, v.cli_id);
  return inTransaction(deps, v, v.cli_id, async (tx) => {
    // The version check locks the client's row: concurrent modifies of it wait here, then fail it.
    if (!(await q.update(tx, v.cli_id, v.cli_version, { ...fields(v), cli_estado: v.cli_estado }))) throw conflict();
    const active = await q.activeAddressIds(tx, v.cli_id);
    const kept = v.lista_cliente_direccion_envio.filter((d) => d.cde_id !== undefined);
    if (kept.some((d) => !active.has(d.cde_id!))) throw badRequest(CLIENTE_MSG.addressForeign);
    for (const d of kept) await q.updateDireccion(tx, v.cli_id, d.cde_id!, direccion(d));
    await q.deactivateOthers(tx, v.cli_id, kept.map((d) => d.cde_id!));
    const added = v.lista_cliente_direccion_envio.filter((d) => d.cde_id === undefined);
    await q.insertDirecciones(tx, v.cli_id, await q.lastSequence(tx, v.cli_id), added.map(direccion));
    return read(tx, v.cli_id);
  });
}
