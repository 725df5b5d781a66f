/**
 * Scenario `inventario` (issue 11): the kardex of one item at 2 000 000 lines (first, middle and
 * last page) and the inventory list at 100 000 stock rows (page 1, a jump by OFFSET, the next page
 * by key, a name search) and the stock renewal list, on a database filled by
 * bench/generate-inventario.ts. As the `lists` scenario: the product runs as its own process; per
 * round and workload one recorded request gives its SQL, the product is loaded with autocannon, and
 * pgbench runs the same SQL with the same connections right after. The tables give medians over
 * the rounds, and the last page of the kardex against the first.
 *
 *   node --import tsx bench/generate-inventario.ts --database-url postgres://postgres@127.0.0.1:5432/obra_bench_inv
 *   npm run bench -- inventario --database-url postgres://postgres@127.0.0.1:5432/obra_bench_inv --rounds 3
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { KARDEX_ITEM } from './generate-inventario.ts';
import { runLoad, type LoadSummary } from './load.ts';
import { runPgbench, pgbenchScript, type PgbenchResult } from './pgbench.ts';
import { startProduct, type Product } from './product.ts';

const out = (line = '') => process.stdout.write(`${line}\n`);
const progress = (line: string) => process.stderr.write(`· ${line}\n`);

interface Workload {
  key: string;
  name: string;
  path: string;
  body: object;
}

interface Measure {
  workload: string;
  round: number;
  load: LoadSummary;
  pgbench: PgbenchResult | null;
  statements: number;
}

interface Flags {
  databaseUrl: string;
  checkout: string;
  rounds: number;
  duration: number;
  warmup: number;
  connections: number;
  port: number;
  workloads: string[];
  json?: string;
}

type Reply = { status: number; json: { status?: string; message?: string; data?: { data?: unknown[]; siguiente?: string; page_result?: { list: unknown[] }; page?: { number: number } } } };

async function post(product: Product, path: string, body: object): Promise<Reply> {
  const res = await fetch(`${product.base}/api${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${product.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Reply['json'] };
}

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
  const before = await post(product, '/productoAlmacen/buscar', list({ number: DEEP_PAGE, contar: false }));
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
  const r = await post(product, w.path, w.body);
  const rows = r.json.data?.page_result?.list ?? r.json.data?.data;
  if (r.status !== 200 || r.json.status !== 'success' || !Array.isArray(rows) || rows.length === 0) {
    throw new Error(`${w.name}: HTTP ${r.status} ${r.json.message ?? ''} (${Array.isArray(rows) ? rows.length : 'no'} rows)`);
  }
}

async function measureRound(round: number, flags: Flags): Promise<Measure[]> {
  const port = flags.port + round;
  progress(`round ${round}: starting ${flags.checkout} on port ${port}`);
  const product = await startProduct(flags.checkout, port, { databaseUrl: flags.databaseUrl });
  const results: Measure[] = [];
  try {
    for (const w of await workloads(product, flags.databaseUrl, flags.workloads)) {
      await checked(product, w);
      const statements = await product.record(async () => { await checked(product, w); });
      const job = { url: `${product.base}/api${w.path}`, method: 'POST' as const, body: JSON.stringify(w.body), connections: flags.connections,
        headers: { authorization: `Bearer ${product.token}`, 'content-type': 'application/json' } };
      if (flags.warmup) await runLoad({ ...job, duration: flags.warmup });
      progress(`round ${round}: ${w.name} (${statements.length} statements)`);
      const load = await runLoad({ ...job, duration: flags.duration });
      const script = pgbenchScript(statements);
      const file = `/tmp/obra-bench-inventario-${w.key}.sql`;
      if (flags.warmup) await runPgbench(flags.databaseUrl, script, file, { connections: flags.connections, seconds: flags.warmup });
      const bench = await runPgbench(flags.databaseUrl, script, file, { connections: flags.connections, seconds: flags.duration });
      results.push({ workload: w.name, round, load, pgbench: bench, statements: statements.length });
    }
  } finally {
    await product.stop();
  }
  return results;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const f0 = (v: number) => v.toFixed(0);
const f1 = (v: number) => v.toFixed(1);
const f2 = (v: number) => v.toFixed(2);

function table(results: Measure[]): void {
  const names = [...new Set(results.map((r) => r.workload))];
  out('| workload | req/s (median) | req/s range | p50 / p95 ms (median) | pgbench tps (median) | pgbench latency ms | product / pgbench | statements | non-2xx / errors |');
  out('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  const by = (name: string) => results.filter((r) => r.workload === name);
  for (const name of names) {
    const rs = by(name);
    const v = rs.map((r) => r.load.rps);
    const pgb = rs.flatMap((r) => (r.pgbench ? [r.pgbench] : []));
    const bad = rs.reduce((s, r) => s + r.load.non2xx, 0);
    const errors = rs.reduce((s, r) => s + r.load.errors + (r.pgbench?.failed ?? 0), 0);
    out(`| ${name} | ${f0(median(v))} | ${f0(Math.min(...v))}–${f0(Math.max(...v))} | ${f1(median(rs.map((r) => r.load.p50)))} / ${f1(median(rs.map((r) => r.load.p95)))} | `
      + `${pgb.length ? f0(median(pgb.map((p) => p.tps))) : '—'} | ${pgb.length ? f2(median(pgb.map((p) => p.latencyMs))) : '—'} | `
      + `${pgb.length ? f2(median(v) / median(pgb.map((p) => p.tps))) : '—'} | ${rs[0].statements} | ${bad} / ${errors} |`);
  }
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

function parse(argv: string[]): Flags {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      'database-url': { type: 'string' },
      checkout: { type: 'string', default: '.' },
      rounds: { type: 'string', default: '3' },
      duration: { type: 'string', default: '10' },
      warmup: { type: 'string', default: '2' },
      connections: { type: 'string', default: '10' },
      port: { type: 'string', default: '3330' },
      workloads: { type: 'string', default: 'kardex-first,kardex-middle,kardex-last,list-page1,list-offset,list-key,list-search,renovacion' },
      json: { type: 'string' },
    },
  });
  if (!values['database-url']) throw new Error('--database-url is required (filled by bench/generate-inventario.ts)');
  return {
    databaseUrl: values['database-url'],
    checkout: resolve(values.checkout),
    rounds: Number(values.rounds),
    duration: Number(values.duration),
    warmup: Number(values.warmup),
    connections: Number(values.connections),
    port: Number(values.port),
    workloads: values.workloads.split(','),
    json: values.json,
  };
}

export async function runInventario(argv: string[]): Promise<void> {
  const flags = parse(argv);
  const results: Measure[] = [];
  for (let round = 1; round <= flags.rounds; round++) results.push(...await measureRound(round, flags));
  if (flags.json) writeFileSync(flags.json, `${JSON.stringify(results, null, 1)}\n`);
  out(`## inventario on PostgreSQL ${flags.databaseUrl.replace(/^.*\//, '')}: ${flags.rounds} round(s), ${flags.duration} s × ${flags.connections} connections after ${flags.warmup} s warm-up`);
  out();
  out(`- checkout: ${flags.checkout}`);
  out();
  table(results);
}
