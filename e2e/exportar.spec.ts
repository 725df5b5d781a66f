import ExcelJS from 'exceljs';
import { expect, test, type Page } from '@playwright/test';
import { limaDate } from '@obra/domain';
import { choose, filtros, login, shot } from './helpers';

/**
 * Every list exports (issue 25, docs/business-rules.md "Exportar listas"): on a list screen, set a
 * filter, press Exportar; the file holds the filtered rows (all of them, not the page) under the
 * table's visible headers, dates as dates and amounts as numbers, named '<lista>-dd-mm-yyyy.xlsx'.
 */

const hoy = limaDate().split('-').reverse().join('-');

async function readWorkbook(path: string): Promise<{ headers: string[]; rows: ExcelJS.CellValue[][]; formats: string[] }> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(path);
  const ws = wb.worksheets[0];
  const all: ExcelJS.CellValue[][] = [];
  ws.eachRow((row) => all.push((row.values as ExcelJS.CellValue[]).slice(1)));
  const formats = all[0].map((_h, i) => ws.getRow(2).getCell(i + 1).numFmt ?? '');
  return { headers: all[0] as string[], rows: all.slice(1), formats };
}

/** The table's visible headers, without the row actions. */
async function headers(page: Page): Promise<string[]> {
  const th = await page.locator('.ant-table-thead th').allInnerTexts();
  return th.map((t) => t.trim()).filter((t) => t && !['Acciones', 'Opciones'].includes(t));
}

/** The list's total as the pager says it ("1-10 de 23"). */
async function total(page: Page): Promise<number> {
  const text = await page.locator('.ant-pagination-total-text').innerText();
  return Number(/de (\d+)/.exec(text.replace(/\s/g, ' '))?.[1] ?? NaN);
}

/** The first column's texts of the page on screen. */
const firstColumn = async (page: Page) => (await page.locator('.ant-table-tbody tr.ant-table-row td:first-child').allInnerTexts()).map((t) => t.trim());

async function exportar(page: Page) {
  const saved = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar' }).click();
  const file = await saved;
  return { name: file.suggestedFilename(), sheet: await readWorkbook((await file.path())!) };
}

test('Caja chica: the filtered boxes with the screen columns, dates and amounts as such, with progress while it arrives', async ({ page }) => {
  await login(page, 'admin@andina.pe');
  await page.goto('/caja');
  // Every box of the demo, not only the last 7 days, of one type.
  await filtros(page).locator('.ant-picker-range').hover();
  await filtros(page).locator('.ant-picker-clear').click();
  await choose(page, filtros(page), 'Tipo de caja', 'Caja chica');
  await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();
  const visibles = await headers(page);
  const cuantas = await total(page);
  const primera = await firstColumn(page);
  expect(cuantas).toBeGreaterThan(0);

  // Held a moment so the progress can be seen.
  let release = () => {};
  const held = new Promise<void>((resolve) => { release = resolve; });
  await page.route('**/api/caja/buscar/exportar', async (route) => {
    await held;
    await route.continue();
  });
  const saved = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Exportando…' })).toBeVisible();
  await shot(page, 'exportar-caja-progreso');
  release();
  const file = await saved;
  await page.unrouteAll();
  expect(file.suggestedFilename()).toBe(`cajas-${hoy}.xlsx`);
  const { headers: cabecera, rows, formats } = await readWorkbook((await file.path())!);
  expect(cabecera).toEqual(visibles);
  expect(rows).toHaveLength(cuantas);
  expect(rows.slice(0, primera.length).map((r) => r[0])).toEqual(primera);
  const monto = cabecera.indexOf('Monto');
  const fecha = cabecera.indexOf('Fecha registro');
  expect(typeof rows[0][monto]).toBe('number');
  expect(formats[monto]).toBe('#,##0.00');
  expect(rows[0][fecha]).toBeInstanceOf(Date);
  expect(formats[fecha]).toBe('dd/mm/yyyy');
  expect(rows.every((r) => String(r[cabecera.indexOf('Tipo')]) === 'Caja chica')).toBe(true);
});

test('Usuarios: the searched users, every page, with their state as the screen names it', async ({ page }) => {
  await login(page, 'admin@andina.pe');
  await page.goto('/usuario');
  await filtros(page).getByRole('searchbox').fill('andina');
  await filtros(page).getByRole('searchbox').press('Enter');
  await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();
  const visibles = await headers(page);
  const cuantos = await total(page);
  const { name, sheet } = await exportar(page);
  expect(name).toBe(`usuarios-${hoy}.xlsx`);
  expect(sheet.headers).toEqual(visibles);
  expect(sheet.rows).toHaveLength(cuantos);
  const correo = sheet.headers.indexOf('Correo');
  expect(sheet.rows.every((r) => String(r[correo]).includes('andina'))).toBe(true);
  expect(new Set(sheet.rows.map((r) => r[sheet.headers.indexOf('Estado')]))).toEqual(new Set(['Activo']));
  await shot(page, 'exportar-usuarios');
});

test('Marcas: a list of several pages exports every row, in the list order, from any page', async ({ page }) => {
  await login(page, 'admin@andina.pe');
  await page.goto('/marca');
  await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();
  const cuantas = await total(page);
  expect(cuantas).toBeGreaterThan(10);
  const primera = await firstColumn(page);
  await page.getByRole('listitem', { name: '2' }).click();
  await expect(page.locator('.ant-pagination-item-active')).toHaveText('2');
  const segunda = await firstColumn(page);
  const { name, sheet } = await exportar(page);
  expect(name).toBe(`marcas-${hoy}.xlsx`);
  expect(sheet.headers).toEqual(['Marca']);
  expect(sheet.rows.slice(0, 20).map((r) => String(r[0]))).toEqual([...primera, ...segunda]);
  expect(sheet.rows).toHaveLength(cuantas);
});
