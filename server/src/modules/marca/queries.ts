import type { MarcaRow, Paged } from '@obra/domain';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { marca } from '../../db/schema/index.ts';
import { likePattern } from '../../platform/search.ts';

const row = { id_marca: marca.mar_id, descripcion: marca.mar_nombre };
const byName = [asc(sql`lower(${marca.mar_nombre})`), asc(marca.mar_id)];

/** Matches the trigram index `marca_nombre_trgm` on lower(mar_nombre). */
const nameLike = (search: string): SQL | undefined =>
  search ? sql`lower(${marca.mar_nombre}) like ${likePattern(search)}` : undefined;

export async function list(db: Executor, f: { search: string; start: number; length: number }): Promise<Paged<MarcaRow>> {
  const cond = nameLike(f.search);
  const [data, [{ total }]] = await Promise.all([
    db.select(row).from(marca).where(cond).orderBy(...byName).limit(f.length).offset(f.start),
    db.select({ total: sql<number>`count(*)::int` }).from(marca).where(cond),
  ]);
  return { data, total: Number(total) };
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
