import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from './errors.ts';
import { bombWorkbook, deflated, plain, zipOf } from '../test/hostile-files.ts';
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
    const big = await bombWorkbook(150_000);
    const before = process.memoryUsage().rss;
    const started = Date.now();
    const err = await refusal(readXlsxRows(big, columns));
    expect(err.message).toBe('El archivo no debe tener más de 5000 filas');
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(parked()).toBe(parkedBefore);
  });

  /** Sets a 32-bit field of the sheet's local header (`local`) or central record (`central`), at `field` bytes in. */
  const patch = (zip: Buffer, where: 'local' | 'central', field: number, value: number) => {
    const out = Buffer.from(zip);
    const name = Buffer.from('xl/worksheets/sheet1.xml');
    const signature = where === 'local' ? 0x04034b50 : 0x02014b50;
    const nameAt = where === 'local' ? 30 : 46;
    for (let i = 0; i + nameAt + name.length <= out.length; i++) {
      if (out.readUInt32LE(i) === signature && out.subarray(i + nameAt, i + nameAt + name.length).equals(name)) {
        out.writeUInt32LE(value, i + field);
        return out;
      }
    }
    throw new Error('sin hoja');
  };

  it('refuses entries whose local header and index disagree, or whose data inflates past what they declare (issue 29)', async () => {
    // 100 MiB of sheet XML in about 100 KiB.
    const bomb = await bombWorkbook(1000, 100_000);
    expect(bomb.length).toBeLessThan(200 * 1024);
    const before = process.memoryUsage().rss;
    // The index declares 1 000 bytes, the local header the truth (the reader trusts the local header).
    const split = patch(bomb, 'central', 24, 1000);
    expect((await refusal(readXlsxRows(split, columns))).message).toBe('No se pudo leer el archivo; use la plantilla descargada');
    // Both declare 1 000 bytes: inflating stops at 1 000 and the archive is refused for the lie.
    const lie = patch(patch(bomb, 'central', 24, 1000), 'local', 22, 1000);
    expect((await refusal(readXlsxRows(lie, columns))).message).toBe('No se pudo leer el archivo; use la plantilla descargada');
    // Both declare the truth: too large, refused after inflating at most the entry's limit.
    expect((await refusal(readXlsxRows(bomb, columns))).message).toBe('El archivo contiene demasiados datos; divídalo en archivos más pequeños');
    expect(process.memoryUsage().rss - before).toBeLessThan(64 * 1024 * 1024);
  });

  it('answers "demasiados datos" for a sheet past the entry limit, not a columns message', async () => {
    const big = await bombWorkbook(230_000);
    expect((await refusal(readXlsxRows(big, columns))).message).toBe('El archivo contiene demasiados datos; divídalo en archivos más pequeños');
  });

  it('refuses a workbook that does not say where its sheets are, leaving no temporary file', async () => {
    const parked = () => readdirSync(tmpdir()).filter((f) => f.startsWith(`tmp-${process.pid}-`)).length;
    const before = parked();
    const sheet = await deflated('<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>',
      (n) => `<row r="${n}"><c r="A${n}" t="inlineStr"><is><t>${'x'.repeat(100)}</t></is></c></row>`, 10_000, '</sheetData></worksheet>');
    const sinRels = zipOf([
      plain('[Content_Types].xml', '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>'),
      { name: 'xl/worksheets/sheet1.xml', ...sheet },
      plain('xl/workbook.xml', '<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"/>'),
    ]);
    expect((await refusal(readXlsxRows(sinRels, columns))).message).toBe('No se pudo leer el archivo; use la plantilla descargada');
    expect(parked()).toBe(before);
  });

  it('refuses an archive whose index hides an entry from the check', async () => {
    const good = await bombWorkbook(10);
    // An entry the central directory does not list, placed before the others.
    const hidden = zipOf([plain('oculto.xml', '<x/>')]).subarray(0, 30 + 'oculto.xml'.length + deflateRawSync('<x/>').length);
    const shifted = Buffer.concat([hidden, good]);
    expect((await refusal(readXlsxRows(shifted, columns))).message).toBe('No se pudo leer el archivo; use la plantilla descargada');
  });
});
