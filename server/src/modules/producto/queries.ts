import type { CategoriaTipoExistenciaRow, Paged, Producto, ProductoFields, ProductoFilter, ProductoIndice, ProductoRow } from '@obra/domain';
import { BUSCAR_RAPIDO_MAX } from '@obra/domain';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { selectRows, type Executor } from '../../db/client.ts';
import { categoriaProducto, marca, producto, tipoProducto, unidadMedida } from '../../db/schema/index.ts';
import { columnsOf, listPage, type ListRequest, type ListSpec } from '../../platform/list.ts';
import { likePattern } from '../../platform/search.ts';
import { intArray } from '../../platform/sql-arrays.ts';

const row = {
  prv_id: producto.prv_id,
  prv_nombre: producto.prv_nombre,
  prv_estado: producto.prv_estado,
  cat_id: producto.cat_id,
  cat_nombre: categoriaProducto.cat_nombre,
  tip_id: producto.tip_id,
  tip_nombre: tipoProducto.tip_nombre,
  mar_id: producto.mar_id,
  mar_nombre: marca.mar_nombre,
  unm_id: producto.unm_id,
  unm_simbolo: unidadMedida.unm_simbolo,
  prv_item: producto.prv_item,
  prv_reposicion: producto.prv_reposicion,
  prv_retornable: producto.prv_retornable,
  prv_retorno_estimado: producto.prv_retorno_estimado,
  prv_stock_minimo: producto.prv_stock_minimo,
};

const detail = { ...row, prv_descripcion: producto.prv_descripcion, unm_descripcion: unidadMedida.unm_descripcion, prv_version: producto.prv_version };

// Products with the names of their category, type, unit and brand (drizzle cannot type the joins generically).
const selectRow = (db: Executor) => db.select(row).from(producto)
  .innerJoin(categoriaProducto, eq(categoriaProducto.cat_id, producto.cat_id))
  .innerJoin(tipoProducto, eq(tipoProducto.tip_id, producto.tip_id))
  .innerJoin(unidadMedida, eq(unidadMedida.unm_id, producto.unm_id))
  .leftJoin(marca, eq(marca.mar_id, producto.mar_id));
const selectDetail = (db: Executor) => db.select(detail).from(producto)
  .innerJoin(categoriaProducto, eq(categoriaProducto.cat_id, producto.cat_id))
  .innerJoin(tipoProducto, eq(tipoProducto.tip_id, producto.tip_id))
  .innerJoin(unidadMedida, eq(unidadMedida.unm_id, producto.unm_id))
  .leftJoin(marca, eq(marca.mar_id, producto.mar_id));

/** The list's order: the unique index producto_nombre_marca_uq serves it, and it is total. */
const listOrder = [asc(sql`lower(${producto.prv_nombre})`), asc(sql`coalesce(${producto.mar_id}, 0)`)];

/** Each word must appear in the name; every LIKE is served by the trigram index producto_nombre_trgm. */
function nameWords(text: string): SQL[] {
  return text.split(/\s+/).filter(Boolean).slice(0, 6).map((w) => sql`lower(${producto.prv_nombre}) like ${likePattern(w)}`);
}

function filterSql(f: ProductoFilter): SQL | undefined {
  const conds: (SQL | undefined)[] = nameWords(f.prv_nombre);
  if (f.cat_id !== null) conds.push(eq(producto.cat_id, f.cat_id));
  if (f.tip_id !== null) conds.push(eq(producto.tip_id, f.tip_id));
  if (f.mar_id !== null) conds.push(eq(producto.mar_id, f.mar_id));
  if (f.prv_retornable !== null) conds.push(eq(producto.prv_retornable, f.prv_retornable));
  if (f.prv_estado !== null) conds.push(eq(producto.prv_estado, f.prv_estado));
  return and(...conds);
}

/** The product list in `listOrder` (platform/list.ts pages and counts it; the joins are made for the page's rows only). */
const productoList: ListSpec = {
  name: 'producto_list',
  from: sql`${producto}`,
  key: [{ expr: sql`lower(${producto.prv_nombre})`, type: 'text' }, { expr: sql`coalesce(${producto.mar_id}, 0)`, type: 'int' }],
  desc: false,
  columns: columnsOf(row),
  join: sql`join ${producto} on lower(${producto.prv_nombre}) = page.k0 and coalesce(${producto.mar_id}, 0) = page.k1
    join ${categoriaProducto} on ${categoriaProducto.cat_id} = ${producto.cat_id}
    join ${tipoProducto} on ${tipoProducto.tip_id} = ${producto.tip_id}
    join ${unidadMedida} on ${unidadMedida.unm_id} = ${producto.unm_id}
    left join ${marca} on ${marca.mar_id} = ${producto.mar_id}`,
};

