import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { selectRows, type Tx } from '../db/client.ts';
import { INVENTARIO_MSG } from '@obra/domain';
import { badRequest, conflict } from './errors.ts';

/**
 * The stock ledger (DECISIONS §3): the only code that changes `producto_almacen.pal_stock`.
 * Every change writes its kardex line (date, glosa, signed quantity, balance after, document) in
 * the caller's transaction. A withdrawal is one conditional UPDATE (`pal_stock >= qty`): it takes
 * the row's lock, so concurrent withdrawals queue on the row and the balance each kardex line records
 * is the one its own transaction left; when the stock is not there nothing is written and the caller
 * gets 409. Serialised products (`prv_item = 1`) keep one row per serial number with stock 0 or 1.
 * The same UPDATE counts the row's lines (`pal_lineas`), and the new line takes that count as its
 * `kdx_numero`: under the row's lock the numbers are 1, 2, 3 … without gaps (a rolled-back change
 * takes its number back), which lets the kardex page by line number (modules/inventario).
 * The same statement values the movement (weighted average cost, `pal_valor`; see `RETORNO` below).
 */

/** Documents that move stock, as `kardex.kdx_doc_tipo`. */
export const DOC = { TRANSFERENCIA: 'TRF', ASIGNACION: 'ASI', DEVOLUCION: 'DEV' } as const;
export type DocTipo = (typeof DOC)[keyof typeof DOC];

/** What moved the stock: written on the kardex line. `glosa` names the document and its code. */
export interface Movimiento {
  doc: DocTipo;
  docId: number;
  glosa: string;
  usuId: number;
  /** When it moved; absent: now (the database's clock). The demo seed's purchase history passes past moments, oldest first. */
  fecha?: Date;
}

/** The movement's moment as a timestamptz parameter (null: the column's default, now()). */
const momento = (mov: Movimiento) => sql`coalesce(${mov.fecha?.toISOString() ?? null}::timestamptz, now())`;

/** A stock row by id, or by warehouse, product and serial (created on the first entry). */
export type Destino = { palId: number } | { almId: number; prvId: number; serie?: string };

export interface Saldo {
  pal_id: number;
  /** Balance after the movement, as NUMERIC text. */
  saldo: string;
  /** Unit cost of the movement in soles without IGV (NUMERIC text, 8 decimals): an exit's is the row's weighted average before it. */
  costo_unitario: string;
  /** Signed value of the movement in soles (2 decimals). */
  valor: string;
  /** The row's value after the movement. */
  saldo_valor: string;
}

/** Unit cost as NUMERIC text, 0 or more with at most 8 decimals; anything else is a 400. */
function costoValido(costo: Decimal.Value): string {
  let d: Decimal;
  try { d = new Decimal(costo); } catch { throw badRequest('El costo unitario no es válido'); }
  if (!d.isFinite() || d.lt(0)) throw badRequest('El costo unitario no puede ser negativo');
  return d.toDecimalPlaces(8, Decimal.ROUND_HALF_UP).toFixed();
}

/** Quantity as NUMERIC text with at most 4 decimals, positive; anything else is a 400. */
function cantidadPositiva(cantidad: Decimal.Value): string {
  let d: Decimal;
  try { d = new Decimal(cantidad); } catch { throw badRequest('La cantidad no es válida'); }
  if (!d.isFinite() || d.lte(0)) throw badRequest('La cantidad debe ser mayor a cero');
  if (d.decimalPlaces() > 4) throw badRequest('La cantidad admite a lo más 4 decimales');
  return d.toFixed();
}

interface FilaStock {
  pal_id: number;
  pal_stock: string;
  pal_valor: string;
  costo: string;
  valor: string;
  pal_lineas: number;
  prv_item: number;
  prv_nombre: string;
  alm_nombre: string;
  pal_numero_serie: string;
}

/** The kardex line of a change; `numero` is the row's `pal_lineas` after the same UPDATE (its position, under the row's lock). */
async function kardex(tx: Tx, f: FilaStock, signed: string, valor: string, mov: Movimiento): Promise<Saldo> {
  await tx.execute(sql`
    insert into kardex (pal_id, kdx_numero, kdx_fecha, kdx_glosa, kdx_cantidad, kdx_saldo, kdx_costo_unitario, kdx_valor, kdx_saldo_valor, kdx_doc_tipo, kdx_doc_id, usu_id)
    values (${f.pal_id}, ${f.pal_lineas}, ${momento(mov)}, ${mov.glosa.slice(0, 250)}, ${signed}, ${f.pal_stock}, ${f.costo}::numeric, ${valor}::numeric, ${f.pal_valor}::numeric,
      ${mov.doc}, ${mov.docId}, ${mov.usuId})`);
  return { pal_id: f.pal_id, saldo: f.pal_stock, costo_unitario: f.costo, valor, saldo_valor: f.pal_valor };
}

/**
 * Valuation (docs/business-rules.md "Kardex valorizado"): each change is ONE statement. The CTE `cur` locks the row
 * (`for update`: under concurrency it reads the version the last committer left), `mov` prices the movement from that
 * locked version in NUMERIC, and the UPDATE applies quantity, value and line number together; its RETURNING carries
 * the movement's unit cost and value for the kardex line. An exit is worth round(qty × valor / stock, 2), or the
 * whole remaining value when it empties the row (no residue); an entry round(qty × cost, 2), or at the row's average
 * when no cost is given (0 when the row is empty).
 */
