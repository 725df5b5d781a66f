import { sql } from 'drizzle-orm';
import { selectRows, type Executor } from '../../db/client.ts';
import { projectSql, type ProjectScope } from '../../platform/scope.ts';

/** A bar of a panel: its label key and its amount in soles as a NUMERIC string rounded to 2 decimals. */
export interface Barra { clave: string; etiqueta: string; monto: string }

/**
 * The purchase orders a figure counts: issued or later (not creado, aprobación gerencia nor anulado),
 * ordered within [desde, hasta], in the caller's project scope (the cost centre's project).
 * Amounts with IGV in soles: each order's total times its exchange rate, summed in NUMERIC.
 */
const compras = (scope: ProjectScope, desde: string, hasta: string) => sql`
  from orden o join centro_costo c on c.cec_id = o.cec_id
  where o.ore_id not in (1, 2, 11) and o.ord_fecha_orden between ${desde}::date and ${hasta}::date
    and ${projectSql(scope, sql`c.pry_id`)}`;

export function comprasPorMes(db: Executor, scope: ProjectScope, desde: string, hasta: string): Promise<Barra[]> {
  return selectRows<Barra>(db, sql`
    select to_char(date_trunc('month', o.ord_fecha_orden), 'YYYY-MM') as clave,
           to_char(date_trunc('month', o.ord_fecha_orden), 'YYYY-MM') as etiqueta,
           round(sum(o.ord_monto_con_impuesto * o.ord_tipo_cambio), 2)::text as monto
    ${compras(scope, desde, hasta)}
    group by 1 order by 1`);
}

export function comprasPorCentroCosto(db: Executor, scope: ProjectScope, desde: string, hasta: string): Promise<Barra[]> {
  return selectRows<Barra>(db, sql`
    select c.cec_id::text as clave, c.cec_codigo || ' ' || c.cec_descripcion as etiqueta,
           round(sum(o.ord_monto_con_impuesto * o.ord_tipo_cambio), 2)::text as monto
    ${compras(scope, desde, hasta)}
    group by c.cec_id, c.cec_codigo, c.cec_descripcion order by sum(o.ord_monto_con_impuesto * o.ord_tipo_cambio) desc, c.cec_id
    limit 12`);
}
