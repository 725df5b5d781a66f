import type { AccessProfile, Empleado, EmpleadoCargaResultado, EmpleadoRapido, EmpleadoUsuario } from '@obra/domain';
import {
  EMP_MSG, EMP_QUICK_LIMIT, EMP_SEARCH_LIMIT, EmpleadoBuscar, EmpleadoBuscarRapido, EmpleadoCargaFila, EmpleadoCargar,
  EmpleadoModificar, EmpleadoPaginar, EmpleadoRegistrar, MSG, PuestoBuscar, PuestoBuscarRapido, hasModule,
} from '@obra/domain';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { AppError, PG, badRequest, conflict, forbidden, notFound, pgErrorCode } from '../../platform/errors.ts';
import { fromPageQuery } from '../../platform/list.ts';
import { assertInProject, projectScope } from '../../platform/scope.ts';
import { parseRows, readXlsxRows, rowsInError, templateXlsx, type RowError, type SheetRow, type XlsxColumn } from '../../platform/xlsx.ts';
import * as usuarios from '../usuario/service.ts';
import * as q from './queries.ts';

type Out<S extends z.ZodType> = z.output<S>;

/** Columns of the employees load (spec 2 §7 cargarArchivo); also the keys of a `cargarEmpleados` row. */
export const LOAD_COLUMNS: XlsxColumn[] = [
  { header: 'DNI', key: 'emp_dni', width: 14, text: true, note: 'Obligatorio. 8 dígitos; carné de extranjería: 9 a 12 letras y números.' },
  { header: 'Nombres', key: 'emp_nombre', width: 24, note: 'Obligatorio.' },
  { header: 'Apellidos', key: 'emp_apellido', width: 28, note: 'Obligatorio.' },
  { header: 'Celular', key: 'emp_celular', width: 14, text: true, note: 'Opcional. Solo números.' },
  { header: 'Correo', key: 'emp_email', width: 30, note: 'Opcional.' },
  { header: 'Puesto', key: 'pue_nombre', width: 28, note: 'Obligatorio. Nombre de un puesto registrado, por ejemplo: Chofer.' },
];

// ---- reading ----

export function paginate(deps: Deps, caller: AccessProfile, f: Out<typeof EmpleadoPaginar>['empleado']) {
  return q.list(deps.database.db, { ...f, scope: projectScope(caller) }, fromPageQuery(f.page));
}

/** The same filters unpaged: the first EMP_SEARCH_LIMIT rows, and the total of all. */
export function search(deps: Deps, caller: AccessProfile, f: Out<typeof EmpleadoBuscar>['empleado']) {
  return q.list(deps.database.db, { ...f, scope: projectScope(caller) }, { start: 0, length: EMP_SEARCH_LIMIT });
}

/**
 * Active employees in the caller's scope by name (and project): the requester / authoriser
 * autocompletes and spec 2 buscarEmpleadoxNombre. Other modules call this function.
 */
export function quickSearch(deps: Deps, caller: AccessProfile, f: Out<typeof EmpleadoBuscarRapido>['empleado']): Promise<EmpleadoRapido[]> {
  return q.quickSearch(deps.database.db, { emp_nombre: f.emp_nombre, pry_id: f.pry_id ?? null, scope: projectScope(caller), limit: EMP_QUICK_LIMIT });
}

/** An employee outside the caller's project scope answers 404 (DECISIONS §1). */
export async function get(deps: Deps, caller: AccessProfile, empId: number): Promise<Empleado> {
  const row = await q.find(deps.database.db, empId);
  if (!row) throw notFound(EMP_MSG.notFound);
  assertInProject(projectScope(caller), row.pry_id, 'el empleado');
  return row;
}

// ---- rules shared by register, modify and load ----

/**
 * The project an employee goes to: a project user's own only (DECISIONS §1), and by default;
 * it must be active unless it is the one the employee already has.
 */
async function targetProject(db: Db, caller: AccessProfile, pryId: number | null, current?: number | null): Promise<number | null> {
  const scope = projectScope(caller);
  if (scope.kind === 'none') throw forbidden(EMP_MSG.ownProjectOnly);
  const target = pryId ?? (scope.kind === 'project' ? scope.pry_id : null);
  if (scope.kind === 'project' && target !== scope.pry_id) throw forbidden(EMP_MSG.ownProjectOnly);
  if (target !== null && target !== current && !(await q.activeProjectExists(db, target))) throw badRequest(EMP_MSG.projectInactive);
  return target;
}

async function checkPosition(db: Db, pueId: number) {
  if (!(await q.activePositionExists(db, pueId))) throw badRequest(EMP_MSG.positionMissing);
}

