import type { MarcaRow, Paged } from '@obra/domain';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { marca } from '../../db/schema/index.ts';
import { columnsOf, listPage, type ListRequest, type ListSpec } from '../../platform/list.ts';
import { likePattern } from '../../platform/search.ts';

const row = { id_marca: marca.mar_id, descripcion: marca.mar_nombre };
const byName = [asc(sql`lower(${marca.mar_nombre})`), asc(marca.mar_id)];

/** Matches the trigram index `marca_nombre_trgm` on lower(mar_nombre). */
const nameLike = (search: string): SQL | undefined =>
  search ? sql`lower(${marca.mar_nombre}) like ${likePattern(search)}` : undefined;

/** The brand list by name (platform/list.ts pages and counts it). */
const marcaList: ListSpec = {
  name: 'marca_list',
  from: sql`${marca}`,
  key: [{ expr: sql`lower(${marca.mar_nombre})`, type: 'text' }, { expr: marca.mar_id, type: 'int' }],
  desc: false,
  columns: columnsOf(row),
  join: sql`join ${marca} on ${marca.mar_id} = page.k1`,
};

export function list(db: Executor, search: string, page: ListRequest): Promise<Paged<MarcaRow>> {
  const cond = nameLike(search);
  return listPage<MarcaRow>(db, marcaList, cond ? [cond] : [], page);
}

/** Active brands for the selects of other screens. */
export function active(db: Executor, search: string): Promise<MarcaRow[]> {
  return db.select(row).from(marca).where(and(eq(marca.mar_estado, 1), nameLike(search))).orderBy(...byName);
}

export async function find(db: Executor, id: number): Promise<MarcaRow | undefined> {
  const [r] = await db.select(row).from(marca).where(eq(marca.mar_id, id));
  return r;
}

export async function insert(db: Executor, nombre: string): Promise<MarcaRow> {
  const [r] = await db.insert(marca).values({ mar_nombre: nombre }).returning(row);
  return r;
}

export async function remove(db: Executor, id: number): Promise<void> {
  await db.delete(marca).where(eq(marca.mar_id, id));
}
