import { sql } from 'drizzle-orm';
import { selectRows, type Executor, type Tx } from '../../db/client.ts';

/** Tables of the link between purchase orders and request lines (DECISIONS §7). */

export interface LineaPedido {
  pid_id: number;
  pei_id: number;
  prv_id: number;
  prv_nombre: string;
  pid_cantidad_aprobada: string | null;
  oci_cantidad: string;
}

export function lineasPedido(db: Executor, pidIds: number[]): Promise<LineaPedido[]> {
  if (pidIds.length === 0) return Promise.resolve([]);
  return selectRows(db, sql`
    select d.pid_id, d.pei_id, d.prv_id, pr.prv_nombre, d.pid_cantidad_aprobada::text as pid_cantidad_aprobada, d.oci_cantidad::text as oci_cantidad
    from pedido_items_detalle d join producto pr on pr.prv_id = d.prv_id
    where d.pid_id in (${sql.join(pidIds.map((i) => sql`${i}`), sql`, `)})`);
}

/**
 * Adds `delta` (negative gives back) to a line's bought quantity only if the result stays within 0 and the approved
 * quantity. The condition is re-read on the row once its lock is granted, so concurrent orders buying from one line
 * can never take more than was approved together: each waits for the one before and sees its quantity.
 * Returns false when the update was refused.
 */
export async function sumarComprado(tx: Tx, pidId: number, delta: string): Promise<boolean> {
  const rows = await selectRows(tx, sql`
    update pedido_items_detalle set oci_cantidad = oci_cantidad + ${delta}::numeric
    where pid_id = ${pidId} and oci_cantidad + ${delta}::numeric between 0 and coalesce(pid_cantidad_aprobada, 0)
    returning pid_id`);
  return rows.length > 0;
}

/** A line's quantities as they are now (after a refused update, to say what is left). */
export async function linea(tx: Tx, pidId: number): Promise<{ pid_cantidad_aprobada: string | null; oci_cantidad: string } | undefined> {
  const [row] = await selectRows<{ pid_cantidad_aprobada: string | null; oci_cantidad: string }>(tx, sql`
    select pid_cantidad_aprobada::text as pid_cantidad_aprobada, oci_cantidad::text as oci_cantidad from pedido_items_detalle where pid_id = ${pidId}`);
  return row;
}

/** The lines of an order that buy from a request, with the order's request: what a change or cancellation gives back. */
export async function vinculoDeOrden(db: Executor, ordId: number): Promise<{ pei_id: number | null; lineas: { pid_id: number; prv_id: number | null; cantidad: string }[] }> {
  const [o] = await selectRows<{ pei_id: number | null }>(db, sql`select pei_id from orden where ord_id = ${ordId}`);
  const lineas = await selectRows<{ pid_id: number; prv_id: number | null; cantidad: string }>(db, sql`
    select pid_id, prv_id, oci_cantidad::text as cantidad from orden_item where ord_id = ${ordId} and pid_id is not null order by pid_id`);
  return { pei_id: o?.pei_id ?? null, lineas };
}
