import type { OrdenArchivoRow } from '@obra/domain';
import { sql } from 'drizzle-orm';
import { selectRows, type Executor } from '../../db/client.ts';
import { ordenArchivo } from '../../db/schema/index.ts';

/** What the documents of an order read besides `queries.detail`: tables of the order's documents only. */

/** The supplier's contact data printed on the PDF and used to notify it. */
export async function proveedorContacto(db: Executor, pveId: number) {
  const [r] = await selectRows<{ direccion: string; email: string; telefono: string }>(db, sql`
    select pve_direccion as direccion, pve_correo as email, pve_telefono as telefono from proveedor where pve_id = ${pveId}`);
  return r ?? { direccion: '', email: '', telefono: '' };
}

/** Storage keys of the users' signature images (`usuario.usu_firma`), by user id; users without one are absent. */
export async function firmas(db: Executor, usuIds: number[]): Promise<Map<number, string>> {
  if (usuIds.length === 0) return new Map();
  const rows = await selectRows<{ usu_id: number; usu_firma: string }>(db, sql`
    select usu_id, usu_firma from usuario
    where usu_id in (${sql.join(usuIds.map((i) => sql`${i}`), sql`, `)}) and usu_firma is not null`);
  return new Map(rows.map((r) => [Number(r.usu_id), r.usu_firma]));
}

/** The project and state of an order (for scope and state checks), or undefined when absent. */
export async function ordenBasica(db: Executor, ordId: number) {
  const [r] = await selectRows<{ ord_id: number; ore_id: number; pry_id: number }>(db, sql`
    select o.ord_id, o.ore_id, c.pry_id from orden o join centro_costo c on c.cec_id = o.cec_id where o.ord_id = ${ordId}`);
  return r && { ord_id: Number(r.ord_id), ore_id: Number(r.ore_id), pry_id: Number(r.pry_id) };
}

const rowColumns = sql`
  a.oar_id as id_orden_archivo, a.ord_id as id_orden, a.oar_nombre as file_name, a.oar_tamano as size, a.oar_tipo as tipo,
  to_char(a.oar_fecha at time zone 'America/Lima', 'YYYY-MM-DD"T"HH24:MI:SS') as fecha,
  trim(u.usu_nombre || ' ' || u.usu_apellido) as usuario, a.oar_proveedor`;

/** The attachments of an order, oldest first (an order holds few: no paging). */
export function archivos(db: Executor, ordId: number): Promise<OrdenArchivoRow[]> {
  return selectRows<OrdenArchivoRow>(db, sql`
    select ${rowColumns} from orden_archivo a join usuario u on u.usu_id = a.usu_id
    where a.ord_id = ${ordId} order by a.oar_id`);
}

export async function archivo(db: Executor, oarId: number): Promise<OrdenArchivoRow | undefined> {
  const [r] = await selectRows<OrdenArchivoRow>(db, sql`
    select ${rowColumns} from orden_archivo a join usuario u on u.usu_id = a.usu_id where a.oar_id = ${oarId}`);
  return r;
}

/** One attachment with where its bytes are and the project of its order, or undefined when absent. */
export async function archivoConClave(db: Executor, oarId: number) {
  const [r] = await selectRows<{ ord_id: number; nombre: string; tipo: string; clave: string; pry_id: number }>(db, sql`
    select a.ord_id, a.oar_nombre as nombre, a.oar_tipo as tipo, a.oar_clave as clave, c.pry_id
    from orden_archivo a join orden o on o.ord_id = a.ord_id join centro_costo c on c.cec_id = o.cec_id
    where a.oar_id = ${oarId}`);
  return r && { ...r, ord_id: Number(r.ord_id), pry_id: Number(r.pry_id) };
}

export async function insertArchivo(db: Executor, v: typeof ordenArchivo.$inferInsert): Promise<number> {
  const [r] = await db.insert(ordenArchivo).values(v).returning({ id: ordenArchivo.oar_id });
  return r.id;
}