export function list(db: Executor, f: ProductoFilter, page: ListRequest): Promise<Paged<ProductoRow>> {
  return listPage<ProductoRow>(db, productoList, [filterSql(f)], page);
}

/** Where `prvId` falls in `list` for the same filters; null when the filters leave it out. */
export async function indexOf(db: Executor, f: ProductoFilter, prvId: number, size: number): Promise<ProductoIndice | null> {
  const [r] = await db.select({
    total: sql<number>`count(*)::int`,
    present: sql<number>`count(*) filter (where ${producto.prv_id} = ${prvId})::int`,
    before: sql<number>`count(*) filter (where (lower(${producto.prv_nombre}), coalesce(${producto.mar_id}, 0)) <
      (select lower(t.prv_nombre), coalesce(t.mar_id, 0) from producto t where t.prv_id = ${prvId}))::int`,
  }).from(producto).where(filterSql(f));
  if (!r || Number(r.present) === 0) return null;
  const indice = Number(r.before);
  return { indice, page: Math.floor(indice / size) + 1, total: Number(r.total) };
}

/** Active products whose name has every word; names starting with the first word come first. */
export function quickSearch(db: Executor, text: string): Promise<ProductoRow[]> {
  // 'word%': the first word at the start of the name.
  const prefix = likePattern(text.split(/\s+/).filter(Boolean)[0] ?? '').slice(1);
  return selectRow(db)
    .where(and(eq(producto.prv_estado, 1), ...nameWords(text)))
    .orderBy(sql`lower(${producto.prv_nombre}) like ${prefix} desc`, ...listOrder)
    .limit(BUSCAR_RAPIDO_MAX);
}

export async function find(db: Executor, id: number): Promise<Producto | undefined> {
  const [r] = await selectDetail(db).where(eq(producto.prv_id, id));
  return r;
}

export async function findByIds(db: Executor, ids: number[]): Promise<ProductoRow[]> {
  if (ids.length === 0) return [];
  return selectRow(db).where(inArray(producto.prv_id, ids)).orderBy(asc(producto.prv_id));
}

/** The category, type, brand and unit a form names, with their state; undefined when missing. */
export async function references(db: Executor, v: { cat_id: number; tip_id: number; mar_id: number | null; unm_id: number }) {
  const [[cat], [tip], [mar], [unm]] = await Promise.all([
    db.select({ estado: categoriaProducto.cat_estado }).from(categoriaProducto).where(eq(categoriaProducto.cat_id, v.cat_id)),
    db.select({ estado: tipoProducto.tip_estado, cat_id: tipoProducto.cat_id }).from(tipoProducto).where(eq(tipoProducto.tip_id, v.tip_id)),
    v.mar_id === null ? Promise.resolve([]) : db.select({ estado: marca.mar_estado }).from(marca).where(eq(marca.mar_id, v.mar_id)),
    db.select({ estado: unidadMedida.unm_estado }).from(unidadMedida).where(eq(unidadMedida.unm_id, v.unm_id)),
  ]);
  return { cat, tip, mar: mar as { estado: number } | undefined, unm };
}

/* ---------- writes ---------- */

const columns = (v: ProductoFields) => ({
  prv_nombre: v.prv_nombre,
  prv_descripcion: v.prv_descripcion,
  cat_id: v.cat_id,
  tip_id: v.tip_id,
  mar_id: v.mar_id,
  unm_id: v.unm_id,
  prv_item: v.prv_item,
  prv_reposicion: v.prv_reposicion,
  prv_retornable: v.prv_retornable,
  prv_retorno_estimado: v.prv_retorno_estimado,
  prv_stock_minimo: v.prv_stock_minimo,
});

export async function insert(db: Executor, v: ProductoFields): Promise<number> {
  const [r] = await db.insert(producto).values(columns(v)).returning({ id: producto.prv_id });
  return r.id;
}

/** Inserts in chunks (a statement takes at most 65535 parameters); call it inside a transaction. */
export async function insertMany(db: Executor, values: ProductoFields[]): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < values.length; i += 500) {
    const rows = await db.insert(producto).values(values.slice(i, i + 500).map(columns)).returning({ id: producto.prv_id });
    ids.push(...rows.map((r) => r.id));
  }
  return ids;
}

