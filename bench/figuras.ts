/**
 * Scenario `figuras` (issue 25): Inicio's panels, one request each (`/indicador/<panel>`, as the admin: every
 * project), on a database filled by bench/generate.ts (purchase orders), bench/generate-envios.ts (dispatches)
 * and bench/generate-figuras.ts (sales, credit vouchers, payment orders, petty cash). As `envios`: the product
 * runs as its own process; per round and panel one recorded request gives its SQL, the product is loaded (wrk
 * when installed, else autocannon), and pgbench runs the same SQL with the same connections right after.
 * With `--latency N` each panel is also sent N times one after another and the median answer time printed
 * (what one person opening Inicio waits for). Workloads `busqueda-codigo`, `busqueda-ruc`, `busqueda-nombre` load the
 * header search the same way.
 *
 *   npm run bench -- figuras --database-url postgres://postgres@127.0.0.1:5432/obra_bench_figuras --rounds 3
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { pgbenchScript } from './pgbench.ts';
import type { Product } from './product.ts';
import {
  describeRounds, f1, measureTable, measureWorkload, median, out, post, progress, scenarioFlags, scenarioOptions, withProduct, writeJson,
  type CheckoutFlags, type Measure, type Workload,
} from './scenario.ts';
import { hasWrk, parseLoadTools } from './wrk.ts';

const PANELES = ['compras', 'pagos', 'ventas', 'cobranza', 'despachos', 'mixers', 'cajas'];
/**
 * The header search (`/busqueda/global`) beside the panels, on the same data: the newest order's code, the newest
 * supplier's RUC (both read through the product's own lists), and a name fragment.
 */
const BUSQUEDAS = ['busqueda-codigo', 'busqueda-ruc', 'busqueda-nombre'];

type Reply = { status?: string; message?: string; data?: Record<string, unknown> };

/** The panel's series and their lengths: a panel answering nothing must not be measured as speed. */
async function checked(product: Product, w: Workload): Promise<string> {
  const r = await post<Reply>(product, w.path, JSON.stringify(w.body));
  if (Array.isArray(r.json.data)) {
    // The search: groups of matches by kind.
    const grupos = r.json.data as { tipo: string; filas: unknown[] }[];
    if (r.status !== 200 || !grupos.length) throw new Error(`${w.name}: HTTP ${r.status} ${r.json.message ?? ''} (sin resultados)`);
    return grupos.map((g) => `${g.tipo}=${g.filas.length}`).join(' ');
  }
  const series = Object.entries(r.json.data ?? {}).filter(([, v]) => Array.isArray(v)) as [string, unknown[]][];
  if (r.status !== 200 || r.json.status !== 'success' || !series.some(([, v]) => v.length > 0)) {
    throw new Error(`${w.name}: HTTP ${r.status} ${r.json.message ?? ''} (${series.map(([k, v]) => `${k}=${v.length}`).join(' ')})`);
  }
  return series.map(([k, v]) => `${k}=${v.length}`).join(' ');
}

/** Median and p90 of `n` requests sent one after another (ms). */
async function latency(product: Product, w: Workload, n: number): Promise<{ p50: number; p90: number }> {
  const ms: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await post<Reply>(product, w.path, JSON.stringify(w.body));
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  return { p50: median(ms), p90: ms[Math.min(ms.length - 1, Math.floor(ms.length * 0.9))] };
}

interface Flags extends CheckoutFlags { latency: number }

async function measureRound(round: number, flags: Flags, lat: Map<string, number[][]>): Promise<Measure[]> {
  return withProduct(round, flags, async (product) => {
    const results: Measure[] = [];
    for (const panel of flags.workloads) {
      const w = BUSQUEDAS.includes(panel) ? await busqueda(product, panel) : PANELES.includes(panel)
        ? { key: panel, name: `/indicador/${panel}`, path: `/indicador/${panel}`, body: {} } satisfies Workload
        : null;
      if (!w) throw new Error(`unknown workload ${panel} (${[...PANELES, ...BUSQUEDAS].join(', ')})`);
      const answer = await checked(product, w);
      const statements = await product.record(async () => { await checked(product, w); });
      if (flags.latency > 0) {
        const l = await latency(product, w, flags.latency);
        lat.set(w.name, [...(lat.get(w.name) ?? []), [l.p50, l.p90]]);
      }
      const script = statements.length ? pgbenchScript(statements) : null;
      results.push(...await measureWorkload(product, w, round, flags, { statements: statements.length, script, file: `/tmp/obra-bench-figuras-${panel}.sql` },
        (tool) => progress(`round ${round}: ${w.name} with ${tool} (${answer}; ${statements.length} statements)`)));
    }
    return results;
  });
}

/** A search workload: its text read from the data through the product's lists. */
async function busqueda(product: Product, key: string): Promise<Workload> {
  let texto = 'cemento';
  if (key === 'busqueda-codigo') {
    const r = await post<{ data?: { data?: { codigo: string }[] } }>(product, '/orden/get-orden-list', JSON.stringify({ start: 0, length: 1, search: '', tipo: 0, status: 0 }));
    texto = r.json.data?.data?.[0]?.codigo ?? '';
  } else if (key === 'busqueda-ruc') {
    const r = await post<{ data?: { data?: { ruc: string }[] } }>(product, '/proveedor/list', JSON.stringify({ search: '', start: 0, length: 1 }));
    texto = r.json.data?.data?.[0]?.ruc ?? '';
  }
  if (!texto) throw new Error(`${key}: no text found in the data`);
  return { key, name: `/busqueda/global ${key.slice(9)} '${texto}'`, path: '/busqueda/global', body: { busqueda: { texto } } };
}

function parse(argv: string[]): Flags {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      checkout: { type: 'string', default: '.' },
      latency: { type: 'string', default: '20' },
      ...scenarioOptions({ rounds: '3', port: '3350', workloads: PANELES.join(',') }),
      load: { type: 'string', default: hasWrk() ? 'wrk' : 'autocannon' },
    },
  });
  if (!values['database-url']) throw new Error('--database-url is required (filled by bench/generate.ts, generate-envios.ts and generate-figuras.ts)');
  return {
    databaseUrl: values['database-url'], checkout: resolve(values.checkout), latency: Number(values.latency),
    ...scenarioFlags(values, parseLoadTools(values.load)),
  };
}

export async function runFiguras(argv: string[]): Promise<void> {
  const flags = parse(argv);
  const results: Measure[] = [];
  const lat = new Map<string, number[][]>();
  for (let round = 1; round <= flags.rounds; round++) results.push(...await measureRound(round, flags, lat));
  writeJson(flags.json, results);
  out(`## figuras on PostgreSQL ${flags.databaseUrl.replace(/^.*\//, '')}: ${describeRounds(flags)}, load ${flags.load.join(', ')}`);
  out();
  out(`- checkout: ${flags.checkout}`);
  out();
  measureTable(results);
  if (lat.size) {
    out();
    out(`One request at a time, ${flags.latency} per panel and round (medians over the rounds):`);
    out();
    out('| panel | p50 ms | p90 ms |');
    out('|---|---:|---:|');
    for (const [name, rs] of lat) out(`| ${name} | ${f1(median(rs.map((r) => r[0])))} | ${f1(median(rs.map((r) => r[1])))} |`);
  }
}
