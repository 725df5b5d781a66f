import { sql } from 'drizzle-orm';
import { selectRows, type Executor } from '../../db/client.ts';

/**
 * What the SUNAT PLE 12.1 and 13.1 books of the company and a month reads from the ledger (docs/business-rules.md
 * "SUNAT PLE 12.1"): the warehouses that ever moved stock, each product's balance per warehouse when the month
 * starts (its serial rows together) and the month's kardex lines with the document that wrote them. Months are
 * Lima months.
 */

/** What every line of a product carries. */
export interface PleProducto {
  alm_id: number;
  prv_id: number;
  prv_nombre: string;
  unm_simbolo: string;
  /** Tabla 5 of the product's category. */
  cat_tipo_existencia: string;
  /** 1: serialised (one stock row per serial, valued unit by unit: PLE 13.1's método 5). */
  prv_item: number;
}

export interface PleSaldo extends PleProducto {
  saldo: string;
  /** Its value in soles (the serial rows together), for PLE 13.1. */
  valor: string;
}

export interface PleMovimiento extends PleProducto {
  kdx_id: number;
  /** Lima date of the line, `YYYY-MM-DD`. */
  fecha: string;
  kdx_cantidad: string;
  /** The valued kardex (PLE 13.1): unit cost and signed value in soles. */
  kdx_costo_unitario: string;
  kdx_valor: string;
  kdx_doc_tipo: string;
  kdx_doc_id: number;
  /** For TRF lines, the transfer: its type (1 order, 2 between warehouses, 3 external purchase), code and supplier document; else null. */
  tfi_tipo: number | null;
  tfi_codigo: string | null;
  tfi_doc_tipo: string | null;
  tfi_doc_serie: string | null;
  tfi_doc_numero: string | null;
  /** Its issue date `YYYY-MM-DD`, when entered. */
  tfi_doc_fecha: string | null;
}

/** A warehouse that has kardex lines, with its establishment code and its ledger's first line (which orders warehouses sharing a code). */
export interface PleAlmacen {
  alm_id: number;
  alm_establecimiento: string;
  primera_linea: number;
}

/** `[desde, hasta)` of a Lima month as timestamps. */
const mes = (anio: number, mes: number) => {
  const desde = `${anio}-${String(mes).padStart(2, '0')}-01`;
  return { desde: sql`(${desde}::date)::timestamp at time zone 'America/Lima'`, hasta: sql`((${desde}::date + interval '1 month')::date)::timestamp at time zone 'America/Lima'` };
};

const PRODUCTO = sql`pa.alm_id, p.prv_id, p.prv_nombre, u.unm_simbolo, c.cat_tipo_existencia, p.prv_item::int as prv_item`;
const PRODUCTO_JOINS = sql`join producto p on p.prv_id = pa.prv_id
    join unidad_medida u on u.unm_id = p.unm_id
    join categoria_producto c on c.cat_id = p.cat_id`;

/** Each stock row's first line is its line 1 (the ledger numbers them without gaps): one index probe per row, not a ledger scan. */
export function almacenes(db: Executor): Promise<PleAlmacen[]> {
  return selectRows<PleAlmacen>(db, sql`
    select a.alm_id, a.alm_establecimiento, min(k.kdx_id)::float8 as primera_linea
    from almacen a
    join producto_almacen pa on pa.alm_id = a.alm_id
    join kardex k on k.pal_id = pa.pal_id and k.kdx_numero = 1
    group by a.alm_id, a.alm_establecimiento`);
}

/** Products with stock in a warehouse when the month starts: the balance of each stock row's last line before it, summed. */
export function saldosIniciales(db: Executor, anio: number, m: number): Promise<PleSaldo[]> {
  const { desde } = mes(anio, m);
  return selectRows<PleSaldo>(db, sql`
    select ${PRODUCTO}, trim_scale(sum(k.kdx_saldo))::text as saldo, sum(k.kdx_saldo_valor)::text as valor
    from producto_almacen pa ${PRODUCTO_JOINS}
    join lateral (select kdx_saldo, kdx_saldo_valor from kardex where pal_id = pa.pal_id and kdx_fecha < ${desde} order by kdx_numero desc limit 1) k on true
    group by pa.alm_id, p.prv_id, p.prv_nombre, u.unm_simbolo, c.cat_tipo_existencia, p.prv_item
    having sum(k.kdx_saldo) > 0
    order by pa.alm_id, p.prv_id`);
}

/** The month's kardex lines, by warehouse and product, then in the order they were written. */
export function movimientos(db: Executor, anio: number, m: number): Promise<PleMovimiento[]> {
  const { desde, hasta } = mes(anio, m);
  return selectRows<PleMovimiento>(db, sql`
    select ${PRODUCTO}, k.kdx_id::int as kdx_id,
      to_char(k.kdx_fecha at time zone 'America/Lima', 'YYYY-MM-DD') as fecha,
      trim_scale(k.kdx_cantidad)::text as kdx_cantidad, k.kdx_costo_unitario::text as kdx_costo_unitario, k.kdx_valor::text as kdx_valor,
      k.kdx_doc_tipo, k.kdx_doc_id,
      t.tfi_tipo::int as tfi_tipo, t.tfi_codigo, t.tfi_doc_tipo, t.tfi_doc_serie, t.tfi_doc_numero,
      t.tfi_doc_fecha::text as tfi_doc_fecha
    from kardex k
    join producto_almacen pa on pa.pal_id = k.pal_id ${PRODUCTO_JOINS}
    left join transferencia t on k.kdx_doc_tipo = 'TRF' and t.tfi_id = k.kdx_doc_id
    where k.kdx_fecha >= ${desde} and k.kdx_fecha < ${hasta}
    order by pa.alm_id, p.prv_id, k.kdx_fecha, k.kdx_id`);
}