/** False when someone saved the product since `version` was read (or it does not exist); `estado` undefined keeps the status. */
export async function update(db: Executor, id: number, version: number, v: ProductoFields, estado?: 0 | 1): Promise<boolean> {
  const rows = await db.update(producto)
    .set({ ...columns(v), ...(estado === undefined ? {} : { prv_estado: estado }), prv_version: sql`${producto.prv_version} + 1` })
    .where(and(eq(producto.prv_id, id), eq(producto.prv_version, version)))
    .returning({ id: producto.prv_id });
  return rows.length === 1;
}

/** Disables or enables; the version moves so a form opened before must be reloaded. */
export async function setEstado(db: Executor, id: number, estado: 0 | 1): Promise<boolean> {
  const rows = await db.update(producto)
    .set({ prv_estado: estado, prv_version: sql`${producto.prv_version} + 1` })
    .where(eq(producto.prv_id, id))
    .returning({ id: producto.prv_id });
  return rows.length === 1;
}

/* ---------- import: names to ids, compared by the database's lower() like its unique indexes ---------- */

const textArray = (values: string[]) => sql`array[${sql.join(values.map((v) => sql`${v}`), sql`, `)}]::text[]`;

/** `clave` is the name exactly as asked. */
export interface NamedRef { clave: string; id: number; estado: number; nombre: string }

export function categoriasByName(db: Executor, names: string[]): Promise<NamedRef[]> {
  if (names.length === 0) return Promise.resolve([]);
  return selectRows(db, sql`select n.clave, c.cat_id as id, c.cat_estado as estado, c.cat_nombre as nombre
    from unnest(${textArray(names)}) as n(clave) join categoria_producto c on lower(c.cat_nombre) = lower(n.clave)`);
}

export function tiposByName(db: Executor, pairs: { cat_id: number; nombre: string }[]): Promise<(NamedRef & { cat_id: number })[]> {
  if (pairs.length === 0) return Promise.resolve([]);
  return selectRows(db, sql`select n.clave, n.cat_id, t.tip_id as id, t.tip_estado as estado, t.tip_nombre as nombre
    from unnest(${intArray(pairs.map((p) => p.cat_id))}, ${textArray(pairs.map((p) => p.nombre))}) as n(cat_id, clave)
    join tipo_producto t on t.cat_id = n.cat_id and lower(t.tip_nombre) = lower(n.clave)`);
}

export function marcasByName(db: Executor, names: string[]): Promise<NamedRef[]> {
  if (names.length === 0) return Promise.resolve([]);
  return selectRows(db, sql`select n.clave, m.mar_id as id, m.mar_estado as estado, m.mar_nombre as nombre
    from unnest(${textArray(names)}) as n(clave) join marca m on lower(m.mar_nombre) = lower(n.clave)`);
}

export function unidadesBySymbol(db: Executor, symbols: string[]): Promise<NamedRef[]> {
  if (symbols.length === 0) return Promise.resolve([]);
  return selectRows(db, sql`select n.clave, u.unm_id as id, u.unm_estado as estado, u.unm_simbolo as nombre
    from unnest(${textArray(symbols)}) as n(clave) join unidad_medida u on lower(u.unm_simbolo) = lower(n.clave)`);
}

/** Which (name, brand) pairs already exist, as asked; brand 0 = no brand. */
export function existingProducts(db: Executor, pairs: { nombre: string; mar_id: number }[]): Promise<{ clave: string; mar_id: number }[]> {
  if (pairs.length === 0) return Promise.resolve([]);
  return selectRows(db, sql`select n.clave, n.mar_id
    from unnest(${textArray(pairs.map((p) => p.nombre))}, ${intArray(pairs.map((p) => p.mar_id))}) as n(clave, mar_id)
    where exists (select 1 from producto p where lower(p.prv_nombre) = lower(n.clave) and coalesce(p.mar_id, 0) = n.mar_id)`);
}

const categoriaSunat = {
  cat_id: categoriaProducto.cat_id, cat_nombre: categoriaProducto.cat_nombre, cat_estado: categoriaProducto.cat_estado,
  cat_tipo_existencia: categoriaProducto.cat_tipo_existencia,
};

/** Every category, inactive ones too (their products may still be in stock), by name. */
export function categoriasTipoExistencia(db: Executor): Promise<CategoriaTipoExistenciaRow[]> {
  return db.select(categoriaSunat).from(categoriaProducto).orderBy(asc(categoriaProducto.cat_nombre));
}

export async function modificarTipoExistencia(db: Executor, catId: number, tipo: string): Promise<CategoriaTipoExistenciaRow | undefined> {
  const [row] = await db.update(categoriaProducto).set({ cat_tipo_existencia: tipo }).where(eq(categoriaProducto.cat_id, catId)).returning(categoriaSunat);
  return row;
}
