import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../db/client.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { AppError } from './errors.ts';
import { DOC, entrada, salida, type Movimiento } from './stock-ledger.ts';

let ctx: TestContext;
let almId: number;
let prvId: number;
let serialPrvId: number;
let usuId: number;
beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.deps.database.db;
  [{ alm_id: almId }] = await selectRows<{ alm_id: number }>(db, sql`select alm_id from almacen order by alm_id limit 1`);
  [{ prv_id: prvId }] = await selectRows<{ prv_id: number }>(db, sql`select prv_id from producto where prv_item = 0 order by prv_id limit 1`);
  [{ prv_id: serialPrvId }] = await selectRows<{ prv_id: number }>(db, sql`
    insert into producto (prv_nombre, cat_id, tip_id, unm_id, prv_item)
    select 'Martillo demoledor serie prueba', cat_id, tip_id, unm_id, 1 from producto limit 1 returning prv_id`);
  [{ usu_id: usuId }] = await selectRows<{ usu_id: number }>(db, sql`select usu_id from usuario order by usu_id limit 1`);
});
afterAll(() => ctx.close());

const mov = (docId: number): Movimiento => ({ doc: DOC.TRANSFERENCIA, docId, glosa: `Prueba ${docId}`, usuId });

async function invariant(palId: number): Promise<{ stock: string; suma: string; lineas: number; negativos: number }> {
  const [r] = await selectRows<{ stock: string; suma: string; lineas: number; negativos: number }>(ctx.deps.database.db, sql`
    select pa.pal_stock::numeric::text as stock, coalesce(sum(k.kdx_cantidad), 0)::numeric::text as suma,
      count(k.kdx_id)::int as lineas, count(*) filter (where k.kdx_saldo < 0)::int as negativos
    from producto_almacen pa left join kardex k on k.pal_id = pa.pal_id where pa.pal_id = ${palId} group by pa.pal_stock`);
  return r;
}

describe('stock ledger (DECISIONS §3)', () => {
  it('100 concurrent one-unit withdrawals on a stock of 10: exactly 10 succeed, the rest get 409, stock ends at 0 and equals its kardex', async () => {
    const db = ctx.deps.database.db;
    const { pal_id } = await db.transaction((tx) => entrada(tx, { almId, prvId }, '10', mov(1)));
    const results = await Promise.allSettled(Array.from({ length: 100 }, (_, i) =>
      db.transaction(async (tx) => {
        const r = await salida(tx, pal_id, 1, mov(100 + i));
        await new Promise((res) => setTimeout(res, 1));
        return r;
      })));
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(ok).toHaveLength(10);
    expect(refused).toHaveLength(90);
    for (const r of refused) {
      expect(r.reason).toBeInstanceOf(AppError);
      expect((r.reason as AppError).statusCode).toBe(409);
      expect((r.reason as AppError).message).toMatch(/^Solo hay 0 en .+ \(.+\)$/);
    }
    const balances = ok.map((r) => Number((r as PromiseFulfilledResult<{ saldo: string }>).value.saldo)).sort((a, b) => a - b);
    expect(balances).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(await invariant(pal_id)).toEqual({ stock: '0.0000', suma: '0.0000', lineas: 11, negativos: 0 });
  });

  it('a withdrawal larger than the stock writes nothing', async () => {
    const db = ctx.deps.database.db;
    const { pal_id } = await db.transaction((tx) => entrada(tx, { almId, prvId, serie: 'ignorada' }, '2.5', mov(2)));
    await expect(db.transaction((tx) => salida(tx, pal_id, '2.5001', mov(3)))).rejects.toMatchObject({ statusCode: 409 });
    const inv = await invariant(pal_id);
    expect(inv.stock).toBe(inv.suma);
    expect(Number(inv.stock)).toBeGreaterThanOrEqual(2.5);
  });

  it('refuses zero, negative and over-precise quantities with 400', async () => {
    const db = ctx.deps.database.db;
    for (const q of ['0', '-1', '1.00001', 'abc']) {
      await expect(db.transaction((tx) => entrada(tx, { almId, prvId }, q, mov(4)))).rejects.toMatchObject({ statusCode: 400 });
    }
  });

  it('a serialised product needs its serial and holds at most one unit per serial', async () => {
    const db = ctx.deps.database.db;
    await expect(db.transaction((tx) => entrada(tx, { almId, prvId: serialPrvId }, 1, mov(5))))
      .rejects.toMatchObject({ statusCode: 400, message: 'Debe ingresar el número de serie de Martillo demoledor serie prueba' });
    const a = await db.transaction((tx) => entrada(tx, { almId, prvId: serialPrvId, serie: 'SN-001' }, 1, mov(6)));
    await expect(db.transaction((tx) => entrada(tx, { almId, prvId: serialPrvId, serie: 'SN-001' }, 1, mov(7))))
      .rejects.toMatchObject({ statusCode: 409 });
    const b = await db.transaction((tx) => entrada(tx, { almId, prvId: serialPrvId, serie: 'SN-002' }, 1, mov(8)));
    expect(b.pal_id).not.toBe(a.pal_id);
    expect(await invariant(a.pal_id)).toMatchObject({ stock: '1.0000', suma: '1.0000', lineas: 1 });
  });

  it('the database refuses a negative stock even if code bypassed the ledger', async () => {
    const db = ctx.deps.database.db;
    const { pal_id } = await db.transaction((tx) => entrada(tx, { almId, prvId }, 1, mov(9)));
    await expect(db.execute(sql`update producto_almacen set pal_stock = -1 where pal_id = ${pal_id}`)).rejects.toThrow();
  });
});
