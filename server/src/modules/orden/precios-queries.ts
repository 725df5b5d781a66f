import type { Paged, PrecioItemRow } from '@obra/domain';
import { sql, type SQL } from 'drizzle-orm';
import { selectRows, type Executor } from '../../db/client.ts';
import { projectSql, type ProjectScope } from '../../platform/scope.ts';

export interface PrecioFilter {
  /** A regular expression over the lower-cased description, or null for every item. */
  pattern: string | null;
  /** `orden_estado` id left out (anulado). */
  excluir: number;
  scope: ProjectScope;
  start: number;
  length: number;
}

/**
 * Past order items with their prices (spec 1 §2.12 "Price search"), newest order first, paged
 * and counted in SQL. `lower(oci_descripcion) ~ pattern` is what the trigram index
 * `orden_item_descripcion_trgm` serves (pg_trgm indexes regular expressions as well as LIKE).
 */
export async function search(db: Executor, f: PrecioFilter): Promise<Paged<PrecioItemRow>> {
  const where: SQL[] = [sql`o.ore_id <> ${f.excluir}`, projectSql(f.scope, sql`c.pry_id`)];
  if (f.pattern !== null) where.push(sql`lower(i.oci_descripcion) ~ ${f.pattern}`);
  const cond = sql.join(where, sql` and `);
  const [data, [{ total }]] = await Promise.all([
    selectRows<PrecioItemRow>(db, sql`
      select i.oci_id as id_orden_item, i.oci_descripcion as descripcion, ma.mar_nombre as marca, u.unm_simbolo as unidad,
        i.oci_cantidad::text as cantidad, i.oci_precio_unitario::text as precio_unitario, m.mon_simbolo as moneda,
        to_char(o.ord_fecha_orden, 'YYYY-MM-DD') as fecha_orden, v.pve_razon_social as proveedor, v.pve_ruc as ruc,
        o.ord_id as id_orden, o.ord_codigo as codigo, o.ord_tipo_orden as tipo_orden, e.ore_descripcion as estado
      from orden_item i
        join orden o on o.ord_id = i.ord_id
        join centro_costo c on c.cec_id = o.cec_id
        join proveedor v on v.pve_id = o.pve_id
        join moneda m on m.mon_id = o.mon_id
        join orden_estado e on e.ore_id = o.ore_id
        join unidad_medida u on u.unm_id = i.unm_id
        left join marca ma on ma.mar_id = i.mar_id
      where ${cond}
      order by o.ord_fecha_orden desc, o.ord_id desc, i.oci_orden
      limit ${f.length} offset ${f.start}`),
    selectRows<{ total: number }>(db, sql`
      select count(*)::int as total
      from orden_item i join orden o on o.ord_id = i.ord_id join centro_costo c on c.cec_id = o.cec_id
      where ${cond}`),
  ]);
  return { data, total: Number(total) };
}
