import { PassThrough } from 'node:stream';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { XLSX_MIME } from './xlsx.ts';
import { XlsxStreamWriter, type XlsxCellType } from './xlsx-stream.ts';

/**
 * A report written as it is read: each batch of rows becomes SpreadsheetML and leaves, deflated,
 * before the next batch is read (platform/xlsx-stream), so memory stays flat however many rows a
 * range holds. The first batch is read before any byte is sent, so a failing query still answers
 * the JSON envelope; after that, a failure can only cut the download short (it is logged).
 */

/** How a column's cells are written: money and quantities as numbers with a fixed format, dates as dates. */
export type CellKind = 'text' | 'int' | 'money' | 'qty' | 'pct' | 'date' | 'datetime';

export interface ReportColumn<R> {
  header: string;
  width: number;
  kind: CellKind;
  /** NUMERIC text stays text here: the cell holds the number it spells. */
  value: (row: R) => string | number | null;
}

/**
 * Cell type and format of each kind. A `YYYY-MM-DD` or Lima `YYYY-MM-DDTHH:MM:SS` becomes a date at
 * that wall-clock time (Excel dates have no zone).
 */
export const CELL_KINDS: Record<CellKind, { type: XlsxCellType; numFmt?: string }> = {
  text: { type: 'text' },
  int: { type: 'number', numFmt: '0' },
  money: { type: 'number', numFmt: '#,##0.00' },
  qty: { type: 'number', numFmt: '#,##0.####' },
  pct: { type: 'number', numFmt: '0.00' },
  date: { type: 'date', numFmt: 'dd/mm/yyyy' },
  datetime: { type: 'date', numFmt: 'dd/mm/yyyy hh:mm:ss' },
};

/**
 * Deflate level 1: a year of orders is as large as the former exceljs file (17.6 against 17.4 MB)
 * for a third less of the writer's CPU than level 6 (13.7 MB); the download is CPU-bound, not
 * network-bound, on the 2-core server (bench/RESULTS.md, 2026-11-24).
 */
const DEFLATE_LEVEL = 1;

export interface StreamedReport<R> {
  filename: string;
  sheet: string;
  columns: ReportColumn<R>[];
  /** Batches of rows, in order; the first is read before the reply starts. */
  batches: AsyncIterator<R[]>;
  /** Rows written after the data (totals), cells by column position; the first column is text. */
  footer: () => Promise<(string | number | null)[][]>;
}

/** Writes the whole report onto `out`, the first batch already read; stops if the client leaves. */
export async function writeReport<R>(report: StreamedReport<R>, first: IteratorResult<R[]>, out: PassThrough): Promise<void> {
  const xlsx = await XlsxStreamWriter.open(out, report.sheet, report.columns.map((c) => ({ header: c.header, width: c.width, ...CELL_KINDS[c.kind] })), { level: DEFLATE_LEVEL });
  const values = report.columns.map((c) => c.value);
  try {
    for (let batch = first; !batch.done; batch = await report.batches.next()) {
      await xlsx.addRowsOf(batch.value, values);
      await xlsx.flush();
      if (out.destroyed) {
        xlsx.destroy();
        return;
      }
    }
    for (const cells of await report.footer()) xlsx.addRow(cells, { bold: true });
    await xlsx.close();
  } catch (err) {
    xlsx.destroy();
    throw err;
  }
}

/** Sends `report` as an xlsx download, streamed; resolves once the reply has started. */
export async function sendStreamedReport<R>(reply: FastifyReply, log: FastifyBaseLogger, report: StreamedReport<R>): Promise<FastifyReply> {
  const first = await report.batches.next();
  const out = new PassThrough();
  writeReport(report, first, out).catch((err: unknown) => {
    log.error({ err }, 'no se pudo terminar el reporte');
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return reply
    .header('Content-Type', XLSX_MIME)
    .header('Content-Disposition', `attachment; filename="${report.filename}"`)
    .header('Cache-Control', 'no-store')
    .send(out);
}
