import { PassThrough } from 'node:stream';
import { inflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { columnName, escapeXml, excelSerial, XlsxStreamWriter, type XlsxStreamColumn } from './xlsx-stream.ts';

const COLUMNS: XlsxStreamColumn[] = [
  { header: 'Código', width: 20, type: 'text' },
  { header: 'Fecha', width: 12, type: 'date', numFmt: 'dd-mm-yyyy' },
  { header: 'Aprobado', width: 20, type: 'date', numFmt: 'dd-mm-yyyy hh:mm:ss' },
  { header: 'Cantidad', width: 10, type: 'number', numFmt: '#,##0.####' },
  { header: 'Total', width: 14, type: 'number', numFmt: '#,##0.00' },
];

/** Everything the writer sends to `out`, once it closed the archive. */
async function written(write: (w: XlsxStreamWriter) => Promise<void>, columns = COLUMNS): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise((resolve) => out.on('end', resolve));
  const w = await XlsxStreamWriter.open(out, 'Órdenes', columns);
  await write(w);
  await w.close();
  await ended;
  return Buffer.concat(chunks);
}

async function read(file: Buffer): Promise<ExcelJS.Worksheet> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(file as unknown as ArrayBuffer);
  return wb.worksheets[0];
}

/** The sheet part's XML bytes, inflated from the archive. */
function sheetBytes(file: Buffer): Buffer {
  const name = 'xl/worksheets/sheet1.xml';
  const at = file.indexOf(name) + name.length;
  const descriptor = file.indexOf(Buffer.from([0x50, 0x4b, 0x07, 0x08]), at);
  return inflateRawSync(file.subarray(at, at + file.readUInt32LE(descriptor + 8)));
}

