/**
 * Scenario `report`: the real `/orden/report` download from one or two checkouts (before / after),
 * each case on a freshly started product process (bench/product.ts), so the memory read from
 * /proc/<pid>/status (VmRSS every 10 ms during the download) is that process's alone. Rounds
 * alternate the checkouts' order; the table gives medians and after / before.
 *
 *   npm run bench -- report --database-url postgres://…/obra_bench_200k --before /tmp/h7-before [--after .] [--rounds 3]
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { downloadReport, REPORT_CASES, type ReportCase } from './orden-reporte.ts';
import { startProduct, type Target } from './product.ts';
import { median, out, progress } from './scenario.ts';

interface Measure {
  side: string;
  case: string;
  seconds: number;
  bytes: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  /** CPU seconds of the product process during the download (the rest is the database's, or waiting). */
  cpu: number;
}

/** CPU seconds used so far by the process (user + system, all its threads). */
const cpuSeconds = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};
const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1000;

async function download(base: string, token: string, pid: number, c: ReportCase): Promise<Omit<Measure, 'side' | 'case'>> {
  const rssBeforeMb = rssMb(pid);
  const cpuBefore = cpuSeconds(pid);
  let rssPeakMb = rssBeforeMb;
  const { seconds, bytes } = await downloadReport(base, token, c, () => { rssPeakMb = Math.max(rssPeakMb, rssMb(pid)); });
  return { seconds, bytes, rssBeforeMb, rssPeakMb, cpu: cpuSeconds(pid) - cpuBefore };
}

async function rowsOf(databaseUrl: string | undefined, c: ReportCase): Promise<string> {
  if (!databaseUrl) return '—';
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const r = await client.query<{ n: number }>(c.tipo === 1
      ? 'select count(*)::int as n from orden where ord_fecha_orden between $1 and $2'
      : 'select count(*)::int as n from orden o join orden_item i on i.ord_id = o.ord_id where o.ord_fecha_orden between $1 and $2', [c.desde, c.hasta]);
    return String(r.rows[0].n);
  } finally {
    await client.end();
  }
}

export async function runReport(argv: string[]): Promise<void> {
  const { values } = parseArgs({ args: argv, strict: true, options: {
    'database-url': { type: 'string' }, pglite: { type: 'string' }, before: { type: 'string' }, after: { type: 'string', default: '.' },
    rounds: { type: 'string', default: '1' }, cases: { type: 'string', default: 'q1,year,lines' }, port: { type: 'string', default: '3350' },
  } });
  if (!values['database-url'] === !values.pglite) throw new Error('give exactly one of --database-url and --pglite <data dir>');
  const target: Target = values['database-url'] ? { databaseUrl: values['database-url'] } : { dataDir: resolve(values.pglite!) };
  const sides = [...(values.before ? [{ label: 'before', checkout: resolve(values.before) }] : []), { label: 'after', checkout: resolve(values.after) }];
  const cases = values.cases.split(',').map((k) => {
    const c = REPORT_CASES.find((x) => x.key === k);
    if (!c) throw new Error(`unknown case ${k} (q1, year, lines)`);
    return c;
  });
  const results: Measure[] = [];
  for (let round = 1; round <= Number(values.rounds); round++) {
    for (const side of round % 2 ? sides : [...sides].reverse()) {
      for (const c of cases) {
        progress(`round ${round} ${side.label}: ${c.name}`);
        const product = await startProduct(side.checkout, Number(values.port) + round, target);
        try {
          results.push({ side: side.label, case: c.name, ...await download(product.base, product.token, product.pid, c) });
        } finally {
          await product.stop();
        }
      }
    }
  }
  const where = target.databaseUrl ? `PostgreSQL ${target.databaseUrl.replace(/^.*\//, '')}` : `PGlite ${target.dataDir}`;
  out(`## /orden/report on ${where}: ${values.rounds} round(s), a fresh product process per download`);
  out();
  for (const s of sides) out(`- ${s.label}: ${s.checkout}`);
  out();
  out('| report | rows | checkout | seconds (median) | range | rows/s | size MB | product CPU s | RSS before MB | RSS peak MB | growth MB (median) |');
  out('|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  const ratios: string[] = [];
  for (const c of cases) {
    const rows = await rowsOf(target.databaseUrl, c);
    const secs: Record<string, number> = {};
    for (const side of sides) {
      const rs = results.filter((r) => r.case === c.name && r.side === side.label);
      const t = rs.map((r) => r.seconds);
      secs[side.label] = median(t);
      out(`| ${c.name} | ${rows} | ${side.label} | ${median(t).toFixed(1)} | ${Math.min(...t).toFixed(1)}–${Math.max(...t).toFixed(1)} | `
        + `${rows === '—' ? '—' : (Number(rows) / median(t)).toFixed(0)} | ${(median(rs.map((r) => r.bytes)) / 1e6).toFixed(1)} | `
        + `${median(rs.map((r) => r.cpu)).toFixed(1)} | ${median(rs.map((r) => r.rssBeforeMb)).toFixed(0)} | ${median(rs.map((r) => r.rssPeakMb)).toFixed(0)} | ${median(rs.map((r) => r.rssPeakMb - r.rssBeforeMb)).toFixed(0)} |`);
    }
    if (secs.before) ratios.push(`| ${c.name} | ${(secs.after / secs.before).toFixed(2)} |`);
  }
  if (ratios.length) {
    out();
    out('| report | after / before (seconds, medians) |');
    out('|---|---:|');
    for (const r of ratios) out(r);
  }
}