/**
 * The employee's user account, through the users module (its checks, hashing and roles). It
 * grants access, so it needs the users module too, not only the employees one.
 */
async function prepareUser(deps: Deps, caller: AccessProfile, emp: { emp_nombre: string; emp_apellido: string; emp_dni: string; pry_id: number | null }, u: EmpleadoUsuario) {
  if (!hasModule(caller, 'usuario')) throw forbidden(EMP_MSG.userNeedsModule);
  return usuarios.prepareRegister(deps, caller, {
    usu_nombre: emp.emp_nombre, usu_apellido: emp.emp_apellido, usu_dni: emp.emp_dni, usu_correo: u.usu_correo,
    usu_password: u.usu_password, usu_nivel: u.usu_nivel, tiu_id: 1, pry_id: emp.pry_id, lista_usuario_rol: u.lista_usuario_rol, opciones: [],
  });
}

function constraintOf(err: unknown): string | undefined {
  for (let e = err as { constraint?: unknown; cause?: unknown } | undefined, i = 0; e && i < 4; e = e.cause as typeof e, i++) {
    if (typeof e.constraint === 'string') return e.constraint;
  }
  return undefined;
}

/** A unique index hit by a concurrent save becomes the same 409 the checks give. */
function uniqueConflict(err: unknown): unknown {
  if (pgErrorCode(err) !== PG.uniqueViolation) return err;
  const messages: Record<string, string> = {
    empleado_dni_uq: EMP_MSG.dniTaken,
    usuario_correo_uq: MSG.emailTaken,
    empleado_usu_uq: EMP_MSG.alreadyHasUser,
    puesto_nombre_uq: EMP_MSG.positionTaken,
  };
  return conflict(messages[constraintOf(err) ?? ''] ?? MSG.conflict);
}

async function inTransaction<T>(db: Db, work: (tx: Executor) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(work);
  } catch (err) {
    throw uniqueConflict(err);
  }
}

// ---- writing ----

/** Register (spec 2 §5); with genera_usuario the employee and its user are saved together or not at all. */
export async function register(deps: Deps, caller: AccessProfile, input: Out<typeof EmpleadoRegistrar>['empleado']) {
  const db = deps.database.db;
  const pryId = await targetProject(db, caller, input.pry_id);
  await checkPosition(db, input.pue_id);
  if (await q.dniInUse(db, input.emp_dni)) throw conflict(EMP_MSG.dniTaken);
  const insertUser = input.usuario ? await prepareUser(deps, caller, { ...input, pry_id: pryId }, input.usuario) : null;
  return inTransaction(db, async (tx) => {
    const usuId = insertUser ? await insertUser(tx) : null;
    const empId = await q.insert(tx, {
      emp_nombre: input.emp_nombre, emp_apellido: input.emp_apellido, emp_dni: input.emp_dni, emp_celular: input.emp_celular,
      // The login e-mail is the employee's e-mail when none was given.
      emp_email: input.emp_email || input.usuario?.usu_correo || '', pue_id: input.pue_id, pry_id: pryId, usu_id: usuId,
    });
    return { emp_id: empId, usu_id: usuId };
  });
}

/**
 * Modify (spec 2 §5) with the version read. The DNI stays; a user can be generated for an
 * employee without one. An existing account is managed on the users screen.
 */
export async function modify(deps: Deps, caller: AccessProfile, input: Out<typeof EmpleadoModificar>['empleado']) {
  const db = deps.database.db;
  const current = await get(deps, caller, input.emp_id);
  if (current.emp_version !== input.emp_version) throw conflict();
  const pryId = await targetProject(db, caller, input.pry_id, current.pry_id);
  if (input.pue_id !== current.pue_id) await checkPosition(db, input.pue_id);
  if (input.usuario && current.usu_id !== null) throw conflict(EMP_MSG.alreadyHasUser);
  const insertUser = input.usuario
    ? await prepareUser(deps, caller, { emp_nombre: input.emp_nombre, emp_apellido: input.emp_apellido, emp_dni: current.emp_dni, pry_id: pryId }, input.usuario)
    : null;
  return inTransaction(db, async (tx) => {
    const newUser = insertUser ? await insertUser(tx) : null;
    const saved = await q.update(tx, input.emp_id, input.emp_version, {
      emp_nombre: input.emp_nombre, emp_apellido: input.emp_apellido, emp_celular: input.emp_celular, emp_email: input.emp_email,
      pue_id: input.pue_id, pry_id: pryId, emp_estado: input.est_id, ...(newUser === null ? {} : { usu_id: newUser }),
    });
    // Thrown inside the transaction: a user created above is undone with it.
    if (!saved) throw conflict();
    return { emp_id: input.emp_id, usu_id: newUser ?? current.usu_id };
  });
}

