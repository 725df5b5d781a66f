import type { AlmacenItem, AlmacenRef, AlmacenRow, Paged, ProyectoAlmacen, ProyectoRow } from '@obra/domain';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { almacen, proyecto } from '../../db/schema/index.ts';
import { columnsOf, listPage, type ListRequest, type ListSpec } from '../../platform/list.ts';
import { projectFilter, type ProjectScope } from '../../platform/scope.ts';
import { likePattern } from '../../platform/search.ts';

const proyectoRow = {
  pry_id: proyecto.pry_id,
  pry_codigo: proyecto.pry_codigo,
  pry_nombre: proyecto.pry_nombre,
  pry_descripcion: proyecto.pry_descripcion,
  pry_estado: proyecto.pry_estado,
  pry_estado_nombre: sql<string>`case when ${proyecto.pry_estado} = 1 then 'Activo' else 'Inactivo' end`,
};

/** The project list by name (platform/list.ts pages and counts it). */
const proyectoList: ListSpec = {
  name: 'proyecto_list',
  from: sql`${proyecto}`,
  key: [{ expr: proyecto.pry_nombre, type: 'text' }, { expr: proyecto.pry_id, type: 'int' }],
  desc: false,
  columns: columnsOf(proyectoRow),
  join: sql`join ${proyecto} on ${proyecto.pry_id} = page.k1`,
};

export function searchProyectos(
  db: Executor,
  f: { pry_codigo: string; pry_nombre: string; pry_estado: number | null; scope: ProjectScope },
  page: ListRequest,
): Promise<Paged<ProyectoRow>> {
  const where = [projectFilter(f.scope, proyecto.pry_id)];
  if (f.pry_codigo) where.push(sql`lower(${proyecto.pry_codigo}) like ${likePattern(f.pry_codigo)}`);
  if (f.pry_nombre) where.push(sql`lower(${proyecto.pry_nombre}) like ${likePattern(f.pry_nombre)}`);
  if (f.pry_estado !== null) where.push(eq(proyecto.pry_estado, f.pry_estado));
  return listPage<ProyectoRow>(db, proyectoList, where, page);
}

export async function findProyecto(db: Executor, pryId: number) {
  const [row] = await db.select({ ...proyectoRow, pry_version: proyecto.pry_version }).from(proyecto).where(eq(proyecto.pry_id, pryId));
  return row;
}

/** Every warehouse of a project, inactive ones too (the edit popup shows them), in creation order. */
export function almacenesOf(db: Executor, pryId: number): Promise<ProyectoAlmacen[]> {
  return db.select({
    alm_id: almacen.alm_id, alm_nombre: almacen.alm_nombre, alm_direccion: almacen.alm_direccion,
    alm_tipo: almacen.alm_tipo, alm_estado: almacen.alm_estado, alm_establecimiento: almacen.alm_establecimiento,
  }).from(almacen).where(eq(almacen.pry_id, pryId)).orderBy(asc(almacen.alm_id));
}

export async function insertProyecto(db: Executor, v: { pry_codigo: string; pry_nombre: string; pry_descripcion: string }): Promise<number> {
  const [r] = await db.insert(proyecto).values(v).returning({ id: proyecto.pry_id });
  return r.id;
}

/** False when someone saved the project since `version` was read. */
export async function updateProyecto(
  db: Executor,
  pryId: number,
  version: number,
  v: { pry_codigo: string; pry_nombre: string; pry_descripcion: string; pry_estado: number },
): Promise<boolean> {
  const rows = await db.update(proyecto)
    .set({ ...v, pry_version: sql`${proyecto.pry_version} + 1` })
    .where(and(eq(proyecto.pry_id, pryId), eq(proyecto.pry_version, version)))
    .returning({ id: proyecto.pry_id });
  return rows.length === 1;
}

