import type { Paged, UnidadRow } from '@obra/domain';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { unidadMedida } from '../../db/schema/index.ts';
import { columnsOf, listPage, type ListRequest, type ListSpec } from '../../platform/list.ts';
import { likePattern } from '../../platform/search.ts';

const row = { id_unidad: unidadMedida.unm_id, simbolo: unidadMedida.unm_simbolo, descripcion: unidadMedida.unm_descripcion };
const bySymbol = [asc(sql`lower(${unidadMedida.unm_simbolo})`), asc(unidadMedida.unm_id)];

/** Symbol or description; the expression of the trigram index `unidad_medida_search_trgm`. */
const textLike = (search: string): SQL | undefined =>
  search ? sql`(lower(${unidadMedida.unm_simbolo} || ' ' || ${unidadMedida.unm_descripcion})) like ${likePattern(search)}` : undefined;

/** The unit list by symbol (platform/list.ts pages and counts it). */
const unidadList: ListSpec = {
  name: 'unidad_list',
  from: sql`${unidadMedida}`,
  key: [{ expr: sql`lower(${unidadMedida.unm_simbolo})`, type: 'text' }, { expr: unidadMedida.unm_id, type: 'int' }],
  desc: false,
  columns: columnsOf(row),
  join: sql`join ${unidadMedida} on ${unidadMedida.unm_id} = page.k1`,
};

export function list(db: Executor, search: string, page: ListRequest): Promise<Paged<UnidadRow>> {
  const cond = textLike(search);
  return listPage<UnidadRow>(db, unidadList, cond ? [cond] : [], page);
}

/** Active units for the selects of other screens. */
export function active(db: Executor, search: string): Promise<UnidadRow[]> {
  return db.select(row).from(unidadMedida).where(and(eq(unidadMedida.unm_estado, 1), textLike(search))).orderBy(...bySymbol);
}

export async function find(db: Executor, id: number): Promise<UnidadRow | undefined> {
  const [r] = await db.select(row).from(unidadMedida).where(eq(unidadMedida.unm_id, id));
  return r;
}

export async function insert(db: Executor, v: { simbolo: string; descripcion: string }): Promise<UnidadRow> {
  const [r] = await db.insert(unidadMedida).values({ unm_simbolo: v.simbolo, unm_descripcion: v.descripcion }).returning(row);
  return r;
}

export async function remove(db: Executor, id: number): Promise<void> {
  await db.delete(unidadMedida).where(eq(unidadMedida.unm_id, id));
}
