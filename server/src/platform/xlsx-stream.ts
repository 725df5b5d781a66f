import type { Writable } from 'node:stream';
import { ZipWriter, type ZipPart } from './zip-stream.ts';

/**
 * A one-sheet xlsx written row by row onto a stream (SpreadsheetML over platform/zip-stream):
 * each row becomes its XML text at once and leaves, deflated, when `flush()` is called, so the
 * memory is one batch of rows whatever the number of rows. Built for large downloads (the order
 * reports): strings inline (no shared-strings table to keep), one style per column and row kind
 * (no style per cell), a frozen header row in the company's colours.
 */

/** How a column's values are written: text, a number from its decimal text, or a date from `YYYY-MM-DD[THH:MM:SS]`. */
export type XlsxCellType = 'text' | 'number' | 'date';

export interface XlsxStreamColumn {
  header: string;
  width: number;
  type: XlsxCellType;
  /** Excel number format of the column's cells ('#,##0.00', 'dd-mm-yyyy' …). */
  numFmt?: string;
}

export type XlsxCell = string | number | null;

const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
/**
 * What text needs changed to sit in XML: markup characters escaped, and the characters XML 1.0
 * cannot carry at all dropped (a stray control character in a description would make the file unreadable).
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const TO_ESCAPE = /[&<>"\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const ESCAPED: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const DECIMAL = /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}):(\d{2}))?$/;
/** Days from Excel's day 0 (1899-12-30, 1900 date system) to 1970-01-01. */
const EPOCH_SERIAL = 25569;
/** Flush to the deflater past this many characters of row XML, even inside a batch. */
const FLUSH_AT = 1 << 20;

export function escapeXml(s: string): string {
  return s.replace(TO_ESCAPE, (c) => ESCAPED[c] ?? '');
}

/** Column letters of a 0-based index: 0 → A, 26 → AA. */
export function columnName(i: number): string {
  let s = '';
  for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

/** Excel's serial day number of a wall-clock date or date-time (Excel dates carry no time zone). */
export function excelSerial(value: string): number {
  const m = DATE.exec(value);
  if (!m) throw new Error(`not a date: ${value}`);
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = m;
  return Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)) / 86_400_000 + EPOCH_SERIAL;
}

interface Styles {
  xml: string;
  header: number;
  /** Style of column i's cells, plain and bold. */
  plain: number[];
  bold: number[];
}

/** Fonts: 0 normal, 1 bold, 2 bold white; fills: the two required ones and the header's blue. */
function stylesOf(columns: XlsxStreamColumn[]): Styles {
  const formats = [...new Set(columns.flatMap((c) => (c.numFmt ? [c.numFmt] : [])))];
  const fmtId = (f: string | undefined) => (f ? 164 + formats.indexOf(f) : 0);
  const xfs = ['<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>', '<xf numFmtId="0" fontId="2" fillId="2" borderId="0" xfId="0" applyFont="1" applyFill="1"/>'];
  const xfIndex = (numFmtId: number, fontId: number) => {
    const xf = `<xf numFmtId="${numFmtId}" fontId="${fontId}" fillId="0" borderId="0" xfId="0"${numFmtId ? ' applyNumberFormat="1"' : ''}${fontId ? ' applyFont="1"' : ''}/>`;
    const found = xfs.indexOf(xf);
    return found >= 0 ? found : xfs.push(xf) - 1;
  };
  const plain = columns.map((c) => xfIndex(fmtId(c.numFmt), 0));
  const bold = columns.map((c) => xfIndex(fmtId(c.numFmt), 1));
  const font = (extra: string) => `<font>${extra}<sz val="11"/><name val="Calibri"/><family val="2"/></font>`;
  const xml = `${XML_HEAD}<styleSheet xmlns="${MAIN_NS}">`
    + (formats.length ? `<numFmts count="${formats.length}">${formats.map((f, i) => `<numFmt numFmtId="${164 + i}" formatCode="${escapeXml(f)}"/>`).join('')}</numFmts>` : '')
    + `<fonts count="3">${font('')}${font('<b/>')}${font('<b/><color rgb="FFFFFFFF"/>')}</fonts>`
    + '<fills count="3"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill>'
    + '<fill><patternFill patternType="solid"><fgColor rgb="FF1F4E79"/><bgColor indexed="64"/></patternFill></fill></fills>'
    + '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>'
    + '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>'
    + `<cellXfs count="${xfs.length}">${xfs.join('')}</cellXfs>`
    + '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>';
  return { xml, header: 1, plain, bold };
}

