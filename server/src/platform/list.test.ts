import type { Paged } from '@obra/domain';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedText, selectPrepared, selectRows, type Executor } from '../db/client.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { AppError } from './errors.ts';
import { listPage, type ListRequest, type ListSpec } from './list.ts';

let ctx: TestContext;
let db: Executor;

interface Row { id: number; grupo: number; nombre: string }

// A scratch table whose order (grupo, then id) has many ties on grupo.
const spec = (desc: boolean): ListSpec => ({
  name: `lista_prueba_${desc ? 'desc' : 'asc'}`,
  from: sql`lista_prueba p`,
  key: [{ expr: sql`p.grupo`, type: 'int' }, { expr: sql`p.id`, type: 'int' }],
  desc,
  columns: sql`p.id, p.grupo, p.nombre`,
  join: sql`join lista_prueba p on p.id = page.k1`,
});

const req = (r: Partial<ListRequest> = {}): ListRequest => ({ start: 0, length: 4, contar: true, exacto: false, despues: null, ...r });

async function insert(grupo: number, nombre: string) {
  await db.execute(sql`insert into lista_prueba (grupo, nombre) values (${grupo}, ${nombre})`);
}

beforeAll(async () => {
  ctx = await createTestContext();
  db = ctx.deps.database.db;
  await db.execute(sql`create table lista_prueba (id serial primary key, grupo int not null, nombre text not null)`);
  await db.execute(sql`select obra_version_vigilar('lista_prueba')`);
  for (let i = 0; i < 23; i++) await insert(i % 3, `fila ${i}`);
});
afterAll(() => ctx.close());

/** Every row of the list, walking `siguiente` from page 1 (or OFFSET when `byKey` is false). */
async function walk(s: ListSpec, where: ReturnType<typeof sql>[], byKey: boolean): Promise<Row[]> {
  const rows: Row[] = [];
  let despues: string | null = null;
  for (let start = 0; ; start += 4) {
    const page: Paged<Row> = await listPage<Row>(db, s, where, req({ start, despues: byKey ? despues : null, contar: start === 0 }));
    rows.push(...page.data);
    if (!page.siguiente) return rows;
    despues = page.siguiente;
  }
}

