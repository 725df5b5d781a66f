import type { AccessProfile, AlmacenBuscar, AlmacenBuscarRapido, AlmacenItem, AlmacenRef, AsignarEmpleados, EmpleadosAsignadosBuscar, Proyecto, ProyectoBuscar, ProyectoModificar, ProyectoRegistrar } from '@obra/domain';
import { ALMACEN_QUICK_LIMIT, PRY_MSG, isCorporate } from '@obra/domain';
import type { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { PG, badRequest, conflict, forbidden, notFound, pgErrorCode } from '../../platform/errors.ts';
import { fromPageQuery } from '../../platform/list.ts';
import { assertInProject, projectScope } from '../../platform/scope.ts';
import * as emp from './empleado-queries.ts';
import * as q from './queries.ts';

type Registrar = z.output<typeof ProyectoRegistrar>['proyecto'];
type Modificar = z.output<typeof ProyectoModificar>['proyecto'];

/** A project outside the caller's scope answers 404, as one that does not exist (DECISIONS §1). */
async function findInScope(deps: Deps, caller: AccessProfile, pryId: number) {
  const row = await q.findProyecto(deps.database.db, pryId);
  if (!row) throw notFound(PRY_MSG.notFound);
  assertInProject(projectScope(caller), row.pry_id, 'el proyecto');
  return row;
}

/** A duplicate code, whichever statement hit the unique constraint, is the user's mistake. */
function codeConflict(err: unknown): never {
  if (pgErrorCode(err) === PG.uniqueViolation) throw conflict(PRY_MSG.codeTaken);
  throw err;
}

export function search(deps: Deps, caller: AccessProfile, f: z.output<typeof ProyectoBuscar>['proyecto']) {
  return q.searchProyectos(deps.database.db, { ...f, scope: projectScope(caller) }, fromPageQuery(f.page));
}

export async function get(deps: Deps, caller: AccessProfile, pryId: number): Promise<Proyecto> {
  const row = await findInScope(deps, caller, pryId);
  return { ...row, almacenes: await q.almacenesOf(deps.database.db, pryId) };
}

/** Only corporate users create projects: a project user's scope is one project already. */
export async function register(deps: Deps, caller: AccessProfile, input: Registrar) {
  if (!isCorporate(caller)) throw forbidden(PRY_MSG.onlyCorporateRegister);
  const { almacenes, ...fields } = input;
  const pryId = await deps.database.db.transaction(async (tx) => {
    const id = await q.insertProyecto(tx, fields);
    await q.insertAlmacenes(tx, id, almacenes);
    return id;
  }).catch(codeConflict);
  return { pry_id: pryId };
}

/**
 * Saves the project and its warehouse list in one transaction: rows with `alm_id` are updated,
 * rows without are added, and the project's warehouses missing from the list are deleted. A
 * warehouse another record refers to (stock, transfers, ...) is not deleted: the whole save is
 * refused with 409, and the warehouse can be deactivated instead.
 * A project user may modify their own project, but only a corporate user changes its status.
 */
export async function modify(deps: Deps, caller: AccessProfile, input: Modificar) {
  const current = await findInScope(deps, caller, input.pry_id);
  if (!isCorporate(caller) && input.pry_estado !== current.pry_estado) throw forbidden(PRY_MSG.onlyCorporateStatus);
  const { almacenes, pry_id, pry_version, ...fields } = input;
  await deps.database.db.transaction(async (tx) => {
    if (!(await q.updateProyecto(tx, pry_id, pry_version, fields))) throw conflict();
    const existing = await q.almacenesOf(tx, pry_id);
    const known = new Set(existing.map((a) => a.alm_id));
    const kept = almacenes.filter((a): a is AlmacenItem & { alm_id: number } => a.alm_id !== undefined);
    if (kept.some((a) => !known.has(a.alm_id))) throw badRequest(PRY_MSG.foreignWarehouse);
    const keptIds = new Set(kept.map((a) => a.alm_id));
    for (const gone of existing.filter((a) => !keptIds.has(a.alm_id))) {
      await q.deleteAlmacen(tx, gone.alm_id).catch((err: unknown) => {
        if (pgErrorCode(err) === PG.foreignKeyViolation) throw conflict(PRY_MSG.warehouseInUse(gone.alm_nombre));
        throw err;
      });
    }
    for (const a of kept) await q.updateAlmacen(tx, pry_id, a);
    await q.insertAlmacenes(tx, pry_id, almacenes.filter((a) => a.alm_id === undefined));
  }).catch(codeConflict);
  return { pry_id };
}

export async function employees(deps: Deps, caller: AccessProfile, f: z.output<typeof EmpleadosAsignadosBuscar>['empleado']) {
  await findInScope(deps, caller, f.pry_id);
  return emp.searchAsignables(deps.database.db, { ...f, scope: projectScope(caller) }, fromPageQuery(f.page));
}

/**
 * Moves employees into the project (`asignar`, from no project or, for a corporate user, from
 * another one) and out of it (`quitar`, leaving them without a project), in one transaction.
 * An employee the caller may not see (another project's, for a project user) answers 404.
 */
export async function assignEmployees(deps: Deps, caller: AccessProfile, input: z.output<typeof AsignarEmpleados>) {
  const project = await findInScope(deps, caller, input.pry_id);
  if (input.asignar.length && project.pry_estado !== 1) throw badRequest(PRY_MSG.inactiveProject);
  const ids = [...input.asignar, ...input.quitar];
  const db = deps.database.db;
  const visible = await emp.findInPool(db, ids, projectScope(caller));
  if (visible.length !== ids.length) throw notFound(PRY_MSG.employeeNotFound);
  return db.transaction(async (tx) => ({
    pry_id: input.pry_id,
    asignados: await emp.assignTo(tx, input.asignar, input.pry_id),
    quitados: await emp.removeFrom(tx, input.quitar, input.pry_id),
  }));
}

// ---- Warehouse lookups (spec 1 §7 "Lookups", spec 2 §6) ----

/**
 * Every warehouse lookup answers a user without a project with an empty list and the spec's
 * message, as a success: the screens show the message and carry on.
 */
type Lookup<T> = { data: T; message: string };
const noProject = <T>(data: T): Lookup<T> => ({ data, message: PRY_MSG.noProjectWarehouses });
const found = <T>(data: T): Lookup<T> => ({ data, message: '' });

export async function searchWarehouses(deps: Deps, caller: AccessProfile, f: z.output<typeof AlmacenBuscar>['almacen']) {
  const scope = projectScope(caller);
  if (scope.kind === 'none') return noProject({ data: [], total: 0 });
  return found(await q.searchAlmacenes(deps.database.db, { ...f, scope }, fromPageQuery(f.page)));
}

export async function warehousesOfProject(deps: Deps, caller: AccessProfile, pryId: number): Promise<Lookup<AlmacenRef[]>> {
  const scope = projectScope(caller);
  if (scope.kind === 'none') return noProject([]);
  await findInScope(deps, caller, pryId);
  return found(await q.activeAlmacenes(deps.database.db, { scope, pry_id: pryId }));
}

export async function quickSearchWarehouses(deps: Deps, caller: AccessProfile, f: z.output<typeof AlmacenBuscarRapido>['almacen']): Promise<Lookup<AlmacenRef[]>> {
  const scope = projectScope(caller);
  if (scope.kind === 'none') return noProject([]);
  return found(await q.activeAlmacenes(deps.database.db, { scope, pry_id: f.pry_id, text: f.alm_nombre, limit: ALMACEN_QUICK_LIMIT }));
}

export async function activeWarehouses(deps: Deps, caller: AccessProfile): Promise<Lookup<AlmacenRef[]>> {
  const scope = projectScope(caller);
  if (scope.kind === 'none') return noProject([]);
  return found(await q.activeAlmacenes(deps.database.db, { scope }));
}
