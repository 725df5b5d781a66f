import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { nextNumber } from './counters.ts';

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext(); });
afterAll(() => ctx.close());

describe('document counters (DECISIONS §2)', () => {
  it('hands out 1..50 exactly once under 50 concurrent transactions', async () => {
    const db = ctx.deps.database.db;
    const numbers = await Promise.all(Array.from({ length: 50 }, () =>
      db.transaction(async (tx) => {
        const n = await nextNumber(tx, 'PRUEBA', 2026);
        await new Promise((r) => setTimeout(r, 1));
        return n;
      })));
    expect([...numbers].sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  });

  it('gives the number back when the creating transaction rolls back, so nothing is skipped', async () => {
    const db = ctx.deps.database.db;
    await expect(db.transaction(async (tx) => {
      await nextNumber(tx, 'ROLLBACK', 2026);
      throw new Error('falla la creación');
    })).rejects.toThrow();
    expect(await db.transaction((tx) => nextNumber(tx, 'ROLLBACK', 2026))).toBe(1);
  });

  it('numbers each series and year on its own', async () => {
    const db = ctx.deps.database.db;
    expect(await db.transaction((tx) => nextNumber(tx, 'OC', 2027))).toBe(1);
    expect(await db.transaction((tx) => nextNumber(tx, 'OS', 2027))).toBe(1);
    expect(await db.transaction((tx) => nextNumber(tx, 'OC', 2027))).toBe(2);
  });
});
