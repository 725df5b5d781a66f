import type { EmpleadoAsignable, Paged } from '@obra/domain';
import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { empleado, proyecto, puesto } from '../../db/schema/index.ts';
import type { ProjectScope } from '../../platform/scope.ts';
import { likePattern } from '../../platform/search.ts';
import { columnsOf, listPage, type ListRequest, type ListSpec } from '../../platform/list.ts';

/**
 * The employees a caller may move in or out of projects: every one for a corporate user,
 * otherwise those without a project and those of the caller's own project.
 */
export function employeePool(scope: ProjectScope): SQL | undefined {
  if (scope.kind === 'all') return undefined;
  if (scope.kind === 'none') return sql`false`;
  return or(isNull(empleado.pry_id), eq(empleado.pry_id, scope.pry_id));
}

/** Same expression as the trigram index empleado_search_trgm. */
const searchExpr = sql`(lower(${empleado.emp_nombre} || ' ' || ${empleado.emp_apellido} || ' ' || ${empleado.emp_dni}))`;

/** Active employees (and any already in the project, to take them out), by name, flagged when in the project. */
/** The employees to assign, by last name, name and id (platform/list.ts pages and counts them). */
const asignablesList = (pryId: number): ListSpec => ({
  name: 'proyecto_empleado_list',
  from: sql`${empleado}`,
  key: [{ expr: empleado.emp_apellido, type: 'text' }, { expr: empleado.emp_nombre, type: 'text' }, { expr: empleado.emp_id, type: 'int' }],
  desc: false,
  columns: columnsOf({
    emp_id: empleado.emp_id,
    emp_nombre: empleado.emp_nombre,
    emp_apellido: empleado.emp_apellido,
    emp_nombre_completo: sql<string>`${empleado.emp_nombre} || ' ' || ${empleado.emp_apellido}`,
    emp_dni: empleado.emp_dni,
    pue_nombre: puesto.pue_nombre,
    emp_estado: empleado.emp_estado,
    pry_id: empleado.pry_id,
    pry_nombre: proyecto.pry_nombre,
    asignado: sql<boolean>`coalesce(${empleado.pry_id} = ${pryId}, false)`,
  }),
  join: sql`join ${empleado} on ${empleado.emp_id} = page.k2 join ${puesto} on ${puesto.pue_id} = ${empleado.pue_id}
    left join ${proyecto} on ${proyecto.pry_id} = ${empleado.pry_id}`,
});

export function searchAsignables(
  db: Executor,
  f: { pry_id: number; emp_nombre: string; solo_asignados: boolean; scope: ProjectScope },
  page: ListRequest,
): Promise<Paged<EmpleadoAsignable>> {
  const inProject = eq(empleado.pry_id, f.pry_id);
  const where: (SQL | undefined)[] = [
    employeePool(f.scope),
    f.solo_asignados ? inProject : or(eq(empleado.emp_estado, 1), inProject),
  ];
  if (f.emp_nombre) where.push(sql`${searchExpr} like ${likePattern(f.emp_nombre)}`);
  return listPage<EmpleadoAsignable>(db, asignablesList(f.pry_id), where, page);
}

/** The employees of `ids` the caller may move, with their current project. */
export function findInPool(db: Executor, ids: number[], scope: ProjectScope) {
  return db.select({ emp_id: empleado.emp_id, pry_id: empleado.pry_id })
    .from(empleado).where(and(inArray(empleado.emp_id, ids), employeePool(scope)));
}

const bumpVersion = { emp_version: sql`${empleado.emp_version} + 1` };

/**
 * Moves employees into a project; those already in it are left alone. The version goes up so
 * an employee form opened before cannot write the old project back.
 */
export async function assignTo(db: Executor, ids: number[], pryId: number): Promise<number> {
  if (!ids.length) return 0;
  const rows = await db.update(empleado)
    .set({ pry_id: pryId, ...bumpVersion })
    .where(and(inArray(empleado.emp_id, ids), sql`${empleado.pry_id} is distinct from ${pryId}`))
    .returning({ id: empleado.emp_id });
  return rows.length;
}

/** Takes employees out of a project (pry_id null); those no longer in it are left alone. */
export async function removeFrom(db: Executor, ids: number[], pryId: number): Promise<number> {
  if (!ids.length) return 0;
  const rows = await db.update(empleado)
    .set({ pry_id: null, ...bumpVersion })
    .where(and(inArray(empleado.emp_id, ids), eq(empleado.pry_id, pryId)))
    .returning({ id: empleado.emp_id });
  return rows.length;
}
