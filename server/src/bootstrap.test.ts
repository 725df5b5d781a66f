import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshStatistics } from './bootstrap.ts';
import { openDatabase, type Database } from './db/client.ts';

// PGlite only: a server runs its own autovacuum, and refreshStatistics leaves it alone.
let database: Database;
beforeAll(async () => {
  database = await openDatabase({ pgliteDir: 'memory://' });
  await database.db.execute(sql`create table estad_prueba (id serial primary key, texto text not null)`);
});
afterAll(() => database.close());

describe('planner statistics on PGlite', () => {
  it('analyses tables never analysed or grown since, and nothing on an unchanged store', async () => {
    await database.db.execute(sql`insert into estad_prueba (texto) select repeat('x', 200) from generate_series(1, 2000)`);
    const first = await refreshStatistics(database);
    expect(first).toContain('public.estad_prueba');
    expect(await refreshStatistics(database)).toEqual([]);
    await database.db.execute(sql`insert into estad_prueba (texto) select repeat('y', 200) from generate_series(1, 2000)`);
    expect(await refreshStatistics(database)).toEqual(['public.estad_prueba']);
    expect(await refreshStatistics(database)).toEqual([]);
  });
});
