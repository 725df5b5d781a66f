import { Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { AppError, badRequest } from './errors.ts';
import type { UploadRule } from './files.ts';
import { ZipRefused, inflateZip, rebuiltZip } from './zip-limits.ts';

/**
 * Spreadsheet loads (products, employees, ...): a downloadable template, then the user's
 * file read row by row against the same columns. A load is all or nothing: one row in error
 * and nothing is written, and the reply lists every row in error by its sheet row number.
 */

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const XLSX_UPLOAD: UploadRule = {
  types: { [XLSX_MIME]: 'xlsx' },
  maxBytes: 5 * 1024 * 1024,
  typeMessage: 'El archivo debe ser una hoja de cálculo Excel (.xlsx)',
  sizeMessage: 'El archivo no debe superar 5 MB',
  missingMessage: 'Debe seleccionar un archivo',
};

/** At most this many data rows per file; larger loads are split by the user. */
export const MAX_XLSX_ROWS = 5000;

export interface XlsxColumn {
  /** Header text in the template's first row; matched ignoring case, accents and spaces. */
  header: string;
  /** Property name the cell is read into. */
  key: string;
  width?: number;
  /** Shown as a cell note on the header: what the column expects. */
  note?: string;
  /** Typed as text, so codes keep their leading zeros (DNI, phone). */
  text?: boolean;
}

export interface SheetRow {
  /** Row number as the user sees it in the spreadsheet (the header is row 1). */
  fila: number;
  values: Record<string, string>;
}

export interface RowError {
  fila: number;
  mensaje: string;
}

/** A template: the header row (bold, frozen, with notes) and a few example rows. */
export async function templateXlsx(sheetName: string, columns: XlsxColumn[], examples: Record<string, string | number>[] = []): Promise<Buffer> {
  return Buffer.from(await (await templateWorkbook(sheetName, columns, examples)).xlsx.writeBuffer());
}

/** The template's workbook, for a load that adds sheets of its own before writing it. */
/** exceljs is loaded after start-up, not during it (about a quarter of a second of CPU). */
const excel = async () => (await import('exceljs')).default;

/**
 * Loads exceljs a few seconds after the server listens: its load holds the event loop for about
 * 300 ms, which on a user's first spreadsheet would stall every other request (issue 29).
 */
export function warmSpreadsheets(delayMs = 3000) {
  setTimeout(() => void excel().catch(() => undefined), delayMs).unref();
}

export async function templateWorkbook(sheetName: string, columns: XlsxColumn[], examples: Record<string, string | number>[] = []): Promise<ExcelJS.Workbook> {
  const wb = new (await excel()).Workbook();
  wb.creator = 'Obra';
  const ws = wb.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = columns.map((c) => ({ header: c.header, key: c.key, width: c.width ?? Math.max(14, c.header.length + 4) }));
  const header = ws.getRow(1);
  header.font = { bold: true, color: { argb: 'FFFFFFFF' } };
  header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF1F4E79' } };
  columns.forEach((c, i) => {
    if (c.note) header.getCell(i + 1).note = c.note;
    if (c.text) ws.getColumn(i + 1).numFmt = '@';
  });
  for (const example of examples) ws.addRow(example);
  return wb;
}

const normalize = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/\s+/g, ' ').trim().toLowerCase();

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('').trim();
    if ('text' in value) return String(value.text).trim();
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('error' in value) return '';
    return '';
  }
  return String(value).trim();
}

const UNREADABLE = 'No se pudo leer el archivo; use la plantilla descargada';
const TOO_LARGE = 'El archivo contiene demasiados datos; divídalo en archivos más pequeños';
/** The parts of a workbook exceljs needs before a sheet to read it as it arrives. */
const WORKBOOK_PARTS = ['[Content_Types].xml', 'xl/workbook.xml', 'xl/_rels/workbook.xml.rels'];

