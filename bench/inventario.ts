/**
 * Scenario `inventario` (issue 11): the kardex of one item at 2 000 000 lines (first, middle and
 * last page) and the inventory list at 100 000 stock rows (page 1, a jump by OFFSET, the next page
 * by key, a name search) and the stock renewal list, on a database filled by
 * bench/generate-inventario.ts. As the `lists` scenario: the product runs as its own process; per
 * round and workload one recorded request gives its SQL, the product is loaded with autocannon (the
 * load tools of bench/wrk.ts, as in `envios`; no `--load` flag here), and pgbench runs the same SQL
 * with the same connections right after. The tables give medians over the rounds, and the last
 * page of the kardex against the first.
 *
 *   node --import tsx bench/generate-inventario.ts --database-url postgres://postgres@127.0.0.1:5432/obra_bench_inv
 *   npm run bench -- inventario --database-url postgres://postgres@127.0.0.1:5432/obra_bench_inv --rounds 3
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { KARDEX_ITEM } from './generate-inventario.ts';
import { pgbenchScript } from './pgbench.ts';
import type { Product } from './product.ts';
import {
  describeRounds, f2, measureTable, measureWorkload, median, out, post, progress, scenarioFlags, scenarioOptions, withProduct, writeJson,
  type CheckoutFlags, type Measure, type Workload,
} from './scenario.ts';

type Reply = { status?: string; message?: string; data?: { data?: unknown[]; siguiente?: string; page_result?: { list: unknown[] }; page?: { number: number } } };

/** The long kardex's stock row and line count, read straight from the database. */
async function kardexItem(databaseUrl: string): Promise<{ palId: number; lineas: number }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const r = await client.query<{ pal_id: number; pal_lineas: number }>(
      'select pa.pal_id, pa.pal_lineas from producto_almacen pa join producto p on p.prv_id = pa.prv_id where p.prv_nombre = $1', [KARDEX_ITEM]);
    if (!r.rows[0]) throw new Error('no bench kardex item: fill the database with bench/generate-inventario.ts first');
    return { palId: r.rows[0].pal_id, lineas: r.rows[0].pal_lineas };
  } finally {
    await client.end();
  }
}

/** Inventory pages are 10 rows; the deep page sits at half the bench's stock rows. */
const DEEP_PAGE = 5000;

async function workloads(product: Product, databaseUrl: string, names: string[]): Promise<Workload[]> {
  const { palId, lineas } = await kardexItem(databaseUrl);
  const last = Math.ceil(lineas / 10);
  const kardex = (n: number) => ({ producto_almacen: { pal_id: palId, page: { number: n, size: 10 } } });
  const list = (page: object, f: object = {}) => ({ producto_almacen: { ...f, page: { size: 10, ...page } } });
  // The screen's Next after page DEEP_PAGE: the total is known and the key of that page's last row is sent.
  const before = await post<Reply>(product, '/productoAlmacen/buscar', JSON.stringify(list({ number: DEEP_PAGE, contar: false })));
  const all: Record<string, () => Workload> = {
    'kardex-first': () => ({ key: 'kardex-first', name: 'kardex page 1', path: '/productoAlmacen/obtenerKardex', body: kardex(1) }),
    'kardex-middle': () => ({ key: 'kardex-middle', name: `kardex page ${last / 2}`, path: '/productoAlmacen/obtenerKardex', body: kardex(last / 2) }),
    'kardex-last': () => ({ key: 'kardex-last', name: `kardex page ${last} (last)`, path: '/productoAlmacen/obtenerKardex', body: kardex(last) }),
    'list-page1': () => ({ key: 'list-page1', name: 'inventory page 1 (counted)', path: '/productoAlmacen/buscar', body: list({ number: 1 }) }),
    'list-offset': () => ({ key: 'list-offset', name: `inventory page ${DEEP_PAGE + 1} (OFFSET)`, path: '/productoAlmacen/buscar', body: list({ number: DEEP_PAGE + 1, contar: false }) }),
    'list-key': () => ({ key: 'list-key', name: `inventory page ${DEEP_PAGE + 1} (by key)`, path: '/productoAlmacen/buscar',
      body: list({ number: DEEP_PAGE + 1, contar: false, despues: before.json.data?.siguiente }) }),
    'list-search': () => ({ key: 'list-search', name: 'inventory search "inventario 0123" (counted)', path: '/productoAlmacen/buscar', body: list({ number: 1 }, { prv_nombre: 'inventario 0123' }) }),
    renovacion: () => ({ key: 'renovacion', name: 'stock renewal page 1 (counted)', path: '/inventario/pending', body: { start: 0, length: 10 } }),
  };
  return names.map((n) => {
    if (!all[n]) throw new Error(`unknown workload ${n} (${Object.keys(all).join(', ')})`);
    return all[n]();
  });
}

