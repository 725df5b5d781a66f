import ExcelJS from 'exceljs';
import { expect, test, type Page } from '@playwright/test';
import { limaDate } from '@obra/domain';
import { crearOrden, type OrdenCreada } from './api';
import { closeWithEscape, login, shot } from './helpers';

/** Today's Lima month as the picker shows it: first and last day, dd/mm/yyyy. */
function limaMonth(): [string, string] {
  const [y, m] = limaDate().split('-').map(Number);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const mm = String(m).padStart(2, '0');
  return [`01/${mm}/${y}`, `${last}/${mm}/${y}`];
}

let orden: OrdenCreada;

// Registered today (Lima), on credit: it falls in both reports' default range. One line: 4 × 250.00.
test.beforeAll(async ({ request }) => {
  orden = await crearOrden(request);
});

/** The first sheet's rows as arrays of cell values (row 1 is the header). */
async function readWorkbook(path: string): Promise<ExcelJS.CellValue[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(path);
  const ws = wb.worksheets[0];
  const out: ExcelJS.CellValue[][] = [];
  ws.eachRow((row) => out.push((row.values as ExcelJS.CellValue[]).slice(1)));
  return out;
}

/** Clears the range, asks without dates (spec 1 §8 message), types the Lima month back and downloads. */
async function download(page: Page, dialog: ReturnType<Page['getByRole']>, filename: string) {
  const inicio = dialog.getByPlaceholder('Fecha inicio');
  const [desde, hasta] = limaMonth();
  await expect(inicio).toHaveValue(desde);
  await dialog.locator('.ant-picker-range').hover();
  await dialog.locator('.ant-picker-clear').click();
  await expect(inicio).toHaveValue('');
  await dialog.getByRole('button', { name: 'Generar' }).click();
  await expect(page.locator('.ant-notification-notice').filter({ hasText: 'Debe ingresar un rango de fechas para generar el reporte' })).toBeVisible();

  await inicio.click();
  await inicio.fill(desde);
  await inicio.press('Enter');
  const fin = dialog.getByPlaceholder('Fecha fin');
  await fin.fill(hasta);
  // Enter here would already submit the form (and download); a click elsewhere keeps the typed date.
  await dialog.locator('.ant-modal-title').click();
  await expect(inicio).toHaveValue(desde);
  await expect(fin).toHaveValue(hasta);

  // Held a moment before it reaches the server, so the downloading state can be seen.
  let release = () => {};
  const held = new Promise<void>((resolve) => { release = resolve; });
  await page.route('**/api/**', async (route) => {
    await held;
    await route.continue();
  });
  const saved = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Generar' }).click();
  await expect(dialog.getByRole('status')).toContainText('Descargando…');
  await expect(dialog.getByRole('button', { name: 'Generar' })).toBeDisabled();
  await shot(page, `${filename}-descargando`);
  release();
  const file = await saved;
  await page.unrouteAll();
  expect(file.suggestedFilename()).toBe(filename);
  await expect(page.locator('.ant-notification-notice').filter({ hasText: `Se descargó ${filename}` })).toBeVisible();
  return readWorkbook((await file.path())!);
}

test('order report: without dates it asks for them, then downloads reporte.xlsx with the order', async ({ page }) => {
  await login(page, 'admin@andina.pe');
  await page.goto('/orden');
  await page.getByRole('button', { name: /Reporte$/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Reporte de Órdenes' });
  await expect(dialog).toBeVisible();
  // The product types are those of the chosen category.
  const tipo = dialog.getByRole('combobox', { name: 'Tipo de producto' });
  await expect(tipo).toBeDisabled();
  await dialog.getByRole('combobox', { name: 'Categoría' }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
  await expect(tipo).toBeEnabled();
  await tipo.click();
  await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option').first()).toBeVisible();
  await shot(page, 'orden-reporte-popup');
  await page.keyboard.press('Escape');
  const categoria = dialog.locator('.ant-form-item').filter({ hasText: 'Categoría' });
  await categoria.locator('.ant-select').hover();
  await categoria.locator('.ant-select-clear').click();
  await expect(tipo).toBeDisabled();

  await dialog.getByRole('radio', { name: 'Por producto' }).check();
  const rows = await download(page, dialog, 'reporte.xlsx');
  expect(rows[0]).toEqual(expect.arrayContaining(['Código', 'Descripción', 'Cantidad', 'P.U.', 'Subtotal', 'Categoría']));
  const line = rows.find((r) => r[0] === orden.codigo);
  expect(line).toBeDefined();
  expect(line).toEqual(expect.arrayContaining(['Cemento Portland tipo I', 4, 250, 1000]));
  await shot(page, 'orden-reporte-descargado');

  await closeWithEscape(page, dialog);
});

test('payment report: downloads reporte-pagos.xlsx with the order and its balance', async ({ page }) => {
  await login(page, 'admin@andina.pe');
  await page.goto('/orden');
  await page.getByRole('button', { name: 'Reporte de pagos' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reporte de Órdenes de Compra y Órdenes de Pago' });
  await expect(dialog).toBeVisible();
  await shot(page, 'orden-reporte-pagos-popup');
  const rows = await download(page, dialog, 'reporte-pagos.xlsx');
  const header = rows[0].map(String);
  const row = rows.find((r) => r[0] === orden.codigo)!;
  expect(row).toBeDefined();
  // Nothing paid yet: the balance is the whole total.
  expect(row[header.indexOf('Total orden')]).toBe(Number(orden.monto_con_impuesto));
  expect(row[header.indexOf('Saldo')]).toBe(Number(orden.monto_con_impuesto));
  await closeWithEscape(page, dialog);
});

test('the viewer may generate the report too (it only reads)', async ({ page }) => {
  await login(page, 'visualizador@andina.pe');
  await page.goto('/orden');
  await page.getByRole('button', { name: /Reporte$/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Reporte de Órdenes' });
  const saved = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Generar' }).click();
  const rows = await readWorkbook((await (await saved).path())!);
  expect(rows.some((r) => r[0] === orden.codigo)).toBe(true);
});
