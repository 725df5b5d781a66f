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

async function valores(palId: number) {
  const [r] = await selectRows<{ stock: string; valor: string; suma_valor: string; ultimo_saldo: string | null }>(ctx.deps.database.db, sql`
    select pa.pal_stock::text as stock, pa.pal_valor::text as valor, coalesce(sum(k.kdx_valor), 0)::numeric(16,2)::text as suma_valor,
      (select k2.kdx_saldo_valor::text from kardex k2 where k2.pal_id = pa.pal_id order by k2.kdx_numero desc limit 1) as ultimo_saldo
    from producto_almacen pa left join kardex k on k.pal_id = pa.pal_id where pa.pal_id = ${palId} group by pa.pal_id`);
  return r;
}

describe('valued kardex (docs/business-rules.md "Kardex valorizado")', () => {
  const nuevoProducto = async (nombre: string) => {
    const [{ prv_id }] = await selectRows<{ prv_id: number }>(ctx.deps.database.db, sql`
      insert into producto (prv_nombre, cat_id, tip_id, unm_id, prv_item)
      select ${nombre}, cat_id, tip_id, unm_id, 0 from producto limit 1 returning prv_id`);
    return prv_id;
  };

  it('weighted average over entries at different costs; exits at the average; an exit that empties the row leaves value 0', async () => {
    const db = ctx.deps.database.db;
    const p = await nuevoProducto('Cemento valorizado prueba');
    const a = await db.transaction((tx) => entrada(tx, { almId, prvId: p }, '10', mov(20), '21.10'));
    expect(a).toMatchObject({ costo_unitario: '21.10000000', valor: '211.00', saldo_valor: '211.00' });
    const b = await db.transaction((tx) => entrada(tx, { palId: a.pal_id }, '5', mov(21), '24.40'));
    expect(b).toMatchObject({ valor: '122.00', saldo_valor: '333.00', saldo: '15.0000' });
    // 333 / 15 = 22.2 each
    const c = await db.transaction((tx) => salida(tx, a.pal_id, '4', mov(22)));
    expect(c).toMatchObject({ costo_unitario: '22.20000000', valor: '-88.80', saldo_valor: '244.20', saldo: '11.0000' });
    // No cost given: enters at the row's average.
    const d = await db.transaction((tx) => entrada(tx, { palId: a.pal_id }, '1', mov(23)));
    expect(d).toMatchObject({ costo_unitario: '22.20000000', valor: '22.20', saldo_valor: '266.40' });
    const e = await db.transaction((tx) => salida(tx, a.pal_id, '12', mov(24)));
    expect(e).toMatchObject({ valor: '-266.40', saldo_valor: '0.00', saldo: '0.0000' });
    // Into an empty row without a cost: at 0.
    const f = await db.transaction((tx) => entrada(tx, { palId: a.pal_id }, '2', mov(25)));
    expect(f).toMatchObject({ costo_unitario: '0.00000000', valor: '0.00', saldo_valor: '0.00' });
    expect(await valores(a.pal_id)).toEqual({ stock: '2.0000', valor: '0.00', suma_valor: '0.00', ultimo_saldo: '0.00' });
  });

  it('thirds and cents that floats get wrong: 3 × 0.1 + 0.2, value split by thirds leaves no residue', async () => {
    const db = ctx.deps.database.db;
    const p = await nuevoProducto('Clavos valorizados prueba');
    const a = await db.transaction((tx) => entrada(tx, { almId, prvId: p }, '0.1', mov(30), '1'));
    await db.transaction((tx) => entrada(tx, { palId: a.pal_id }, '0.2', mov(31), '1'));
    const r = await db.transaction((tx) => entrada(tx, { palId: a.pal_id }, '2.7', mov(32), '33.333333'));
    // 0.10 + 0.20 + round(2.7 × 33.333333, 2) = 0.30 + 90.00
    expect(r).toMatchObject({ saldo: '3.0000', saldo_valor: '90.30' });
    const outs = [];
    for (let i = 0; i < 3; i++) outs.push(await db.transaction((tx) => salida(tx, a.pal_id, '1', mov(33 + i))));
    // 90.30 / 3 = 30.10 each, exactly; then 0.
    expect(outs.map((o) => o.valor)).toEqual(['-30.10', '-30.10', '-30.10']);
    expect(await valores(a.pal_id)).toEqual({ stock: '0.0000', valor: '0.00', suma_valor: '0.00', ultimo_saldo: '0.00' });
    const b = await db.transaction((tx) => entrada(tx, { palId: a.pal_id }, '3', mov(36), '0.01'));
    expect(b.saldo_valor).toBe('0.03');
    const o1 = await db.transaction((tx) => salida(tx, a.pal_id, '1.5', mov(37)));
    expect(o1.valor).toBe('-0.02'); // round(1.5 × 0.03 / 3, 2) = round(0.015) = 0.02
    const o2 = await db.transaction((tx) => salida(tx, a.pal_id, '1.5', mov(38)));
    expect(o2.valor).toBe('-0.01'); // the whole remaining value
    expect(await valores(a.pal_id)).toMatchObject({ valor: '0.00', suma_valor: '0.00' });
  });

  it('refuses a negative or unreadable unit cost with 400', async () => {
    const db = ctx.deps.database.db;
    for (const c of ['-1', 'abc']) {
      await expect(db.transaction((tx) => entrada(tx, { almId, prvId }, '1', mov(40), c))).rejects.toMatchObject({ statusCode: 400 });
    }
  });

  it('concurrent withdrawals at an uneven average keep Σ kdx_valor = pal_valor and end at 0', async () => {
    const db = ctx.deps.database.db;
    const p = await nuevoProducto('Arena valorizada prueba');
    const { pal_id } = await db.transaction((tx) => entrada(tx, { almId, prvId: p }, '7', mov(50), '10'));
    await db.transaction((tx) => entrada(tx, { palId: pal_id }, '3', mov(51), '3.333'));
    const results = await Promise.allSettled(Array.from({ length: 30 }, (_, i) =>
      db.transaction(async (tx) => {
        const r = await salida(tx, pal_id, 1, mov(60 + i));
        await new Promise((res) => setTimeout(res, 1));
        return r;
      })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    const v = await valores(pal_id);
    expect(v).toEqual({ stock: '0.0000', valor: '0.00', suma_valor: '0.00', ultimo_saldo: '0.00' });
    const [{ diferencias }] = await selectRows<{ diferencias: number }>(db, sql`
      select count(*)::int as diferencias from kardex k
      where k.pal_id = ${pal_id} and k.kdx_saldo_valor <> (select sum(k2.kdx_valor) from kardex k2 where k2.pal_id = k.pal_id and k2.kdx_numero <= k.kdx_numero)`);
    expect(diferencias).toBe(0);
  });
});
