/**
 * What the load scenarios on a product started as its own process (`envios`, `inventario`, `lists`)
 * have in common: the report on stdout and progress on stderr, their shared flags, a request to the
 * product, one workload's measure (the HTTP load with the load tools of wrk.ts, then pgbench on the
 * recorded SQL) and the table of medians over the rounds.
 */
import { writeFileSync } from 'node:fs';
import type { LoadJob, LoadSummary } from './load.ts';
import { measurePgbench, type PgbenchResult } from './pgbench.ts';
import { startProduct, type Product } from './product.ts';
import { runLoads, type LoadTool } from './wrk.ts';

/** A line of the report, on stdout. */
export const out = (line = '') => process.stdout.write(`${line}\n`);
/** A progress line, on stderr. */
export const progress = (line: string) => process.stderr.write(`· ${line}\n`);

/** One workload: a POST of `body` to the product's `/api<path>`. */
export interface Workload {
  key: string;
  name: string;
  path: string;
  body: object;
}

/** One workload's figures in one round, with one load tool. */
export interface Measure {
  workload: string;
  round: number;
  load: LoadSummary;
  pgbench: PgbenchResult | null;
  statements: number;
}

/** The flags every load scenario takes (`scenarioOptions`), read by `scenarioFlags` (all but `--database-url`). */
export interface ScenarioFlags {
  rounds: number;
  duration: number;
  warmup: number;
  connections: number;
  port: number;
  workloads: string[];
  /** The HTTP load generators, each run in turn on every workload (wrk when installed, else autocannon). */
  load: LoadTool[];
  json?: string;
}

/** The flags of a scenario on one checkout and one PostgreSQL database (`envios`, `inventario`). */
export interface CheckoutFlags extends ScenarioFlags {
  databaseUrl: string;
  checkout: string;
}

/** The `parseArgs` options of the shared flags (`--database-url` and all but `--load`), with the scenario's defaults. */
export function scenarioOptions(defaults: { rounds: string; port: string; workloads: string }) {
  return {
    'database-url': { type: 'string' },
    rounds: { type: 'string', default: defaults.rounds },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '10' },
    port: { type: 'string', default: defaults.port },
    workloads: { type: 'string', default: defaults.workloads },
    json: { type: 'string' },
  } as const;
}

type SharedValues = Record<'rounds' | 'duration' | 'warmup' | 'connections' | 'port' | 'workloads', string> & { json?: string };

/** The shared flags' values, parsed with `scenarioOptions`, as numbers and lists. */
export function scenarioFlags(values: SharedValues, load: LoadTool[]): ScenarioFlags {
  return {
    rounds: Number(values.rounds),
    duration: Number(values.duration),
    warmup: Number(values.warmup),
    connections: Number(values.connections),
    port: Number(values.port),
    workloads: values.workloads.split(','),
    load,
    json: values.json,
  };
}

/** The line that says how the rounds were loaded: `3 round(s), 10 s × 10 connections after 2 s warm-up`. */
export const describeRounds = (flags: ScenarioFlags) =>
  `${flags.rounds} round(s), ${flags.duration} s × ${flags.connections} connections after ${flags.warmup} s warm-up`;

/** Writes every measure to the `--json` file, when one is given. */
export function writeJson(file: string | undefined, results: object[]): void {
  if (file) writeFileSync(file, `${JSON.stringify(results, null, 1)}\n`);
}

const productHeaders = (product: Product) => ({ authorization: `Bearer ${product.token}`, 'content-type': 'application/json' });

/** POSTs `body` (JSON text) to the product's `/api<path>` as its admin; the status and the parsed reply. */
export async function post<J>(product: Product, path: string, body: string): Promise<{ status: number; json: J }> {
  const res = await fetch(`${product.base}/api${path}`, { method: 'POST', headers: productHeaders(product), body });
  return { status: res.status, json: (await res.json()) as J };
}

/** The load job of a POST of `body` (JSON text) to the product's `/api<path>` as its admin. */
export const productJob = (product: Product, path: string, body: string, connections: number): Omit<LoadJob, 'duration'> => ({
  url: `${product.base}/api${path}`, method: 'POST', body, connections, headers: productHeaders(product),
});

/** Starts the product of `flags.checkout` for round `round` (port `flags.port + round`), runs `use` with it, then stops it. */
export async function withProduct<T>(round: number, flags: CheckoutFlags, use: (product: Product) => Promise<T>): Promise<T> {
  const port = flags.port + round;
  progress(`round ${round}: starting ${flags.checkout} on port ${port}`);
  const product = await startProduct(flags.checkout, port, { databaseUrl: flags.databaseUrl });
  try {
    return await use(product);
  } finally {
    await product.stop();
  }
}

/**
 * Loads workload `w` with each tool of `flags.load` (a warm-up first when asked; `started` is told which
 * tool starts), then runs pgbench on `sql.script`, the pgbench script of its recorded statements (none:
 * no pgbench), with the same connections and seconds, written to `sql.file`: one measure per load tool.
 */
export async function measureWorkload(product: Product, w: Workload, round: number, flags: CheckoutFlags,
  sql: { statements: number; script: string | null; file: string }, started: (tool: LoadTool) => void): Promise<Measure[]> {
  const job = productJob(product, w.path, JSON.stringify(w.body), flags.connections);
  const loads = await runLoads(flags.load, job, flags.duration, flags.warmup, started);
  const bench = sql.script === null ? null : await measurePgbench(flags.databaseUrl, sql.script, sql.file, flags);
  return loads.map(({ tool, load }) => ({
    workload: flags.load.length > 1 ? `${w.name} · ${tool}` : w.name, round, load, pgbench: bench, statements: sql.statements,
  }));
}

/** The median (the mean of the two middle values for an even count). */
export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
/** A number with no decimals. */
export const f0 = (v: number) => v.toFixed(0);
/** A number with one decimal. */
export const f1 = (v: number) => v.toFixed(1);
/** A number with two decimals. */
export const f2 = (v: number) => v.toFixed(2);

/** The table of `measureWorkload`'s figures, a row per workload: medians over the rounds, product beside pgbench. */
export function measureTable(results: Measure[]): void {
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
