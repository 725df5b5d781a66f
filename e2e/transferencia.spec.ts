import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiLogin, apiPost, crearOrden, emitirOrden } from './api';
import { login, shot } from './helpers';

/** Transfers and incomes (spec 2 §2, spec 1 §2.10): receive an order partly then fully, move stock between warehouses, project scope. */

const field = (label: string) => new RegExp(`^(\\* )?${label}$`);

// The screens are looked at as an office screen shows them.
test.use({ viewport: { width: 1366, height: 768 } });
// The first flow signs in five times as three users: more than the default minute on a busy machine.
test.describe.configure({ mode: 'serial', timeout: 180_000 });

let orden: { id_orden: number; codigo: string };

/** Picks the option containing `text` in the select labelled `label` inside `scope`, by typing it. */
async function choose(page: Page, scope: Locator, label: string, text: string) {
  await scope.getByLabel(field(label)).click();
  await page.keyboard.type(text);
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title*="${text}"]`).last().click();
}

/** Signs out (the session lives in localStorage) and in again as `user`. */
async function relogin(page: Page, user: string) {
  await page.evaluate(() => localStorage.clear());
  await login(page, user);
}

async function estadoOrden(request: Parameters<typeof apiLogin>[0], idOrden: number): Promise<string> {
  const s = await apiLogin(request, 'logistica@andina.pe');
  const o = await apiPost<{ estado: { descripcion: string } }>(request, s, '/orden/get-orden-detail', {}, { idOrden: String(idOrden) });
  return o.estado.descripcion;
}

/**
 * As the warehouse chief: finds the order's created transfer on /transferencia and confirms its entry as sent (or with
 * `cantidad` on line 1), with the supplier's document the goods came with (`doc`: type as listed, series, number).
 */
async function confirmarIngreso(page: Page, doc: [string, string, string], cantidad?: string) {
  await page.goto('/transferencia');
  await expect(page.getByRole('heading', { name: 'Transferencias e Ingresos' })).toBeVisible();
  const codigo = page.getByRole('search', { name: 'Filtros' }).getByLabel('Código de orden');
  await codigo.fill(orden.codigo);
  await codigo.press('Enter');
  const confirmar = page.getByRole('button', { name: /^Confirmar ingreso TRF-/ });
  await expect(confirmar).toHaveCount(1);
  await confirmar.click();
  const popup = page.getByRole('dialog', { name: /^Confirmar ingreso: TRF-/ });
  await expect(popup.getByLabel('Cantidad confirmada 1')).toHaveValue(/^\d/);
  // The serial field is for serialised products only.
  await expect(popup.getByLabel('Serie 1')).toBeDisabled();
  if (cantidad !== undefined) await popup.getByLabel('Cantidad confirmada 1').fill(cantidad);
  await popup.getByLabel('Notas 1').fill('Llegó en buen estado');
  // The supplier's document is asked for before anything enters (PLE 12.1).
  await popup.getByRole('button', { name: 'Confirmar ingreso' }).click();
  await expect(popup.getByText('Ingrese el comprobante del proveedor con que llegaron los bienes: tipo, serie, número y fecha de emisión')).toBeVisible();
  await choose(page, popup, 'Comprobante del proveedor \\(SUNAT tabla 10\\)', doc[0]);
  await popup.getByLabel('Serie', { exact: true }).fill(doc[1]);
  await popup.getByLabel('Número', { exact: true }).fill(doc[2]);
  // Its issue date, as printed on the paper (PLE 12.1 field 10): picked in the calendar, today at the latest.
  await popup.getByLabel('Fecha de emisión', { exact: true }).click();
  await page.locator('.ant-picker-dropdown:visible .ant-picker-cell-today').click();
  await popup.getByRole('button', { name: 'Confirmar ingreso' }).click();
  await expect(page.getByText('Se confirmó el ingreso de la transferencia')).toBeVisible();
  await expect(popup).toBeHidden();
}

test.beforeAll(async ({ request }) => {
  const admin = await apiLogin(request, 'admin@andina.pe');
  const productos = async (nombre: string) =>
    (await apiPost<{ prv_id: number; prv_nombre: string }[]>(request, admin, '/transferenciaItems/buscarProducto', { producto: { prv_nombre: nombre } }))[0].prv_id;
  const cemento = await productos('Cemento Andino');
  const arena = await productos('Arena fina');
  orden = await crearOrden(request, {
    referencia: `Ingreso a almacén ${Date.now().toString(36).toUpperCase()}`,
    orden_items: [
      { producto_variacion: { id_producto_variacion: cemento }, descripcion: 'Cemento Andino Tipo V', unidad: { id_unidad: 1 }, cantidad: 100, precio_unitario: 30 },
      { producto_variacion: { id_producto_variacion: arena }, descripcion: 'Arena fina', unidad: { id_unidad: 1 }, cantidad: 10, precio_unitario: 50 },
    ],
  });
  await emitirOrden(request, orden.id_orden);
});

test('a purchase order is received partly, then fully; the order follows', async ({ page, request }) => {
  await login(page, 'logistica@andina.pe');
  await page.goto(`/orden/view/${orden.id_orden}`);
  await page.getByRole('button', { name: 'Generar Transferencia' }).click();
  let popup = page.getByRole('dialog', { name: 'Nueva Transferencia: Orden Compra' });
  await expect(popup.getByText(`Orden: ${orden.codigo}`)).toBeVisible();
  // Lines default to the remaining balance.
  await expect(popup.getByLabel('Cantidad 1')).toHaveValue('100');
  await expect(popup.getByLabel('Cantidad 2')).toHaveValue('10');
  await popup.getByLabel('Cantidad 1').fill('60');
  await popup.getByLabel('Cantidad 2').fill('0');
  await choose(page, popup, 'Almacén destino', 'Almacén Central');
  await shot(page, 'transferencia-orden-nueva');
  await popup.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Se registró la transferencia')).toBeVisible();
  await expect(popup).toBeHidden();
  expect(await estadoOrden(request, orden.id_orden)).toBe('Emitido');

  // The warehouse chief of Planta Lurín confirms 50 of the 60 sent.
  await relogin(page, 'almacen@andina.pe');
  await confirmarIngreso(page, ['Guía de remisión remitente', 't001', '000455'], '50');
  expect(await estadoOrden(request, orden.id_orden)).toBe('Recepcionado Parcial');

  // Logistics sends the rest: the balance left is 50 cement (10 did not arrive) and 10 sand.
  await relogin(page, 'logistica@andina.pe');
  await page.goto(`/orden/view/${orden.id_orden}`);
  await expect(page.locator('.ant-tag', { hasText: 'Recepcionado Parcial' })).toBeVisible();
  await page.getByRole('button', { name: 'Generar Transferencia' }).click();
  popup = page.getByRole('dialog', { name: 'Nueva Transferencia: Orden Compra' });
  await expect(popup.getByLabel('Cantidad 1')).toHaveValue('50');
  await expect(popup.getByLabel('Cantidad 2')).toHaveValue('10');
  await choose(page, popup, 'Almacén destino', 'Almacén Central');
  await popup.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Se registró la transferencia')).toBeVisible();

  await relogin(page, 'almacen@andina.pe');
  await confirmarIngreso(page, ['Factura', 'F001', '00004610']);
  expect(await estadoOrden(request, orden.id_orden)).toBe('Recepcionado');

  // The order view: received, nothing left to transfer, both transfers in 'Ver Transferencia'.
  await relogin(page, 'logistica@andina.pe');
  await page.goto(`/orden/view/${orden.id_orden}`);
  await expect(page.locator('.ant-tag').getByText('Recepcionado', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Generar Transferencia' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Ver Transferencia' }).click();
  const ver = page.getByRole('dialog', { name: `Transferencias: ${orden.codigo}` });
  await expect(ver.getByText('Ingreso parcial')).toBeVisible();
  await expect(ver.getByText('Ingreso confirmado')).toBeVisible();
  await expect(ver.getByText('Guía de remisión remitente T001-000455')).toBeVisible();
  await expect(ver.getByText('Factura F001-00004610')).toBeVisible();
  await shot(page, 'transferencia-orden-ver');
  await ver.getByRole('button', { name: 'Cerrar' }).click();
});

test('stock moves between warehouses and its entry is confirmed', async ({ page }) => {
  await login(page, 'inventario@andina.pe');
  await page.goto('/transferencia');
  await page.getByRole('button', { name: 'Entre Almacenes' }).click();
  const popup = page.getByRole('dialog', { name: 'Nueva Transferencia: Entre Almacenes' });
  await choose(page, popup, 'Almacén origen', 'Almacén Central');
  await choose(page, popup, 'Almacén destino', 'Almacén de Agregados');
  await popup.getByLabel('Agregar producto del almacén de origen').click();
  await page.keyboard.type('nitrilo');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title^="Guantes de nitrilo"]').click();
  // A product is added once; a new line starts at 1.
  await expect(popup.getByLabel('Cantidad 1')).toHaveValue('1');
  await popup.getByLabel('Agregar producto del almacén de origen').click();
  await page.keyboard.type('nitrilo');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title^="Guantes de nitrilo"]').click();
  await expect(page.getByText('El producto ya ha sido agregado')).toBeVisible();
  await popup.getByLabel('Cantidad 1').fill('5');
  await shot(page, 'transferencia-entre-almacenes');
  await popup.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Se registró la transferencia')).toBeVisible();

  const filtros = page.getByRole('search', { name: 'Filtros' });
  await filtros.getByLabel('Tipo').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="Entre almacenes"]').click();
  await expect(filtros.getByText('Almacén origen')).toBeVisible();
  await expect(filtros.getByLabel('Código de orden')).toHaveCount(0);
  const confirmar = page.getByRole('button', { name: /^Confirmar ingreso TRF-/ }).first();
  const nombre = (await confirmar.getAttribute('aria-label')) ?? '';
  const codigo = nombre.replace('Confirmar ingreso ', '');
  await confirmar.click();
  const ingreso = page.getByRole('dialog', { name: `Confirmar ingreso: ${codigo}` });
  await expect(ingreso.getByLabel('Cantidad confirmada 1')).toHaveValue('5');
  await ingreso.getByRole('button', { name: 'Confirmar ingreso' }).click();
  await expect(page.getByText('Se confirmó el ingreso de la transferencia')).toBeVisible();
  // It left the list of created ones; with every status it shows as confirmed, and can no longer be deleted.
  await filtros.getByLabel('Estado').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="Ingreso confirmado"]').click();
  const fila = page.getByRole('row').filter({ hasText: codigo });
  await expect(fila.getByText('Ingreso confirmado')).toBeVisible();
  await expect(fila.getByRole('button', { name: `Eliminar ${codigo}` })).toHaveCount(0);
  await fila.getByRole('button', { name: `Ver detalle ${codigo}` }).click();
  const detalle = page.getByRole('dialog', { name: 'Transferencias' });
  await expect(detalle.getByText('Guantes de nitrilo')).toBeVisible();
  await shot(page, 'transferencia-detalle');
});

test('a project user sees only the transfers of its warehouses', async ({ page }) => {
  await login(page, 'almacen@andina.pe');
  await page.goto('/transferencia');
  // Without the option the order button is not offered.
  await expect(page.getByRole('button', { name: 'Compra Externa' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Orden de Compra' })).toHaveCount(0);
  const filtros = page.getByRole('search', { name: 'Filtros' });
  await filtros.getByLabel('Tipo').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="Todos"]').click();
  await filtros.getByLabel('Estado').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="Todos"]').last().click();
  const filas = page.getByRole('table').getByRole('row').filter({ has: page.getByRole('cell', { name: /^TRF-/ }) });
  await expect(filas.first()).toBeVisible();
  for (const fila of await filas.all()) {
    await expect(fila).toContainText(/Almacén Central|Almacén de Agregados/);
  }
  await expect(page.getByRole('table')).not.toContainText(/Almacén de Obra Miraflores$/);
  // The demo external purchase into Miraflores is not there.
  await filtros.getByLabel('Tipo').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="Compra externa"]').click();
  await expect(page.getByRole('table')).not.toContainText('Almacén de Obra Miraflores');
  await expect(page.getByRole('table')).toContainText('Almacén Central');
  await shot(page, 'transferencia-proyecto');
});
