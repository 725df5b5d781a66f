/**
 * Load harness: fills (or reuses) a database, starts the real app in this process on a
 * free port, runs each workload with autocannon from a worker thread, prints a Markdown
 * table, then EXPLAINs the SQL behind the user-list workloads.
 *
 *   npm run bench -- [--scale 50000] [--duration 10] [--connections 10] [--warmup 2]
 *                    [--database-url postgres://…] [--plans]
 */
import { cpus, totalmem } from 'node:os';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { closeDeps } from '../server/src/bootstrap.ts';
import { buildApp } from '../server/src/app.ts';
import { selectRows, type Db } from '../server/src/db/client.ts';
import { countQuery, describePlan, explain, pageQuery } from './explain.ts';
import { runLoad, type LoadSummary } from './load.ts';
import { measureReport, REPORT_CASES, reportTable, type ReportRun } from './orden-reporte.ts';
import { parseFlags, prepareTarget, progress } from './setup.ts';
import { headersFor, jobFor, LOGIN_FORM, WORKLOADS, type Workload } from './workloads.ts';

const out = (line = '') => process.stdout.write(`${line}\n`);

interface Reply {
  status: number;
  body: { status?: string; message?: string; data?: Record<string, unknown> };
}

async function call(base: string, w: Workload, token: string): Promise<Reply> {
  const res = await fetch(`${base}${w.path}`, { method: 'POST', headers: headersFor(w, token), body: w.body });
  return { status: res.status, body: (await res.json()) as Reply['body'] };
}

/** One request per workload before loading it: a wrong payload must not be measured as speed. */
async function preflight(base: string, w: Workload, token: string): Promise<string> {
  const reply = await call(base, w, token);
  if (reply.status !== 200 || reply.body.status !== 'success') {
    throw new Error(`${w.name}: HTTP ${reply.status} ${reply.body.message ?? ''}`);
  }
  const data = reply.body.data ?? {};
  if (typeof data.total === 'number' && Array.isArray(data.data)) return `${data.data.length} rows of total ${data.total}`;
  return `lists: ${Object.entries(data).map(([k, v]) => `${k}=${Array.isArray(v) ? v.length : '?'}`).join(' ')}`;
}

async function adminToken(base: string): Promise<string> {
  const reply = await call(base, { name: 'login', path: '/api/oauth/token', body: LOGIN_FORM, login: true }, '');
  const token = reply.body.data?.access_token;
  if (reply.status !== 200 || typeof token !== 'string') throw new Error(`admin login failed: HTTP ${reply.status} ${reply.body.message ?? ''}`);
  return token;
}

const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : '—');

function row(w: Workload, s: LoadSummary): string {
  const name = w.fixed ? `${w.name} (${w.fixed.amount} req, ${w.fixed.connections} conn)` : w.name;
  const others = Object.entries(s.statusCodes).filter(([code]) => !code.startsWith('2')).map(([code, n]) => `${n}×${code}`);
  const non2xx = others.length ? others.join(' ') : '0';
  return `| ${name} | ${s.responses} | ${ms(s.p50)} | ${ms(s.p95)} | ${ms(s.p99)} | ${s.rps.toFixed(0)} | ${s.errors} | ${non2xx} |`;
}

async function databaseVersion(db: Db): Promise<string> {
  const [r] = await selectRows<{ v: string }>(db, sql`select current_setting('server_version') as v`);
  return r.v;
}

async function countUsers(db: Db): Promise<number> {
  const [r] = await selectRows<{ n: number }>(db, sql`select count(*)::int as n from usuario`);
  return r.n;
}

async function main(): Promise<void> {
  const flags = parseFlags(process.argv.slice(2));
  const { deps } = await prepareTarget(flags);
  const db = deps.database.db;
  const app = await buildApp(deps);
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const token = await adminToken(base);
    const notes: string[] = [];
    for (const w of WORKLOADS) {
      if (!w.login) notes.push(`${w.name}: ${await preflight(base, w, token)}`);
    }

    const results: [Workload, LoadSummary][] = [];
    for (const w of WORKLOADS) {
      if (!w.fixed && flags.warmup > 0) {
        progress(`${w.name}: warm-up ${flags.warmup} s`);
        await runLoad(jobFor(w, base, token, { duration: flags.warmup, connections: flags.connections }));
      }
      progress(`${w.name}: ${w.fixed ? `${w.fixed.amount} requests` : `${flags.duration} s`}`);
      const summary = await runLoad(jobFor(w, base, token, flags));
      results.push([w, summary]);
      const limited = summary.statusCodes['429'];
      if (w.login && limited) notes.push(`login: ${limited} of ${summary.responses} replies were 429 (route limit 60/min per address)`);
      else if (w.login && summary.non2xx === 0) notes.push(`login: all ${summary.responses} logins succeeded`);
    }

    // The streamed xlsx report, one at a time: its time and the memory of this (the server's) process.
    const reports: ReportRun[] = [];
    for (const c of REPORT_CASES) {
      progress(`orden/report ${c.name}`);
      reports.push(await measureReport(db, base, token, c));
    }

    const cpu = cpus();
    out(`## ${new Date().toISOString().slice(0, 10)} — ${deps.database.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'} ${await databaseVersion(db)}`);
    out();
    out(`- machine: ${cpu.length} × ${cpu[0]?.model.trim() ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`);
    out(`- data: ${await countUsers(db)} users (--scale ${flags.scale}); load: ${flags.duration} s per workload after ${flags.warmup} s warm-up, ${flags.connections} connections`);
    out('- latency: percentiles of the 2xx replies; req/s counts every reply');
    out();
    out('| workload | requests | p50 ms | p95 ms | p99 ms | req/s | errors | non-2xx |');
    out('|---|---:|---:|---:|---:|---:|---:|---|');
    for (const [w, s] of results) out(row(w, s));
    out();
    for (const note of notes) out(`- ${note}`);
    out();
    for (const line of reportTable(reports)) out(line);
    out();

    out('EXPLAIN (ANALYZE, BUFFERS) of the SQL behind each usuario/buscar workload:');
    out('```');
    for (const w of WORKLOADS) {
      if (!w.search) continue;
      const page = await explain(db, pageQuery(w.search));
      const count = await explain(db, countQuery(w.search));
      out(w.name);
      out(`  ${describePlan('page', page)}`);
      out(`  ${describePlan('count', count)}`);
      if (flags.plans) for (const line of [...page.lines, '', ...count.lines]) out(`    ${line}`);
    }
    out('```');
  } finally {
    await app.close();
    await closeDeps(deps);
  }
}

/** `npm run bench -- <scenario> …` runs a named scenario; without one, the full run above. */
const SCENARIOS: Record<string, () => Promise<(argv: string[]) => Promise<void>>> = {
  lists: async () => (await import('./lists.ts')).runLists,
  'report-writers': async () => (await import('./report-writers.ts')).runReportWriters,
  report: async () => (await import('./report-scenario.ts')).runReport,
  inventario: async () => (await import('./inventario.ts')).runInventario,
  envios: async () => (await import('./envios.ts')).runEnvios,
  figuras: async () => (await import('./figuras.ts')).runFiguras,
};

const [first, ...rest] = process.argv.slice(2);
const scenario = first && SCENARIOS[first];
(scenario ? scenario().then((runScenario) => runScenario(rest)) : main()).catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
});
