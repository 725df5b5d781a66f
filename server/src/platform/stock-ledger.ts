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
}

/** A stock row by id, or by warehouse, product and serial (created on the first entry). */
export type Destino = { palId: number } | { almId: number; prvId: number; serie?: string };

export interface Saldo {
  pal_id: number;
  /** Balance after the movement, as NUMERIC text. */
  saldo: string;
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
  pal_lineas: number;
  prv_item: number;
  prv_nombre: string;
  alm_nombre: string;
  pal_numero_serie: string;
}

/** The kardex line of a change; `numero` is the row's `pal_lineas` after the same UPDATE (its position, under the row's lock). */
async function kardex(tx: Tx, palId: number, numero: number, signed: string, saldo: string, mov: Movimiento): Promise<void> {
  await tx.execute(sql`
    insert into kardex (pal_id, kdx_numero, kdx_glosa, kdx_cantidad, kdx_saldo, kdx_doc_tipo, kdx_doc_id, usu_id)
    values (${palId}, ${numero}, ${mov.glosa.slice(0, 250)}, ${signed}, ${saldo}, ${mov.doc}, ${mov.docId}, ${mov.usuId})`);
}

/**
 * Puts `cantidad` into a stock row and writes the kardex line. By warehouse and product the row
 * is created on the first entry. A serialised product needs its serial and enters one unit per
 * serial: a serial already in stock in the warehouse is refused (409).
 */
export async function entrada(tx: Tx, destino: Destino, cantidad: Decimal.Value, mov: Movimiento): Promise<Saldo> {
  const qty = cantidadPositiva(cantidad);
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
      insert into producto_almacen (alm_id, prv_id, pal_numero_serie) values (${destino.almId}, ${destino.prvId}, ${prod.prv_item === 1 ? serie : ''})
      on conflict (alm_id, prv_id, pal_numero_serie) do update set pal_numero_serie = excluded.pal_numero_serie
      returning pal_id`);
    palId = row.pal_id;
  }
  const [fila] = await selectRows<FilaStock>(tx, sql`
    update producto_almacen pa set pal_stock = pa.pal_stock + ${qty}::numeric, pal_lineas = pa.pal_lineas + 1
    from producto p, almacen a
    where pa.pal_id = ${palId} and p.prv_id = pa.prv_id and a.alm_id = pa.alm_id
    returning pa.pal_id, pa.pal_stock::text as pal_stock, pa.pal_lineas, p.prv_item, p.prv_nombre, a.alm_nombre, pa.pal_numero_serie`);
  if (!fila) throw badRequest('El registro de stock no existe');
  if (fila.prv_item === 1 && new Decimal(fila.pal_stock).gt(1)) {
    throw conflict(`El número de serie ${fila.pal_numero_serie} de ${fila.prv_nombre} ya está en stock en ${fila.alm_nombre}`);
  }
  await kardex(tx, fila.pal_id, fila.pal_lineas, qty, fila.pal_stock, mov);
  return { pal_id: fila.pal_id, saldo: fila.pal_stock };
}

/**
 * Takes `cantidad` out of a stock row and writes the kardex line; 409 naming the product, the
 * warehouse and what is left when the stock is not there (nothing is written then).
 */
export async function salida(tx: Tx, palId: number, cantidad: Decimal.Value, mov: Movimiento): Promise<Saldo> {
  const qty = cantidadPositiva(cantidad);
  const [fila] = await selectRows<FilaStock>(tx, sql`
    update producto_almacen pa set pal_stock = pa.pal_stock - ${qty}::numeric, pal_lineas = pa.pal_lineas + 1
    from producto p, almacen a
    where pa.pal_id = ${palId} and pa.pal_stock >= ${qty}::numeric and p.prv_id = pa.prv_id and a.alm_id = pa.alm_id
    returning pa.pal_id, pa.pal_stock::text as pal_stock, pa.pal_lineas, p.prv_item, p.prv_nombre, a.alm_nombre, pa.pal_numero_serie`);
  if (!fila) {
    const [actual] = await selectRows<Omit<FilaStock, 'pal_lineas'>>(tx, sql`
      select pa.pal_id, pa.pal_stock::text as pal_stock, p.prv_nombre, a.alm_nombre, pa.pal_numero_serie
      from producto_almacen pa join producto p on p.prv_id = pa.prv_id join almacen a on a.alm_id = pa.alm_id
      where pa.pal_id = ${palId}`);
    if (!actual) throw badRequest('El registro de stock no existe');
    const serie = actual.pal_numero_serie ? ` serie ${actual.pal_numero_serie}` : '';
    // The words a quantity field shows for the same value (issue 24).
    throw conflict(INVENTARIO_MSG.soloHayDe(actual.pal_stock, actual.alm_nombre, `${actual.prv_nombre}${serie}`));
  }
  await kardex(tx, fila.pal_id, fila.pal_lineas, new Decimal(qty).neg().toFixed(), fila.pal_stock, mov);
  return { pal_id: fila.pal_id, saldo: fila.pal_stock };
}
