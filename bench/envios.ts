/**
 * Scenario `envios` (issue 14): the dispatch screen at 100 000 dispatches, on a database filled by
 * bench/generate-envios.ts: the timeline of the bench day (40 mixers × 12 dispatches), the dispatch
 * list's page 1 (default filters, counted), a deep page by OFFSET and the same page by key
 * (`despues`), and the timeline's 10 s poll `/envio/versionDia`. As the `lists` scenario: the product
 * runs as its own process; per round and workload one recorded request gives its SQL, the product is
 * loaded (wrk when installed, else autocannon), and pgbench runs the same SQL with the same
 * connections right after. The table gives medians over the rounds.
 *
 *   node --import tsx bench/generate-envios.ts --database-url postgres://postgres@127.0.0.1:5432/obra_bench_envios
 *   npm run bench -- envios --database-url postgres://postgres@127.0.0.1:5432/obra_bench_envios --rounds 3
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { BENCH_MIXER, MIXERS, POR_MIXER } from './generate-envios.ts';
import type { LoadSummary } from './load.ts';
import { runPgbench, pgbenchScript, type PgbenchResult } from './pgbench.ts';
import { startProduct, type Product, type Statement } from './product.ts';
import { hasWrk, parseLoadTools, runLoads, type LoadTool } from './wrk.ts';

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
  load: LoadTool[];
  json?: string;
}

interface Data {
  page?: { list?: unknown[]; total?: number; siguiente?: string };
  mixers?: { envios: unknown[] }[];
  version?: string;
}
type Reply = { status: number; json: { status?: string; message?: string; data?: Data } };

async function post(product: Product, path: string, body: object): Promise<Reply> {
  const res = await fetch(`${product.base}/api${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${product.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Reply['json'] };
}

/** The bench day: the Lima day of the bench mixers' last loading (generate-envios.ts fills it with 40 × 12). */
async function benchDay(databaseUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const r = await client.query<{ dia: string | null }>(`select to_char(max(v.env_fecha_hora_carguio) at time zone 'America/Lima', 'YYYY-MM-DD') as dia
      from envio v join mixer m on m.mix_id = v.mix_id where m.mix_nombre like $1`, [`${BENCH_MIXER}%`]);
    if (!r.rows[0]?.dia) throw new Error('no bench dispatches: fill the database with bench/generate-envios.ts first');
    return r.rows[0].dia;
  } finally {
    await client.end();
  }
}

/**
 * pgbench reads `:MI` of the product's Lima format 'YYYY-MM-DD"T"HH24:MI:SS' as a variable, and
 * pgbench.ts refuses such a script: here the literal is split at each such colon
 * ('…HH24:' || 'MI:' || 'SS'), a constant PostgreSQL folds at planning, so the plan is the same.
 * Casts (`::`) are left alone; the product's SQL has no other colon than these.
 */
const colonsSplit = (s: Statement): Statement => ({ ...s, text: s.text.replace(/(?<!:):(?=[A-Za-z_])/g, ":' || '") });

/** List pages are 10 rows; the deep page sits at half the 100 000 dispatches. */
const DEEP_PAGE = 5000;

async function workloads(product: Product, dia: string, names: string[]): Promise<Workload[]> {
  const list = (page: object) => ({ envio: { page: { size: 10, ...page } } });
  // The screen's Next after page DEEP_PAGE: the total is known and the key of that page's last row is sent.
  const before = await post(product, '/envio/buscar', list({ number: DEEP_PAGE, contar: false }));
  const all: Record<string, () => Workload> = {
    timeline: () => ({ key: 'timeline', name: `timeline ${dia} (${MIXERS} mixers × ${POR_MIXER})`, path: '/envio/buscarEnviosxMixers', body: { envio: { env_fecha_inicio: dia } } }),
    page1: () => ({ key: 'page1', name: 'list page 1 (counted)', path: '/envio/buscar', body: list({ number: 1 }) }),
    offset: () => ({ key: 'offset', name: `list page ${DEEP_PAGE + 1} (OFFSET)`, path: '/envio/buscar', body: list({ number: DEEP_PAGE + 1, contar: false }) }),
    key: () => ({ key: 'key', name: `list page ${DEEP_PAGE + 1} (by key)`, path: '/envio/buscar',
      body: list({ number: DEEP_PAGE + 1, contar: false, despues: before.json.data?.page?.siguiente }) }),
    version: () => ({ key: 'version', name: `versionDia ${dia} (the 10 s poll)`, path: '/envio/versionDia', body: { envio: { env_fecha_inicio: dia } } }),
  };
  return names.map((n) => {
    if (!all[n]) throw new Error(`unknown workload ${n} (${Object.keys(all).join(', ')})`);
    return all[n]();
  });
}

