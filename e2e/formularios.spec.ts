import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiLogin, apiPost, crearOrden, emitirOrden } from './api';
import { login } from './helpers';

/**
 * The shared form machinery (issue 24 "Data changed or lost without a word", "Forms and messages"):
 * a number field keeps what was typed and says why it is out of range, a text with a limit shows
 * its counter and is refused past it (never cut), Enter in a popup's date picker picks the date and
 * never submits, and a long unbroken line wraps inside the order's detail.
 */

test.use({ viewport: { width: 1366, height: 768 } });

const field = (label: string) => new RegExp(`^(\\* )?${label}$`);
const anyOption = (page: Page, text: string) => page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text }).first();

async function pick(page: Page, combobox: Locator, typed: string, text: string) {
  await combobox.click();
  if (typed) await combobox.fill(typed);
  await anyOption(page, text).click();
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
}

/** How many requests to `path` the page sent. */
function counter(page: Page, path: string) {
  const sent = { n: 0 };
  page.on('request', (r) => {
    if (r.url().endsWith(path)) sent.n += 1;
  });
  return sent;
}

/** The form item (label, field, message) a field sits in. */
const itemOf = (input: Locator) => input.locator('xpath=ancestor::div[contains(concat(" ", normalize-space(@class), " "), " ant-form-item ")][1]');

test('an assignment above the stock keeps the typed 50, says \'Solo hay … en Almacén Central\' next to it and does not save', async ({ page }) => {
  const admin = await apiLogin(page.request, 'admin@andina.pe');
  const [casco] = await apiPost<{ pal_id: number; pal_stock: string }[]>(page.request, admin, '/productoAlmacen/buscarRapido',
    { producto_almacen: { prv_nombre: 'Casco de seguridad', alm_id: 1 } });
  const stock = Number(casco.pal_stock);
  const soloHay = `Solo hay ${stock.toLocaleString('en-US', { maximumFractionDigits: 4 })} en Almacén Central`;
  const registrar = counter(page, '/api/asignacionItems/registrar');

  await login(page, 'inventario@andina.pe');
  await page.goto('/asignaciones');
  await page.getByRole('button', { name: 'Registrar asignación' }).click();
  const popup = page.getByRole('dialog', { name: 'Registrar asignación' });
  await pick(page, popup.getByRole('combobox', { name: 'Almacén' }), 'Central', 'Planta Lurín | Almacén Central');
  await pick(page, popup.getByRole('combobox', { name: 'Solicitante' }), 'Quispe Mamani', 'Víctor Hugo Quispe Mamani');
  await pick(page, popup.getByRole('combobox', { name: 'Autorizador' }), 'Flores Ccori', 'Pedro Flores Ccori');
  await pick(page, popup.getByRole('combobox', { name: 'Buscar producto' }), 'Casco', 'Casco de seguridad H-700 blanco');

  const cantidad = popup.getByRole('textbox', { name: 'Cantidad de Casco de seguridad H-700 blanco' });
  const encima = String(stock + 20);
  await cantidad.fill(encima);
  await cantidad.press('Tab');
  // Never rewritten to the stock: the typed value stays, the reason is next to the field.
  await expect(cantidad).toHaveValue(encima);
  await expect(itemOf(cantidad)).toContainText(soloHay);
  await popup.getByRole('button', { name: 'Guardar' }).click();
  await expect(itemOf(cantidad)).toContainText(soloHay);
  await expect(cantidad).toHaveValue(encima);
  await expect(popup).toBeVisible();
  expect(registrar.n).toBe(0);

  // A negative quantity is not raised to 0.0001 either.
  await cantidad.fill('-3');
  await cantidad.press('Tab');
  await expect(cantidad).toHaveValue('-3');
  await expect(itemOf(cantidad)).toContainText('La cantidad debe ser mayor que 0');
  await popup.getByRole('button', { name: 'Guardar' }).click();
  await expect(popup).toBeVisible();
  expect(registrar.n).toBe(0);

  // Within the stock it saves.
  await cantidad.fill('1');
  await expect(itemOf(cantidad)).not.toContainText('Solo hay');
  await popup.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Se registró la asignación correctamente')).toBeVisible();
  expect(registrar.n).toBe(1);
});

