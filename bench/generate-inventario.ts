/**
 * Stock for the inventory bench (issue 11): `--stock` stock rows (100 000 by default) over bench
 * warehouses and products, each with the kardex line that put its stock there, and one item whose
 * kardex holds `--kardex` lines (2 000 000 by default), written as the ledger writes them: lines
 * numbered 1, 2, 3 … (kdx_numero), +3 then −1 alternately, each with its balance after, an hour
 * apart, so `pal_stock` is the sum of its kardex and `pal_lineas` its line count. INSERT … SELECT
 * over generate_series in chunks (a transaction each), then VACUUM ANALYZE.
 *
 *   node --import tsx bench/generate-inventario.ts --database-url postgres://postgres@127.0.0.1:5432/obra_bench_inv [--stock 100000] [--kardex 2000000]
 *
 * The database is migrated and seeded (reference and demo data) first, as the product would.
 * A database already holding the bench stock is left as it is (drop and recreate it to change sizes).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { closeDeps, createDeps } from '../server/src/bootstrap.ts';
import { loadConfig } from '../server/src/config.ts';
import { selectRows, type Db } from '../server/src/db/client.ts';

export const BENCH_PRY = 'BINV-';
/** The product whose one stock row carries the long kardex. */
export const KARDEX_ITEM = 'Bench kardex item';
const WAREHOUSES = 20;
const CHUNK = 200_000;

const progress = (line: string) => process.stderr.write(`· ${line}\n`);

export interface InventarioBench {
  /** The stock row with the long kardex, its line count, and the stock rows generated. */
  palId: number;
  lineas: number;
  stockRows: number;
}

/** What a filled database holds; null when it holds no bench stock. */
export async function benchInventario(db: Db): Promise<InventarioBench | null> {
  const [item] = await selectRows<{ pal_id: number; pal_lineas: number }>(db, sql`
    select pa.pal_id, pa.pal_lineas from producto_almacen pa join producto p on p.prv_id = pa.prv_id where p.prv_nombre = ${KARDEX_ITEM}`);
  if (!item) return null;
  const [{ n }] = await selectRows<{ n: number }>(db, sql`
    select count(*)::int as n from producto_almacen pa join almacen a on a.alm_id = pa.alm_id join proyecto y on y.pry_id = a.pry_id
    where y.pry_codigo like ${`${BENCH_PRY}%`}`);
  return { palId: item.pal_id, lineas: item.pal_lineas, stockRows: n };
}