function packageParts(sheet: string, creator: string): Record<string, string> {
  const ct = 'application/vnd.openxmlformats-officedocument';
  return {
    '[Content_Types].xml': `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">`
      + '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>'
      + `<Override PartName="/xl/workbook.xml" ContentType="${ct}.spreadsheetml.sheet.main+xml"/>`
      + `<Override PartName="/xl/worksheets/sheet1.xml" ContentType="${ct}.spreadsheetml.worksheet+xml"/>`
      + `<Override PartName="/xl/styles.xml" ContentType="${ct}.spreadsheetml.styles+xml"/>`
      + '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/></Types>',
    '_rels/.rels': `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}">`
      + `<Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/>`
      + '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/></Relationships>',
    'docProps/core.xml': `${XML_HEAD}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" `
      + 'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">'
      + `<dc:creator>${escapeXml(creator)}</dc:creator><dcterms:created xsi:type="dcterms:W3CDTF">${new Date().toISOString().slice(0, 19)}Z</dcterms:created></cp:coreProperties>`,
    'xl/workbook.xml': `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheets><sheet name="${escapeXml(sheet)}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}">`
      + `<Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/>`
      + `<Relationship Id="rId2" Type="${REL_NS}/styles" Target="styles.xml"/></Relationships>`,
  };
}

export class XlsxStreamWriter {
  private rowNumber = 0;
  private pending: string[] = [];
  private pendingLength = 0;
  private readonly refs: string[];

  private constructor(private readonly zip: ZipWriter, private readonly part: ZipPart, private readonly columns: XlsxStreamColumn[], private readonly styles: Styles) {
    this.refs = columns.map((_c, i) => columnName(i));
  }

  /** Starts the workbook on `out` (the package parts, then the sheet with its header row). */
  static async open(out: Writable, sheet: string, columns: XlsxStreamColumn[], opts: { creator?: string; level?: number } = {}): Promise<XlsxStreamWriter> {
    const zip = new ZipWriter(out, opts.level ?? 6);
    const styles = stylesOf(columns);
    for (const [name, xml] of Object.entries(packageParts(sheet, opts.creator ?? 'Obra'))) await zip.file(name, xml);
    await zip.file('xl/styles.xml', styles.xml);
    const part = await zip.stream('xl/worksheets/sheet1.xml');
    const w = new XlsxStreamWriter(zip, part, columns, styles);
    const cols = columns.map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${c.width}" customWidth="1"/>`).join('');
    w.append(`${XML_HEAD}<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheetViews><sheetView workbookViewId="0">`
      + '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>'
      + `<sheetFormatPr defaultRowHeight="15"/><cols>${cols}</cols><sheetData>`);
    w.row(columns.map((c) => c.header), styles.header, true);
    return w;
  }

  private append(xml: string): void {
    this.pending.push(xml);
    this.pendingLength += xml.length;
  }

  private cell(i: number, r: number, v: XlsxCell, style: number, asText: boolean): string {
    if (v === null || v === '') return '';
    const ref = `${this.refs[i]}${r}`;
    const type = asText ? 'text' : this.columns[i].type;
    if (type === 'text') {
      const s = String(v);
      const space = s.trim() === s ? '' : ' xml:space="preserve"';
      return `<c r="${ref}" s="${style}" t="inlineStr"><is><t${space}>${escapeXml(s)}</t></is></c>`;
    }
    if (type === 'date') return `<c r="${ref}" s="${style}"><v>${excelSerial(String(v))}</v></c>`;
    if (typeof v === 'number' ? !Number.isFinite(v) : !DECIMAL.test(v)) throw new Error(`not a number: ${v}`);
    return `<c r="${ref}" s="${style}"><v>${v}</v></c>`;
  }

  private row(values: XlsxCell[], style: number | number[], asText = false): void {
    const r = ++this.rowNumber;
    let xml = `<row r="${r}">`;
    for (let i = 0; i < this.columns.length; i++) {
      xml += this.cell(i, r, values[i] ?? null, typeof style === 'number' ? style : style[i], asText);
    }
    this.append(`${xml}</row>`);
  }

  /**
   * Adds a row, cells by column position: text as is, numbers from numbers or decimal text
   * (written as spelled: the cell holds the nearest double, as Excel would read it), dates from
   * `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM:SS`. A bold row (totals) keeps the columns' formats.
   */
  addRow(values: XlsxCell[], opts: { bold?: boolean } = {}): void {
    this.row(values, opts.bold ? this.styles.bold : this.styles.plain);
  }

  /** A bold line of text in the first column whatever its type (a note under the data: "only the first 100 000 rows"). */
  addNote(text: string): void {
    this.row([text], this.styles.bold, true);
  }

  /** Sends the rows added so far on their way; resolves when the stream can take more. */
  async flush(): Promise<void> {
    if (!this.pendingLength) return;
    const data = Buffer.from(this.pending.join(''), 'utf8');
    this.pending = [];
    this.pendingLength = 0;
    await this.part.write(data);
  }

  /** Adds rows and flushes whenever a megabyte of XML is waiting. */
  async addRows(rows: XlsxCell[][]): Promise<void> {
    for (const values of rows) {
      this.addRow(values);
      if (this.pendingLength >= FLUSH_AT) await this.flush();
    }
  }

  /** Ends the sheet and the archive. */
  async close(): Promise<void> {
    this.append('</sheetData></worksheet>');
    await this.flush();
    await this.part.end();
    await this.zip.finish();
  }

  /** Abandons the file (the client left): stops the deflater. */
  destroy(): void {
    this.part.destroy();
  }
}
