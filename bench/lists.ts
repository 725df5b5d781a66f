/**
 * Scenario `lists`: the order list (`/orden/get-orden-list`), or with `--list <name>` another list
 * as its screen calls it (list-workloads.ts LISTS: sales orders, dispatches, cash boxes, requests,
 * transfers, the supplier's orders, e-vouchers), on one database, for one or two
 * checkouts of the product (before / after), each started as its own process (bench/product.ts).
 * Per round and checkout: for each workload, one recorded request gives its SQL, then the product
 * is loaded (autocannon in a worker thread) and, on PostgreSQL, pgbench runs the same SQL with the
 * same connections right after, then a bare Node server (bench/bare-node-server.ts: node:http,
 * node-postgres, JSON, nothing else) serves the same SQL under the same load, so each figure has
 * two limits beside it: the database alone, and what any Node server gets on this machine. Rounds alternate the order
 * of the checkouts (B A, A B, …) so machine noise falls on both; the tables give medians.
 *
 *   npm run bench -- lists --database-url postgres://…/obra_bench_200k [--before /tmp/h7-before] [--after .]
 *   npm run bench -- lists --pglite bench/.data/pglite-50000 --workloads page1,key
 *   npm run bench -- lists --list caja --database-url postgres://…/obra_bench_listas --rounds 3
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import type { LoadSummary } from './load.ts';
import { startBareNode } from './bare-node.ts';
import { hasWrk, parseLoadTools, runLoads, type LoadTool } from './wrk.ts';
import { colonsSplit, measurePgbench, pgbenchScript, type PgbenchResult } from './pgbench.ts';
import { login, startProduct, type Product, type Target } from './product.ts';
import { LISTS, listWorkloads, namedListWorkloads, type ListDef, type ListWorkload } from './list-workloads.ts';
import {
  describeRounds, f0, f2, median, out, post, productJob, progress, scenarioFlags, scenarioOptions, writeJson, type Measure, type ScenarioFlags,
} from './scenario.ts';

interface Side {
  label: 'before' | 'after';
  checkout: string;
}

/** A scenario measure, with its checkout and the bare Node server's figures. */
interface ListMeasure extends Measure {
  side: Side['label'];
  /** The bare Node server on the same SQL, same load tool (PostgreSQL only). */
  bare: LoadSummary | null;
}

const YEAR = 2026;
const LIST = '/orden/get-orden-list';

/** Rows of the list's default filter (this year), read straight from the database. */
async function yearRows(target: Target, product: Product): Promise<number> {
  if (target.databaseUrl) {
    const client = new pg.Client({ connectionString: target.databaseUrl });
    await client.connect();
    try {
      const r = await client.query<{ n: number }>('select count(*)::int as n from orden where ord_anio = $1', [YEAR]);
      return r.rows[0].n;
    } finally {
      await client.end();
    }
  }
  // PGlite is open in the product's process only: ask the product for the exact count (a checkout
  // with capped counts would otherwise answer 10 000 and the deep page would not be deep).
  const r = await post<{ data: { total: number } }>(product, LIST, JSON.stringify({ year: YEAR, start: 0, length: 10, exacto: true }));
  return Number(r.json.data.total);
}

