import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { login, shot } from './helpers';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
// A run-unique word in the descriptions, so the price search finds exactly these items.
const RUN = `Z${Date.now().toString(36).toUpperCase()}`;
/** Cementos Andinos del Pacífico (server/src/db/seed/demo/proveedores.ts). */
const RUC = '20553128472';

/** One item row of order `orden`, in the template's column order. */
function row(orden: number, descripcion: string, cantidad: number, precio: number, over: { unidad?: string; tipo?: string } = {}) {
  return [
    orden, 'CC-PL-01', RUC, 'S/', 'Crédito', '', 'Transferencia bancaria', '', over.tipo ?? 'Factura', `F001-${orden}`, '20-12-2026', '',
    `Servicios de planta ${RUN}`, '', 'contabilidad@andina.pe', 'administracion@andina.pe', 'gerencia@andina.pe',
    descripcion, over.unidad ?? 'UND', cantidad, precio,
  ];
}

/** The downloaded template with `rows` written under the header of its load sheet. */
async function filled(template: Buffer, rows: (string | number)[][]) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(template as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  rows.forEach((r) => ws.addRow(r));
  return { name: 'ordenes.xlsx', mimeType: XLSX, buffer: Buffer.from(await wb.xlsx.writeBuffer()) };
}

async function upload(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  await page.locator('input[type=file]').setInputFiles(file);
  await expect(page.getByText(file.name)).toBeVisible();
  await page.getByRole('button', { name: 'Cargar', exact: true }).click();
}

test('service orders load from the template, errors are listed by row, and their prices are found', async ({ page }) => {
  await login(page, 'logistica@andina.pe');
  await page.goto('/orden/massive');
  await expect(page.getByRole('heading', { name: 'Carga masiva de órdenes de servicio' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cargar', exact: true })).toBeDisabled();
  await shot(page, 'orden-massive-inicio');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Descargar plantilla' }).click();
  const template = await download;
  expect(template.suggestedFilename()).toBe('plantilla-ordenes-servicio.xlsx');
  const templateBytes = readFileSync(await template.path());

  // A file with a wrong unit: nothing is saved and the row is listed.
  await upload(page, await filled(templateBytes, [
    row(1, `Izaje de estructuras ${RUN}`, 2, 1500),
    row(1, `Montaje de silo ${RUN}`, 1, 800, { unidad: 'XYZ' }),
  ]));
  await expect(page.getByText('El archivo tiene errores en 1 fila; no se cargó ningún registro').first()).toBeVisible();
  const errores = page.getByRole('table');
  await expect(errores.getByRole('row').filter({ hasText: 'Unidad: no existe la unidad "XYZ"' }).getByRole('cell').first()).toHaveText('3');
  await shot(page, 'orden-massive-errores');

  // The same file corrected, plus a second order with a recibo por honorarios.
  await upload(page, await filled(templateBytes, [
    row(1, `Izaje de estructuras ${RUN}`, 2, 1500),
    row(1, `Montaje de silo ${RUN}`, 1, 800),
    row(2, `Asesoría en diseño de mezclas ${RUN}`, 1, 2800, { tipo: 'Recibo por honorarios' }),
  ]));
  await expect(page.getByText('Se cargo los items correctamente: 2 órdenes de servicio registradas').first()).toBeVisible();
  const creadas = page.getByRole('table').getByRole('link', { name: /-CC-PL-01-OS-\d{4}$/ });
  await expect(creadas).toHaveCount(2);
  const [codigo1, codigo2] = await creadas.allTextContents();
  expect(Number(codigo2.slice(0, 6))).toBe(Number(codigo1.slice(0, 6)) + 1);
  await expect(page.getByRole('button', { name: 'Cargar', exact: true })).toBeDisabled();
  await shot(page, 'orden-massive-cargadas');

  await creadas.first().click();
  await expect(page).toHaveURL(/\/orden\/view\/\d+$/);
  await expect(page.getByText(codigo1).first()).toBeVisible();
  await expect(page.getByRole('table', { name: 'Productos de la orden' }).getByText(`Izaje de estructuras ${RUN}`)).toBeVisible();

  // The price search finds the loaded items ignoring case and accents.
  await page.goto('/search');
  await expect(page.getByRole('heading', { name: 'Búsqueda de precios' })).toBeVisible();
  const box = page.getByPlaceholder('Buscar por descripción del ítem');
  await box.fill(`asesoria en diseño de mezclas ${RUN.toLowerCase()}`);
  await box.press('Enter');
  const precio = page.getByRole('row').filter({ hasText: `Asesoría en diseño de mezclas ${RUN}` });
  await expect(precio).toHaveCount(1);
  await expect(precio).toContainText('S/ 2,800.00');
  await expect(precio).toContainText('Cementos Andinos del Pacífico');
  await expect(precio.getByRole('link', { name: codigo2 })).toBeVisible();
  await shot(page, 'precios-busqueda');

  await box.fill(`sin resultados ${RUN}`);
  await box.press('Enter');
  await expect(page.getByText('No se encontraron precios')).toBeVisible();
});

test('a chosen file not yet loaded asks before the page is left', async ({ page }) => {
  await login(page, 'logistica@andina.pe');
  await page.goto('/orden/massive');
  const discard = page.getByRole('dialog').filter({ hasText: '¿Descartar los cambios?' });

  // Nothing chosen: Regresar leaves at once.
  await page.getByRole('button', { name: 'Regresar' }).click();
  await expect(page).toHaveURL(/\/orden$/);
  await expect(discard).toHaveCount(0);

  await page.goto('/orden/massive');
  const pendiente = { name: `pendiente-${RUN}.xlsx`, mimeType: XLSX, buffer: Buffer.from('PK') };
  await page.locator('input[type=file]').setInputFiles(pendiente);
  await expect(page.getByText(pendiente.name)).toBeVisible();
  await page.getByRole('button', { name: 'Regresar' }).click();
  await expect(discard).toBeVisible();
  await discard.getByRole('button', { name: 'Seguir editando' }).click();
  await expect(page).toHaveURL(/\/orden\/massive$/);
  await expect(page.getByText(pendiente.name)).toBeVisible();
  await page.getByRole('button', { name: 'Regresar' }).click();
  await discard.getByRole('button', { name: 'Descartar' }).click();
  await expect(page).toHaveURL(/\/orden$/);
});