describe('lists (docs/architecture.md "Lists")', () => {
  it('stops counting past the cap and says so, and counts all when asked', async () => {
    const capped = await listPage<Row>(db, spec(true), [], req(), { countCap: 5 });
    expect(capped).toMatchObject({ total: 6, total_exacto: false });
    const exact = await listPage<Row>(db, spec(true), [], req({ exacto: true }), { countCap: 5 });
    expect(exact).toMatchObject({ total: 23, total_exacto: true });
    const few = await listPage<Row>(db, spec(true), [sql`p.grupo = 1`], req(), { countCap: 10 });
    expect(few).toMatchObject({ total: 8, total_exacto: true });
    expect(exact.data).toEqual(capped.data);
    // Deep in the list a capped count is not below the rows before the page (issue 28).
    const deep = await listPage<Row>(db, spec(true), [], req({ start: 12 }), { countCap: 5 });
    expect(deep).toMatchObject({ total: 17, total_exacto: false });
    const end = await listPage<Row>(db, spec(true), [], req({ start: 20 }), { countCap: 5 });
    expect(end).toMatchObject({ total: 23, total_exacto: false });
    expect(end.data).toHaveLength(3);
    const past = await listPage<Row>(db, spec(true), [], req({ start: 40 }), { countCap: 5 });
    expect(past).toMatchObject({ data: [], total: 6, total_exacto: false });
  });

  it('counts in the page\'s own statement, also where no row comes back to carry the count', async () => {
    const none = await listPage<Row>(db, spec(true), [sql`p.grupo = 99`], req());
    expect(none).toMatchObject({ data: [], total: 0, total_exacto: true });
    const past = await listPage<Row>(db, spec(true), [sql`p.grupo = 1`], req({ start: 40 }));
    expect(past).toMatchObject({ data: [], total: 8, total_exacto: true });
    const page2 = await listPage<Row>(db, spec(true), [sql`p.grupo = 1`], req({ start: 4 }));
    expect(page2.data).toHaveLength(4);
    expect(page2).toMatchObject({ total: 8, total_exacto: true });
    expect(page2.data[0]).not.toHaveProperty('_total');
  });

  it('does not count when the client already knows the total, and says the figure is a lower bound', async () => {
    const page2 = await listPage<Row>(db, spec(true), [], req({ start: 4, contar: false }));
    expect(page2.data).toHaveLength(4);
    expect(page2).toMatchObject({ total: 9, total_exacto: false });
    const last = await listPage<Row>(db, spec(true), [], req({ start: 20, contar: false }));
    expect(last).toMatchObject({ total: 23, total_exacto: false });
    expect(last.siguiente).toBeUndefined();
  });

  it('returns by key the same rows as by position over a whole list with ties, in both directions', async () => {
    for (const desc of [true, false]) {
      const all = await selectRows<Row>(db, sql.raw(`select id, grupo, nombre from lista_prueba order by grupo ${desc ? 'desc' : 'asc'}, id ${desc ? 'desc' : 'asc'}`));
      expect(await walk(spec(desc), [], true)).toEqual(all);
      expect(await walk(spec(desc), [], false)).toEqual(all);
    }
    const filtered = await walk(spec(true), [sql`p.nombre like ${'fila 1%'}`], true);
    expect(filtered.map((r) => r.nombre).sort()).toEqual(['fila 1', ...Array.from({ length: 10 }, (_, i) => `fila 1${i}`)].sort());
  });

  it('moves to the next page after an insert without repeating or skipping a row', async () => {
    const before = await walk(spec(true), [], true);
    const page1 = await listPage<Row>(db, spec(true), [], req());
    await insert(2, 'nueva');
    const page2 = await listPage<Row>(db, spec(true), [], req({ start: 4, despues: page1.siguiente, contar: false }));
    expect(page2.data).toEqual(before.slice(4, 8));
    // By position the new row pushes the last row of page 1 onto page 2.
    const byOffset = await listPage<Row>(db, spec(true), [], req({ start: 4 }));
    expect(byOffset.data[0]).toEqual(page1.data[3]);
    await db.execute(sql`delete from lista_prueba where nombre = 'nueva'`);
  });

  it('gives the same results through its prepared statements over repeated filter shapes', async () => {
    const direct = (grupo: number) => selectRows<Row>(db, sql`select id, grupo, nombre from lista_prueba where grupo = ${grupo} order by grupo desc, id desc limit 4`);
    for (const grupo of [0, 1, 2, 0, 1, 2]) {
      const page = await listPage<Row>(db, spec(true), [sql`p.grupo = ${grupo}`], req());
      expect(page.data).toEqual(await direct(grupo));
      const all = await listPage<Row>(db, spec(true), [], req());
      expect(all.data.map((r) => r.id)).toEqual((await walk(spec(true), [], false)).slice(0, 4).map((r) => r.id));
    }
    if (ctx.deps.database.kind === 'postgres') {
      // On one connection, the list's statements are kept under their names (prefix and a hash of the shape's SQL).
      const names = await db.transaction(async (tx) => {
        await listPage<Row>(tx, spec(true), [sql`p.grupo = ${1}`], req());
        await listPage<Row>(tx, spec(true), [sql`p.grupo = ${2}`], req());
        return selectRows<{ name: string }>(tx, sql`select name from pg_prepared_statements where name like 'lista_prueba_desc%' order by name`);
      });
      expect(new Set(names.map((n) => n.name.replace(/_[0-9a-f]{16}$/, '')))).toEqual(new Set(['lista_prueba_desc_count', 'lista_prueba_desc_page']));
    }
  });

  it('numbers the filters\' parameters before the page\'s own, also with the count inside the page in a transaction', async () => {
    const where = [sql`p.grupo = ${1}`, sql`p.nombre like ${'fila %'}`];
    const all = await walk(spec(true), where, false);
    await db.transaction(async (tx) => {
      const page1 = await listPage<Row>(tx, spec(true), where, req());
      // Page 2 by key, counted: the filters are $1 and $2, the key $3 and $4, and the count inside the page reads $1 and $2.
      const page2 = await listPage<Row>(tx, spec(true), where, req({ start: 4, despues: page1.siguiente }));
      const jump = await listPage<Row>(tx, spec(true), where, req({ start: 4 }));
      expect(page2).toMatchObject({ data: all.slice(4, 8), total: all.length, total_exacto: true });
      expect(jump).toMatchObject({ data: all.slice(4, 8), total: all.length });
    });
  });

  it('keeps a count while no row changes, and counts again after any write', async () => {
    const grupo2 = [sql`p.grupo = ${2}`];
    const first = await listPage<Row>(db, spec(true), grupo2, req());
    // A row written behind the version's back shows whether the count was kept or run again.
    await db.execute(sql`alter table lista_prueba disable trigger lista_prueba_version`);
    await insert(2, 'sin versión');
    await db.execute(sql`alter table lista_prueba enable trigger lista_prueba_version`);
    expect(await listPage<Row>(db, spec(true), grupo2, req())).toMatchObject({ total: first.total });
    // Any write advances the version, also one to another table: the next page counts again.
    await db.execute(sql`update usuario set usu_id = usu_id where usu_id = (select min(usu_id) from usuario)`);
    expect(await listPage<Row>(db, spec(true), grupo2, req())).toMatchObject({ total: first.total + 1, total_exacto: true });
    await insert(2, 'con versión');
    expect((await listPage<Row>(db, spec(true), grupo2, req())).total).toBe(first.total + 2);
    await db.execute(sql`delete from lista_prueba where nombre in ('sin versión', 'con versión')`);
    expect((await listPage<Row>(db, spec(true), grupo2, req())).total).toBe(first.total);
  });

  it('has every table advance the data version (a new table calls obra_version_vigilar in its migration)', async () => {
    const unwatched = await selectRows<{ tablename: string }>(db, sql`select t.tablename from pg_tables t where t.schemaname = 'public'
      and (select count(*) from pg_trigger g where g.tgrelid = format('%I', t.tablename)::regclass
           and g.tgname in (t.tablename || '_version', t.tablename || '_version_truncate')) <> 2`);
    // `sesion` is written once a minute per signed-in user (its last use) and no list counts it: watching it would end
    // every kept count that often. Its changes that matter reach the access guard by their own trigger (migration 0030).
    expect(unwatched).toEqual([{ tablename: 'sesion' }]);
    expect((await selectRows<{ n: number }>(db, sql`select count(*)::int as n from pg_tables where schemaname = 'public'`))[0].n).toBeGreaterThan(60);
  });

  it('keeps no count made inside a transaction, whose writes may be rolled back', async () => {
    const grupo5 = [sql`p.grupo = ${5}`];
    await expect(db.transaction(async (tx) => {
      await tx.execute(sql`insert into lista_prueba (grupo, nombre) values (5, 'deshecha')`);
      expect((await listPage<Row>(tx, spec(true), grupo5, req())).total).toBe(1);
      throw new Error('deshacer');
    })).rejects.toThrow('deshacer');
    // The rolled-back insert advanced the version, and nothing has since: a count kept in the
    // transaction would be served now.
    expect(await listPage<Row>(db, spec(true), grupo5, req())).toMatchObject({ total: 0, data: [] });
    await insert(5, 'quinta');
    const once = await listPage<Row>(db, spec(true), grupo5, req());
    expect(once.total).toBe(1);
    expect(await listPage<Row>(db, spec(true), grupo5, req())).toEqual(once);
    await db.execute(sql`delete from lista_prueba where grupo = 5`);
  });

  it.runIf(process.env.DATABASE_URL)('keeps no count made while another session had a write open', async () => {
    const [{ name }] = await selectRows<{ name: string }>(db, sql`select current_database() as name`);
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${name}`;
    const writer = new pg.Client({ connectionString: url.toString() });
    await writer.connect();
    const grupo0 = [sql`p.grupo = ${0}`];
    const before = (await listPage<Row>(db, spec(true), grupo0, req())).total;
    try {
      await writer.query('begin');
      await writer.query(`insert into lista_prueba (grupo, nombre) values (0, 'abierta')`);
      // The open write advanced the version before this count, which does not see it.
      expect((await listPage<Row>(db, spec(true), grupo0, req())).total).toBe(before);
      await writer.query('commit');
      // The commit advances nothing: had the count above been kept, it would be served now.
      expect((await listPage<Row>(db, spec(true), grupo0, req())).total).toBe(before + 1);
    } finally {
      await writer.end();
      await db.execute(sql`delete from lista_prueba where nombre = 'abierta'`);
    }
  });

  it('answers 400 to a key it did not give', async () => {
    for (const despues of ['no-es-base64!', Buffer.from('[1]').toString('base64url'), Buffer.from('["x", 1]').toString('base64url'), Buffer.from('{}').toString('base64url'), Buffer.from('[1, 2147483648]').toString('base64url')]) {
      await expect(listPage(db, spec(true), [], req({ despues }))).rejects.toMatchObject({ statusCode: 400 });
    }
    await expect(listPage(db, spec(true), [], req({ despues: 'x' }))).rejects.toBeInstanceOf(AppError);
  });
});

describe('selectPrepared and fixedText', () => {
  it('returns dates, timestamps and intervals as text, and numbers and booleans parsed, as drizzle does for raw SQL', async () => {
    const [row] = await selectPrepared<Record<string, unknown>>(db, 'tipos_prueba', sql`
      select date '2026-11-24' as d, timestamptz '2026-11-24 10:30:00+00' as tz, timestamp '2026-11-24 10:30:00' as ts,
        interval '90 minutes' as iv, array[date '2026-01-02'] as ds, ${7}::int as n, true as b, 12.50::numeric as m`);
    expect(typeof row.d).toBe('string');
    expect(row.d).toBe('2026-11-24');
    expect(typeof row.tz).toBe('string');
    expect(row.ts).toBe('2026-11-24 10:30:00');
    expect(typeof row.iv).toBe('string');
    expect(row.n).toBe(7);
    expect(row.b).toBe(true);
    // NUMERIC stays exact text (money is decimal).
    expect(row.m).toBe('12.50');
  });

  it('renders a fixed fragment once, as text, its constants written in as literals', () => {
    const fixed = sql`p.id, p.grupo, ${sql.identifier('nombre')}`;
    expect(fixedText(fixed)).toBe('p.id, p.grupo, "nombre"');
    expect(fixedText(fixed)).toBe(fixedText(fixed));
    expect(fixedText(sql`case when p.grupo = ${24} then ${'O\'Brien'} else ${null} end, ${true}`))
      .toBe(`case when p.grupo = 24 then 'O''Brien' else null end, true`);
    expect(() => fixedText(sql`p.fecha = ${new Date(0)}`)).toThrow(/no se puede escribir/);
  });
});