test('payment order: Enter in the date picks the date and does not submit; the description shows its counter and is refused past 500, never cut', async ({ page, request }) => {
  const orden = await crearOrden(request, {
    tipo_orden: 2,
    referencia: `Formularios ${Date.now().toString(36)}`,
    orden_items: [{ descripcion: 'Mantenimiento de mezcladora', unidad: { id_unidad: 1 }, cantidad: 1, precio_unitario: 1000 }],
  });
  await emitirOrden(request, orden.id_orden);
  const registrar = counter(page, '/api/ordenPago/registrar');

  await login(page, 'logistica@andina.pe');
  await page.goto(`/ordenPago/${orden.id_orden}`);
  await page.getByRole('button', { name: 'Agregar' }).click();
  const popup = page.getByRole('dialog', { name: 'Registrar Orden de Pago' });
  const descripcion = popup.getByLabel(field('Descripción'));
  await descripcion.fill('Primer pago');
  // The limit is shown as the user types.
  await expect(itemOf(descripcion)).toContainText('11 / 500');
  await popup.getByRole('combobox', { name: field('Sistema de pago') }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="Transferencia bancaria"]').click();
  await popup.getByLabel(field('Total \\(S/\\)')).fill('500');

  // Enter in the date picker picks the date: no toast, no red text, nothing sent.
  const fecha = popup.getByLabel(field('Fecha programada de pago'));
  await fecha.click();
  await fecha.fill('20-12-2026');
  await fecha.press('Enter');
  await expect(fecha).toHaveValue(/20.12.2026/);
  await page.waitForTimeout(500);
  await expect(popup).toBeVisible();
  await expect(popup.locator('.ant-form-item-explain-error')).toHaveCount(0);
  await expect(page.getByText('Faltan ingresar datos')).toHaveCount(0);
  expect(registrar.n).toBe(0);
  // Enter in a text field does not submit either.
  await popup.getByLabel(field('Total \\(S/\\)')).press('Enter');
  await page.waitForTimeout(300);
  expect(registrar.n).toBe(0);

  // Past the limit: the whole text stays, the counter and the field say so, nothing is sent.
  const largo = 'x'.repeat(501);
  await descripcion.fill(largo);
  await expect(descripcion).toHaveValue(largo);
  await expect(itemOf(descripcion)).toContainText('501 / 500');
  await popup.getByRole('button', { name: 'Guardar' }).click();
  await expect(itemOf(descripcion)).toContainText('La descripción no debe superar 500 caracteres');
  expect(registrar.n).toBe(0);

  await descripcion.fill('Primer pago');
  await popup.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Se registró la orden de pago')).toBeVisible();
  expect(registrar.n).toBe(1);
});

test('a long unbroken line wraps inside the order detail instead of widening it', async ({ page, request }) => {
  const palabra = 'A'.repeat(300);
  const orden = await crearOrden(request, {
    observacion: 'O'.repeat(300),
    orden_items: [{ descripcion: palabra, observacion: 'B'.repeat(300), unidad: { id_unidad: 1 }, cantidad: 1, precio_unitario: 100 }],
  });
  await login(page, 'admin@andina.pe');
  await page.goto(`/orden/view/${orden.id_orden}`);
  // The order's lines (the Conciliación card below repeats the description, cut to one line).
  const celda = page.getByRole('table', { name: 'Productos de la orden' }).getByRole('cell', { name: palabra, exact: true });
  await expect(celda).toBeVisible();
  const caja = (await celda.boundingBox())!;
  // Wrapped on several lines within the screen, not one 300-character line.
  expect(caja.width).toBeLessThan(700);
  expect(caja.height).toBeGreaterThan(60);
  const desborde = await page.evaluate(() => {
    const contenido = document.querySelector('[aria-label="Productos de la orden"] .ant-table-content, .ant-table-content');
    return {
      pagina: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      tabla: contenido ? contenido.scrollWidth - contenido.clientWidth : 0,
    };
  });
  expect(desborde.pagina).toBeLessThanOrEqual(0);
  expect(desborde.tabla).toBeLessThanOrEqual(0);
});
