import type { Empleado, EmpleadoRapido, EmpleadoRow, Paged, Puesto } from '@obra/domain';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { empleado, proyecto, puesto, usuario } from '../../db/schema/index.ts';
import { columnsOf, listPage, type ListRequest, type ListSpec } from '../../platform/list.ts';
import { projectFilter, type ProjectScope } from '../../platform/scope.ts';
import { likePattern } from '../../platform/search.ts';

/** The expression of the trigram index empleado_search_trgm. */
const searchExpr = sql`lower(${empleado.emp_nombre} || ' ' || ${empleado.emp_apellido} || ' ' || ${empleado.emp_dni})`;

/** Every word must appear (in any order), so "perez juan" finds Juan Pérez ... as typed; each word uses the index. */
function searchWords(text: string): SQL[] {
  return text.split(/\s+/).filter(Boolean).map((w) => sql`${searchExpr} like ${likePattern(w)}`);
}

const fullName = sql<string>`${empleado.emp_nombre} || ' ' || ${empleado.emp_apellido}`;

const rowColumns = {
  emp_id: empleado.emp_id,
  emp_nombre: empleado.emp_nombre,
  emp_apellido: empleado.emp_apellido,
  emp_nombre_completo: fullName,
  emp_dni: empleado.emp_dni,
  emp_celular: empleado.emp_celular,
  emp_email: empleado.emp_email,
  pue_id: empleado.pue_id,
  pue_nombre: puesto.pue_nombre,
  pry_id: empleado.pry_id,
  pry_nombre: proyecto.pry_nombre,
  usu_id: empleado.usu_id,
  usu_correo: usuario.usu_correo,
  est_id: empleado.emp_estado,
};

const listOrder = [asc(empleado.emp_apellido), asc(empleado.emp_nombre), asc(empleado.emp_id)];

export interface EmpleadoFilter {
  emp_search: string;
  emp_estado: number | null;
  scope: ProjectScope;
}

/** The employee list by last name, name and id (platform/list.ts pages and counts it; joins for the page's rows only). */
const empleadoList: ListSpec = {
  name: 'empleado_list',
  from: sql`${empleado}`,
  key: [{ expr: empleado.emp_apellido, type: 'text' }, { expr: empleado.emp_nombre, type: 'text' }, { expr: empleado.emp_id, type: 'int' }],
  desc: false,
  columns: columnsOf(rowColumns),
  join: sql`join ${empleado} on ${empleado.emp_id} = page.k2 join ${puesto} on ${puesto.pue_id} = ${empleado.pue_id}
    left join ${proyecto} on ${proyecto.pry_id} = ${empleado.pry_id} left join ${usuario} on ${usuario.usu_id} = ${empleado.usu_id}`,
};

export function list(db: Executor, f: EmpleadoFilter, page: ListRequest): Promise<Paged<EmpleadoRow>> {
  const where = [...searchWords(f.emp_search), projectFilter(f.scope, empleado.pry_id)];
  if (f.emp_estado !== null) where.push(eq(empleado.emp_estado, f.emp_estado));
  return listPage<EmpleadoRow>(db, empleadoList, where, page);
}

export async function quickSearch(db: Executor, f: { emp_nombre: string; pry_id: number | null; scope: ProjectScope; limit: number }): Promise<EmpleadoRapido[]> {
  const where = [eq(empleado.emp_estado, 1), ...searchWords(f.emp_nombre), projectFilter(f.scope, empleado.pry_id)];
  if (f.pry_id !== null) where.push(eq(empleado.pry_id, f.pry_id));
  return db.select({
    emp_id: empleado.emp_id, emp_nombre: empleado.emp_nombre, emp_apellido: empleado.emp_apellido, emp_nombre_completo: fullName,
    emp_dni: empleado.emp_dni, pue_nombre: puesto.pue_nombre, pry_id: empleado.pry_id, pry_nombre: proyecto.pry_nombre,
  })
    .from(empleado)
    .innerJoin(puesto, eq(puesto.pue_id, empleado.pue_id))
    .leftJoin(proyecto, eq(proyecto.pry_id, empleado.pry_id))
    .where(and(...where))
    .orderBy(...listOrder)
    .limit(f.limit);
}

export async function find(db: Executor, empId: number): Promise<Empleado | undefined> {
  // Its user's level and type (spec 2 §3 "Employee", user part; issue 27): null without a user.
  const [row] = await db.select({ ...rowColumns, usu_nivel: usuario.usu_nivel, tiu_id: usuario.tiu_id, emp_version: empleado.emp_version })
    .from(empleado)
    .innerJoin(puesto, eq(puesto.pue_id, empleado.pue_id))
    .leftJoin(proyecto, eq(proyecto.pry_id, empleado.pry_id))
    .leftJoin(usuario, eq(usuario.usu_id, empleado.usu_id))
    .where(eq(empleado.emp_id, empId));
  return row;
}