/** The first sheet's rows, streamed: nothing is built beyond the row the caller stops at. */
async function* firstSheetRows(workbook: Buffer): AsyncGenerator<ExcelJS.Row> {
  const input = Readable.from([workbook]);
  const reader = new (await excel()).stream.xlsx.WorkbookReader(input, { sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', worksheets: 'emit', entries: 'ignore' });
  // A workbook without shared strings (inline text, numbers only) would also make exceljs park
  // each sheet in a temporary file, left behind when reading stops early: start with none.
  Object.assign(reader, { sharedStrings: [] });
  try {
    for await (const sheet of reader) {
      yield* sheet;
      return;
    }
  } finally {
    input.destroy();
  }
}

/**
 * The data rows of the first sheet, keyed by column. Refuses a file that is not a workbook,
 * inflates past the zip limits (checked while inflating), lacks a template column, has no rows
 * or more than `limit.rows` (with `limit.message`): reading stops at the first row past the
 * limit, before the rest of the sheet is read. Blank rows are skipped; no rows at all answers `emptyMessage`.
 */
export async function readXlsxRows(
  buffer: Buffer,
  columns: XlsxColumn[],
  limit = { rows: MAX_XLSX_ROWS, message: `El archivo no debe tener más de ${MAX_XLSX_ROWS} filas` },
  emptyMessage = 'El archivo no tiene filas con datos',
): Promise<SheetRow[]> {
  let workbook: Buffer;
  try {
    const entries = await inflateZip(buffer);
    // Without the parts that say where the sheets are, exceljs parks each sheet in a temporary file it never removes.
    if (!WORKBOOK_PARTS.every((part) => entries.some((e) => e.name === part && e.data.length > 0))) throw new ZipRefused('invalid');
    // What was inflated and counted, packed again; everything but the sheets first, so that no sheet waits in a file.
    workbook = await rebuiltZip(entries, (name) => !name.startsWith('xl/worksheets/'));
  } catch (err) {
    if (err instanceof ZipRefused) throw badRequest(err.reason === 'too-large' ? TOO_LARGE : UNREADABLE);
    throw err;
  }
  const rows: SheetRow[] = [];
  let position: Map<string, number> | null = null;
  try {
    for await (const row of firstSheetRows(workbook)) {
      if (!position) position = headerPositions(row, columns);
      if (row.number === 1) continue;
      const values: Record<string, string> = {};
      let blank = true;
      for (const c of columns) {
        const text = cellText(row.getCell(position.get(normalize(c.header))!).value);
        values[c.key] = text;
        if (text !== '') blank = false;
      }
      if (blank) continue;
      rows.push({ fila: row.number, values });
      if (rows.length > limit.rows) throw badRequest(limit.message);
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw badRequest(UNREADABLE);
  }
  if (!position) headerPositions(null, columns);
  if (rows.length === 0) throw badRequest(emptyMessage);
  return rows;
}

/** Where each template column sits, from the header row (row 1); a missing column is refused. */
function headerPositions(row: ExcelJS.Row | null, columns: XlsxColumn[]): Map<string, number> {
  const position = new Map<string, number>();
  if (row?.number === 1) row.eachCell((cell, col) => position.set(normalize(cellText(cell.value)), col));
  const missing = columns.filter((c) => !position.has(normalize(c.header)));
  if (missing.length > 0) {
    throw badRequest(`El archivo no tiene las columnas de la plantilla: ${missing.map((c) => c.header).join(', ')}`);
  }
  return position;
}

/**
 * Each row checked with a zod schema; an issue names the column by its template header.
 * Rows that pass come back parsed, the others as errors.
 */
export function parseRows<S extends z.ZodType>(rows: SheetRow[], schema: S, columns: XlsxColumn[]) {
  const headerOf = new Map(columns.map((c) => [c.key, c.header]));
  const valid: { fila: number; value: z.output<S> }[] = [];
  const errors: RowError[] = [];
  for (const row of rows) {
    const parsed = schema.safeParse(row.values);
    if (parsed.success) {
      valid.push({ fila: row.fila, value: parsed.data });
      continue;
    }
    for (const issue of parsed.error.issues) {
      const column = headerOf.get(String(issue.path[0] ?? ''));
      errors.push({ fila: row.fila, mensaje: column ? `${column}: ${issue.message}` : issue.message });
    }
  }
  return { valid, errors };
}

/** The refusal of a load with rows in error: 400, every row listed in `data.errores`, in row order. */
export function rowsInError(errors: RowError[]) {
  const sorted = [...errors].sort((a, b) => a.fila - b.fila);
  const filas = new Set(sorted.map((e) => e.fila)).size;
  return badRequest(`El archivo tiene errores en ${filas} ${filas === 1 ? 'fila' : 'filas'}; no se cargó ningún registro`, { errores: sorted });
}

/** Sends a workbook as a download. */
export function sendXlsx(reply: FastifyReply, filename: string, buffer: Buffer) {
  return reply
    .header('Content-Type', XLSX_MIME)
    .header('Content-Disposition', `attachment; filename="${filename}"`)
    .send(buffer);
}
