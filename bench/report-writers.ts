/**
 * Scenario `report-writers`: the same rows of `/orden/report` (the product's own batches, read
 * by id from the database) written by each candidate writer, each in a process of its own so its
 * peak RSS is its own: `none` (reading only: the database's share), `exceljs` (the writer the
 * product used until 2026-11-24: WorkbookWriter with column styles), `exceljs-tuned` (no shared
 * strings, no styles, rows committed as written), `stream` (platform/xlsx-stream, deflate level 6)
 * and `stream-1` (the same at level 1, as the product writes reports). Each file is kept under /tmp and read back with exceljs.
 *
 *   npm run bench -- report-writers --database-url postgres://…/obra_bench_200k [--tipo 1] [--desde 2025-01-01] [--hasta 2025-12-31]
 */
import { execFile } from 'node:child_process';
import { createWriteStream, statSync } from 'node:fs';
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import ExcelJS from 'exceljs';
import { openDatabase } from '../server/src/db/client.ts';
import { muestrearMemoria } from './memoria.ts';
import { withOrdenReport } from '../server/src/modules/orden/reporte.ts';
import { CELL_KINDS, writeReport, type StreamedReport } from '../server/src/platform/report-xlsx.ts';
import { XlsxStreamWriter } from '../server/src/platform/xlsx-stream.ts';

const WRITERS = ['none', 'exceljs', 'exceljs-tuned', 'stream', 'stream-1'] as const;
type Writer = (typeof WRITERS)[number];

interface Run {
  writer: Writer;
  rows: number;
  /** Reading the rows from the database (the same for every writer). */
  readSeconds: number;
  /** Writing them, from memory, to a file: wall clock and CPU of this process (all threads: zlib works off the main one). */
  seconds: number;
  cpuSeconds: number;
  bytes: number;
  rssBaseMb: number;
  rssGrowthMb: number;
  heapGrowthMb: number;
  readBack: string;
}

/** A cell for exceljs from the product's value: what the product's exceljs writer did. */
function excelCell(kind: keyof typeof CELL_KINDS, v: string | number | null): ExcelJS.CellValue {
  if (v === null || v === '') return null;
  if (kind === 'date') return new Date(`${v}T00:00:00Z`);
  if (kind === 'datetime') return new Date(`${v}Z`);
  return CELL_KINDS[kind].type === 'text' ? String(v) : Number(v);
}

/** Both exceljs variants: `styled` is the product's former writer, unstyled the tuned one. */
async function writeExcel<R>(report: StreamedReport<R>, out: PassThrough, styled: boolean): Promise<void> {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: styled, useSharedStrings: false });
  const ws = wb.addWorksheet(report.sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = report.columns.map((c, i) => ({ key: String(i), header: c.header, width: c.width,
    style: styled && CELL_KINDS[c.kind].numFmt ? { numFmt: CELL_KINDS[c.kind].numFmt } : {} }));
  if (styled) {
    const header = ws.getRow(1);
    header.font = { bold: true, color: { argb: 'FFFFFFFF' } };
    header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF1F4E79' } };
  }
  ws.getRow(1).commit();
  for (let batch = await report.batches.next(); !batch.done; batch = await report.batches.next()) {
    for (const row of batch.value) ws.addRow(report.columns.map((c) => excelCell(c.kind, c.value(row)))).commit();
  }
  for (const cells of await report.footer()) {
    const row = ws.addRow(cells.map((v, i) => excelCell(report.columns[i].kind, v)));
    if (styled) row.font = { bold: true };
    row.commit();
  }
  ws.commit();
  await wb.commit();
}

async function writeWith<R>(writer: Writer, report: StreamedReport<R>, out: PassThrough): Promise<void> {
  if (writer === 'exceljs' || writer === 'exceljs-tuned') return writeExcel(report, out, writer === 'exceljs');
  if (writer === 'stream-1') return writeReport(report, await report.batches.next(), out);
  // stream: the same writer at its default deflate level, 6.
  const xlsx = await XlsxStreamWriter.open(out, report.sheet, report.columns.map((c) => ({ header: c.header, width: c.width, ...CELL_KINDS[c.kind] })));
  for (let b = await report.batches.next(); !b.done; b = await report.batches.next()) {
    await xlsx.addRows(b.value.map((row) => report.columns.map((c) => c.value(row))));
    await xlsx.flush();
  }
  for (const cells of await report.footer()) xlsx.addRow(cells, { bold: true });
  await xlsx.close();
}

/**
 * Child side: the report's rows are read first (timed apart: the database's share), then written
 * from memory by one writer, so the writers are compared on the same rows without the noise of
 * the reads; the peak RSS growth past the loaded rows is the writer's own.
 */
