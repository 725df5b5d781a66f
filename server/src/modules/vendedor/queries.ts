import type { Paged, Vendedor, VendedorCambios, VendedorDatos, VendedorFiltro } from '@obra/domain';
import { VENDEDOR_RAPIDO_MAX } from '@obra/domain';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { estado, vendedor } from '../../db/schema/index.ts';
import { columnsOf, listPage, type ListRequest, type ListSpec } from '../../platform/list.ts';
import { likePattern } from '../../platform/search.ts';

const row = {
  ven_id: vendedor.ven_id,
  ven_nombre: vendedor.ven_nombre,
  ven_documento_identidad: vendedor.ven_documento_identidad,
  ven_correo: vendedor.ven_correo,
  ven_telefono: vendedor.ven_telefono,
  est_id: vendedor.est_id,
  est_nombre: estado.est_nombre,
};

/** Each word must appear in the name, accents ignored ('chavez' finds Chávez); sellers are few, so no index is needed. */
const nameWords = (text: string): SQL[] =>
  text.split(/\s+/).filter(Boolean).slice(0, 6).map((w) => sql`unaccent(lower(${vendedor.ven_nombre})) like unaccent(${likePattern(w)})`);

function filterSql(f: VendedorFiltro): (SQL | undefined)[] {
  return [
    f.ven_id === null ? undefined : eq(vendedor.ven_id, f.ven_id),
    ...nameWords(f.ven_nombre),
    // The document is typed whole or in part ('4123' finds 41234567).
    f.ven_documento_identidad ? sql`${vendedor.ven_documento_identidad} like ${likePattern(f.ven_documento_identidad)}` : undefined,
    f.est_id === null ? undefined : eq(vendedor.est_id, f.est_id),
  ];
}

/** By name ascending (spec 3 §2: ascending default sort), the id breaking ties so the order is total. */
const vendedorList: ListSpec = {
  name: 'vendedor_list',
  from: sql`${vendedor}`,
  key: [{ expr: sql`lower(${vendedor.ven_nombre})`, type: 'text' }, { expr: sql`${vendedor.ven_id}`, type: 'int' }],
  desc: false,
  columns: columnsOf(row),
  join: sql`join ${vendedor} on ${vendedor.ven_id} = page.k1 join ${estado} on ${estado.est_id} = ${vendedor.est_id}`,
};

export function list(db: Executor, f: VendedorFiltro, page: ListRequest): Promise<Paged<Vendedor>> {
  return listPage<Vendedor>(db, vendedorList, filterSql(f), page);
}

const selectRow = (db: Executor) => db.select(row).from(vendedor).innerJoin(estado, eq(estado.est_id, vendedor.est_id));

export async function find(db: Executor, id: number): Promise<Vendedor | undefined> {
  const [r] = await selectRow(db).where(eq(vendedor.ven_id, id));
  return r;
}

/** Active sellers whose name has every word; names starting with the first word come first. */
export function quickSearch(db: Executor, text: string): Promise<Vendedor[]> {
  const prefix = likePattern(text.split(/\s+/).filter(Boolean)[0] ?? '').slice(1);
  return selectRow(db)
    .where(and(eq(vendedor.est_id, 1), ...nameWords(text)))
    .orderBy(sql`lower(${vendedor.ven_nombre}) like ${prefix} desc`, asc(sql`lower(${vendedor.ven_nombre})`), asc(vendedor.ven_id))
    .limit(VENDEDOR_RAPIDO_MAX);
}

export async function insert(db: Executor, v: VendedorDatos): Promise<number> {
  const [r] = await db.insert(vendedor).values({ ...v, est_id: 1 }).returning({ id: vendedor.ven_id });
  return r.id;
}

/** False when the seller does not exist. */
export async function update(db: Executor, v: VendedorCambios): Promise<boolean> {
  const { ven_id, ...cambios } = v;
  const rows = await db.update(vendedor).set(cambios).where(eq(vendedor.ven_id, ven_id)).returning({ id: vendedor.ven_id });
  return rows.length === 1;
}
