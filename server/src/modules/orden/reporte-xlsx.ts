import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { XLSX_MIME } from '../../platform/xlsx.ts';

/**
 * A report written as it is read: exceljs' streaming writer commits each row to the zip that
 * flows to the client, so memory stays flat however many rows a range holds. The first batch
 * is read before any byte is sent, so a failing query still answers the JSON envelope; after
 * that, a failure can only cut the download short (it is logged).
 */

/** How a column's cells are written: money and quantities as numbers with a fixed format, dates as dates. */
export type CellKind = 'text' | 'int' | 'money' | 'qty' | 'pct' | 'date' | 'datetime';

export interface ReportColumn<R> {
  header: string;
  width: number;
  kind: CellKind;
  value: (row: R) => string | number | null;
}

const NUM_FMT: Partial<Record<CellKind, string>> = {
  int: '0',
  money: '#,##0.00',
  qty: '#,##0.####',
  pct: '0.00',
  date: 'dd-mm-yyyy',
  datetime: 'dd-mm-yyyy hh:mm:ss',
};

/**
 * A cell from a value the database produced: NUMERIC text becomes the number it spells (the
 * nearest double prints back as the same decimal, which is what the cell stores); a `YYYY-MM-DD`
 * or Lima `YYYY-MM-DDTHH:MM:SS` becomes a date at that wall-clock time (Excel dates have no zone).
 */
function cell(kind: CellKind, v: string | number | null): ExcelJS.CellValue {
  if (v === null || v === '') return null;
  if (kind === 'date') return new Date(`${v}T00:00:00Z`);
  if (kind === 'datetime') return new Date(`${v}Z`);
  if (kind === 'text') return String(v);
  return Number(v);
}

export interface StreamedReport<R> {
  filename: string;
  sheet: string;
  columns: ReportColumn<R>[];
  /** Batches of rows, in order; the first is read before the reply starts. */
  batches: AsyncIterator<R[]>;
  /** Rows written after the data (totals), cells by column position; the first column is text. */
  footer: () => Promise<(string | number | null)[][]>;
}

/** Resolves when `stream` can take more, or when it was closed (client gone). */
async function drained(stream: PassThrough): Promise<void> {
  if (!stream.writableNeedDrain || stream.destroyed) return;
  await Promise.race([once(stream, 'drain'), once(stream, 'close')]);
}

async function writeAll<R>(report: StreamedReport<R>, first: IteratorResult<R[]>, out: PassThrough): Promise<void> {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  wb.creator = 'Obra';
  const ws = wb.addWorksheet(report.sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = report.columns.map((c, i) => ({ key: String(i), header: c.header, width: c.width, style: NUM_FMT[c.kind] ? { numFmt: NUM_FMT[c.kind] } : {} }));
  const header = ws.getRow(1);
  header.font = { bold: true, color: { argb: 'FFFFFFFF' } };
  header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF1F4E79' } };
  header.commit();

  for (let batch = first; !batch.done; batch = await report.batches.next()) {
    for (const row of batch.value) ws.addRow(report.columns.map((c) => cell(c.kind, c.value(row)))).commit();
    await drained(out);
    if (out.destroyed) return;
  }
  for (const cells of await report.footer()) {
    const row = ws.addRow(cells.map((v, i) => cell(report.columns[i].kind, v)));
    row.font = { bold: true };
    row.commit();
  }
  ws.commit();
  await wb.commit();
}

/** Sends `report` as an xlsx download, streamed; resolves once the reply has started. */
export async function sendStreamedReport<R>(reply: FastifyReply, log: FastifyBaseLogger, report: StreamedReport<R>): Promise<FastifyReply> {
  const first = await report.batches.next();
  const out = new PassThrough();
  writeAll(report, first, out).catch((err: unknown) => {
    log.error({ err }, 'no se pudo terminar el reporte');
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return reply
    .header('Content-Type', XLSX_MIME)
    .header('Content-Disposition', `attachment; filename="${report.filename}"`)
    .header('Cache-Control', 'no-store')
    .send(out);
}
