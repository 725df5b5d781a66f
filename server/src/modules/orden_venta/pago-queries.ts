import type { OrdenVentaPagoFila } from '@obra/domain';
import { eq, sql } from 'drizzle-orm';
import { selectRows, type Executor } from '../../db/client.ts';
import { ordenVentaPago } from '../../db/schema/index.ts';
import { lima } from './queries.ts';

/** The payments of sales orders (spec 3 §3 "Sales order payment"); a cancelled one keeps its row (est_id 8). */

/** The path a payment's voucher file is read from (POST `{orden_venta_pago:{ovp_id}}` with the token). */
export const URL_ARCHIVO_PAGO = '/api/ordenVentaPago/descargar';

export async function pagos(db: Executor, ovtId: number): Promise<Omit<OrdenVentaPagoFila, 'puede_cancelar'>[]> {
  const rows = await selectRows<Omit<OrdenVentaPagoFila, 'puede_cancelar'>>(db, sql`
    select p.ovp_id, p.ovt_id, p.ovp_orden, ${lima('p.ovp_fecha_pago', 'DD-MM-YYYY HH24:MI')} as ovp_fecha_pago, p.ovp_descripcion,
      p.ovp_monto::text as ovp_monto, p.ovp_registrador, u.usu_nombre || ' ' || u.usu_apellido as ovp_registrador_nombre,
      p.est_id, e.est_nombre, e.est_styles,
      case when p.ovp_archivo_clave is null then null else ${URL_ARCHIVO_PAGO} end as ovp_url_comprobante, p.ovp_archivo_nombre
    from orden_venta_pago p join usuario u on u.usu_id = p.ovp_registrador join estado e on e.est_id = p.est_id
    where p.ovt_id = ${ovtId} order by p.ovp_orden`);
  return rows.map((r) => ({ ...r, ovp_id: Number(r.ovp_id), ovt_id: Number(r.ovt_id), ovp_orden: Number(r.ovp_orden), ovp_registrador: Number(r.ovp_registrador), est_id: Number(r.est_id) }));
}

/** The order a payment belongs to (to lock the order first, then the payment). */
export async function ordenDe(db: Executor, ovpId: number): Promise<number | undefined> {
  const [r] = await selectRows<{ ovt_id: number }>(db, sql`select ovt_id from orden_venta_pago where ovp_id = ${ovpId}`);
  return r ? Number(r.ovt_id) : undefined;
}

export interface PagoLocked {
  ovp_id: number;
  ovt_id: number;
  est_id: number;
  ovp_archivo_clave: string | null;
}

export async function lock(db: Executor, ovpId: number): Promise<PagoLocked | undefined> {
  const [r] = await selectRows<PagoLocked>(db, sql`select ovp_id, ovt_id, est_id, ovp_archivo_clave from orden_venta_pago where ovp_id = ${ovpId} for update`);
  return r && { ...r, ovp_id: Number(r.ovp_id), ovt_id: Number(r.ovt_id), est_id: Number(r.est_id) };
}

export async function insert(db: Executor, v: typeof ordenVentaPago.$inferInsert): Promise<number> {
  const [r] = await db.insert(ordenVentaPago).values(v).returning({ id: ordenVentaPago.ovp_id });
  return r.id;
}

export async function update(db: Executor, ovpId: number, v: Partial<typeof ordenVentaPago.$inferInsert>): Promise<void> {
  await db.update(ordenVentaPago).set(v).where(eq(ordenVentaPago.ovp_id, ovpId));
}

/** What the order's active payments add up to. */
export async function pagado(db: Executor, ovtId: number, activo: number): Promise<string> {
  const [r] = await selectRows<{ total: string }>(db, sql`
    select coalesce(sum(ovp_monto), 0)::numeric(14,2)::text as total from orden_venta_pago where ovt_id = ${ovtId} and est_id = ${activo}`);
  return r.total;
}

/** The stored file of a payment, with its number and name. */
export async function archivo(db: Executor, ovpId: number) {
  const [r] = await selectRows<{ ovp_orden: number; ovp_archivo_clave: string | null; ovp_archivo_nombre: string | null }>(db, sql`
    select ovp_orden, ovp_archivo_clave, ovp_archivo_nombre from orden_venta_pago where ovp_id = ${ovpId}`);
  return r;
}