describe('XlsxStreamWriter', () => {
  it('writes text, decimal text, dates and totals that a spreadsheet reader gets back as typed cells', async () => {
    const file = await written(async (w) => {
      w.addRow(['000123-BC-0001-OC-2025', '2025-03-10', '2025-03-10T15:04:05', '1234.565', '-283']);
      w.addRow(['  A & B <c> "d"\u0001 ', null, '', 3, '0.10']);
      w.addRow(['Total S/ (sin anuladas)', null, null, null, '3703.70'], { bold: true });
    });
    const ws = await read(file);
    expect(ws.name).toBe('Órdenes');
    expect(ws.getRow(1).values).toEqual([undefined, 'Código', 'Fecha', 'Aprobado', 'Cantidad', 'Total']);
    expect(ws.getCell('C1').font).toMatchObject({ bold: true, color: { argb: 'FFFFFFFF' } });
    expect(ws.getCell('C1').fill).toMatchObject({ type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF1F4E79' } });
    expect(ws.getRow(2).values).toEqual([undefined, '000123-BC-0001-OC-2025', new Date('2025-03-10T00:00:00Z'), new Date('2025-03-10T15:04:05Z'), 1234.565, -283]);
    expect(ws.getCell('E2').numFmt).toBe('#,##0.00');
    expect(ws.getCell('B2').numFmt).toBe('dd-mm-yyyy');
    // Spaces kept, markup escaped, a control character XML cannot carry dropped; empty cells stay empty.
    expect(ws.getCell('A3').value).toBe('  A & B <c> "d" ');
    expect(ws.getCell('B3').value).toBeNull();
    expect(ws.getCell('C3').value).toBeNull();
    expect(ws.getCell('E3').value).toBe(0.1);
    expect(ws.getCell('E4').value).toBe(3703.7);
    expect(ws.getCell('E4').font?.bold).toBe(true);
    expect(ws.getCell('E4').numFmt).toBe('#,##0.00');
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(ws.getColumn(1).width).toBe(20);
  });

  it('keeps every row of many flushes, in order, past column Z', async () => {
    const wide: XlsxStreamColumn[] = Array.from({ length: 30 }, (_, i) => ({ header: `C${i}`, width: 8, type: i % 2 ? 'number' : 'text' }));
    const n = 5000;
    const file = await written(async (w) => {
      for (let r = 0; r < n; r++) {
        await w.addRows([wide.map((_c, i) => (i % 2 ? r * 100 + i : `r${r}c${i}`))]);
        if (r % 700 === 0) await w.flush();
      }
    }, wide);
    const ws = await read(file);
    expect(ws.rowCount).toBe(n + 1);
    expect(ws.getCell('AD1').value).toBe('C29');
    expect(ws.getRow(n + 1).getCell(29).value).toBe(`r${n - 1}c28`);
    expect(ws.getRow(n + 1).getCell(30).value).toBe((n - 1) * 100 + 29);
  });

  it('refuses a number column value that is not a number instead of writing a broken file', async () => {
    const out = new PassThrough();
    out.resume();
    const w = await XlsxStreamWriter.open(out, 'S', COLUMNS);
    expect(() => w.addRow(['x', null, null, '12,5', null])).toThrow('not a number: 12,5');
    expect(() => w.addRow(['x', '10/03/2025', null, null, null])).toThrow('not a date: 10/03/2025');
    w.destroy();
  });

  it('stops without waiting forever when the reader goes away mid-file', async () => {
    const out = new PassThrough({ highWaterMark: 1024 });
    // The client reads the first bytes, then disconnects.
    out.once('data', () => out.destroy());
    const w = await XlsxStreamWriter.open(out, 'S', COLUMNS, { level: 0 });
    await w.addRows(Array.from({ length: 20_000 }, (_, i) => [`fila ${i}`, null, null, i, null]));
    await w.flush();
    w.destroy();
    expect(out.destroyed).toBe(true);
  });

  it('is a zip whose streamed part carries its CRC and sizes in a data descriptor', async () => {
    const file = await written(async (w) => w.addRow(['a', null, null, 1, null]));
    // Local header of the sheet part: flag bit 3 set, sizes left at 0 in the header.
    const at = file.indexOf('xl/worksheets/sheet1.xml');
    const header = at - 30;
    expect(file.readUInt32LE(header)).toBe(0x04034b50);
    expect(file.readUInt16LE(header + 6) & 0x0008).toBe(0x0008);
    expect(file.readUInt32LE(header + 18)).toBe(0);
    const descriptor = file.indexOf(Buffer.from([0x50, 0x4b, 0x07, 0x08]), at);
    const compressed = file.readUInt32LE(descriptor + 8);
    const xml = inflateRawSync(file.subarray(at + 'xl/worksheets/sheet1.xml'.length, at + 'xl/worksheets/sheet1.xml'.length + compressed));
    expect(xml.length).toBe(file.readUInt32LE(descriptor + 12));
    expect(xml.toString()).toContain('<row r="2"><c r="A2" s="');
  });
});

describe('XlsxStreamWriter bytes', () => {
  const TEXT: XlsxStreamColumn[] = [{ header: 'Texto', width: 20, type: 'text' }, { header: 'Monto', width: 10, type: 'number' }];

  it('writes each text as the UTF-8 of its escaped XML: accents, symbols, emoji, lone surrogates, characters XML cannot carry', async () => {
    const texts = ['Ñandú € 10', 'a&b<c>d"e\'f', '\u0000\u0001x\u0008\u000B\u000C\u000E\u001F\uFFFE\uFFFF\t\n\ry', '😀 Huamán 𝔸', 'solo \uD800 alto', 'bajo \uDC00 solo',
      '\uD83D', '\u007F\u0080\u00FF\u0100\u07FF\u0800\uFFFD', ' espacio al borde ', '\u00A0nbsp', 'fin\u3000', ''.padEnd(3000, 'ñ&')];
    // Random text of any UTF-16 unit, to catch what the list above misses.
    let seed = 7;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let k = 0; k < 200; k++) texts.push(String.fromCharCode(...Array.from({ length: 1 + Math.floor(rnd() * 40) }, () => Math.floor(rnd() * (rnd() < 0.5 ? 0x80 : 0x10000)))));
    const file = await written(async (w) => w.addRows(texts.map((t, i) => [t, i])), TEXT);
    const xmlBytes = sheetBytes(file);
    texts.forEach((t, i) => {
      const r = i + 2;
      const text = escapeXml(t);
      // What the writer wrote before it encoded bytes itself: the text, then Buffer.from(…, 'utf8').
      const cell = text === '' ? '' : `<c r="A${r}" s="0" t="inlineStr"><is><t${t.trim() === t ? '' : ' xml:space="preserve"'}>${text}</t></is></c>`;
      const row = Buffer.from(`<row r="${r}">${cell}<c r="B${r}" s="0"><v>${i}</v></c></row>`, 'utf8');
      expect(xmlBytes.includes(row), `row ${r}: ${JSON.stringify(t).slice(0, 80)}`).toBe(true);
    });
  });

  it('takes a row longer than its buffers, and leaves nothing of a row whose cell is refused', async () => {
    const long = 'x'.repeat(1_500_000);
    const xml = sheetBytes(await written(async (w) => {
      w.addRow(['antes', 1]);
      expect(() => w.addRow(['roto', '12,5'])).toThrow('not a number: 12,5');
      await w.addRows([[long, 2], ['después', 3]]);
    }, TEXT));
    expect(xml.includes('<row r="2"><c r="A2" s="0" t="inlineStr"><is><t>antes</t></is></c><c r="B2" s="0"><v>1</v></c></row><row r="3">')).toBe(true);
    expect(xml.includes('roto')).toBe(false);
    expect(xml.includes(`<row r="3"><c r="A3" s="0" t="inlineStr"><is><t>${long}</t></is></c>`)).toBe(true);
    expect(xml.includes(Buffer.from('<row r="4"><c r="A4" s="0" t="inlineStr"><is><t>después</t></is></c><c r="B4" s="0"><v>3</v></c></row></sheetData></worksheet>'))).toBe(true);
  });
});

describe('cell helpers', () => {
  it('names columns as a spreadsheet does', () => {
    expect([0, 25, 26, 27, 51, 52, 701, 702].map(columnName)).toEqual(['A', 'Z', 'AA', 'AB', 'AZ', 'BA', 'ZZ', 'AAA']);
  });

  it('counts dates from 1899-12-30 at their wall-clock time', () => {
    expect(excelSerial('1970-01-01')).toBe(25569);
    expect(excelSerial('2025-03-10')).toBe(45726);
    expect(excelSerial('2025-03-10T18:00:00')).toBe(45726.75);
  });
});
