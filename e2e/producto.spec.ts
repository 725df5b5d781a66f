import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { closeWithEscape, login, shot } from './helpers';

const HEADERS = ['Nombre', 'Categoría', 'Tipo', 'Marca', 'Unidad', 'Serie', 'Retornable', 'Retorno estimado (días)', 'Reposición', 'Stock mínimo'];

/** Picks an option of an antd select by typing part of its text. */
async function choose(scope: Locator | Page, label: string, text: string) {
  const select = scope.getByLabel(label, { exact: true });
  await select.click();
  await select.pressSequentially(text);
  await select.press('Enter');
}

async function search(page: Page, text: string) {
  const box = page.getByRole('searchbox', { name: 'Buscar' });
  await box.fill(text);
  await box.press('Enter');
}

const row = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });

let dir: string;
test.beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'obra-producto-e2e-'));
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function xlsx(name: string, rows: (string | number)[][]): Promise<string> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Productos');
  ws.addRow(HEADERS);
  rows.forEach((r) => ws.addRow(r));
  const file = join(dir, name);
  await wb.xlsx.writeFile(file);
  return file;
}

test('logistics registers, finds, modifies, duplicates and disables a product', async ({ page }) => {
  await login(page, 'logistica@andina.pe');
  await page.goto('/producto');
  await expect(page.getByRole('heading', { name: 'Productos' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Aceite de motor 15W-40', exact: true })).toBeVisible();
  await shot(page, 'productos-lista');

  await page.getByRole('button', { name: 'Nuevo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Registrar Producto' });
  await dialog.getByRole('button', { name: 'Registrar' }).click();
  await expect(page.getByText('Ingrese el nombre del producto').first()).toBeVisible();

  await dialog.getByLabel('Nombre').fill('Cortadora de concreto FS 400');
  await choose(dialog, 'Categoría', 'Herram');
  await choose(dialog, 'Tipo', 'Eléc');
  await choose(dialog, 'Marca', 'Makita');
  await choose(dialog, 'Unidad de medida', 'UND');
  await expect(dialog.getByLabel('Retorno estimado (días)')).toBeDisabled();
  await dialog.getByLabel('Registrar número de serie').check();
  await dialog.getByLabel('Retornable').check();
  await expect(dialog.getByLabel('Retorno estimado (días)')).toBeEnabled();
  await dialog.getByRole('button', { name: 'Registrar' }).click();
  await expect(page.getByText('Ingrese el retorno estimado (días) del producto retornable').first()).toBeVisible();
  await dialog.getByLabel('Retorno estimado (días)').fill('45');
  await dialog.getByLabel('Stock mínimo').fill('2.5');
  await shot(page, 'producto-registrar');
  await dialog.getByRole('button', { name: 'Registrar' }).click();
  await expect(page.getByText('Se registró el producto correctamente')).toBeVisible();
  await expect(dialog).toBeHidden();
  // The list opens the page of the new product and marks it.
  await expect(row(page, 'Cortadora de concreto FS 400')).toBeVisible();

  await search(page, 'cortadora fs');
  await expect(page.getByRole('cell', { name: 'Cortadora de concreto FS 400', exact: true })).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(2);

  await row(page, 'Cortadora de concreto FS 400').getByRole('button', { name: /^Editar/ }).click();
  const modify = page.getByRole('dialog', { name: 'Modificar Producto' });
  await expect(modify.getByLabel('Nombre')).toHaveValue('Cortadora de concreto FS 400');
  await expect(modify.getByLabel('Stock mínimo')).toHaveValue('2.50');
  await modify.getByLabel('Retornable').uncheck();
  await expect(modify.getByLabel('Retorno estimado (días)')).toBeDisabled();
  await expect(modify.getByLabel('Retorno estimado (días)')).toHaveValue('');
  await modify.getByLabel('Nombre').fill('Cortadora de concreto FS 400 LX');
  await shot(page, 'producto-modificar');
  await modify.getByRole('button', { name: 'Modificar' }).click();
  await expect(page.getByText('Se modificó el producto correctamente')).toBeVisible();
  await expect(modify).toBeHidden();

  await search(page, 'cortadora');
  await row(page, 'Cortadora de concreto FS 400 LX').getByRole('button', { name: 'Duplicar' }).click();
  const copy = page.getByRole('dialog', { name: 'Duplicar Producto' });
  await expect(copy.getByLabel('Nombre')).toHaveValue('Cortadora de concreto FS 400 LX');
  await copy.getByRole('button', { name: 'Registrar' }).click();
  await expect(page.getByText('Ya existe un producto con ese nombre y esa marca')).toBeVisible();
  await copy.getByLabel('Nombre').fill('Cortadora de concreto FS 500');
  await shot(page, 'producto-duplicar');
  await copy.getByRole('button', { name: 'Registrar' }).click();
  await expect(page.getByText('Se registró el producto correctamente')).toBeVisible();
  await expect(copy).toBeHidden();
  await expect(row(page, 'Cortadora de concreto FS 500')).toContainText('Makita');

  await row(page, 'Cortadora de concreto FS 500').getByRole('button', { name: 'Deshabilitar' }).click();
  await expect(page.getByRole('dialog', { name: '¿Desea deshabilitar el producto "Cortadora de concreto FS 500"?' })).toBeVisible();
  await shot(page, 'producto-deshabilitar-confirmar');
  await page.getByRole('dialog', { name: /¿Desea deshabilitar el producto/ }).getByRole('button', { name: 'Deshabilitar' }).click();
  await expect(page.getByText('Se deshabilitó el producto')).toBeVisible();
  await expect(row(page, 'Cortadora de concreto FS 500')).toContainText('Deshabilitado');
  await row(page, 'Cortadora de concreto FS 500').getByRole('button', { name: 'Habilitar' }).click();
  await page.getByRole('dialog', { name: /¿Desea habilitar el producto/ }).getByRole('button', { name: 'Habilitar' }).click();
  await expect(page.getByText('Se habilitó el producto')).toBeVisible();
  await expect(row(page, 'Cortadora de concreto FS 500')).toContainText('Habilitado');

  // Category and type filters; the type list follows the category.
  await search(page, '');
  await choose(page, 'Categoría', 'EPP');
  await choose(page, 'Tipo', 'Cascos');
  await expect(page.getByRole('cell', { name: 'Casco de seguridad H-700 blanco', exact: true })).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(2);
  await shot(page, 'productos-filtros');
});

test('a product load lists the rows in error, then loads a clean file', async ({ page }) => {
  await login(page, 'admin@andina.pe');
  await page.goto('/producto');
  await page.getByRole('button', { name: 'Importar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Importar Productos' });
  await expect(dialog.getByRole('button', { name: 'Cargar', exact: true })).toHaveCount(0);

  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Descargar Plantilla' }).click();
  expect((await download).suggestedFilename()).toBe('plantilla-productos.xlsx');

  const bad = await xlsx('con-errores.xlsx', [
    ['Conos de seguridad 70 cm', 'EPP', 'Cascos', '3M', 'UND', 'NO', 'NO', '', 'SI', 10],
    ['Malla de seguridad naranja', 'EPP', 'Mallas', '', 'RLL', '', '', '', '', ''],
    ['Mezcladora de concreto 9 p3', 'Herramientas', 'Eléctricas', 'Marca inexistente', 'UND', 'SI', 'SI', '', '', ''],
  ]);
  await dialog.locator('input[type=file]').setInputFiles(bad);
  await expect(dialog.getByText('con-errores.xlsx')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cargar', exact: true }).click();
  await expect(dialog.getByText('El archivo tiene errores en 2 filas; no se cargó ningún registro')).toBeVisible();
  await expect(dialog.getByRole('cell', { name: 'Tipo: no existe el tipo "Mallas" en la categoría "EPP"' })).toBeVisible();
  await expect(dialog.getByRole('cell', { name: 'Marca: no existe la marca "Marca inexistente"' })).toBeVisible();
  await shot(page, 'productos-importar-errores');

  const good = await xlsx('productos.xlsx', [
    ['Conos de seguridad 70 cm', 'EPP', 'Cascos', '3M', 'UND', 'NO', 'NO', '', 'SI', 10],
    ['Mezcladora de concreto 9 p3', 'Herramientas', 'Eléctricas', 'Honda', 'UND', 'SI', 'SI', 60, '', ''],
  ]);
  await dialog.locator('input[type=file]').setInputFiles(good);
  await dialog.getByRole('button', { name: 'Cargar', exact: true }).click();
  await expect(page.getByText('Se cargo los items correctamente: 2 productos')).toBeVisible();
  await expect(dialog).toBeHidden();
  await search(page, 'mezcladora');
  await expect(row(page, 'Mezcladora de concreto 9 p3')).toContainText('Honda');
  await shot(page, 'productos-importados');
});

test('without the option the catalogue is read only', async ({ page }) => {
  await login(page, 'inventario@andina.pe');
  await page.goto('/producto');
  await expect(page.getByRole('cell', { name: 'Aceite de motor 15W-40', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Nuevo' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Importar' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Editar/ })).toHaveCount(0);
  await row(page, 'Aceite de motor 15W-40').getByRole('button', { name: 'Ver' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ver Producto' });
  await expect(dialog.getByLabel('Nombre')).toBeDisabled();
  await expect(dialog.getByLabel('Tipo', { exact: true })).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Registrar' })).toHaveCount(0);
  await shot(page, 'producto-ver');
  await closeWithEscape(page, dialog);

  await page.goto('/login');
  await login(page, 'visualizador@andina.pe');
  await page.goto('/producto');
  await expect(page.getByRole('cell', { name: 'Aceite de motor 15W-40', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Nuevo' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Deshabilitar' })).toHaveCount(0);
});
