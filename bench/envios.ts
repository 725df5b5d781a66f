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
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { BENCH_MIXER, MIXERS, POR_MIXER } from './generate-envios.ts';
import { colonsSplit, pgbenchScript } from './pgbench.ts';
import type { Product } from './product.ts';
import {
  describeRounds, measureTable, measureWorkload, out, post, progress, scenarioFlags, scenarioOptions, withProduct, writeJson,
  type CheckoutFlags, type Measure, type Workload,
} from './scenario.ts';
import { hasWrk, parseLoadTools } from './wrk.ts';

interface Data {
  page?: { list?: unknown[]; total?: number; siguiente?: string };
  mixers?: { envios: unknown[] }[];
  version?: string;
}
type Reply = { status?: string; message?: string; data?: Data };

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

/** List pages are 10 rows; the deep page sits at half the 100 000 dispatches. */
const DEEP_PAGE = 5000;

async function workloads(product: Product, dia: string, names: string[]): Promise<Workload[]> {
  const list = (page: object) => ({ envio: { page: { size: 10, ...page } } });
  // The screen's Next after page DEEP_PAGE: the total is known and the key of that page's last row is sent.
  const before = await post<Reply>(product, '/envio/buscar', JSON.stringify(list({ number: DEEP_PAGE, contar: false })));
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
  const r = await post<Reply>(product, w.path, JSON.stringify(w.body));
  const d = r.json.data ?? {};
  const version = typeof d.version === 'string' && d.version.length ? 1 : 0;
  const rows = w.key === 'timeline' ? (d.mixers ?? []).reduce((s, m) => s + m.envios.length, 0) : w.key === 'version' ? version : (d.page?.list?.length ?? 0);
  const full = w.key === 'timeline' ? rows === MIXERS * POR_MIXER && d.mixers?.length === MIXERS : rows > 0;
  if (r.status !== 200 || r.json.status !== 'success' || !full) {
    throw new Error(`${w.name}: HTTP ${r.status} ${r.json.message ?? ''} (${rows} rows${d.mixers ? `, ${d.mixers.length} mixers` : ''})`);
  }
  return w.key === 'timeline' ? `${d.mixers?.length} mixers, ${rows} blocks` : w.key === 'version' ? 'a version' : `${rows} rows${d.page?.total ? ` of ${d.page.total}` : ''}`;
}

async function measureRound(round: number, flags: CheckoutFlags, dia: string): Promise<Measure[]> {
  return withProduct(round, flags, async (product) => {
    const results: Measure[] = [];
    for (const w of await workloads(product, dia, flags.workloads)) {
      const answer = await checked(product, w);
      // The second request is recorded: caches filled by the first one are then warm, as under load.
      const statements = await product.record(async () => { await checked(product, w); });
      const script = statements.length ? pgbenchScript(statements.map(colonsSplit)) : null;
      results.push(...await measureWorkload(product, w, round, flags, { statements: statements.length, script, file: `/tmp/obra-bench-envios-${w.key}.sql` },
        (tool) => progress(`round ${round}: ${w.name} with ${tool} (${answer}; ${statements.length} statements)`)));
    }
    return results;
  });
}

function parse(argv: string[]): CheckoutFlags {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      checkout: { type: 'string', default: '.' },
      ...scenarioOptions({ rounds: '3', port: '3340', workloads: 'timeline,page1,offset,key,version' }),
      load: { type: 'string', default: hasWrk() ? 'wrk' : 'autocannon' },
    },
  });
  if (!values['database-url']) throw new Error('--database-url is required (filled by bench/generate-envios.ts)');
  return { databaseUrl: values['database-url'], checkout: resolve(values.checkout), ...scenarioFlags(values, parseLoadTools(values.load)) };
}

export async function runEnvios(argv: string[]): Promise<void> {
  const flags = parse(argv);
  const dia = await benchDay(flags.databaseUrl);
  const results: Measure[] = [];
  for (let round = 1; round <= flags.rounds; round++) results.push(...await measureRound(round, flags, dia));
  writeJson(flags.json, results);
  out(`## envios on PostgreSQL ${flags.databaseUrl.replace(/^.*\//, '')}: ${describeRounds(flags)}, load ${flags.load.join(', ')}`);
  out();
  out(`- checkout: ${flags.checkout}; bench day ${dia}`);
  out();
  measureTable(results);
}
