import { sql } from 'drizzle-orm';
import { selectRows, type Tx } from '../db/client.ts';

/**
 * Next number of a document series (DECISIONS §2). The upsert takes the counter row's lock
 * until the caller's transaction ends, so concurrent creations queue and a rolled-back
 * creation gives its number back: codes neither repeat nor skip.
 */
export async function nextNumber(tx: Tx, serie: string, anio: number): Promise<number> {
  const rows = await selectRows<{ cnt_ultimo: number }>(tx, sql`
    insert into contador (cnt_serie, cnt_anio, cnt_ultimo) values (${serie}, ${anio}, 1)
    on conflict (cnt_serie, cnt_anio) do update set cnt_ultimo = contador.cnt_ultimo + 1
    returning cnt_ultimo`);
  return Number(rows[0].cnt_ultimo);
}
