import type { Writable } from 'node:stream';
import { ZipWriter, type ZipPart } from './zip-stream.ts';

/**
 * A one-sheet xlsx written row by row onto a stream (SpreadsheetML over platform/zip-stream):
 * each row is written at once as UTF-8 bytes of XML into a buffer and leaves, deflated, when
 * `flush()` is called (or every `FLUSH_AT` bytes), so the memory is one batch of rows whatever the
 * number of rows. Built for large downloads (the order reports): strings inline (no shared-strings
 * table to keep), one style per column and row kind (no style per cell), a frozen header row in
 * the company's colours.
 *
 * The XML is encoded straight into two reused buffers, never built as JavaScript text: a year's
 * report is 120 MB of XML, and as text (a string per cell, joined per megabyte) it was most of
 * the process's garbage, enough to carry each batch of rows into the old generation and grow the
 * heap with the report's size (bench/RESULTS.md, the year report, 2026-11-29). The bytes are exactly those
 * of `Buffer.from(xml, 'utf8')` of the same text.
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
/** Hand the row XML to the deflater past this many bytes, even inside a batch. */
const FLUSH_AT = 1 << 16;
/** Each of the two buffers the XML is written into; one fills while the deflater reads the other. */
const CHUNK = 1 << 19;
/** XML the deflater may hold before the writer waits: it compresses on the thread pool while the next piece is written. */
const DEFLATE_BUFFER = 1 << 18;
/** The bytes of `&amp;`, `&lt;`, `&gt;`, `&quot;` by the character they stand for. */
const ENTITY: Record<number, Buffer> = { 0x26: Buffer.from('&amp;'), 0x3c: Buffer.from('&lt;'), 0x3e: Buffer.from('&gt;'), 0x22: Buffer.from('&quot;') };
/** Leading or trailing white space, as `trim()` removes it (JavaScript's `\s` is that set). */
const EDGE_SPACE = /^\s|\s$/;

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

/** Whether `trim()` would change `s` (leading or trailing white space), a printable ASCII edge answered at once. */
function spaceAtEdge(s: string): boolean {
  const a = s.charCodeAt(0);
  const z = s.charCodeAt(s.length - 1);
  if (a > 0x20 && a < 0x7f && z > 0x20 && z < 0x7f) return false;
  return EDGE_SPACE.test(s);
}

/** Byte pieces of a cell after its reference, by cell style (small integers). */
interface StylePieces {
  /** `" s="N" t="inlineStr"><is><t>` */
  text: Buffer;
  /** `" s="N" t="inlineStr"><is><t xml:space="preserve">` */
  textSpaced: Buffer;
  /** `" s="N"><v>` */
  value: Buffer;
}

const ROW_OPEN = Buffer.from('<row r="');
const ROW_OPEN_END = Buffer.from('">');
const ROW_CLOSE = Buffer.from('</row>');
const TEXT_CLOSE = Buffer.from('</t></is></c>');
const VALUE_CLOSE = Buffer.from('</v></c>');

export class XlsxStreamWriter {
  private rowNumber = 0;
  /** Per column, `<c r="A` (the row number follows). */
  private readonly opens: Buffer[];
  private readonly pieces: StylePieces[] = [];
  /** Per column, the last date written and its serial: a report's dates repeat row after row. */
  private readonly lastDate: (string | null)[];
  private readonly lastSerial: string[];
  /** The two buffers, the one being written (`buf` is `chunks[cur]`), and when the deflater is done with each. */
  private readonly chunks: Buffer[] = [Buffer.allocUnsafe(CHUNK), Buffer.allocUnsafe(CHUNK)];
  private readonly released: Promise<void>[] = [Promise.resolve(), Promise.resolve()];
  private cur = 0;
  private buf: Buffer = this.chunks[0];
  /** `buf[start, pos)` is written and not yet handed to the deflater. */
  private start = 0;
  private pos = 0;

  private constructor(private readonly zip: ZipWriter, private readonly part: ZipPart, private readonly columns: XlsxStreamColumn[], private readonly styles: Styles) {
    this.opens = columns.map((_c, i) => Buffer.from(`<c r="${columnName(i)}`));
    this.lastDate = columns.map(() => null);
    this.lastSerial = columns.map(() => '');
  }