async function one(writer: Writer, databaseUrl: string, tipo: number, desde: string, hasta: string, file: string): Promise<void> {
  const database = await openDatabase({ databaseUrl, poolSize: 2 });
  const f = { desde, hasta, tipos: [], centros: [], proveedor: null, categoria: null, tipo: null, scope: { kind: 'all' as const } };
  const figures = await withOrdenReport(database.db, f, tipo, async (report) => {
    let started = performance.now();
    const batches: Awaited<ReturnType<typeof report.batches.next>>[] = [];
    for (let b = await report.batches.next(); !b.done; b = await report.batches.next()) batches.push(b);
    const footer = await report.footer();
    const readSeconds = (performance.now() - started) / 1000;
    global.gc?.();
    const memoria = muestrearMemoria();
    const out = new PassThrough();
    const sink = createWriteStream(file);
    out.pipe(sink);
    let i = 0;
    const replay: StreamedReport<unknown> = { ...report, footer: async () => footer,
      batches: { next: async () => batches[i++] ?? { done: true, value: undefined } } } as StreamedReport<unknown>;
    started = performance.now();
    const cpu = process.cpuUsage();
    if (writer !== 'none') await writeWith(writer, replay, out);
    else out.end();
    await once(sink, 'close');
    const seconds = (performance.now() - started) / 1000;
    const used = process.cpuUsage(cpu);
    const cpuSeconds = (used.user + used.system) / 1e6;
    const { base, rssPeak, heapPeak } = memoria.fin();
    const rows = batches.reduce((n, b) => n + (b.value?.length ?? 0), 0);
    return { rows, readSeconds, seconds, cpuSeconds, rssBaseMb: base.rss / 1e6, rssGrowthMb: (rssPeak - base.rss) / 1e6, heapGrowthMb: (heapPeak - base.heapUsed) / 1e6 };
  });
  await database.close();
  process.stdout.write(`${JSON.stringify({ writer, ...figures, bytes: statSync(file).size })}\n`);
}

/** Reads a written file back with exceljs (a separate process: its memory is not the writer's). */
async function readBack(file: string): Promise<void> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  const ws = wb.worksheets[0];
  const last = ws.getRow(ws.rowCount).values as ExcelJS.CellValue[];
  process.stdout.write(`${ws.rowCount} rows, sheet '${ws.name}', B2 ${JSON.stringify(ws.getCell('B2').value)} (${ws.getCell('K2').numFmt ?? 'no format'}), last row starts '${String(last[1])}'\n`);
}

const run = promisify(execFile);
const SELF = fileURLToPath(import.meta.url);

export async function runReportWriters(argv: string[]): Promise<void> {
  const { values } = parseArgs({ args: argv, strict: true, options: {
    'database-url': { type: 'string' }, tipo: { type: 'string', default: '1' }, desde: { type: 'string', default: '2025-01-01' },
    hasta: { type: 'string', default: '2025-12-31' }, writers: { type: 'string', default: WRITERS.join(',') }, rounds: { type: 'string', default: '1' },
  } });
  if (!values['database-url']) throw new Error('--database-url is required');
  const runs: Run[] = [];
  for (let round = 1; round <= Number(values.rounds); round++) {
    for (const writer of values.writers.split(',') as Writer[]) {
      if (!WRITERS.includes(writer)) throw new Error(`unknown writer ${writer}`);
      const file = `/tmp/obra-report-${writer}.xlsx`;
      process.stderr.write(`· round ${round}: ${writer}\n`);
      const { stdout } = await run(process.execPath, ['--expose-gc', '--import', 'tsx', SELF, '--one', writer, values['database-url'], values.tipo, values.desde, values.hasta, file],
        { maxBuffer: 1 << 20 });
      const r = JSON.parse(stdout) as Omit<Run, 'readBack'>;
      const check = writer === 'none' ? '—' : (await run(process.execPath, ['--import', 'tsx', SELF, '--read', file], { maxBuffer: 1 << 20 })).stdout.trim();
      runs.push({ ...r, readBack: check });
    }
  }
  const out = (l = '') => process.stdout.write(`${l}\n`);
  out(`## report writers: /orden/report tipo ${values.tipo}, ${values.desde} … ${values.hasta}, ${values.rounds} round(s)`);
  out();
  out('| writer | rows | read s | write s | write CPU s | rows/s written (wall) | size MB | RSS with rows loaded MB | RSS growth writing MB | heap growth MB | read back (exceljs) |');
  out('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|');
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
  const range = (xs: number[]) => (xs.length > 1 ? ` (${Math.min(...xs).toFixed(2)}–${Math.max(...xs).toFixed(2)})` : '');
  for (const writer of [...new Set(runs.map((r) => r.writer))]) {
    const rs = runs.filter((r) => r.writer === writer);
    const m = (f: (r: Run) => number) => median(rs.map(f));
    const wall = rs.map((r) => r.seconds);
    const cpu = rs.map((r) => r.cpuSeconds);
    out(`| ${writer} | ${rs[0].rows} | ${m((r) => r.readSeconds).toFixed(2)} | ${median(wall).toFixed(2)}${range(wall)} | ${median(cpu).toFixed(2)}${range(cpu)} | `
      + `${(rs[0].rows / median(wall)).toFixed(0)} | ${(m((r) => r.bytes) / 1e6).toFixed(1)} | ${m((r) => r.rssBaseMb).toFixed(0)} | `
      + `${m((r) => r.rssGrowthMb).toFixed(0)} | ${m((r) => r.heapGrowthMb).toFixed(0)} | ${rs[rs.length - 1].readBack} |`);
  }
  out();
  out('Medians of the rounds (range in brackets); each round runs the writers in turn, each in a process of its own.');
}

if (process.argv[2] === '--one') {
  const [, , , writer, url, tipo, desde, hasta, file] = process.argv;
  await one(writer as Writer, url, Number(tipo), desde, hasta, file);
} else if (process.argv[2] === '--read') {
  await readBack(process.argv[3]);
}
