import type { AsignacionHistorialRow, InventarioFiltro, InventarioRapidoRow, InventarioRow, KardexLinea, Paged, PalEstado, RenovacionRow } from '@obra/domain';
import { INVENTARIO_RAPIDO_MAX } from '@obra/domain';
import { sql, type SQL } from 'drizzle-orm';
import { selectRows, type Executor } from '../../db/client.ts';
import { listPage, nombreDeProyecto, type ListRequest, type ListSpec } from '../../platform/list.ts';
import { warehouseSql, type ProjectScope } from '../../platform/scope.ts';
import { likePattern } from '../../platform/search.ts';

/**
 * SQL of the inventory (docs/business-rules.md "Inventory, kardex and stock renewal"). The list
 * pages `producto_almacen pa` in the order of its unique index (warehouse, product, serial), so a
 * page is an index range whatever the filters; product filters are a semi-join on `producto`.
 */

/** A stock row as the inventory shows it (the domain's `InventarioRow` without its status tag). */
export type PalRow = Omit<InventarioRow, keyof PalEstado>;

/** The columns of a stock row `pa`; quantities without trailing zeros ('12.5', not '12.5000'). */
const PAL_COLUMNS = sql`pa.pal_id, pa.alm_id, a.alm_nombre, a.alm_tipo, a.pry_id, ${nombreDeProyecto('a.pry_id')} as pry_nombre,
  pa.prv_id, p.prv_nombre, p.prv_item,
  (select c.cat_nombre from categoria_producto c where c.cat_id = p.cat_id) as cat_nombre,
  (select t.tip_nombre from tipo_producto t where t.tip_id = p.tip_id) as tip_nombre,
  (select u.unm_simbolo from unidad_medida u where u.unm_id = p.unm_id) as unm_simbolo,
  (select m.mar_nombre from marca m where m.mar_id = p.mar_id) as mar_nombre,
  trim_scale(pa.pal_stock)::text as pal_stock, pa.pal_valor::text as pal_valor,
  case when pa.pal_stock > 0 then round(pa.pal_valor / pa.pal_stock, 4)::text end as pal_costo_promedio, pa.pal_numero_serie, p.prv_estado,
  trim_scale(coalesce(s.stm_minimo, p.prv_stock_minimo))::text as stm_minimo, (s.stm_minimo is not null) as stm_propio,
  trim_scale(p.prv_stock_minimo)::text as prv_stock_minimo,
  (select sum(x.pal_stock) from producto_almacen x where x.alm_id = pa.alm_id and x.prv_id = pa.prv_id)
    < coalesce(s.stm_minimo, p.prv_stock_minimo) as bajo_minimo`;

/**
 * What a stock row `pa` joins: its product, warehouse and the minimum set here. Project, catalogue,
 * unit and brand are scalar subqueries of PAL_COLUMNS (docs/architecture.md "Lists").
 */
const PAL_JOINS = sql`join producto p on p.prv_id = pa.prv_id
  join almacen a on a.alm_id = pa.alm_id
  left join stock_minimo s on s.alm_id = pa.alm_id and s.prv_id = pa.prv_id`;

/** Warehouse, product, serial: the unique index producto_almacen_uq, so the order is total and served by the index. */
const INVENTARIO: ListSpec = {
  name: 'inventario_list',
  from: sql`producto_almacen pa`,
  key: [{ expr: 'pa.alm_id', type: 'int' }, { expr: 'pa.prv_id', type: 'int' }, { expr: 'pa.pal_numero_serie', type: 'text' }],
  desc: false,
  columns: PAL_COLUMNS,
  join: sql`join producto_almacen pa on pa.alm_id = page.k0 and pa.prv_id = page.k1 and pa.pal_numero_serie = page.k2 ${PAL_JOINS}`,
};

/** Every word must appear in the name (the trigram index producto_nombre_trgm serves each LIKE). */
const nameWords = (text: string): SQL[] =>
  text.split(/\s+/).filter(Boolean).slice(0, 6).map((w) => sql`lower(prv_nombre) like ${likePattern(w)}`);

export interface InventarioCond extends InventarioFiltro {
  scope: ProjectScope;
}

/** The inventory's conditions on `producto_almacen pa`. */
function conditions(f: InventarioCond): SQL[] {
  const where: (SQL | undefined)[] = [warehouseSql(f.scope, sql`pa.alm_id`)];
  if (f.alm_id !== null) where.push(sql`pa.alm_id = ${f.alm_id}`);
  const producto = nameWords(f.prv_nombre);
  if (f.prv_estado !== null) producto.push(sql`prv_estado = ${f.prv_estado}`);
  if (producto.length) where.push(sql`pa.prv_id in (select prv_id from producto where ${sql.join(producto, sql` and `)})`);
  return where.filter((c): c is SQL => c !== undefined);
}

export function inventario(db: Executor, f: InventarioCond, req: ListRequest): Promise<Paged<PalRow>> {
  return listPage<PalRow>(db, INVENTARIO, conditions(f), req);
}

/** Key of the last row of an export batch (the list's order). */
export interface PalKey { alm_id: number; prv_id: number; pal_numero_serie: string }

