import { PassThrough } from 'node:stream';
import { inflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { columnName, excelSerial, XlsxStreamWriter, type XlsxStreamColumn } from './xlsx-stream.ts';

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