  /** Starts the workbook on `out` (the package parts, then the sheet with its header row). */
  static async open(out: Writable, sheet: string, columns: XlsxStreamColumn[], opts: { creator?: string; level?: number } = {}): Promise<XlsxStreamWriter> {
    const zip = new ZipWriter(out, opts.level ?? 6);
    const styles = stylesOf(columns);
    for (const [name, xml] of Object.entries(packageParts(sheet, opts.creator ?? 'Obra'))) await zip.file(name, xml);
    await zip.file('xl/styles.xml', styles.xml);
    const part = await zip.stream('xl/worksheets/sheet1.xml', DEFLATE_BUFFER);
    const w = new XlsxStreamWriter(zip, part, columns, styles);
    const cols = columns.map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${c.width}" customWidth="1"/>`).join('');
    w.string(`${XML_HEAD}<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheetViews><sheetView workbookViewId="0">`
      + '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>'
      + `<sheetFormatPr defaultRowHeight="15"/><cols>${cols}</cols><sheetData>`);
    const header = columns.map((c) => c.header);
    w.row((i) => header[i], styles.header, true);
    return w;
  }

  /** Room for `n` more bytes in `buf`: a row longer than what is left moves the unsent bytes to a larger buffer. */
  private ensure(n: number): void {
    if (this.pos + n <= this.buf.length) return;
    const grown = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.pos - this.start + n));
    this.buf.copy(grown, 0, this.start, this.pos);
    this.pos -= this.start;
    this.start = 0;
    this.buf = this.chunks[this.cur] = grown;
  }

  private bytes(b: Buffer): void {
    this.ensure(b.length);
    this.buf.set(b, this.pos);
    this.pos += b.length;
  }

  /** Text with nothing to escape (markup of our own), as UTF-8. */
  private string(s: string): void {
    this.ensure(s.length * 3);
    this.pos += this.buf.write(s, this.pos, 'utf8');
  }

  /** ASCII text (digits, a decimal, a serial), byte by byte. */
  private ascii(s: string): void {
    this.ensure(s.length);
    const b = this.buf;
    let p = this.pos;
    for (let k = 0; k < s.length; k++) b[p++] = s.charCodeAt(k);
    this.pos = p;
  }

  /**
   * A cell's text as `Buffer.from(escapeXml(s), 'utf8')` would write it: markup characters escaped,
   * the characters XML cannot carry dropped, a lone surrogate as U+FFFD.
   */
  private escaped(s: string): void {
    this.ensure(s.length * 6);
    const b = this.buf;
    let p = this.pos;
    const n = s.length;
    for (let k = 0; k < n; k++) {
      const c = s.charCodeAt(k);
      if (c < 0x80) {
        if (c >= 0x20) {
          if (c === 0x26 || c === 0x3c || c === 0x3e || c === 0x22) {
            const e = ENTITY[c];
            b.set(e, p);
            p += e.length;
          } else b[p++] = c;
        } else if (c === 0x09 || c === 0x0a || c === 0x0d) b[p++] = c;
      } else if (c < 0x800) {
        b[p++] = 0xc0 | (c >> 6);
        b[p++] = 0x80 | (c & 0x3f);
      } else if (c >= 0xd800 && c <= 0xdfff) {
        const d = k + 1 < n ? s.charCodeAt(k + 1) : 0;
        if (c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff) {
          const cp = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
          b[p++] = 0xf0 | (cp >> 18);
          b[p++] = 0x80 | ((cp >> 12) & 0x3f);
          b[p++] = 0x80 | ((cp >> 6) & 0x3f);
          b[p++] = 0x80 | (cp & 0x3f);
          k++;
        } else {
          b[p++] = 0xef;
          b[p++] = 0xbf;
          b[p++] = 0xbd;
        }
      } else if (c !== 0xfffe && c !== 0xffff) {
        b[p++] = 0xe0 | (c >> 12);
        b[p++] = 0x80 | ((c >> 6) & 0x3f);
        b[p++] = 0x80 | (c & 0x3f);
      }
    }
    this.pos = p;
  }

  private piecesOf(style: number): StylePieces {
    let p = this.pieces[style];
    if (!p) {
      p = this.pieces[style] = {
        text: Buffer.from(`" s="${style}" t="inlineStr"><is><t>`),
        textSpaced: Buffer.from(`" s="${style}" t="inlineStr"><is><t xml:space="preserve">`),
        value: Buffer.from(`" s="${style}"><v>`),
      };
    }
    return p;
  }

  /** A cell (nothing for an empty one). `r` is the row number as text. */
  private cell(i: number, r: string, v: XlsxCell, style: number, asText: boolean): void {
    if (v === null || v === '') return;
    const type = asText ? 'text' : this.columns[i].type;
    const pieces = this.piecesOf(style);
    if (type === 'text') {
      const s = String(v);
      this.bytes(this.opens[i]);
      this.ascii(r);
      this.bytes(spaceAtEdge(s) ? pieces.textSpaced : pieces.text);
      this.escaped(s);
      this.bytes(TEXT_CLOSE);
      return;
    }
    let text: string;
    if (type === 'date') {
      const d = String(v);
      if (d !== this.lastDate[i]) {
        this.lastSerial[i] = String(excelSerial(d));
        this.lastDate[i] = d;
      }
      text = this.lastSerial[i];
    } else {
      if (typeof v === 'number' ? !Number.isFinite(v) : !DECIMAL.test(v)) throw new Error(`not a number: ${v}`);
      text = String(v);
    }
    this.bytes(this.opens[i]);
    this.ascii(r);
    this.bytes(pieces.value);
    this.ascii(text);
    this.bytes(VALUE_CLOSE);
  }

  /** One row, its cells by column position from `value`; a cell that fails leaves no part of the row written. */
  private row(value: (i: number) => XlsxCell | undefined, style: number | number[], asText = false): void {
    const r = String(this.rowNumber + 1);
    const mark = this.pos - this.start;
    try {
      this.bytes(ROW_OPEN);
      this.ascii(r);
      this.bytes(ROW_OPEN_END);
      for (let i = 0; i < this.columns.length; i++) {
        this.cell(i, r, value(i) ?? null, typeof style === 'number' ? style : style[i], asText);
      }
      this.bytes(ROW_CLOSE);
    } catch (err) {
      this.pos = this.start + mark;
      throw err;
    }
    this.rowNumber++;
  }

  /**
   * Adds a row, cells by column position: text as is, numbers from numbers or decimal text
   * (written as spelled: the cell holds the nearest double, as Excel would read it), dates from
   * `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM:SS`. A bold row (totals) keeps the columns' formats.
   */
  addRow(values: XlsxCell[], opts: { bold?: boolean } = {}): void {
    this.row((i) => values[i], opts.bold ? this.styles.bold : this.styles.plain);
  }

  /** A bold line of text in the first column whatever its type (a note under the data: "only the first 100 000 rows"). */
  addNote(text: string): void {
    this.row((i) => (i === 0 ? text : null), this.styles.bold, true);
  }

  /**
   * Sends the rows added so far on their way; resolves when the stream can take more. Once the
   * buffer being written has little room left, the writer moves to the other one, first waiting
   * until the deflater has read all it was given of that one.
   */
  async flush(): Promise<void> {
    if (this.pos > this.start) {
      const data = this.buf.subarray(this.start, this.pos);
      this.start = this.pos;
      await this.part.write(data);
    }
    if (this.buf.length - this.pos < FLUSH_AT) {
      this.released[this.cur] = this.part.consumed();
      this.cur = 1 - this.cur;
      await this.released[this.cur];
      this.buf = this.chunks[this.cur];
      this.start = this.pos = 0;
    }
  }

  /** Adds rows, flushing as the XML gathers. */
  async addRows(rows: XlsxCell[][]): Promise<void> {
    for (const values of rows) {
      this.addRow(values);
      if (this.pos - this.start >= FLUSH_AT) await this.flush();
    }
  }

  /**
   * Adds `rows` as they are, column i's cell read by `values[i]`: no array of cells per row (a
   * report's batch of thousands of rows would otherwise be held twice while it is written).
   */
  async addRowsOf<R>(rows: readonly R[], values: readonly ((row: R) => XlsxCell)[]): Promise<void> {
    const plain = this.styles.plain;
    for (const row of rows) {
      this.row((i) => values[i](row), plain);
      if (this.pos - this.start >= FLUSH_AT) await this.flush();
    }
  }

  /** Ends the sheet and the archive. */
  async close(): Promise<void> {
    this.string('</sheetData></worksheet>');
    await this.flush();
    await this.part.end();
    await this.zip.finish();
  }

  /** Abandons the file (the client left): stops the deflater. */
  destroy(): void {
    this.part.destroy();
  }
}
