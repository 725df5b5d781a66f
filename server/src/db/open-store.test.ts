import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, selectRows } from './client.ts';
import { migrationsCurrent } from './migrate.ts';
import { pgliteSharedBuffersMb } from './pglite.ts';

const MB = 1024 * 1024;
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A folder laid out like a store: `base/` with files of the given sizes in MB. */
function storeOf(sizesMb: number[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'obra-store-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'base', '5'), { recursive: true });
  sizesMb.forEach((mb, i) => writeFileSync(join(dir, 'base', '5', String(16384 + i)), Buffer.alloc(Math.round(mb * MB))));
  return dir;
}

describe("PGlite's buffer pool sized to the store", () => {
  it('is 32 MB for a fresh or in-memory store and for a small one', () => {
    expect(pgliteSharedBuffersMb('memory://')).toBe(32);
    expect(pgliteSharedBuffersMb(join(tmpdir(), 'obra-no-such-store'))).toBe(32);
    expect(pgliteSharedBuffersMb(storeOf([5, 10]))).toBe(32);
  });

  it('holds the tables and indexes and half again, in steps of 8 MB, up to 128 MB', () => {
    expect(pgliteSharedBuffersMb(storeOf([20, 8]))).toBe(48); // 28 MB × 1.5 = 42 → 48
    expect(pgliteSharedBuffersMb(storeOf([40, 20]))).toBe(96); // 60 × 1.5 = 90 → 96
    expect(pgliteSharedBuffersMb(storeOf([100]))).toBe(128);
  });

  it('is what the opened store runs with', async () => {
    const database = await openDatabase({ pgliteDir: 'memory://' });
    try {
      const [row] = await selectRows<{ shared_buffers: string }>(database.db, sql`select current_setting('shared_buffers') as shared_buffers`);
      expect(row.shared_buffers).toBe('32MB');
    } finally {
      await database.close();
    }
  });
});

describe('the migrations check at start', () => {
  it('finds a migrated database current, and not one whose newest migration is missing or that has none', async () => {
    const database = await openDatabase({ pgliteDir: 'memory://' });
    try {
      expect(await migrationsCurrent(database.db)).toBe(true);
      await database.db.execute(sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`);
      expect(await migrationsCurrent(database.db)).toBe(false);
      await database.db.execute(sql`drop schema drizzle cascade`);
      expect(await migrationsCurrent(database.db)).toBe(false);
    } finally {
      await database.close();
    }
  });

  it('lets a store opened again with a migration missing get it from drizzle', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'obra-store-'));
    dirs.push(dir);
    const first = await openDatabase({ pgliteDir: dir });
    // As if the newest migration (0041, the lists' indexes) had not run yet: its record gone and the supplier index as it was.
    const [newest] = await selectRows<{ created_at: string }>(first.db, sql`select max(created_at)::text as created_at from drizzle.__drizzle_migrations`);
    await first.db.execute(sql`delete from drizzle.__drizzle_migrations where created_at = ${newest.created_at}::bigint`);
    await first.db.execute(sql`drop index orden_pve_idx`);
    await first.db.execute(sql`create index orden_pve_idx on orden (pve_id)`);
    await first.close();

    const again = await openDatabase({ pgliteDir: dir });
    try {
      expect(await migrationsCurrent(again.db)).toBe(true);
      const made = await selectRows<{ indexdef: string }>(again.db, sql`select indexdef from pg_indexes where indexname = 'orden_pve_idx'`);
      expect(made.map((r) => r.indexdef)).toEqual([expect.stringContaining('(pve_id, ord_id)')]);
    } finally {
      await again.close();
    }
  });

  it('begins a new store on disk from the template file, and opens an existing one as it is', async () => {
    const source = await openDatabase({ pgliteDir: 'memory://' });
    await source.db.execute(sql`create table marca_de_plantilla (x int)`);
    const tarball = await source.pglite!.dumpDataDir('gzip');
    await source.close();
    const template = join(storeOf([]), 'plantilla.tar.gz');
    writeFileSync(template, Buffer.from(await tarball.arrayBuffer()));

    const dir = join(storeOf([]), 'pgdata');
    const fresh = await openDatabase({ pgliteDir: dir, pgliteTemplate: template });
    try {
      expect(await migrationsCurrent(fresh.db)).toBe(true);
      await fresh.db.execute(sql`insert into marca_de_plantilla values (7)`);
    } finally {
      await fresh.close();
    }
    const again = await openDatabase({ pgliteDir: dir, pgliteTemplate: template });
    try {
      expect(await selectRows(again.db, sql`select x from marca_de_plantilla`)).toEqual([{ x: 7 }]);
    } finally {
      await again.close();
    }
  });
});
