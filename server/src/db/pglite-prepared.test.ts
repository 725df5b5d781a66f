import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { intArray } from '../platform/sql-arrays.ts';
import { openDatabase, selectPlanned, selectPrepared, selectRows, type Database } from './client.ts';

// The embedded database only: on a server selectPrepared is node-postgres' own named statement.
let database: Database;
beforeAll(async () => {
  database = await openDatabase({ pgliteDir: 'memory://' });
  await database.db.execute(sql`create table prueba_named (id int primary key, monto numeric(14,2), fecha date, ts timestamptz, ok boolean, nombre text)`);
  await database.db.execute(sql`insert into prueba_named values
    (1, 10.50, '2026-11-24', '2026-11-24 10:00:00+00', true, 'uno'), (2, null, null, null, false, 'dos'), (3, 3.00, '2026-01-02', null, true, null)`);
});
afterAll(() => database.close());

const query = (ids: number[], ok: boolean | null) => sql`select id, monto::text as monto_text, monto, fecha, ts, ok, nombre
  from prueba_named where id = any(${intArray(ids)}) and (${ok}::boolean is null or ok = ${ok}) order by id limit 10`;

describe('named prepared statements on PGlite', () => {
  it('answers exactly what an unnamed statement answers, also after PostgreSQL switches to the cached plan', async () => {
    const expected = await selectRows(database.db, query([1, 2, 3], null));
    expect(expected).toHaveLength(3);
    for (let i = 0; i < 8; i++) {
      expect(await selectPrepared(database.db, 'prueba', query([1, 2, 3], null))).toEqual(expected);
    }
    expect(await selectPrepared(database.db, 'prueba', query([1, 3], true))).toEqual(await selectRows(database.db, query([1, 3], true)));
  });

  it('reads a long reply, in many pieces, with accents, nulls, arrays and exact numbers, as an unnamed statement does', async () => {
    const long = sql`select g as id, case when g % 7 = 0 then null else 'Huamán Ñuñez € ' || repeat('x', g % 50) end as nombre,
      (g * 1.005)::numeric(14,3) as monto, array[g, g + 1] as par, g % 2 = 0 as par_es, now()::date - g as fecha
      from generate_series(1, ${20000}::int) g order by g`;
    const expected = await selectRows(database.db, long);
    expect(expected).toHaveLength(20000);
    expect(await selectPrepared(database.db, 'larga', long)).toEqual(expected);
    expect(expected[6]).toMatchObject({ id: 7, nombre: null });
  });

  it('keeps working after a statement fails', async () => {
    const bad = sql`select 1 / ${0}::int as x`;
    await expect(selectPrepared(database.db, 'division', bad)).rejects.toMatchObject({ code: '22012', severity: 'ERROR' });
    await expect(selectPrepared(database.db, 'division', bad)).rejects.toThrow(/division by zero/);
    expect(await selectPrepared(database.db, 'uno', sql`select ${1}::int as x`)).toEqual([{ x: 1 }]);
  });

  it('waits for a transaction another caller has open instead of reading inside it', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => { release = r; });
    let inserted!: () => void;
    const didInsert = new Promise<void>((r) => { inserted = r; });
    const tx = database.db.transaction(async (t) => {
      await t.execute(sql`insert into prueba_named (id, nombre) values (99, 'sin confirmar')`);
      inserted();
      await held;
      throw new Error('rollback');
    }).catch(() => 'rolled back');
    await didInsert;
    const read = selectPrepared<{ n: number }>(database.db, 'cuenta', sql`select count(*)::int as n from prueba_named where id = ${99}`);
    setTimeout(release, 50);
    expect(await tx).toBe('rolled back');
    expect(await read).toEqual([{ n: 0 }]);
  });

  it('plans a statement with its values on every run (selectPlanned): the same rows, before and after a failure', async () => {
    for (let i = 0; i < 8; i++) {
      expect(await selectPlanned(database.db, 'planeada', query([1, 2, 3], i % 2 ? true : null))).toEqual(await selectRows(database.db, query([1, 2, 3], i % 2 ? true : null)));
    }
    const bad = sql`select 1 / ${0}::int as x`;
    await expect(selectPlanned(database.db, 'division_planeada', bad)).rejects.toMatchObject({ code: '22012', severity: 'ERROR' });
    expect(await selectPlanned(database.db, 'planeada', query([2], false))).toEqual([expect.objectContaining({ id: 2, nombre: 'dos' })]);
    // No named statement was left behind for it.
    expect(await selectRows(database.db, sql`select count(*)::int as n from pg_prepared_statements where name like 'planeada%'`)).toEqual([{ n: 0 }]);
  });
});