async function measureSide(side: Side, round: number, target: Target, flags: Flags, port: number): Promise<ListMeasure[]> {
  progress(`round ${round} ${side.label}: starting ${side.checkout} on port ${port}`);
  const started = await startProduct(side.checkout, port, target);
  const results: ListMeasure[] = [];
  try {
    const def = flags.def;
    const path = def?.path ?? LIST;
    // The list's own caller (the supplier's orders: the supplier's user), else the admin.
    const product: Product = def?.user ? { ...started, token: await login(started.base, def.user) } : started;
    let workloads: ListWorkload[];
    if (def) {
      const named = await namedListWorkloads(def, async (body) => (await post<{ data?: unknown }>(product, path, JSON.stringify(body))).json.data, flags.workloads);
      flags.rows = named[0]?.rows;
      progress(`${flags.list}: ${def.screen}; ${flags.rows} rows in the default filter`);
      workloads = named;
    } else {
      workloads = await listWorkloads({ product, year: YEAR, rows: await yearRows(target, product), names: flags.workloads });
    }
    for (const w of workloads) {
      // The second request is recorded: caches filled by the first one are then warm, as under load.
      await checked(product, path, w, def);
      const statements = await product.record(async () => { await checked(product, path, w, def); });
      const job = productJob(product, path, w.body, flags.connections);
      const loads = await runLoads(flags.load, job, flags.duration, flags.warmup, (tool) => progress(`round ${round} ${side.label}: ${w.name} with ${tool} (${statements.length} statements)`));
      let bench: PgbenchResult | null = null;
      if (target.databaseUrl && statements.length) {
        const script = pgbenchScript(statements.map(colonsSplit));
        bench = await measurePgbench(target.databaseUrl, script, `/tmp/obra-bench-${port}-${side.label}-${w.key}.sql`, flags);
      }
      const bare = new Map<LoadTool, LoadSummary>();
      if (target.databaseUrl && statements.length) {
        const server = await startBareNode(statements, port + flags.bareOffset, target.databaseUrl, flags.connections);
        try {
          const job = { url: server.url, method: 'POST' as const, body: w.body, connections: flags.connections, headers: { 'content-type': 'application/json' } };
          for (const r of await runLoads(flags.load, job, flags.duration, flags.warmup, (tool) => progress(`round ${round} ${side.label}: ${w.name}, bare Node with ${tool}`))) bare.set(r.tool, r.load);
        } finally {
          await server.stop();
        }
      }
      for (const { tool, load } of loads) {
        const workload = flags.load.length > 1 ? `${w.name} · ${tool}` : w.name;
        results.push({ side: side.label, workload, round, load, pgbench: bench, bare: bare.get(tool) ?? null, statements: statements.length });
      }
    }
  } finally {
    await started.stop();
  }
  return results;
}

/** A request that must answer a full page: a wrong body must not be measured as speed. */
async function checked(product: Product, path: string, w: ListWorkload, def?: ListDef): Promise<void> {
  const r = await post<{ status?: string; message?: string; data?: { data?: unknown[] } }>(product, path, w.body);
  const page = def ? def.page(r.json.data).rows : r.json.data?.data;
  if (r.status !== 200 || r.json.status !== 'success' || !Array.isArray(page) || page.length === 0) {
    throw new Error(`${w.name}: HTTP ${r.status} ${r.json.message ?? ''} (${Array.isArray(page) ? page.length : 'no'} rows)`);
  }
}

