import { sql } from 'drizzle-orm';
import { selectRows, type Executor } from '../../db/client.ts';

/** The ubigeo's district name for the settings screen; the row itself is read and written through platform/cpe/configuracion-queries.ts. */
export async function nombreUbigeo(db: Executor, ubigeo: string): Promise<string | null> {
  const [r] = await selectRows<{ ubi_nombre: string }>(db, sql`select ubi_nombre from ubigeo where ubi_id = ${ubigeo}`);
  return r?.ubi_nombre ?? null;
}

/** Asks the worker to try the channel ('Probar conexión'); false while a test is already running. */
export async function pedirPrueba(db: Executor): Promise<boolean> {
  const rows = await selectRows<{ emi_id: number }>(db, sql`
    update emisor_cpe set emi_prueba_estado = 'pendiente', emi_prueba_mensaje = null, emi_prueba_en = now()
    where emi_id = 1 and (emi_prueba_estado is null or emi_prueba_estado not in ('pendiente', 'probando')
      or emi_prueba_en < now() - interval '2 minutes')
    returning emi_id`);
  return rows.length === 1;
}
