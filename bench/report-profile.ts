/**
 * The report's whole path in one process, without HTTP: the product's batches (query, rows) written by the
 * product's writer onto a sink that drops the bytes. Prints seconds, CPU, peak RSS and heap, and the time
 * spent waiting for batches (the database's share, plus decoding in node-postgres) against writing.
 *
 *   node --import tsx bench/report-profile.ts <database url> [tipo 1|2] [desde] [hasta]   (add --cpu-prof to profile)
 */
import { Writable } from 'node:stream';
import { PassThrough } from 'node:stream';
import { openDatabase } from '../server/src/db/client.ts';
import { muestrearMemoria } from './memoria.ts';
import { withOrdenReport } from '../server/src/modules/orden/reporte.ts';
import { writeReport, type StreamedReport } from '../server/src/platform/report-xlsx.ts';

const [url, tipo = '1', desde = '2025-01-01', hasta = '2025-12-31'] = process.argv.slice(2);
const database = await openDatabase({ databaseUrl: url, poolSize: 4 });
const f = { desde, hasta, tipos: [], centros: [], proveedor: null, categoria: null, tipo: null, scope: { kind: 'all' as const } };
const memoria = muestrearMemoria();
let bytes = 0;
let rows = 0;
let waiting = 0;
const started = performance.now();
const cpu = process.cpuUsage();
await withOrdenReport(database.db, f, Number(tipo), async (report) => {
  const inner = report.batches;
  const timed: AsyncIterator<unknown[]> = {
    next: async () => {
      const t = performance.now();
      const b = await inner.next();
      waiting += performance.now() - t;
      if (!b.done) rows += b.value.length;
      return b;
    },
  };
  const out = new PassThrough();
  const sink = new Writable({ write(chunk: Buffer, _e, cb) { bytes += chunk.length; cb(); } });
  out.pipe(sink);
  const r = { ...report, batches: timed } as StreamedReport<unknown>;
  await writeReport(r, await r.batches.next(), out);
  await new Promise((resolve) => sink.on('finish', resolve));
});
const seconds = (performance.now() - started) / 1000;
const used = process.cpuUsage(cpu);
const { base, rssPeak, heapPeak } = memoria.fin();
await database.close();
process.stdout.write(`${JSON.stringify({ tipo, rows, seconds: +seconds.toFixed(2), waitingBatches: +(waiting / 1000).toFixed(2), cpu: +((used.user + used.system) / 1e6).toFixed(2),
  mb: +(bytes / 1e6).toFixed(1), rssBase: Math.round(base.rss / 1e6), rssGrowth: Math.round((rssPeak - base.rss) / 1e6), heapGrowth: Math.round((heapPeak - base.heapUsed) / 1e6) })}\n`);