export async function fillInventario(db: Db, stockRows: number, kardexLines: number): Promise<InventarioBench> {
  const [admin] = await selectRows<{ usu_id: number }>(db, sql`select usu_id from usuario where usu_correo = 'admin@andina.pe'`);
  const [ref] = await selectRows<{ cat_id: number; tip_id: number; unm_id: number }>(db, sql`select cat_id, tip_id, unm_id from producto order by prv_id limit 1`);
  const products = Math.ceil(stockRows / WAREHOUSES);
  progress(`projects and ${WAREHOUSES} warehouses, ${products} products`);
  await db.transaction(async (tx) => {
    await tx.execute(sql`insert into proyecto (pry_codigo, pry_nombre, pry_descripcion)
      select ${BENCH_PRY} || lpad(n::text, 2, '0'), 'Proyecto bench inventario ' || n, 'Bench' from generate_series(1, 2) n`);
    await tx.execute(sql`insert into almacen (alm_nombre, alm_tipo, pry_id)
      select 'Almacén bench ' || lpad(n::text, 2, '0'), case when n in (1, ${WAREHOUSES / 2 + 1}) then 0 else 1 end,
        (select pry_id from proyecto where pry_codigo = ${BENCH_PRY} || case when n <= ${WAREHOUSES / 2} then '01' else '02' end)
      from generate_series(1, ${WAREHOUSES}) n`);
    // Minimums 0 to 90: about a third of the stock rows fall below theirs (the renewal list).
    await tx.execute(sql`insert into producto (prv_nombre, cat_id, tip_id, unm_id, prv_stock_minimo, prv_estado)
      select 'Producto bench inventario ' || lpad(n::text, 5, '0'), ${ref.cat_id}, ${ref.tip_id}, ${ref.unm_id}, (n % 10) * 10,
        case when n % 20 = 0 then 0 else 1 end
      from generate_series(1, ${products}) n`);
    await tx.execute(sql`insert into producto (prv_nombre, cat_id, tip_id, unm_id) values (${KARDEX_ITEM}, ${ref.cat_id}, ${ref.tip_id}, ${ref.unm_id})`);
  });
  progress(`${stockRows} stock rows with their kardex line`);
  await db.transaction(async (tx) => {
    // Stock 0 to 120 (0 on one row in 13): rows with stock get the one line that put it there.
    await tx.execute(sql`insert into producto_almacen (alm_id, prv_id, pal_stock, pal_lineas, pal_fecha_registro)
      select a.alm_id, p.prv_id, s.stock, case when s.stock > 0 then 1 else 0 end, timestamptz '2025-01-01 08:00-05'
      from (select alm_id, row_number() over (order by alm_id) as w from almacen where alm_nombre like 'Almacén bench %') a
      cross join (select prv_id, row_number() over (order by prv_id) as k from producto where prv_nombre like 'Producto bench inventario %') p
      cross join lateral (select case when (p.k * 7 + a.w * 3) % 13 = 0 then 0 else (p.k * 31 + a.w * 17) % 121 end::numeric as stock) s
      where (a.w - 1) * ${products} + p.k <= ${stockRows}`);
    await tx.execute(sql`insert into kardex (pal_id, kdx_numero, kdx_fecha, kdx_glosa, kdx_cantidad, kdx_saldo, kdx_doc_tipo, kdx_doc_id, usu_id)
      select pa.pal_id, 1, pa.pal_fecha_registro, 'Compra externa bench', pa.pal_stock, pa.pal_stock, 'TRF', 1, ${admin.usu_id}
      from producto_almacen pa join almacen a on a.alm_id = pa.alm_id
      where a.alm_nombre like 'Almacén bench %' and pa.pal_stock > 0`);
  });
  const [{ pal_id: palId }] = await selectRows<{ pal_id: number }>(db, sql`
    insert into producto_almacen (alm_id, prv_id, pal_stock, pal_lineas)
    select (select alm_id from almacen where alm_nombre = 'Almacén bench 01'), prv_id, 0, 0 from producto where prv_nombre = ${KARDEX_ITEM}
    returning pal_id`);
  // Line n: +3 when n is odd, −1 when even; the balance after it is 2·⌊n/2⌋ + 3·(n mod 2).
  for (let from = 1; from <= kardexLines; from += CHUNK) {
    const to = Math.min(kardexLines, from + CHUNK - 1);
    await db.execute(sql`insert into kardex (pal_id, kdx_numero, kdx_fecha, kdx_glosa, kdx_cantidad, kdx_saldo, kdx_doc_tipo, kdx_doc_id, usu_id)
      select ${palId}, n, timestamptz '2020-01-01 08:00-05' + n * interval '1 minute',
        case when n % 2 = 1 then 'Compra externa TRF-BENCH-' else 'Asignación ASI-BENCH-' end || n,
        case when n % 2 = 1 then 3 else -1 end, 2 * (n / 2) + 3 * (n % 2), case when n % 2 = 1 then 'TRF' else 'ASI' end, n, ${admin.usu_id}
      from generate_series(${from}::int, ${to}::int) n`);
    progress(`kardex lines ${to} / ${kardexLines}`);
  }
  const saldo = 2 * Math.floor(kardexLines / 2) + 3 * (kardexLines % 2);
  await db.execute(sql`update producto_almacen set pal_stock = ${saldo}, pal_lineas = ${kardexLines} where pal_id = ${palId}`);
  progress('vacuum analyze');
  for (const table of ['producto', 'almacen', 'producto_almacen', 'kardex', 'stock_minimo']) await db.execute(sql.raw(`vacuum analyze ${table}`));
  return { palId, lineas: kardexLines, stockRows };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { 'database-url': { type: 'string' }, stock: { type: 'string', default: '100000' }, kardex: { type: 'string', default: '2000000' } },
  });
  if (!values['database-url']) throw new Error('--database-url is required (a PostgreSQL database, e.g. obra_bench_inv)');
  const config = loadConfig({
    DATA_DIR: mkdtempSync(join(tmpdir(), 'obra-bench-inv-')), LOG_LEVEL: 'silent', SEED_DEMO: 'true', DATABASE_URL: values['database-url'],
  });
  const deps = await createDeps(config);
  try {
    const existing = await benchInventario(deps.database.db);
    if (existing) {
      progress(`already filled: ${existing.stockRows} stock rows, kardex of ${existing.lineas} lines (pal_id ${existing.palId})`);
      return;
    }
    const started = Date.now();
    const r = await fillInventario(deps.database.db, Number(values.stock), Number(values.kardex));
    progress(`filled in ${((Date.now() - started) / 1000).toFixed(1)} s: ${r.stockRows} stock rows, kardex of ${r.lineas} lines (pal_id ${r.palId})`);
  } finally {
    await closeDeps(deps);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().then(() => process.exit(0), (err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  });
}