// ---- loads (spec 2 §7 cargarEmpleados / cargarArchivo) ----

/** The template of the load: the columns with notes; DNI and Celular typed as text so leading zeros stay. */
export function template(): Promise<Buffer> {
  return templateXlsx('Empleados', LOAD_COLUMNS);
}

/**
 * All or nothing: every row is checked (format, DNI repeated in the list or already registered,
 * position unknown) before anything is written; one error and nothing is saved.
 */
async function load(deps: Deps, caller: AccessProfile, pryId: number, rows: SheetRow[], refuse: (errors: RowError[]) => AppError): Promise<{ message: string; data: EmpleadoCargaResultado }> {
  const db = deps.database.db;
  const target = await targetProject(db, caller, pryId);
  const { valid, errors } = parseRows(rows, EmpleadoCargaFila, LOAD_COLUMNS);
  const firstRowOfDni = new Map<string, number>();
  for (const r of valid) {
    const first = firstRowOfDni.get(r.value.emp_dni);
    if (first === undefined) firstRowOfDni.set(r.value.emp_dni, r.fila);
    else errors.push({ fila: r.fila, mensaje: EMP_MSG.rowDniRepeated(first) });
  }
  const [taken, positions] = await Promise.all([
    q.existingDnis(db, [...firstRowOfDni.keys()]),
    q.activePositionsByKey(db, [...new Set(valid.map((r) => q.positionKeyOf(r.value.pue_nombre)))]),
  ]);
  for (const r of valid) {
    if (taken.has(r.value.emp_dni)) errors.push({ fila: r.fila, mensaje: EMP_MSG.rowDniTaken });
    if (!positions.has(q.positionKeyOf(r.value.pue_nombre))) errors.push({ fila: r.fila, mensaje: EMP_MSG.rowPositionUnknown(r.value.pue_nombre) });
  }
  if (errors.length) throw refuse(errors);
  await inTransaction(db, (tx) => q.insertMany(tx, valid.map(({ value: v }) => ({
    emp_dni: v.emp_dni, emp_nombre: v.emp_nombre, emp_apellido: v.emp_apellido, emp_celular: v.emp_celular, emp_email: v.emp_email,
    pue_id: positions.get(q.positionKeyOf(v.pue_nombre))!, pry_id: target, usu_id: null,
  }))));
  return { message: EMP_MSG.loaded(valid.length), data: { cargados: valid.length } };
}

/** `cargarEmpleados`: rows are numbered by their sequence in the list, from 1 (spec 2 §8). */
export function loadList(deps: Deps, caller: AccessProfile, body: Out<typeof EmpleadoCargar>) {
  const rows: SheetRow[] = body.empleados.map((e, i) => ({
    fila: i + 1,
    values: Object.fromEntries(LOAD_COLUMNS.map((c) => {
      const v = e[c.key];
      return [c.key, typeof v === 'string' || typeof v === 'number' ? String(v).trim() : ''];
    })),
  }));
  return load(deps, caller, body.proyecto.pry_id, rows, (errors) => {
    const sorted = [...errors].sort((a, b) => a.fila - b.fila);
    return badRequest(EMP_MSG.listErrors(new Set(sorted.map((e) => e.fila)).size), { errores: sorted });
  });
}

/** `cargarArchivo`: rows are numbered as the spreadsheet shows them (the header is row 1). */
export async function loadFile(deps: Deps, caller: AccessProfile, pryId: number, buffer: Buffer) {
  return load(deps, caller, pryId, await readXlsxRows(buffer, LOAD_COLUMNS), rowsInError);
}

// ---- positions (spec 2 §7 /puesto) ----

export function searchPositions(deps: Deps, f: Out<typeof PuestoBuscar>['puesto']) {
  return q.listPositions(deps.database.db, { ...f, limit: 500 });
}

export function quickPositions(deps: Deps, f: Out<typeof PuestoBuscarRapido>['puesto']) {
  return q.listPositions(deps.database.db, { pue_nombre: f.pue_nombre, pue_estado: 1, limit: EMP_QUICK_LIMIT });
}

/** A position added from the employee form; names are unique ignoring case, accents and spaces. */
export async function registerPosition(deps: Deps, nombre: string) {
  const db = deps.database.db;
  if (await q.positionNameTaken(db, nombre)) throw conflict(EMP_MSG.positionTaken);
  try {
    return await q.insertPosition(db, nombre);
  } catch (err) {
    throw uniqueConflict(err);
  }
}