function table(results: ListMeasure[], sides: Side[]): void {
  const names = [...new Set(results.map((r) => r.workload))];
  out('| workload | checkout | req/s (median) | req/s range | p50 / p95 ms | pgbench tps (median) | product / pgbench | bare Node req/s (median) | bare Node / pgbench | product / bare Node | statements | non-2xx / errors |');
  out('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  const rps: Record<string, number> = {};
  for (const name of names) {
    for (const side of sides) {
      const rs = results.filter((r) => r.workload === name && r.side === side.label);
      if (!rs.length) continue;
      const v = rs.map((r) => r.load.rps);
      const pgb = rs.flatMap((r) => (r.pgbench ? [r.pgbench.tps] : []));
      const bare = rs.flatMap((r) => (r.bare ? [r.bare.rps] : []));
      const ratio = (a: number[], b: number[]) => (a.length && b.length ? f2(median(a) / median(b)) : '—');
      rps[`${side.label}|${name}`] = median(v);
      const bad = rs.reduce((s, r) => s + r.load.non2xx, 0);
      const errors = rs.reduce((s, r) => s + r.load.errors + (r.pgbench?.failed ?? 0) + (r.bare ? r.bare.errors + r.bare.non2xx : 0), 0);
      out(`| ${name} | ${side.label} | ${f0(median(v))} | ${f0(Math.min(...v))}–${f0(Math.max(...v))} | `
        + `${f0(median(rs.map((r) => r.load.p50)))} / ${f0(median(rs.map((r) => r.load.p95)))} | `
        + `${pgb.length ? f0(median(pgb)) : '—'} | ${ratio(v, pgb)} | ${bare.length ? f0(median(bare)) : '—'} | ${ratio(bare, pgb)} | ${ratio(v, bare)} | `
        + `${rs[0].statements} | ${bad} / ${errors} |`);
    }
  }
  if (sides.length === 2) {
    out();
    out('| workload | after / before (req/s medians) |');
    out('|---|---:|');
    for (const name of names) {
      const b = rps[`before|${name}`];
      const a = rps[`after|${name}`];
      if (a && b) out(`| ${name} | ${f2(a / b)} |`);
    }
  }
}

interface Flags extends ScenarioFlags {
  target: Target;
  sides: Side[];
  /** The list measured: 'orden' (the order list and its workloads above), or a name of list-workloads.ts LISTS. */
  list: string;
  def?: ListDef;
  /** Rows of a named list's default filter, as its first page counted them exactly. */
  rows?: number;
  /** The bare Node server listens on the product's port plus this (`--bare-offset`, 100 by default). */
  bareOffset: number;
}

function parse(argv: string[]): Flags {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      pglite: { type: 'string' },
      before: { type: 'string' },
      after: { type: 'string', default: '.' },
      ...scenarioOptions({ rounds: '1', port: '3310', workloads: '' }),
      load: { type: 'string', default: hasWrk() ? 'wrk' : 'autocannon' },
      list: { type: 'string', default: 'orden' },
      'bare-offset': { type: 'string', default: '100' },
    },
  });
  const list = values.list;
  if (list !== 'orden' && !LISTS[list]) throw new Error(`unknown list ${list} (orden, ${Object.keys(LISTS).join(', ')})`);
  // The order list's workloads by default; another list's page 1 and next page.
  values.workloads ||= list === 'orden' ? 'page1,offset,key,search' : 'page1,key';
  if (!values['database-url'] === !values.pglite) throw new Error('give exactly one of --database-url and --pglite <data dir>');
  const sides: Side[] = [
    ...(values.before ? [{ label: 'before' as const, checkout: resolve(values.before) }] : []),
    { label: 'after', checkout: resolve(values.after) },
  ];
  return {
    target: values['database-url'] ? { databaseUrl: values['database-url'] } : { dataDir: resolve(values.pglite!) },
    sides,
    list,
    def: list === 'orden' ? undefined : LISTS[list],
    bareOffset: Number(values['bare-offset']),
    ...scenarioFlags(values, parseLoadTools(values.load)),
  };
}

export async function runLists(argv: string[]): Promise<void> {
  const flags = parse(argv);
  const results: ListMeasure[] = [];
  for (let round = 1; round <= flags.rounds; round++) {
    const order = round % 2 ? flags.sides : [...flags.sides].reverse();
    for (const side of order) results.push(...await measureSide(side, round, flags.target, flags, flags.port + round));
  }
  writeJson(flags.json, results);
  const where = flags.target.databaseUrl ? `PostgreSQL ${flags.target.databaseUrl.replace(/^.*\//, '')}` : `PGlite ${flags.target.dataDir}`;
  const which = flags.def ? `${flags.list} (${flags.def.path})` : 'orden';
  out(`## lists: ${which} on ${where}: ${describeRounds(flags)}, HTTP load by ${flags.load.join(' and ')}`);
  out();
  for (const s of flags.sides) out(`- ${s.label}: ${s.checkout}`);
  if (flags.def) out(`- screen: ${flags.def.screen}${flags.def.user ? '' : ', as admin@andina.pe'}; ${flags.rows} rows in the default filter`);
  out();
  table(results, flags.sides);
}