const RETORNO = sql.raw(`returning pa.pal_id, pa.pal_stock::text as pal_stock, pa.pal_valor::text as pal_valor, pa.pal_lineas,
    mov.costo::text as costo, mov.valor::text as valor, p.prv_item, p.prv_nombre, a.alm_nombre, pa.pal_numero_serie`);

/**
 * Puts `cantidad` into a stock row and writes the kardex line. By warehouse and product the row
 * is created on the first entry. A serialised product needs its serial and enters one unit per
 * serial: a serial already in stock in the warehouse is refused (409).
 */
export async function entrada(tx: Tx, destino: Destino, cantidad: Decimal.Value, mov: Movimiento, costoUnitario?: Decimal.Value | null): Promise<Saldo> {
  const qty = cantidadPositiva(cantidad);
  const costo = costoUnitario === undefined || costoUnitario === null ? null : costoValido(costoUnitario);
  let palId: number;
  if ('palId' in destino) {
    palId = destino.palId;
  } else {
    const serie = (destino.serie ?? '').trim();
    const [prod] = await selectRows<{ prv_item: number; prv_nombre: string }>(tx, sql`
      select prv_item, prv_nombre from producto where prv_id = ${destino.prvId}`);
    if (!prod) throw badRequest('El producto no existe');
    if (prod.prv_item === 1 && !serie) throw badRequest(`Debe ingresar el número de serie de ${prod.prv_nombre}`);
    const [row] = await selectRows<{ pal_id: number }>(tx, sql`
      insert into producto_almacen (alm_id, prv_id, pal_numero_serie, pal_fecha_registro)
      values (${destino.almId}, ${destino.prvId}, ${prod.prv_item === 1 ? serie : ''}, ${momento(mov)})
      on conflict (alm_id, prv_id, pal_numero_serie) do update set pal_numero_serie = excluded.pal_numero_serie
      returning pal_id`);
    palId = row.pal_id;
  }
  const [fila] = await selectRows<FilaStock>(tx, sql`
    with cur as (select pal_id, pal_stock, pal_valor from producto_almacen where pal_id = ${palId} for update),
    mov as (
      select cur.pal_id, round(c.costo, 8) as costo, round(${qty}::numeric * c.costo, 2) as valor
      from cur cross join lateral (select coalesce(${costo}::numeric,
        case when cur.pal_stock > 0 then cur.pal_valor / cur.pal_stock else 0 end) as costo) c)
    update producto_almacen pa set pal_stock = pa.pal_stock + ${qty}::numeric, pal_valor = pa.pal_valor + mov.valor, pal_lineas = pa.pal_lineas + 1
    from mov, producto p, almacen a
    where pa.pal_id = mov.pal_id and p.prv_id = pa.prv_id and a.alm_id = pa.alm_id
    ${RETORNO}`);
  if (!fila) throw badRequest('El registro de stock no existe');
  if (fila.prv_item === 1 && new Decimal(fila.pal_stock).gt(1)) {
    throw conflict(`El número de serie ${fila.pal_numero_serie} de ${fila.prv_nombre} ya está en stock en ${fila.alm_nombre}`);
  }
  return kardex(tx, fila, qty, fila.valor, mov);
}

/**
 * Takes `cantidad` out of a stock row and writes the kardex line; 409 naming the product, the
 * warehouse and what is left when the stock is not there (nothing is written then).
 */
export async function salida(tx: Tx, palId: number, cantidad: Decimal.Value, mov: Movimiento): Promise<Saldo> {
  const qty = cantidadPositiva(cantidad);
  const [fila] = await selectRows<FilaStock>(tx, sql`
    with cur as (select pal_id, pal_stock, pal_valor from producto_almacen where pal_id = ${palId} for update),
    mov as (
      select cur.pal_id, round(cur.pal_valor / cur.pal_stock, 8) as costo,
        case when cur.pal_stock = ${qty}::numeric then cur.pal_valor else round(${qty}::numeric * cur.pal_valor / cur.pal_stock, 2) end as valor
      from cur where cur.pal_stock >= ${qty}::numeric)
    update producto_almacen pa set pal_stock = pa.pal_stock - ${qty}::numeric, pal_valor = pa.pal_valor - mov.valor, pal_lineas = pa.pal_lineas + 1
    from mov, producto p, almacen a
    where pa.pal_id = mov.pal_id and p.prv_id = pa.prv_id and a.alm_id = pa.alm_id
    ${RETORNO}`);
  if (!fila) {
    const [actual] = await selectRows<Pick<FilaStock, 'pal_id' | 'pal_stock' | 'prv_nombre' | 'alm_nombre' | 'pal_numero_serie'>>(tx, sql`
      select pa.pal_id, pa.pal_stock::text as pal_stock, p.prv_nombre, a.alm_nombre, pa.pal_numero_serie
      from producto_almacen pa join producto p on p.prv_id = pa.prv_id join almacen a on a.alm_id = pa.alm_id
      where pa.pal_id = ${palId}`);
    if (!actual) throw badRequest('El registro de stock no existe');
    const serie = actual.pal_numero_serie ? ` serie ${actual.pal_numero_serie}` : '';
    // The words a quantity field shows for the same value (issue 24).
    throw conflict(INVENTARIO_MSG.soloHayDe(actual.pal_stock, actual.alm_nombre, `${actual.prv_nombre}${serie}`));
  }
  return kardex(tx, fila, new Decimal(qty).neg().toFixed(), new Decimal(fila.valor).neg().toFixed(2), mov);
}