export async function dniInUse(db: Executor, dni: string): Promise<boolean> {
  const rows = await db.select({ id: empleado.emp_id }).from(empleado).where(eq(empleado.emp_dni, dni)).limit(1);
  return rows.length > 0;
}

/** Which of `dnis` already belong to an employee. */
export async function existingDnis(db: Executor, dnis: string[]): Promise<Set<string>> {
  if (!dnis.length) return new Set();
  const rows = await db.select({ dni: empleado.emp_dni }).from(empleado).where(inArray(empleado.emp_dni, dnis));
  return new Set(rows.map((r) => r.dni));
}

export async function activeProjectExists(db: Executor, pryId: number): Promise<boolean> {
  const rows = await db.select({ id: proyecto.pry_id }).from(proyecto).where(and(eq(proyecto.pry_id, pryId), eq(proyecto.pry_estado, 1)));
  return rows.length > 0;
}

export type EmpleadoInsert = Pick<typeof empleado.$inferInsert, 'emp_nombre' | 'emp_apellido' | 'emp_dni' | 'emp_celular' | 'emp_email' | 'pue_id' | 'pry_id' | 'usu_id'>;

export async function insert(db: Executor, row: EmpleadoInsert): Promise<number> {
  const [r] = await db.insert(empleado).values(row).returning({ id: empleado.emp_id });
  return r.id;
}

/** Many rows at once, in chunks that keep each statement's parameters well under PostgreSQL's limit. */
export async function insertMany(db: Executor, rows: EmpleadoInsert[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) await db.insert(empleado).values(rows.slice(i, i + 500));
}

export type EmpleadoUpdate = Pick<typeof empleado.$inferInsert, 'emp_nombre' | 'emp_apellido' | 'emp_celular' | 'emp_email' | 'pue_id' | 'pry_id' | 'emp_estado'> & { usu_id?: number };

/** False when someone saved the employee since `version` was read. */
export async function update(db: Executor, empId: number, version: number, v: EmpleadoUpdate): Promise<boolean> {
  const rows = await db.update(empleado)
    .set({ ...v, emp_version: sql`${empleado.emp_version} + 1` })
    .where(and(eq(empleado.emp_id, empId), eq(empleado.emp_version, version)))
    .returning({ id: empleado.emp_id });
  return rows.length === 1;
}

/** Positions compare ignoring case, accents and repeated spaces ("Chófer" is "chofer"). */
const positionKey = sql`lower(unaccent(${puesto.pue_nombre}))`;
export const positionKeyOf = (nombre: string) =>
  nombre.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/\s+/g, ' ').trim().toLowerCase();

export async function listPositions(db: Executor, f: { pue_nombre: string; pue_estado: number | null; limit: number }): Promise<Puesto[]> {
  const where: SQL[] = [];
  if (f.pue_nombre) where.push(sql`${positionKey} like ${likePattern(positionKeyOf(f.pue_nombre))}`);
  if (f.pue_estado !== null) where.push(eq(puesto.pue_estado, f.pue_estado));
  return db.select({ pue_id: puesto.pue_id, pue_nombre: puesto.pue_nombre, pue_estado: puesto.pue_estado })
    .from(puesto).where(and(...where)).orderBy(asc(puesto.pue_nombre)).limit(f.limit);
}

export async function activePositionExists(db: Executor, pueId: number): Promise<boolean> {
  const rows = await db.select({ id: puesto.pue_id }).from(puesto).where(and(eq(puesto.pue_id, pueId), eq(puesto.pue_estado, 1)));
  return rows.length > 0;
}

/** Active positions whose key is one of `keys`, by key. */
export async function activePositionsByKey(db: Executor, keys: string[]): Promise<Map<string, number>> {
  if (!keys.length) return new Map();
  const rows = await db.select({ id: puesto.pue_id, key: sql<string>`${positionKey}` })
    .from(puesto).where(and(eq(puesto.pue_estado, 1), inArray(positionKey, keys)));
  return new Map(rows.map((r) => [r.key, r.id]));
}

export async function positionNameTaken(db: Executor, nombre: string): Promise<boolean> {
  const rows = await db.select({ id: puesto.pue_id }).from(puesto).where(sql`${positionKey} = ${positionKeyOf(nombre)}`).limit(1);
  return rows.length > 0;
}

export async function insertPosition(db: Executor, nombre: string): Promise<Puesto> {
  const [r] = await db.insert(puesto).values({ pue_nombre: nombre })
    .returning({ pue_id: puesto.pue_id, pue_nombre: puesto.pue_nombre, pue_estado: puesto.pue_estado });
  return r;
}
