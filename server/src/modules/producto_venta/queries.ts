import type { ProductoVenta, ProductoVentaDatos, ProductoVentaFiltro, ProductoVentaRow } from '@obra/domain';
import { PVT_BUSCAR_MAX, PVT_RAPIDO_MAX } from '@obra/domain';
import { and, asc, eq, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { selectRows, type Executor } from '../../db/client.ts';
import { estado, marca, productoVenta, productoVentaGrupo, productoVentaTipo, unidadMedida } from '../../db/schema/index.ts';
import { likePattern } from '../../platform/search.ts';

const padre = alias(productoVentaTipo, 'pti_padre');

const row = {
  pvt_id: productoVenta.pvt_id,
  pvt_nombre: productoVenta.pvt_nombre,
  pvt_precio: productoVenta.pvt_precio,
  pvt_precio_minimo: productoVenta.pvt_precio_minimo,
  pvt_stock: productoVenta.pvt_stock,
  pvt_peso: productoVenta.pvt_peso,
  pvt_despacho_mixer: productoVenta.pvt_despacho_mixer,
  unm_id: productoVenta.unm_id,
  unm_simbolo: unidadMedida.unm_simbolo,
  unm_descripcion: unidadMedida.unm_descripcion,
  est_id: productoVenta.est_id,
  est_nombre: estado.est_nombre,
};

const detail = {
  ...row,
  pvt_descripcion: productoVenta.pvt_descripcion,
  pti_id: productoVenta.pti_id,
  pti_nombre: productoVentaTipo.pti_nombre,
  // Level 2 types always have a parent (checked on save), so the inner join below keeps every product.
  pti_id_parent: padre.pti_id,
  pti_parent_nombre: padre.pti_nombre,
  pvt_grupo: productoVenta.pvg_id,
  pvg_id: productoVenta.pvg_id,
  pvg_nombre: productoVentaGrupo.pvg_nombre,
  mar_id: productoVenta.mar_id,
  mar_nombre: marca.mar_nombre,
  pvt_version: productoVenta.pvt_version,
};

/** Rows as read; the service adds the price with IGV. */
export type Row = Omit<ProductoVentaRow, 'pvt_precio_igv'>;
export type Detail = Omit<ProductoVenta, 'pvt_precio_igv'>;

const selectRow = (db: Executor) => db.select(row).from(productoVenta)
  .innerJoin(unidadMedida, eq(unidadMedida.unm_id, productoVenta.unm_id))
  .innerJoin(estado, eq(estado.est_id, productoVenta.est_id));

/** Each word must appear in the name; the LIKEs are served by the trigram index producto_venta_nombre_trgm. */
const nameWords = (text: string): SQL[] =>
  text.split(/\s+/).filter(Boolean).slice(0, 6).map((w) => sql`lower(${productoVenta.pvt_nombre}) like ${likePattern(w)}`);

const byName = [asc(sql`lower(${productoVenta.pvt_nombre})`), asc(productoVenta.pvt_id)];

/** The catalogue's list: both texts narrow by name, the status by est_id; by name, capped (the screen pages it). */
export function list(db: Executor, f: ProductoVentaFiltro): Promise<Row[]> {
  return selectRow(db)
    .where(and(...nameWords(f.pvt_search), ...nameWords(f.pvt_nombre), f.est_id === null ? undefined : eq(productoVenta.est_id, f.est_id)))
    .orderBy(...byName)
    .limit(PVT_BUSCAR_MAX);
}

/** Active products whose name has every word; names starting with the first word come first. */
export function quickSearch(db: Executor, text: string): Promise<Row[]> {
  const prefix = likePattern(text.split(/\s+/).filter(Boolean)[0] ?? '').slice(1);
  return selectRow(db)
    .where(and(eq(productoVenta.est_id, 1), ...nameWords(text)))
    .orderBy(sql`lower(${productoVenta.pvt_nombre}) like ${prefix} desc`, ...byName)
    .limit(PVT_RAPIDO_MAX);
}

export async function find(db: Executor, id: number): Promise<Detail | undefined> {
  const [r] = await db.select(detail).from(productoVenta)
    .innerJoin(unidadMedida, eq(unidadMedida.unm_id, productoVenta.unm_id))
    .innerJoin(estado, eq(estado.est_id, productoVenta.est_id))
    .innerJoin(productoVentaTipo, eq(productoVentaTipo.pti_id, productoVenta.pti_id))
    .innerJoin(padre, eq(padre.pti_id, productoVentaTipo.pti_parent))
    .leftJoin(productoVentaGrupo, eq(productoVentaGrupo.pvg_id, productoVenta.pvg_id))
    .innerJoin(marca, eq(marca.mar_id, productoVenta.mar_id))
    .where(eq(productoVenta.pvt_id, id));
  return r;
}

/** The group, types, brand and unit a form names, with their state; undefined when missing. */
export async function references(db: Executor, v: Pick<ProductoVentaDatos, 'pvg_id' | 'pti_id' | 'pti_id_parent' | 'mar_id' | 'unm_id'>) {
  const tipo = (id: number) => db.select({ estado: productoVentaTipo.pti_estado, parent: productoVentaTipo.pti_parent })
    .from(productoVentaTipo).where(eq(productoVentaTipo.pti_id, id));
  const grupoId = v.pvg_id ?? null;
  const [[grupo], [tip], [tipPadre], [mar], [unm]] = await Promise.all([
    grupoId === null ? [{ id: null }]
      : db.select({ id: productoVentaGrupo.pvg_id }).from(productoVentaGrupo).where(eq(productoVentaGrupo.pvg_id, grupoId)),
    tipo(v.pti_id),
    tipo(v.pti_id_parent),
    db.select({ estado: marca.mar_estado }).from(marca).where(eq(marca.mar_id, v.mar_id)),
    db.select({ estado: unidadMedida.unm_estado }).from(unidadMedida).where(eq(unidadMedida.unm_id, v.unm_id)),
  ]);
  return { grupo, tip, tipPadre, mar, unm };
}

/**
 * Names are unique ignoring case (docs/business-rules.md). Without a unique index on the name,
 * a transaction-scoped advisory lock makes check-then-write one at a time across servers.
 */
export async function lockNames(db: Executor): Promise<void> {
  await selectRows(db, sql`select pg_advisory_xact_lock(hashtext('producto_venta_nombre'))`);
}

export async function nameTaken(db: Executor, nombre: string, exceptId?: number): Promise<boolean> {
  const [r] = await db.select({ id: productoVenta.pvt_id }).from(productoVenta)
    .where(and(sql`lower(${productoVenta.pvt_nombre}) = lower(${nombre})`, exceptId === undefined ? undefined : ne(productoVenta.pvt_id, exceptId)))
    .limit(1);
  return r !== undefined;
}

const columns = (v: ProductoVentaDatos) => ({
  pvt_nombre: v.pvt_nombre,
  pvt_descripcion: v.pvt_descripcion,
  pvt_precio: v.pvt_precio,
  pvt_precio_minimo: v.pvt_precio_minimo,
  pvt_stock: v.pvt_stock,
  // Absent on a modification: the stored weight stays.
  ...(v.pvt_peso === undefined ? {} : { pvt_peso: v.pvt_peso }),
  // Absent on a modification: whether it goes by mixer stays (register always sends it, true by default).
  ...(v.pvt_despacho_mixer === undefined ? {} : { pvt_despacho_mixer: v.pvt_despacho_mixer }),
  // Absent on a modification: the stored group stays; null leaves the product without one.
  ...(v.pvg_id === undefined ? {} : { pvg_id: v.pvg_id }),
  pti_id: v.pti_id,
  mar_id: v.mar_id,
  unm_id: v.unm_id,
  est_id: v.est_id,
});

export async function insert(db: Executor, v: ProductoVentaDatos): Promise<number> {
  const [r] = await db.insert(productoVenta).values(columns(v)).returning({ id: productoVenta.pvt_id });
  return r.id;
}

/** False when someone saved the product since `version` was read (or it does not exist). */
export async function update(db: Executor, id: number, version: number, v: ProductoVentaDatos): Promise<boolean> {
  const rows = await db.update(productoVenta)
    .set({ ...columns(v), pvt_version: sql`${productoVenta.pvt_version} + 1` })
    .where(and(eq(productoVenta.pvt_id, id), eq(productoVenta.pvt_version, version)))
    .returning({ id: productoVenta.pvt_id });
  return rows.length === 1;
}
