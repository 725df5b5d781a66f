import type { Paged, PrecioItemRow } from '@obra/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { listPage, type ListRequest, type ListSpec } from '../../platform/list.ts';
import { projectSql, type ProjectScope } from '../../platform/scope.ts';

export interface PrecioFilter {
  /** A regular expression over the lower-cased description, or null for every item. */
  pattern: string | null;
  /** `orden_estado` id left out (anulado). */
  excluir: number;
  scope: ProjectScope;
}

/** Newest order first, then the order's lines in their order (negated, to sort with the rest descending). */
const precioList: ListSpec = {
  name: 'precio_list',
  from: sql`orden_item i join orden o on o.ord_id = i.ord_id join centro_costo c on c.cec_id = o.cec_id`,
  key: [
    { expr: sql`o.ord_fecha_orden`, type: 'date' }, { expr: sql`o.ord_id`, type: 'int' },
    { expr: sql`(-i.oci_orden)`, type: 'int' }, { expr: sql`(-i.oci_id)`, type: 'int' },
  ],
  desc: true,
  columns: sql`i.oci_id as id_orden_item, i.oci_descripcion as descripcion, ma.mar_nombre as marca, u.unm_simbolo as unidad,
    i.oci_cantidad::text as cantidad, i.oci_precio_unitario::text as precio_unitario, m.mon_simbolo as moneda,
    to_char(o.ord_fecha_orden, 'YYYY-MM-DD') as fecha_orden, v.pve_razon_social as proveedor, v.pve_ruc as ruc,
    o.ord_id as id_orden, o.ord_codigo as codigo, o.ord_tipo_orden as tipo_orden, e.ore_descripcion as estado`,
  join: sql`join orden_item i on i.oci_id = -page.k3
    join orden o on o.ord_id = i.ord_id
    join proveedor v on v.pve_id = o.pve_id
    join moneda m on m.mon_id = o.mon_id
    join orden_estado e on e.ore_id = o.ore_id
    join unidad_medida u on u.unm_id = i.unm_id
    left join marca ma on ma.mar_id = i.mar_id`,
};

/**
 * Past order items with their prices (spec 1 §2.12 "Price search"), newest order first, paged
 * and counted in SQL. `lower(oci_descripcion) ~ pattern` is what the trigram index
 * `orden_item_descripcion_trgm` serves (pg_trgm indexes regular expressions as well as LIKE).
 */
export function search(db: Executor, f: PrecioFilter, page: ListRequest): Promise<Paged<PrecioItemRow>> {
  const where: SQL[] = [sql`o.ore_id <> ${f.excluir}`, projectSql(f.scope, sql`c.pry_id`)];
  if (f.pattern !== null) where.push(sql`lower(i.oci_descripcion) ~ ${f.pattern}`);
  return listPage<PrecioItemRow>(db, precioList, where, page);
}