// A client that does not send the establishment code (the spec's payload has none) leaves it as it was.
const almacenValues = (a: AlmacenItem) => ({
  alm_nombre: a.alm_nombre, alm_direccion: a.alm_direccion, alm_tipo: a.alm_tipo, alm_estado: a.alm_estado,
  ...(a.alm_establecimiento === undefined ? {} : { alm_establecimiento: a.alm_establecimiento }),
});

export async function insertAlmacenes(db: Executor, pryId: number, list: AlmacenItem[]): Promise<void> {
  if (list.length) await db.insert(almacen).values(list.map((a) => ({ ...almacenValues(a), pry_id: pryId })));
}

export async function updateAlmacen(db: Executor, pryId: number, a: AlmacenItem & { alm_id: number }): Promise<void> {
  await db.update(almacen).set(almacenValues(a)).where(and(eq(almacen.alm_id, a.alm_id), eq(almacen.pry_id, pryId)));
}

/** Fails with a foreign-key violation when any other record refers to the warehouse. */
export async function deleteAlmacen(db: Executor, almId: number): Promise<void> {
  await db.delete(almacen).where(eq(almacen.alm_id, almId));
}

// ---- Warehouse lookups ----

const almacenRef = {
  alm_id: almacen.alm_id,
  alm_nombre: almacen.alm_nombre,
  alm_tipo: almacen.alm_tipo,
  pry_id: almacen.pry_id,
  pry_nombre: proyecto.pry_nombre,
};
const labelMatches = (text: string) => sql`lower(${proyecto.pry_nombre} || ' ' || ${almacen.alm_nombre}) like ${likePattern(text)}`;
const labelOrder = [asc(proyecto.pry_nombre), asc(almacen.alm_tipo), asc(almacen.alm_nombre), asc(almacen.alm_id)];

/** The warehouse list in label order (project, main first, name); its filters reach the project's name. */
const almacenList: ListSpec = {
  name: 'almacen_list',
  from: sql`${almacen} join ${proyecto} on ${proyecto.pry_id} = ${almacen.pry_id}`,
  key: [
    { expr: proyecto.pry_nombre, type: 'text' }, { expr: almacen.alm_tipo, type: 'int' },
    { expr: almacen.alm_nombre, type: 'text' }, { expr: almacen.alm_id, type: 'int' },
  ],
  desc: false,
  columns: columnsOf({ ...almacenRef, alm_direccion: almacen.alm_direccion, alm_estado: almacen.alm_estado, pry_codigo: proyecto.pry_codigo }),
  join: sql`join ${almacen} on ${almacen.alm_id} = page.k3 join ${proyecto} on ${proyecto.pry_id} = ${almacen.pry_id}`,
};

export function searchAlmacenes(
  db: Executor,
  f: { alm_nombre: string; pry_id: number | null; alm_estado: number | null; scope: ProjectScope },
  page: ListRequest,
): Promise<Paged<AlmacenRow>> {
  const where = [projectFilter(f.scope, almacen.pry_id)];
  if (f.alm_nombre) where.push(labelMatches(f.alm_nombre));
  if (f.pry_id !== null) where.push(eq(almacen.pry_id, f.pry_id));
  if (f.alm_estado !== null) where.push(eq(almacen.alm_estado, f.alm_estado));
  return listPage<AlmacenRow>(db, almacenList, where, page);
}

/** Active warehouses of active projects in scope: what selects and autocompletes offer. */
export function activeAlmacenes(db: Executor, f: { scope: ProjectScope; pry_id?: number | null; text?: string; limit?: number }): Promise<AlmacenRef[]> {
  const where: (SQL | undefined)[] = [eq(almacen.alm_estado, 1), eq(proyecto.pry_estado, 1), projectFilter(f.scope, almacen.pry_id)];
  if (f.pry_id) where.push(eq(almacen.pry_id, f.pry_id));
  if (f.text) where.push(labelMatches(f.text));
  const query = db.select(almacenRef).from(almacen).innerJoin(proyecto, eq(proyecto.pry_id, almacen.pry_id))
    .where(and(...where)).orderBy(...labelOrder);
  return f.limit ? query.limit(f.limit) : query;
}