/** A request that must answer its rows (the day's 480 blocks, a full page, a version): a wrong body must not be measured as speed. */
async function checked(product: Product, w: Workload): Promise<string> {
  const r = await post(product, w.path, w.body);
  const d = r.json.data ?? {};
  const version = typeof d.version === 'string' && d.version.length ? 1 : 0;
  const rows = w.key === 'timeline' ? (d.mixers ?? []).reduce((s, m) => s + m.envios.length, 0) : w.key === 'version' ? version : (d.page?.list?.length ?? 0);
  const full = w.key === 'timeline' ? rows === MIXERS * POR_MIXER && d.mixers?.length === MIXERS : rows > 0;
  if (r.status !== 200 || r.json.status !== 'success' || !full) {
    throw new Error(`${w.name}: HTTP ${r.status} ${r.json.message ?? ''} (${rows} rows${d.mixers ? `, ${d.mixers.length} mixers` : ''})`);
  }
  return w.key === 'timeline' ? `${d.mixers?.length} mixers, ${rows} blocks` : w.key === 'version' ? 'a version' : `${rows} rows${d.page?.total ? ` of ${d.page.total}` : ''}`;
}

async function measureRound(round: number, flags: Flags, dia: string): Promise<Measure[]> {
  const port = flags.port + round;
  progress(`round ${round}: starting ${flags.checkout} on port ${port}`);
  const product = await startProduct(flags.checkout, port, { databaseUrl: flags.databaseUrl });
  const results: Measure[] = [];
  try {
    for (const w of await workloads(product, dia, flags.workloads)) {
      const answer = await checked(product, w);
      // The second request is recorded: caches filled by the first one are then warm, as under load.
      const statements = await product.record(async () => { await checked(product, w); });
      const job = { url: `${product.base}/api${w.path}`, method: 'POST' as const, body: JSON.stringify(w.body), connections: flags.connections,
        headers: { authorization: `Bearer ${product.token}`, 'content-type': 'application/json' } };
      const loads = await runLoads(flags.load, job, flags.duration, flags.warmup, (tool) => progress(`round ${round}: ${w.name} with ${tool} (${answer}; ${statements.length} statements)`));
      let bench: PgbenchResult | null = null;
      if (statements.length) {
        const script = pgbenchScript(statements.map(colonsSplit));
        const file = `/tmp/obra-bench-envios-${w.key}.sql`;
        if (flags.warmup) await runPgbench(flags.databaseUrl, script, file, { connections: flags.connections, seconds: flags.warmup });
        bench = await runPgbench(flags.databaseUrl, script, file, { connections: flags.connections, seconds: flags.duration });
      }
      for (const { tool, load } of loads) {
        results.push({ workload: flags.load.length > 1 ? `${w.name} · ${tool}` : w.name, round, load, pgbench: bench, statements: statements.length });
      }
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
  for (const name of names) {
    const rs = results.filter((r) => r.workload === name);
    const v = rs.map((r) => r.load.rps);
    const pgb = rs.flatMap((r) => (r.pgbench ? [r.pgbench] : []));
    const bad = rs.reduce((s, r) => s + r.load.non2xx, 0);
    const errors = rs.reduce((s, r) => s + r.load.errors + (r.pgbench?.failed ?? 0), 0);
    out(`| ${name} | ${f0(median(v))} | ${f0(Math.min(...v))}–${f0(Math.max(...v))} | ${f1(median(rs.map((r) => r.load.p50)))} / ${f1(median(rs.map((r) => r.load.p95)))} | `
      + `${pgb.length ? f0(median(pgb.map((p) => p.tps))) : '—'} | ${pgb.length ? f2(median(pgb.map((p) => p.latencyMs))) : '—'} | `
      + `${pgb.length ? f2(median(v) / median(pgb.map((p) => p.tps))) : '—'} | ${rs[0].statements} | ${bad} / ${errors} |`);
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
      port: { type: 'string', default: '3340' },
      workloads: { type: 'string', default: 'timeline,page1,offset,key,version' },
      load: { type: 'string', default: hasWrk() ? 'wrk' : 'autocannon' },
      json: { type: 'string' },
    },
  });
  if (!values['database-url']) throw new Error('--database-url is required (filled by bench/generate-envios.ts)');
  return {
    databaseUrl: values['database-url'],
    checkout: resolve(values.checkout),
    rounds: Number(values.rounds),
    duration: Number(values.duration),
    warmup: Number(values.warmup),
    connections: Number(values.connections),
    port: Number(values.port),
    workloads: values.workloads.split(','),
    load: parseLoadTools(values.load),
    json: values.json,
  };
}

export async function runEnvios(argv: string[]): Promise<void> {
  const flags = parse(argv);
  const dia = await benchDay(flags.databaseUrl);
  const results: Measure[] = [];
  for (let round = 1; round <= flags.rounds; round++) results.push(...await measureRound(round, flags, dia));
  if (flags.json) writeFileSync(flags.json, `${JSON.stringify(results, null, 1)}\n`);
  out(`## envios on PostgreSQL ${flags.databaseUrl.replace(/^.*\//, '')}: ${flags.rounds} round(s), ${flags.duration} s × ${flags.connections} connections after ${flags.warmup} s warm-up, load ${flags.load.join(', ')}`);
  out();
  out(`- checkout: ${flags.checkout}; bench day ${dia}`);
  out();
  table(results);
}
