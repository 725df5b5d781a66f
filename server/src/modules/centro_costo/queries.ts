import type { Paged } from '@obra/domain';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { centroCosto, proyecto } from '../../db/schema/index.ts';
import { projectFilter, type ProjectScope } from '../../platform/scope.ts';
import { columnsOf, listPage, type ListRequest, type ListSpec } from '../../platform/list.ts';
import { likePattern } from '../../platform/search.ts';

const row = {
  id_centro_costo: centroCosto.cec_id,
  codigo: centroCosto.cec_codigo,
  descripcion: centroCosto.cec_descripcion,
  pry_id: centroCosto.pry_id,
  pry_nombre: proyecto.pry_nombre,
  es_activo: centroCosto.cec_estado,
  version: centroCosto.cec_version,
};
export type CentroCostoRow = { [K in keyof typeof row]: (typeof row)[K]['_']['data'] };

/** The cost-centre list by code (platform/list.ts pages and counts it). */
const centroCostoList: ListSpec = {
  name: 'centro_costo_list',
  from: sql`${centroCosto}`,
  key: [{ expr: centroCosto.cec_codigo, type: 'text' }, { expr: centroCosto.cec_id, type: 'int' }],
  desc: false,
  columns: columnsOf(row),
  join: sql`join ${centroCosto} on ${centroCosto.cec_id} = page.k1 join ${proyecto} on ${proyecto.pry_id} = ${centroCosto.pry_id}`,
};

export function list(db: Executor, f: { search: string; scope: ProjectScope }, page: ListRequest): Promise<Paged<CentroCostoRow>> {
  const where: SQL[] = [];
  const scope = projectFilter(f.scope, centroCosto.pry_id);
  if (scope) where.push(scope);
  if (f.search) where.push(sql`lower(${centroCosto.cec_codigo} || ' ' || ${centroCosto.cec_descripcion}) like ${likePattern(f.search)}`);
  return listPage<CentroCostoRow>(db, centroCostoList, where, page);
}

export async function find(db: Executor, id: number): Promise<CentroCostoRow | undefined> {
  const [r] = await db.select(row).from(centroCosto).innerJoin(proyecto, eq(proyecto.pry_id, centroCosto.pry_id)).where(eq(centroCosto.cec_id, id));
  return r;
}

export async function activeProjectExists(db: Executor, pryId: number): Promise<boolean> {
  const rows = await db.select({ id: proyecto.pry_id }).from(proyecto).where(and(eq(proyecto.pry_id, pryId), eq(proyecto.pry_estado, 1)));
  return rows.length > 0;
}

export async function insert(db: Executor, v: { codigo: string; descripcion: string; pry_id: number; es_activo: number }): Promise<number> {
  const [r] = await db.insert(centroCosto)
    .values({ cec_codigo: v.codigo, cec_descripcion: v.descripcion, pry_id: v.pry_id, cec_estado: v.es_activo })
    .returning({ id: centroCosto.cec_id });
  return r.id;
}

/** False when someone saved the record since `version` was read. */
export async function update(db: Executor, id: number, version: number, v: { codigo: string; descripcion: string; pry_id: number; es_activo: number }): Promise<boolean> {
  const rows = await db.update(centroCosto)
    .set({ cec_codigo: v.codigo, cec_descripcion: v.descripcion, pry_id: v.pry_id, cec_estado: v.es_activo, cec_version: sql`${centroCosto.cec_version} + 1` })
    .where(and(eq(centroCosto.cec_id, id), eq(centroCosto.cec_version, version)))
    .returning({ id: centroCosto.cec_id });
  return rows.length === 1;
}

export async function remove(db: Executor, id: number): Promise<void> {
  await db.delete(centroCosto).where(eq(centroCosto.cec_id, id));
}
