import { sql } from 'drizzle-orm';
import { selectRows, type Executor } from '../../db/client.ts';

/**
 * What the SUNAT PLE 12.1 book of a warehouse and a month reads from the ledger
 * (docs/business-rules.md "Inventory, kardex and stock renewal"): each product's balance when the
 * month starts (its serial rows together) and the month's kardex lines, by product and in order.
 * Months are Lima months.
 */

export interface PleSaldo {
  prv_id: number;
  prv_nombre: string;
  unm_simbolo: string;
  saldo: string;
}

export interface PleMovimiento {
  prv_id: number;
  prv_nombre: string;
  unm_simbolo: string;
  kdx_id: number;
  /** Lima date of the line, `YYYY-MM-DD`. */
  fecha: string;
  kdx_cantidad: string;
  kdx_doc_tipo: string;
  kdx_doc_id: number;
  /** The transfer's type (1 order, 2 between warehouses, 3 external purchase) for TRF lines, else null. */
  tfi_tipo: number | null;
}

/** `[desde, hasta)` of a Lima month as timestamps. */
const mes = (anio: number, mes: number) => {
  const desde = `${anio}-${String(mes).padStart(2, '0')}-01`;
  return { desde: sql`(${desde}::date)::timestamp at time zone 'America/Lima'`, hasta: sql`((${desde}::date + interval '1 month')::date)::timestamp at time zone 'America/Lima'` };
};

/** Products of the warehouse with stock when the month starts: the balance of each stock row's last line before it, summed. */
export function saldosIniciales(db: Executor, almId: number, anio: number, m: number): Promise<PleSaldo[]> {
  const { desde } = mes(anio, m);
  return selectRows<PleSaldo>(db, sql`
    select p.prv_id, p.prv_nombre, u.unm_simbolo, trim_scale(sum(k.kdx_saldo))::text as saldo
    from producto_almacen pa
    join producto p on p.prv_id = pa.prv_id
    join unidad_medida u on u.unm_id = p.unm_id
    join lateral (select kdx_saldo from kardex where pal_id = pa.pal_id and kdx_fecha < ${desde} order by kdx_numero desc limit 1) k on true
    where pa.alm_id = ${almId}
    group by p.prv_id, p.prv_nombre, u.unm_simbolo
    having sum(k.kdx_saldo) > 0
    order by p.prv_id`);
}

/** The month's kardex lines of the warehouse's stock rows, by product, then in the order they were written. */
export function movimientos(db: Executor, almId: number, anio: number, m: number): Promise<PleMovimiento[]> {
  const { desde, hasta } = mes(anio, m);
  return selectRows<PleMovimiento>(db, sql`
    select p.prv_id, p.prv_nombre, u.unm_simbolo, k.kdx_id::int as kdx_id,
      to_char(k.kdx_fecha at time zone 'America/Lima', 'YYYY-MM-DD') as fecha,
      trim_scale(k.kdx_cantidad)::text as kdx_cantidad, k.kdx_doc_tipo, k.kdx_doc_id,
      case when k.kdx_doc_tipo = 'TRF' then (select t.tfi_tipo from transferencia t where t.tfi_id = k.kdx_doc_id)::int end as tfi_tipo
    from producto_almacen pa
    join kardex k on k.pal_id = pa.pal_id and k.kdx_fecha >= ${desde} and k.kdx_fecha < ${hasta}
    join producto p on p.prv_id = pa.prv_id
    join unidad_medida u on u.unm_id = p.unm_id
    where pa.alm_id = ${almId}
    order by p.prv_id, k.kdx_fecha, k.kdx_id`);
}
