import { sql } from 'drizzle-orm';
import { selectRows, type Executor } from '../../db/client.ts';

/** What the state screens and the rejection read besides `queries.ts`. */

/** The order's state and what its transitions depend on, without locking (the reasons a screen shows on opening). */
export async function estado(db: Executor, ordId: number) {
  const [r] = await selectRows<{ ore_id: number; coc_id: number; es_importacion: boolean; rechazada: boolean; pry_id: number }>(db, sql`
    select o.ore_id, o.coc_id, o.ord_es_importacion as es_importacion, o.ord_rechazada as rechazada, c.pry_id
    from orden o join centro_costo c on c.cec_id = o.cec_id where o.ord_id = ${ordId}`);
  return r && { ...r, ore_id: Number(r.ore_id), coc_id: Number(r.coc_id), pry_id: Number(r.pry_id) };
}

/** Who gets the rejection mail (the order's logistics user) and the approver's name. */
export async function avisoRechazo(db: Executor, ordId: number, aprobadorId: number) {
  const [r] = await selectRows<{ para: string; aprobador: string }>(db, sql`
    select ul.usu_correo as para, trim(ua.usu_nombre || ' ' || ua.usu_apellido) as aprobador
    from orden o join usuario ul on ul.usu_id = o.ord_usu_logistica, usuario ua
    where o.ord_id = ${ordId} and ua.usu_id = ${aprobadorId}`);
  return r;
}
