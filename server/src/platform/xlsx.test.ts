import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from './errors.ts';
import { parseRows, readXlsxRows, rowsInError, templateXlsx, type XlsxColumn } from './xlsx.ts';

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
