import type { OrdenVentaArchivo } from '@obra/domain';
import { sql } from 'drizzle-orm';
import { selectRows, type Executor } from '../../db/client.ts';
import { ordenVentaArchivo } from '../../db/schema/index.ts';
import { lima } from './queries.ts';

/** Documents attached to a sales order (/ordenVenta/adjuntar); the content lives in storage under `ova_clave`. */

export async function deOrden(db: Executor, ovtId: number): Promise<OrdenVentaArchivo[]> {
  const rows = await selectRows<OrdenVentaArchivo>(db, sql`
    select a.ova_id, a.ova_tipo, a.ova_nombre, a.ova_tamano, ${lima('a.ova_fecha')} as ova_fecha, u.usu_nombre || ' ' || u.usu_apellido as usu_nombre
    from orden_venta_archivo a join usuario u on u.usu_id = a.usu_id where a.ovt_id = ${ovtId} order by a.ova_id`);
  return rows.map((r) => ({ ...r, ova_id: Number(r.ova_id), ova_tamano: Number(r.ova_tamano) }));
}

export async function insert(db: Executor, v: typeof ordenVentaArchivo.$inferInsert): Promise<number> {
  const [r] = await db.insert(ordenVentaArchivo).values(v).returning({ id: ordenVentaArchivo.ova_id });
  return r.id;
}

export async function uno(db: Executor, ovaId: number) {
  const [r] = await selectRows<{ ovt_id: number; ova_nombre: string; ova_clave: string; ova_mime: string }>(db, sql`
    select ovt_id, ova_nombre, ova_clave, ova_mime from orden_venta_archivo where ova_id = ${ovaId}`);
  return r;
}
