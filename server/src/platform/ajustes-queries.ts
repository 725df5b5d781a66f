import { sql } from 'drizzle-orm';
import { selectRows, type Executor } from '../db/client.ts';
import { ajuste } from '../db/schema/index.ts';

export interface AjusteFila {
  aju_clave: string;
  aju_valor: string;
  aju_fecha: string;
  usuario: string | null;
}

/** Every setting (a handful of rows), with who saved it. */
export function readAjustes(db: Executor): Promise<AjusteFila[]> {
  return selectRows<AjusteFila>(db, sql`
    select a.aju_clave, a.aju_valor, to_char(a.aju_fecha at time zone 'America/Lima', 'YYYY-MM-DD"T"HH24:MI:SS') as aju_fecha,
      (select u.usu_nombre || ' ' || u.usu_apellido from usuario u where u.usu_id = a.usu_id) as usuario
    from ajuste a`);
}

export async function upsertAjuste(db: Executor, clave: string, valor: string, usuId: number): Promise<void> {
  await db.insert(ajuste).values({ aju_clave: clave, aju_valor: valor, usu_id: usuId })
    .onConflictDoUpdate({ target: ajuste.aju_clave, set: { aju_valor: valor, usu_id: usuId, aju_fecha: sql`now()` } });
}