/** A request that must answer a full page: a wrong body must not be measured as speed. */
async function checked(product: Product, w: Workload): Promise<void> {
  const r = await post<Reply>(product, w.path, JSON.stringify(w.body));
  const rows = r.json.data?.page_result?.list ?? r.json.data?.data;
  if (r.status !== 200 || r.json.status !== 'success' || !Array.isArray(rows) || rows.length === 0) {
    throw new Error(`${w.name}: HTTP ${r.status} ${r.json.message ?? ''} (${Array.isArray(rows) ? rows.length : 'no'} rows)`);
  }
}

async function measureRound(round: number, flags: CheckoutFlags): Promise<Measure[]> {
  return withProduct(round, flags, async (product) => {
    const results: Measure[] = [];
    for (const w of await workloads(product, flags.databaseUrl, flags.workloads)) {
      await checked(product, w);
      const statements = await product.record(async () => { await checked(product, w); });
      const script = pgbenchScript(statements);
      results.push(...await measureWorkload(product, w, round, flags, { statements: statements.length, script, file: `/tmp/obra-bench-inventario-${w.key}.sql` },
        () => progress(`round ${round}: ${w.name} (${statements.length} statements)`)));
    }
    return results;
  });
}

/** Beside the medians table: the kardex's last page against its first. */
function kardexTable(results: Measure[]): void {
  const names = [...new Set(results.map((r) => r.workload))];
  const by = (name: string) => results.filter((r) => r.workload === name);
  const first = names.find((n) => n === 'kardex page 1');
  const last = names.find((n) => n.endsWith('(last)'));
  if (first && last) {
    const a = by(first);
    const b = by(last);
    out();
    out('| kardex, last page / first page | p50 | p95 | req/s | pgbench tps |');
    out('|---|---:|---:|---:|---:|');
    out(`| medians of the rounds | ${f2(median(b.map((r) => r.load.p50)) / median(a.map((r) => r.load.p50)))} | ${f2(median(b.map((r) => r.load.p95)) / median(a.map((r) => r.load.p95)))} | `
      + `${f2(median(b.map((r) => r.load.rps)) / median(a.map((r) => r.load.rps)))} | ${f2(median(b.flatMap((r) => (r.pgbench ? [r.pgbench.tps] : []))) / median(a.flatMap((r) => (r.pgbench ? [r.pgbench.tps] : []))))} |`);
  }
}

function parse(argv: string[]): CheckoutFlags {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      checkout: { type: 'string', default: '.' },
      ...scenarioOptions({ rounds: '3', port: '3330', workloads: 'kardex-first,kardex-middle,kardex-last,list-page1,list-offset,list-key,list-search,renovacion' }),
    },
  });
  if (!values['database-url']) throw new Error('--database-url is required (filled by bench/generate-inventario.ts)');
  // No --load: this scenario is measured with autocannon.
  return { databaseUrl: values['database-url'], checkout: resolve(values.checkout), ...scenarioFlags(values, ['autocannon']) };
}

export async function runInventario(argv: string[]): Promise<void> {
  const flags = parse(argv);
  const results: Measure[] = [];
  for (let round = 1; round <= flags.rounds; round++) results.push(...await measureRound(round, flags));
  writeJson(flags.json, results);
  out(`## inventario on PostgreSQL ${flags.databaseUrl.replace(/^.*\//, '')}: ${describeRounds(flags)}`);
  out();
  out(`- checkout: ${flags.checkout}`);
  out();
  measureTable(results);
  kardexTable(results);
}
