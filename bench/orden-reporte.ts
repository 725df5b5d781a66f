/**
 * The order report (`POST /orden/report`, streamed xlsx) over a quarter and a year of the
 * generated orders: time to the last byte, size, and the memory of this process while it runs.
 * The server runs in this process (bench/run.ts), so `process.memoryUsage()` sampled every
 * 10 ms during the download is the server's memory (on PGlite, the embedded database's WASM
 * heap is part of it). The client here reads the stream and keeps only a byte count, so it adds
 * nothing of its own. Flat memory shows as the same growth for a quarter and for a year.
 */
import { sql } from 'drizzle-orm';
import { selectRows, type Db } from '../server/src/db/client.ts';

export interface ReportRun {
  name: string;
  rows: number;
  seconds: number;
  bytes: number;
  rssBefore: number;
  rssPeak: number;
  heapPeak: number;
}

/** One report download: `key` names it on the command line of the `report` scenario (bench/report-scenario.ts). */
export interface ReportCase {
  key: string;
  name: string;
  tipo: 1 | 2;
  desde: string;
  hasta: string;
}

export const REPORT_CASES: ReportCase[] = [
  { key: 'q1', name: 'tipo 1, Q1 2025', tipo: 1, desde: '2025-01-01', hasta: '2025-03-31' },
  { key: 'year', name: 'tipo 1, year 2025', tipo: 1, desde: '2025-01-01', hasta: '2025-12-31' },
  { key: 'lines', name: 'tipo 2, year 2025', tipo: 2, desde: '2025-01-01', hasta: '2025-12-31' },
];

async function rowsOf(db: Db, c: ReportCase): Promise<number> {
  const [{ n }] = await selectRows<{ n: number }>(db, c.tipo === 1
    ? sql`select count(*)::int as n from orden where ord_fecha_orden between ${c.desde} and ${c.hasta}`
    : sql`select count(*)::int as n from orden o join orden_item i on i.ord_id = o.ord_id where o.ord_fecha_orden between ${c.desde} and ${c.hasta}`);
  return n;
}

/**
 * Downloads the report of case `c` from the product at `base`, reading the stream and keeping only its
 * byte count; `sample` runs every 10 ms meanwhile (the memory readings). Seconds to the last byte, and bytes.
 */
export async function downloadReport(base: string, token: string, c: ReportCase, sample: () => void): Promise<{ seconds: number; bytes: number }> {
  const sampler = setInterval(sample, 10);
  const started = performance.now();
  try {
    const res = await fetch(`${base}/api/orden/report`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ fecha_inicio: c.desde, fecha_fin: c.hasta, tipo_reporte: c.tipo }),
    });
    if (res.status !== 200 || !res.body) throw new Error(`${c.name}: HTTP ${res.status} ${await res.text()}`);
    let bytes = 0;
    const reader = res.body.getReader();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) bytes += chunk.value.byteLength;
    return { seconds: (performance.now() - started) / 1000, bytes };
  } finally {
    clearInterval(sampler);
  }
}

export async function measureReport(db: Db, base: string, token: string, c: ReportCase): Promise<ReportRun> {
  const rows = await rowsOf(db, c);
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  let heapPeak = process.memoryUsage().heapUsed;
  const { seconds, bytes } = await downloadReport(base, token, c, () => {
    const m = process.memoryUsage();
    rssPeak = Math.max(rssPeak, m.rss);
    heapPeak = Math.max(heapPeak, m.heapUsed);
  });
  return { name: c.name, rows, seconds, bytes, rssBefore, rssPeak, heapPeak };
}

const mb = (b: number) => (b / 1e6).toFixed(0);

export function reportTable(runs: ReportRun[]): string[] {
  return [
    '| /orden/report | rows | seconds | rows/s | size MB | RSS before MB | RSS peak MB | growth MB | heap peak MB |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...runs.map((r) => `| ${r.name} | ${r.rows} | ${r.seconds.toFixed(1)} | ${(r.rows / r.seconds).toFixed(0)} | ${(r.bytes / 1e6).toFixed(1)} | `
      + `${mb(r.rssBefore)} | ${mb(r.rssPeak)} | ${mb(r.rssPeak - r.rssBefore)} | ${mb(r.heapPeak)} |`),
  ];
}
