import type { Paged, UnidadRow } from '@obra/domain';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { unidadMedida } from '../../db/schema/index.ts';
import { likePattern } from '../../platform/search.ts';

const row = { id_unidad: unidadMedida.unm_id, simbolo: unidadMedida.unm_simbolo, descripcion: unidadMedida.unm_descripcion };
const bySymbol = [asc(sql`lower(${unidadMedida.unm_simbolo})`), asc(unidadMedida.unm_id)];

/** Symbol or description; the expression of the trigram index `unidad_medida_search_trgm`. */
const textLike = (search: string): SQL | undefined =>
  search ? sql`(lower(${unidadMedida.unm_simbolo} || ' ' || ${unidadMedida.unm_descripcion})) like ${likePattern(search)}` : undefined;

export async function list(db: Executor, f: { search: string; start: number; length: number }): Promise<Paged<UnidadRow>> {
  const cond = textLike(f.search);
  const [data, [{ total }]] = await Promise.all([
    db.select(row).from(unidadMedida).where(cond).orderBy(...bySymbol).limit(f.length).offset(f.start),
    db.select({ total: sql<number>`count(*)::int` }).from(unidadMedida).where(cond),
  ]);
  return { data, total: Number(total) };
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
