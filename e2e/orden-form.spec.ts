import { calculateOrder, type OrdenCalculoInput } from '@obra/domain';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { crearOrden } from './api';
import { closeWithEscape, login, menuItem, shot } from './helpers';

/** An option of the open select dropdown whose title starts with `text`. */
const option = (page: Page, text: string) => page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title^="${text}"]`).first();

/** A form field's accessible name: its label, after the '* ' of a required field. */
const field = (label: string) => new RegExp(`^(\\* )?${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

/** Picks `text` in the select labelled `label`; `typed` narrows a searchable one first (long lists are virtual). */
async function choose(page: Page, label: string, text: string, typed?: string) {
  const combobox = page.getByRole('combobox', { name: field(label) });
  await combobox.click();
  if (typed) await combobox.fill(typed);
  await option(page, text).click();
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
}

/** Types in a remote-search select and picks the option that appears. */
async function search(page: Page, combobox: Locator, text: string, pick: string) {
  await combobox.click();
  await combobox.fill(text);
  await option(page, pick).click();
}

/** 'S/ 1,234.50' of a calculated amount. */
const soles = (amount: string) => {
  const [int, frac] = amount.replace('-', '').split('.');
  return `S/ ${amount.startsWith('-') ? '-' : ''}${int.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${frac}`;
};

// A run-unique word in the references, so the list search finds exactly our orders.
const RUN = Date.now().toString(36).toUpperCase();
const REF_COMPRA = `Compra de cemento y arena ${RUN}`;
const REF_SERVICIO = `Honorarios de ingeniería ${RUN}`;

const total = (page: Page, key: string) => page.getByTestId(`total-${key}`);

async function fillHeader(page: Page, referencia: string, documento: string) {
  await choose(page, 'Centro de costo', 'CC-PL-01');
  await search(page, page.getByRole('combobox', { name: field('Proveedor') }), 'cementos andinos', 'Cementos Andinos del Pacífico');
  await choose(page, 'Condición comercial', 'Crédito');
  await choose(page, 'Método de pago', 'Transferencia bancaria');
  await choose(page, 'Tipo de documento', documento);
  await page.getByLabel('N° de documento').fill('F001-4567');
  const fecha = page.getByLabel(field('Fecha de pago'));
  await fecha.click();
  await fecha.fill('15-12-2026');
  await fecha.press('Enter');
  await page.getByLabel(field('Referencia')).fill(referencia);
}

test('logistics creates a purchase order with live totals, then edits it', async ({ page }) => {
  await login(page, 'logistica@andina.pe');
  await page.goto('/orden');
  await page.getByRole('button', { name: 'Nuevo' }).click();
  await expect(page).toHaveURL(/\/orden\/new$/);
  await expect(page.getByRole('heading', { name: 'Órdenes de Compra o Servicio' })).toBeVisible();
  // The delivery place starts as the company's address; purchase taxes are IGV and Percepción.
  await expect(page.getByLabel(field('Lugar de entrega'))).not.toHaveValue('');
  const taxes = page.getByRole('table', { name: 'Impuestos de la orden' });
  await expect(taxes.getByRole('row')).toHaveCount(3);
  await expect(taxes).toContainText('IGV');
  await expect(taxes).toContainText('Percepción');

  await fillHeader(page, REF_COMPRA, 'Factura');
  // Contado sets today's payment date; crédito clears it.
  await choose(page, 'Condición comercial', 'Contado');
  await expect(page.getByLabel(field('Fecha de pago'))).not.toHaveValue('');
  await choose(page, 'Condición comercial', 'Crédito');
  await expect(page.getByLabel(field('Fecha de pago'))).toHaveValue('');
  const fecha = page.getByLabel(field('Fecha de pago'));
  await fecha.click();
  await fecha.fill('15-12-2026');
  await fecha.press('Enter');

  // No lines yet.
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Ingrese al menos un producto')).toBeVisible();
  await expect(page).toHaveURL(/\/orden\/new$/);

  // Two products from the catalogue; the same one twice is refused.
  const buscar = page.getByRole('combobox', { name: 'Buscar producto' });
  await search(page, buscar, 'cemento portland', 'Cemento Portland Tipo I');
  await search(page, buscar, 'arena gruesa', 'Arena gruesa');
  await search(page, buscar, 'cemento portland', 'Cemento Portland Tipo I');
  await expect(page.getByText('El producto ya fue agregado a la orden')).toBeVisible();
  await closeWithEscape(page, page.locator('.ant-select-dropdown:visible'));
  const items = page.getByRole('table', { name: 'Productos de la orden' });
  await expect(items.locator('tbody tr.ant-table-row')).toHaveCount(2);
  await page.getByLabel('Cantidad línea 1').fill('4');
  await page.getByLabel('Precio unitario línea 1').fill('250');
  await page.getByLabel('Cantidad línea 2').fill('10');
  await page.getByLabel('Precio unitario línea 2').fill('45.5');
  await page.getByLabel(field('Descuento')).fill('10');

  const input = (cantidad2: string): OrdenCalculoInput => ({
    items: [{ cantidad: '4', precio_unitario: '250' }, { cantidad: cantidad2, precio_unitario: '45.5' }],
    descuento: '10',
    tipo_descuento: 1,
    impuestos: [{ descripcion: 'IGV', valor: '0.18', ori_tipo: 1 }, { descripcion: 'Percepción', valor: '0', ori_tipo: 3 }],
  });
  const c = calculateOrder(input('10'));
  expect(c.total).toBe('1545.21');
  await expect(total(page, 'subtotal')).toContainText(soles(c.subtotal));
  await expect(total(page, 'descuento')).toContainText('Descuento (10%)');
  await expect(total(page, 'descuento')).toContainText(soles(`-${c.descuento_aplicado}`));
  await expect(total(page, 'descontado')).toContainText(soles(c.subtotal_descontado));
  await expect(total(page, 'imp-1')).toContainText(soles(c.impuestos[0].valor_aplicado));
  await expect(total(page, 'total')).toContainText(soles(c.total));

  // An invalid price shows the calculation's message in place of the totals.
  await page.getByLabel('Precio unitario línea 2').fill('abc');
  await expect(page.getByTestId('calculo-error')).toContainText('Línea 2: Ingrese un número válido');
  await page.getByLabel('Precio unitario línea 2').fill('45.5');
  await expect(page.getByTestId('calculo-error')).toHaveCount(0);
  await shot(page, 'orden-form-nueva');

  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Se registró con éxito la orden')).toBeVisible();
  await expect(page).toHaveURL(/\/orden$/);
  const list = page.getByRole('searchbox', { name: 'Buscar' });
  await list.fill(REF_COMPRA);
  await list.press('Enter');
  const row = page.getByRole('row', { name: /OC-/ });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(soles(c.total));

  // Edit: the type is locked; a new quantity updates the total.
  await row.getByRole('button', { name: /^Editar / }).click();
  await expect(page).toHaveURL(/\/orden\/edit\/\d+$/);
  await expect(page.getByLabel('Cantidad línea 2')).toHaveValue('10');
  await expect(page.getByRole('combobox', { name: field('Tipo de orden') })).toBeDisabled();
  // The supplier shows by name before any search.
  await expect(page.locator('.ant-form-item').filter({ has: page.getByLabel(field('Proveedor')) })).toContainText('Cementos Andinos del Pacífico');
  await expect(total(page, 'total')).toContainText(soles(c.total));
  await page.getByLabel('Cantidad línea 2').fill('20');
  const c2 = calculateOrder(input('20'));
  await expect(total(page, 'total')).toContainText(soles(c2.total));
  await shot(page, 'orden-form-editar');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Se actualizó con éxito la orden')).toBeVisible();
  await expect(page).toHaveURL(/\/orden$/);
  await list.fill(REF_COMPRA);
  await list.press('Enter');
  await expect(page.getByRole('row', { name: /OC-/ })).toContainText(soles(c2.total));
});

test('a service order with a recibo por honorarios carries Retención', async ({ page }) => {
  await login(page, 'logistica@andina.pe');
  await page.goto('/orden/new');
  await choose(page, 'Tipo de orden', 'Servicio');
  await expect(page.getByLabel('Importación')).toHaveCount(0);
  const taxes = page.getByRole('table', { name: 'Impuestos de la orden' });
  await expect(taxes).toContainText('Detracción');
  // IGV edited to 10 % keeps its rate when the receipt type changes the other tax.
  await page.getByLabel('Tasa IGV').fill('10');
  await fillHeader(page, REF_SERVICIO, 'Recibo por honorarios');
  await expect(taxes).toContainText('Retención');
  await expect(taxes).not.toContainText('Detracción');
  await expect(page.getByLabel('Tasa IGV')).toHaveValue('10');
  await page.getByLabel('Tasa IGV').fill('18');

  await page.getByRole('button', { name: 'Agregar línea libre' }).click();
  await choose(page, 'Unidad línea 1', 'UND', 'UND');
  await page.getByLabel('Precio unitario línea 1').fill('1000');
  // A service line needs a description.
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Línea 1: El campo es requerido')).toBeVisible();
  await page.getByLabel('Descripción línea 1').fill('Diseño de mezcla f\'c 280');

  const c = calculateOrder({
    items: [{ cantidad: '1', precio_unitario: '1000' }],
    impuestos: [{ descripcion: 'IGV', valor: '0.18', ori_tipo: 1 }, { descripcion: 'Retención', valor: '0.08', ori_tipo: 4 }],
  });
  await expect(total(page, 'imp-4')).toContainText(`Retención (8%)`);
  await expect(total(page, 'imp-4')).toContainText(soles(c.impuestos[1].valor_aplicado));
  await expect(total(page, 'total')).toContainText(soles(c.total));
  await shot(page, 'orden-form-servicio-rxh');

  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Se registró con éxito la orden')).toBeVisible();
  await expect(page).toHaveURL(/\/orden$/);
  const list = page.getByRole('searchbox', { name: 'Buscar' });
  await list.fill(REF_SERVICIO);
  await list.press('Enter');
  await expect(page.getByRole('row', { name: /OS-/ })).toContainText(soles(c.total));
});

test('the viewer has neither Nuevo nor Editar and cannot open the form', async ({ page }) => {
  await login(page, 'visualizador@andina.pe');
  await page.goto('/orden');
  await expect(page.getByRole('heading', { name: 'Órdenes de Compra y Servicio' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Código' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Nuevo' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Editar/ })).toHaveCount(0);
  await page.goto('/orden/new');
  await expect(page.getByText('No tiene los permisos para editar esta orden')).toBeVisible();
  await expect(page).toHaveURL(/\/orden$/);
});

test('leaving a changed order form asks first, and staying keeps the values', async ({ page, request }) => {
  const existente = await crearOrden(request, { referencia: `Sin cambios ${RUN}` });
  await login(page, 'logistica@andina.pe');
  await page.goto('/orden');
  const referencia = page.getByLabel(field('Referencia'));
  const discard = page.getByRole('dialog').filter({ hasText: '¿Descartar los cambios?' });

  // An untouched form (its defaults filled in by the screen) leaves without asking.
  await page.getByRole('button', { name: 'Nuevo' }).click();
  await expect(page).toHaveURL(/\/orden\/new$/);
  await expect(referencia).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Regresar' }).click();
  await expect(page).toHaveURL(/\/orden$/);
  await expect(discard).toHaveCount(0);
  // Nor does an existing order opened and left as it was.
  await page.goto(`/orden/edit/${existente.id_orden}`);
  await expect(referencia).toHaveValue(`Sin cambios ${RUN}`, { timeout: 20_000 });
  await page.getByRole('button', { name: 'Regresar' }).click();
  await expect(page).toHaveURL(/\/orden$/);
  await expect(discard).toHaveCount(0);

  // Regresar on a changed form asks; staying keeps what was typed and chosen.
  await page.getByRole('button', { name: 'Nuevo' }).click();
  await referencia.fill(`Sin guardar ${RUN}`);
  await choose(page, 'Condición comercial', 'Crédito');
  await page.getByRole('button', { name: 'Regresar' }).click();
  await expect(discard).toBeVisible();
  await shot(page, 'orden-form-descartar');
  await discard.getByRole('button', { name: 'Seguir editando' }).click();
  await expect(discard).toBeHidden();
  await expect(page).toHaveURL(/\/orden\/new$/);
  await expect(referencia).toHaveValue(`Sin guardar ${RUN}`);
  await expect(page.getByRole('combobox', { name: field('Condición comercial') }).locator('..')).toContainText('Crédito');

  // A menu link asks too; so does the browser's back button. Descartar leaves.
  await menuItem(page, 'Compras').hover();
  await page.getByRole('menuitem', { name: 'Proveedores' }).click();
  await expect(discard).toBeVisible();
  await discard.getByRole('button', { name: 'Seguir editando' }).click();
  await expect(page).toHaveURL(/\/orden\/new$/);
  await page.goBack();
  await expect(discard).toBeVisible();
  await discard.getByRole('button', { name: 'Descartar' }).click();
  await expect(page).toHaveURL(/\/orden$/);
  await expect(page.getByRole('heading', { name: 'Órdenes de Compra y Servicio' })).toBeVisible();

  // A line added to the items counts as a change as well.
  await page.getByRole('button', { name: 'Nuevo' }).click();
  await page.getByRole('button', { name: 'Agregar línea libre' }).click();
  await page.getByRole('button', { name: 'Regresar' }).click();
  await expect(discard).toBeVisible();
  await discard.getByRole('button', { name: 'Descartar' }).click();
  await expect(page).toHaveURL(/\/orden$/);
});

test('a save with blank fields marks each one with what it lacks, and says the form-level message once', async ({ page }) => {
  await login(page, 'logistica@andina.pe');
  await page.goto('/orden/new');
  const notice = (text: string) => page.locator('.ant-notification-notice').filter({ hasText: text });
  const fieldError = (label: string) => page.locator('.ant-form-item').filter({ has: page.getByLabel(field(label)) }).locator('.ant-form-item-explain');

  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(notice('Ingrese al menos un producto')).toHaveCount(1);
  await expect(fieldError('Referencia')).toHaveText('El campo es requerido');
  await expect(fieldError('Centro de costo')).toHaveText('El campo es requerido');

  await page.getByRole('button', { name: 'Agregar línea libre' }).click();
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(notice('El campo es requerido')).toHaveCount(1);
  // The line's blank price is marked where it is; its filled quantity is not.
  await expect(page.getByLabel('Precio unitario línea 1')).toHaveClass(/ant-input-status-error/);
  await expect(page.getByLabel('Cantidad línea 1')).not.toHaveClass(/ant-input-status-error/);
  await shot(page, 'orden-form-requeridos');
  // Filling a field clears its mark.
  await page.getByLabel(field('Referencia')).fill(`Referencia ${RUN}`);
  await expect(fieldError('Referencia')).toHaveCount(0);
});