/** The next `limit` rows of the filtered inventory after `after`, in the list's order (the xlsx export). */
export function inventarioBatch(db: Executor, f: InventarioCond, after: PalKey | null, limit: number): Promise<PalRow[]> {
  const where = conditions(f);
  if (after) where.push(sql`(pa.alm_id, pa.prv_id, pa.pal_numero_serie) > (${after.alm_id}, ${after.prv_id}, ${after.pal_numero_serie})`);
  return selectRows<PalRow>(db, sql`select ${PAL_COLUMNS} from producto_almacen pa ${PAL_JOINS}
    where ${where.length ? sql.join(where, sql` and `) : sql`true`}
    order by pa.alm_id, pa.prv_id, pa.pal_numero_serie limit ${limit}`);
}

/** One stock row with its line count; undefined when it does not exist. */
export async function findPal(db: Executor, palId: number): Promise<(PalRow & { pal_lineas: number }) | undefined> {
  const [row] = await selectRows<PalRow & { pal_lineas: number }>(db, sql`select ${PAL_COLUMNS}, pa.pal_lineas from producto_almacen pa ${PAL_JOINS} where pa.pal_id = ${palId}`);
  return row;
}

/** The warehouse's project and state; undefined when it does not exist. */
export async function findAlmacen(db: Executor, almId: number): Promise<{ alm_id: number; pry_id: number; alm_nombre: string } | undefined> {
  const [row] = await selectRows<{ alm_id: number; pry_id: number; alm_nombre: string }>(db, sql`select alm_id, pry_id, alm_nombre from almacen where alm_id = ${almId}`);
  return row;
}

/** Rows with stock of one warehouse whose product name has every word (active products), for pickers. */
export function rapido(db: Executor, almId: number, text: string): Promise<InventarioRapidoRow[]> {
  const words = nameWords(text);
  return selectRows<InventarioRapidoRow>(db, sql`
    select pa.pal_id, pa.prv_id, p.prv_nombre, u.unm_simbolo, m.mar_nombre, p.prv_item, pa.pal_numero_serie,
      trim_scale(pa.pal_stock)::text as pal_stock, p.prv_retorno_estimado
    from producto_almacen pa
    join producto p on p.prv_id = pa.prv_id
    join unidad_medida u on u.unm_id = p.unm_id
    left join marca m on m.mar_id = p.mar_id
    where pa.alm_id = ${almId} and pa.pal_stock > 0 and p.prv_estado = 1
      ${words.length ? sql`and pa.prv_id in (select prv_id from producto where ${sql.join(words, sql` and `)})` : sql``}
    order by lower(p.prv_nombre), pa.pal_numero_serie, pa.pal_id
    limit ${INVENTARIO_RAPIDO_MAX}`);
}

/** A kardex line as the popup and the export show it: the domain's `KardexLinea`. */
export type KardexRow = KardexLinea;

/**
 * Lima wall-clock time of a timestamp column, `YYYY-MM-DDTHH:MM:SS` (the text of a timestamp in
 * PostgreSQL's default ISO style; no format string, so pgbench can run the statement as it is).
 */
const lima = (col: string) => sql.raw(`replace(date_trunc('second', ${col} at time zone 'America/Lima')::text, ' ', 'T')`);

const KARDEX_COLUMNS = sql`k.kdx_id::int as kdx_id, k.kdx_numero, ${lima('k.kdx_fecha')} as kdx_fecha, k.kdx_glosa,
  trim_scale(k.kdx_cantidad)::text as kdx_cantidad, trim_scale(k.kdx_saldo)::text as kdx_saldo,
  round(k.kdx_costo_unitario, 4)::text as kdx_costo_unitario, k.kdx_valor::text as kdx_valor, k.kdx_saldo_valor::text as kdx_saldo_valor, k.kdx_doc_tipo, k.kdx_doc_id,
  us.usu_nombre || ' ' || us.usu_apellido as usu_nombre`;

/**
 * The `count` lines after line `desde` of a stock row, in order: one range of the index
 * kardex_pal_numero_uq (pal_id, kdx_numero) read from its start, as cheap for the last page of two
 * million lines as for the first. The LIMIT is written into the text (a checked integer) and the
 * range has no upper bound: with `kdx_numero <= hasta` as well, PostgreSQL's custom plan for the
 * first page read the histogram's first bucket as ~85 000 rows and chose a parallel bitmap scan and a
 * sort (56 ms instead of 0.05 ms, bench/RESULTS.md "Inventory").
 */
export function kardexRange(db: Executor, palId: number, desde: number, count: number): Promise<KardexRow[]> {
  if (!Number.isInteger(count) || count < 1 || count > 10_000) throw new Error(`kardex page size out of range: ${count}`);
  return selectRows<KardexRow>(db, sql`select ${KARDEX_COLUMNS}
    from kardex k join usuario us on us.usu_id = k.usu_id
    where k.pal_id = ${palId} and k.kdx_numero > ${desde}
    order by k.kdx_numero limit ${sql.raw(String(count))}`);
}

