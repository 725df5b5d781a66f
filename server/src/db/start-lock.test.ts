import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyDatabase } from '../test/instancia.ts';
import { openDatabase, selectRows, type Database } from './client.ts';
import { seedDemoIfEmpty } from './seed/demo.ts';
import { refreshReference } from './seed/reference.ts';

const baseUrl = process.env.DATABASE_URL;

/**
 * Issue 28: instances started together on one PostgreSQL database (a deploy, `docker compose up --scale`) migrate,
 * refresh the reference data and seed one after another under an advisory lock; without it one of them fails its
 * start creating tables the other is creating.
 */
describe.skipIf(!baseUrl)('starting several instances at once on an empty PostgreSQL database (DATABASE_URL)', () => {
  let db: Awaited<ReturnType<typeof emptyDatabase>>;
  const abiertas: Database[] = [];
  beforeAll(async () => { db = await emptyDatabase(baseUrl!); });
  afterAll(async () => {
    for (const d of abiertas) await d.close();
    await db?.drop();
  });

  it('migrates once and seeds once, every start succeeding', async () => {
    const tres = await Promise.all([1, 2, 3].map(() => openDatabase({ databaseUrl: db.url, poolSize: 2 })));
    abiertas.push(...tres);
    const sembradas = await Promise.all(tres.map((d) => d.exclusive(async () => {
      await refreshReference(d.db);
      return seedDemoIfEmpty(d.db);
    })));
    expect(sembradas.filter(Boolean)).toHaveLength(1);
    const [m] = await selectRows<{ n: number }>(tres[0].db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    const [u] = await selectRows<{ n: number; distintos: number }>(tres[0].db, sql`select count(*)::int as n, count(distinct usu_correo)::int as distintos from usuario`);
    expect(m.n).toBeGreaterThan(30);
    expect(u.n).toBe(u.distintos);
    expect(u.n).toBeGreaterThan(5);
  }, 120_000);
});
