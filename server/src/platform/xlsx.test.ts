import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from './errors.ts';
import { XLSX_UPLOAD, parseRows, readXlsxRows, rowsInError, templateXlsx, type XlsxColumn } from './xlsx.ts';

const columns: XlsxColumn[] = [
  { header: 'Nombre', key: 'nombre' },
  { header: 'Categoría', key: 'categoria', note: 'Nombre de una categoría existente' },
  { header: 'Stock mínimo', key: 'stock' },
];

async function workbook(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Datos');
  rows.forEach((r) => ws.addRow(r));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function refusal(p: Promise<unknown>): Promise<AppError> {
  const err = await p.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe('xlsx loads', () => {
  it('reads back its own template, examples included', async () => {
    const buffer = await templateXlsx('Productos', columns, [{ nombre: 'Cemento Sol', categoria: 'Cemento', stock: 10 }]);
    expect(await readXlsxRows(buffer, columns)).toEqual([{ fila: 2, values: { nombre: 'Cemento Sol', categoria: 'Cemento', stock: '10' } }]);
  });

  it('matches headers ignoring case, accents and order, and skips blank rows', async () => {
    const buffer = await workbook([['stock MINIMO', 'categoria', ' nombre '], [5, 'Acero', 'Fierro 1/2"'], [], [null, '', ''], ['', 'EPP', 'Casco']]);
    const rows = await readXlsxRows(buffer, columns);
    expect(rows).toEqual([
      { fila: 2, values: { nombre: 'Fierro 1/2"', categoria: 'Acero', stock: '5' } },
      { fila: 5, values: { nombre: 'Casco', categoria: 'EPP', stock: '' } },
    ]);
  });

  it('refuses a file without the template columns, without rows, or that is not a workbook', async () => {
    expect((await refusal(readXlsxRows(await workbook([['Nombre'], ['x']]), columns))).message)
      .toBe('El archivo no tiene las columnas de la plantilla: Categoría, Stock mínimo');
    expect((await refusal(readXlsxRows(await workbook([['Nombre', 'Categoría', 'Stock mínimo']]), columns))).message)
      .toBe('El archivo no tiene filas con datos');
    expect((await refusal(readXlsxRows(Buffer.from('no es un libro'), columns))).message)
      .toBe('No se pudo leer el archivo; use la plantilla descargada');
  });

  it('checks each row and names the column of each problem; the refusal lists rows in order', () => {
    const schema = z.object({ nombre: z.string().min(1, 'El campo es requerido'), categoria: z.string(), stock: z.coerce.number('Debe ser un número') });
    const { valid, errors } = parseRows([
      { fila: 2, values: { nombre: 'A', categoria: 'C', stock: '3' } },
      { fila: 4, values: { nombre: '', categoria: 'C', stock: 'x' } },
      { fila: 3, values: { nombre: 'B', categoria: 'C', stock: 'y' } },
    ], schema, columns);
    expect(valid).toEqual([{ fila: 2, value: { nombre: 'A', categoria: 'C', stock: 3 } }]);
    expect(errors).toContainEqual({ fila: 4, mensaje: 'Nombre: El campo es requerido' });
    const refused = rowsInError(errors);
    expect(refused.statusCode).toBe(400);
    expect(refused.message).toBe('El archivo tiene errores en 2 filas; no se cargó ningún registro');
    expect((refused.data as { errores: { fila: number }[] }).errores.map((e) => e.fila)).toEqual([3, 4, 4]);
  });
});

/** A zip written by hand, so that an entry can be a deflated stream of any size. */
function zipOf(files: { name: string; deflated: Buffer; size: number; crc: number }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const f of files) {
    const name = Buffer.from(f.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0); local.writeUInt16LE(20, 4); local.writeUInt16LE(8, 8);
    local.writeUInt32LE(f.crc, 14); local.writeUInt32LE(f.deflated.length, 18); local.writeUInt32LE(f.size % 2 ** 32, 22); local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0); central.writeUInt16LE(20, 4); central.writeUInt16LE(20, 6); central.writeUInt16LE(8, 10);
    central.writeUInt32LE(f.crc, 16); central.writeUInt32LE(f.deflated.length, 20); central.writeUInt32LE(f.size % 2 ** 32, 24);
    central.writeUInt16LE(name.length, 28); central.writeUInt32LE(offset, 42);
    locals.push(local, name, f.deflated);
    centrals.push(central, name);
    offset += 30 + name.length + f.deflated.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0); end.writeUInt16LE(files.length, 8); end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(dir.length, 12); end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

/** Deflates `head`, then rows 2 .. rows + 1 written by `row`, then `tail`, without holding the whole text. */
async function deflated(head: string, row: (n: number) => string, rows: number, tail: string) {
  const z = createDeflateRaw({ level: 6 });
  const out: Buffer[] = [];
  z.on('data', (b: Buffer) => out.push(b));
  const done = new Promise((resolve) => z.on('end', resolve));
  let crc = crc32(head);
  let size = head.length;
  z.write(head);
  for (let first = 2; first < rows + 2; first += 1000) {
    const piece = Buffer.from(Array.from({ length: Math.min(1000, rows + 2 - first) }, (_, i) => row(first + i)).join(''));
    if (!z.write(piece)) await new Promise((resolve) => z.once('drain', resolve));
    crc = crc32(piece, crc);
    size += piece.length;
  }
  z.end(tail);
  crc = crc32(tail, crc);
  await done;
  return { deflated: Buffer.concat(out), size: size + tail.length, crc };
}

const plain = (name: string, text: string) => ({ name, deflated: deflateRawSync(text), size: Buffer.byteLength(text), crc: crc32(text) });

/** A workbook whose first sheet has the template header and `rows` rows, each with `padding` characters more. */
async function bombWorkbook(rows: number, padding = 0): Promise<Buffer> {
  const ns = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  const cell = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
  const sheet = await deflated(
    `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${ns}"><sheetData><row r="1">${cell('A1', 'Nombre')}${cell('B1', 'Categoría')}${cell('C1', 'Stock mínimo')}</row>`,
    (n) => `<row r="${n}">${cell(`A${n}`, `Cemento${' '.repeat(padding)}`)}${cell(`B${n}`, 'Obra')}</row>`, rows, '</sheetData></worksheet>');
  return zipOf([
    plain('[Content_Types].xml', '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>'),
    plain('_rels/.rels', `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>`),
    plain('xl/workbook.xml', `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${ns}" xmlns:r="${rel}"><sheets><sheet name="Datos" sheetId="1" r:id="rId1"/></sheets></workbook>`),
    plain('xl/_rels/workbook.xml.rels', `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`),
    { name: 'xl/worksheets/sheet1.xml', ...sheet },
  ]);
}

describe('xlsx loads under hostile files', () => {
  it('reads a hand-made workbook like any other', async () => {
    const rows = await readXlsxRows(await bombWorkbook(3000), columns);
    expect(rows).toHaveLength(3000);
    expect(rows[0]).toEqual({ fila: 2, values: { nombre: 'Cemento', categoria: 'Obra', stock: '' } });
  });

  it('refuses a zip bomb while inflating it, with bounded memory', async () => {
    // 120 MB of sheet XML in a file of about 1 MB.
    const bomb = await bombWorkbook(40_000, 3000);
    expect(bomb.length).toBeLessThan(XLSX_UPLOAD.maxBytes);
    const before = process.memoryUsage().rss;
    const started = Date.now();
    const err = await refusal(readXlsxRows(bomb, columns));
    expect(Date.now() - started).toBeLessThan(5000);
    expect(err.statusCode).toBe(400);
    expect(err.message).toBe('El archivo contiene demasiados datos; divídalo en archivos más pequeños');
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024);
  });

  it('stops reading at the row limit, before the rest of the sheet, leaving no temporary file', async () => {
    const parked = () => readdirSync(tmpdir()).filter((f) => f.startsWith(`tmp-${process.pid}-`)).length;
    const parkedBefore = parked();
    const excelOrder = await templateXlsx('Productos', columns, Array.from({ length: 6000 }, (_, i) => ({ nombre: `P${i}`, categoria: 'C', stock: 1 })));
    expect((await refusal(readXlsxRows(excelOrder, columns))).message).toBe('El archivo no debe tener más de 5000 filas');
    const big = await bombWorkbook(200_000);
    const before = process.memoryUsage().rss;
    const started = Date.now();
    const err = await refusal(readXlsxRows(big, columns));
    expect(err.message).toBe('El archivo no debe tener más de 5000 filas');
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(parked()).toBe(parkedBefore);
  });

  it('refuses an archive whose index hides an entry from the check', async () => {
    const good = await bombWorkbook(10);
    // An entry the central directory does not list, placed before the others.
    const hidden = zipOf([plain('oculto.xml', '<x/>')]).subarray(0, 30 + 'oculto.xml'.length + deflateRawSync('<x/>').length);
    const shifted = Buffer.concat([hidden, good]);
    expect((await refusal(readXlsxRows(shifted, columns))).message).toBe('No se pudo leer el archivo; use la plantilla descargada');
  });
});