/** An assignment line of an item's history before its status: the assignment's state and whether its return is overdue. */
export type AsignacionHistRaw = Omit<AsignacionHistorialRow, 'est_id' | 'est_nombre' | 'est_styles'> & {
  asi_estado: number;
  vencida: boolean;
};

/** An item's assignment lines, newest first, by key on the index asignacion_detalle_pal_idx (pal_id, aid_id). */
const ASIGNACIONES: ListSpec = {
  name: 'inventario_asignaciones',
  from: sql`asignacion_detalle d`,
  key: [{ expr: 'd.aid_id', type: 'int' }],
  desc: true,
  columns: sql`d.aid_id, d.asi_id, s.asi_fecha_registro::text as asi_fecha_registro, e.emp_nombre || ' ' || e.emp_apellido as solicitante,
    trim_scale(d.aid_cantidad)::text as aid_cantidad, trim_scale(d.aid_devuelto)::text as aid_devuelto,
    trim_scale(d.aid_cantidad - d.aid_devuelto)::text as aid_saldo, s.est_id as asi_estado,
    (p.prv_retorno_estimado is not null and s.asi_fecha_registro + p.prv_retorno_estimado < (now() at time zone 'America/Lima')::date) as vencida`,
  join: sql`join asignacion_detalle d on d.aid_id = page.k0
    join asignacion s on s.asi_id = d.asi_id
    join empleado e on e.emp_id = s.emp_solicitante
    join producto p on p.prv_id = d.prv_id`,
};

export function asignaciones(db: Executor, palId: number, req: ListRequest): Promise<Paged<AsignacionHistRaw>> {
  return listPage<AsignacionHistRaw>(db, ASIGNACIONES, [sql`d.pal_id = ${palId}`], req);
}

/** Whether the warehouse holds a stock row of the product (a minimum is set from the inventory's rows). */
export async function hasPar(db: Executor, almId: number, prvId: number): Promise<boolean> {
  const rows = await selectRows<{ one: number }>(db, sql`select 1 as one from producto_almacen where alm_id = ${almId} and prv_id = ${prvId} limit 1`);
  return rows.length > 0;
}

/** Sets the minimum of a product in a warehouse; null removes it (the product's minimum applies again). */
export async function setMinimo(db: Executor, almId: number, prvId: number, minimo: string | null, usuId: number): Promise<void> {
  if (minimo === null) {
    await db.execute(sql`delete from stock_minimo where alm_id = ${almId} and prv_id = ${prvId}`);
    return;
  }
  await db.execute(sql`insert into stock_minimo (alm_id, prv_id, stm_minimo, usu_id) values (${almId}, ${prvId}, ${minimo}, ${usuId})
    on conflict (alm_id, prv_id) do update set stm_minimo = excluded.stm_minimo, usu_id = excluded.usu_id, stm_fecha_modificacion = now()`);
}

/**
 * Products in warehouses whose stock (every serial row together) is below the minimum: the stock
 * rows grouped by (warehouse, product), which the index producto_almacen_uq gives in order, so a
 * page (by key or position) aggregates from where it starts and stops once it has its rows.
 */
const RENOVACION: ListSpec = {
  name: 'inventario_renovacion',
  from: sql`(select pa.alm_id, pa.prv_id, sum(pa.pal_stock) as stock from producto_almacen pa group by pa.alm_id, pa.prv_id) r`,
  key: [{ expr: 'r.alm_id', type: 'int' }, { expr: 'r.prv_id', type: 'int' }],
  desc: false,
  columns: sql`page.k0 as alm_id, page.k1 as prv_id, a.alm_nombre, a.alm_tipo, y.pry_nombre, p.prv_nombre as producto, u.unm_simbolo as unidad, p.unm_id,
    m.mar_nombre as marca, p.mar_id, trim_scale(coalesce(s.stm_minimo, p.prv_stock_minimo))::text as stock_minimo,
    trim_scale(g.stock)::text as stock_digital`,
  join: sql`join lateral (select sum(pal_stock) as stock from producto_almacen where alm_id = page.k0 and prv_id = page.k1) g on true
    join producto p on p.prv_id = page.k1
    join almacen a on a.alm_id = page.k0
    join proyecto y on y.pry_id = a.pry_id
    join unidad_medida u on u.unm_id = p.unm_id
    left join marca m on m.mar_id = p.mar_id
    left join stock_minimo s on s.alm_id = page.k0 and s.prv_id = page.k1`,
};

export function renovacion(db: Executor, scope: ProjectScope, req: ListRequest): Promise<Paged<RenovacionRow>> {
  const where: (SQL | undefined)[] = [
    sql`r.alm_id in (select alm_id from almacen where alm_estado = 1)`,
    warehouseSql(scope, sql`r.alm_id`),
    sql`r.prv_id in (select prv_id from producto where prv_estado = 1)`,
    sql`r.stock < coalesce((select s.stm_minimo from stock_minimo s where s.alm_id = r.alm_id and s.prv_id = r.prv_id),
      (select p.prv_stock_minimo from producto p where p.prv_id = r.prv_id))`,
  ];
  return listPage<RenovacionRow>(db, RENOVACION, where.filter((c): c is SQL => c !== undefined), req);
}
