import type { AccessProfile } from '@obra/domain';
import { isCorporate, isSupplier } from '@obra/domain';
import { SQL, eq, sql, type Column } from 'drizzle-orm';
import { forbidden, notFound } from './errors.ts';

/**
 * Project scope of a caller (DECISIONS §1): `all` for level 1, else their project, and
 * `none` when they have no project.
 */
export type ProjectScope = { kind: 'all' } | { kind: 'project'; pry_id: number } | { kind: 'none' };

export function projectScope(user: AccessProfile): ProjectScope {
  if (isCorporate(user)) return { kind: 'all' };
  return user.pry_id === null ? { kind: 'none' } : { kind: 'project', pry_id: user.pry_id };
}

/** SQL condition restricting a project column to the caller's scope (undefined = no restriction). */
export function projectFilter(scope: ProjectScope, column: Column): SQL | undefined {
  if (scope.kind === 'all') return undefined;
  if (scope.kind === 'none') return sql`false`;
  return eq(column, scope.pry_id);
}

/** Whether a record of project `pryId` is within the scope. */
export const inScope = (scope: ProjectScope, pryId: number | null) =>
  scope.kind === 'all' || (scope.kind === 'project' && scope.pry_id === pryId);

/** The scope as a raw SQL condition on a project column expression (e.g. sql`c.pry_id`). */
export function projectSql(scope: ProjectScope, column: SQL): SQL {
  if (scope.kind === 'all') return sql`true`;
  if (scope.kind === 'none') return sql`false`;
  return sql`${column} = ${scope.pry_id}`;
}

/** The scope as a condition on a warehouse id expression (e.g. sql`pa.alm_id`): the warehouses of the caller's project (undefined = no restriction). */
export function warehouseSql(scope: ProjectScope, column: SQL): SQL | undefined {
  if (scope.kind === 'all') return undefined;
  if (scope.kind === 'none') return sql`false`;
  return sql`${column} in (select alm_id from almacen where pry_id = ${scope.pry_id})`;
}

/** A single record of another project answers 404, so its existence is not revealed. */
export function assertInProject(scope: ProjectScope, pryId: number | null, what = 'el registro'): void {
  if (scope.kind === 'all') return;
  if (scope.kind === 'none' || pryId !== scope.pry_id) throw notFound(`No se encontró ${what}`);
}

/** The supplier a portal call is limited to (DECISIONS §1); staff callers are refused. */
export function supplierScope(user: AccessProfile): number {
  if (!isSupplier(user) || user.pve_id === null) throw forbidden();
  return user.pve_id;
}
