import { expect, test } from '@playwright/test';
import { choose, filtros, login, option, options, row, shot } from './helpers';

const NUEVO = "Concreto premezclado f'c 315 kg/cm²";

test('the sales desk registers, views and modifies a sale product with its price with IGV', async ({ page }) => {
  await login(page, 'administracion@andina.pe');
  await page.goto('/productoVenta');
  await expect(page.getByRole('heading', { name: 'Productos de Venta' })).toBeVisible();
  // The demo catalogue: 15 products, 10 a page.
  await expect(page.getByRole('row')).toHaveCount(11);
  await expect(page.getByText('1-10 de 15')).toBeVisible();
  await expect(row(page, "Concreto premezclado f'c 140 kg/cm²").getByText('Inactivo')).toBeVisible();
  await shot(page, 'productos-venta-lista');
  await page.getByRole('listitem', { name: '2' }).click();
  await expect(page.getByRole('row')).toHaveCount(6);
  await expect(row(page, 'Servicio de bomba pluma (por hora)')).toBeVisible();

  // Enter in the name searches; the status filter offers active and inactive.
  const nombre = filtros(page).getByLabel('Nombre', { exact: true });
  await nombre.fill('bombeable');
  await nombre.press('Enter');
  await expect(page.getByRole('row')).toHaveCount(3);
  await nombre.fill('');
  await filtros(page).getByLabel('Estado', { exact: true }).click();
  await expect(options(page)).toHaveText(['Todos', 'Activo', 'Inactivo']);
  await option(page, 'Inactivo').click();
  await filtros(page).getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByRole('row')).toHaveCount(2);
  await choose(page, filtros(page), 'Estado', 'Todos');
  await filtros(page).getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByText('1-10 de 15')).toBeVisible();

  // Register: every field missing answers the spec's text; level 2 waits for level 1.
  await page.getByRole('button', { name: 'plus Nuevo' }).click();
  const registrar = page.getByRole('dialog', { name: 'Registrar Producto de Venta' });
  expect((await registrar.locator('.ant-modal-container, .ant-modal-content').first().boundingBox())?.width).toBe(800);
  await registrar.getByRole('button', { name: 'Registrar' }).click();
  await expect(page.getByText('Falta ingresar datos para registrar el producto-venta').first()).toBeVisible();
  await expect(registrar.getByLabel('Subtipo de producto')).toBeDisabled();
  await choose(page, registrar, 'Tipo de producto', 'Concreto');
  await registrar.getByLabel('Subtipo de producto').click();
  await expect(options(page)).toHaveText(['Bombeable', 'Estructural', 'Pavimentos']);
  await option(page, 'Estructural').click();
  await choose(page, registrar, 'Grupo', 'Concreto premezclado');
  await choose(page, registrar, 'Marca', 'Concretera Andina');
  await choose(page, registrar, 'Unidad de medida', 'M3 - Metro cúbico');
  // A name already in the catalogue: the server refuses it and the popup keeps the values.
  await registrar.getByLabel('Nombre').fill("Concreto premezclado f'c 210 kg/cm²");
  await registrar.getByLabel('Descripción').fill('Para placas de sótanos; slump 4"');
  await registrar.getByLabel('Precio mínimo').fill('380');
  await registrar.getByLabel('Precio máximo').fill('370');
  // The price with IGV follows the maximum price as it is typed (× 1.18, two decimals).
  await expect(registrar.getByLabel('Precio con IGV')).toHaveValue('436.60');
  await registrar.getByLabel('Stock').fill('0');
  await registrar.getByRole('button', { name: 'Registrar' }).click();
  await expect(page.getByText('El precio mínimo no puede ser mayor que el precio máximo').first()).toBeVisible();
  await registrar.getByLabel('Precio mínimo').fill('340.50');
  await registrar.getByRole('button', { name: 'Registrar' }).click();
  await expect(page.getByText('Ya existe un producto de venta con ese nombre')).toBeVisible();
  await expect(registrar).toBeVisible();
  await registrar.getByLabel('Nombre').fill(NUEVO);
  await shot(page, 'producto-venta-registrar');
  await registrar.getByRole('button', { name: 'Registrar' }).click();
  await expect(page.getByText('Se registró el producto de venta correctamente')).toBeVisible();
  await expect(registrar).toBeHidden();
  await expect(page.getByText('1-10 de 16')).toBeVisible();
  await nombre.fill('315');
  await nombre.press('Enter');
  await expect(row(page, NUEVO).getByText('Activo')).toBeVisible();

  // View: every field disabled, the price reads 'Precio de venta', the IGV price computed.
  await page.getByRole('button', { name: `Ver ${NUEVO}` }).click();
  const ver = page.getByRole('dialog', { name: 'Ver Producto de Venta' });
  await expect(ver.getByLabel('Precio de venta')).toHaveValue('370.00');
  await expect(ver.getByLabel('Precio de venta')).toBeDisabled();
  await expect(ver.getByLabel('Precio con IGV')).toHaveValue('436.60');
  await expect(ver.getByLabel('Precio mínimo')).toHaveValue('340.50');
  await expect(ver.getByLabel('Nombre')).toBeDisabled();
  await expect(ver.getByText('Estructural')).toBeVisible();
  await expect(ver.getByText('Concretera Andina')).toBeVisible();
  await expect(ver.getByRole('button', { name: /Registrar|Modificar/ })).toHaveCount(0);
  await shot(page, 'producto-venta-ver');
  await ver.getByRole('button', { name: 'Cerrar' }).click();

  // Modify: a new price recomputes the IGV price; moving to another level 1 empties level 2.
  await page.getByRole('button', { name: `Modificar ${NUEVO}` }).click();
  const modificar = page.getByRole('dialog', { name: 'Modificar Producto de Venta' });
  await expect(modificar.getByLabel('Precio máximo')).toHaveValue('370.00');
  await modificar.getByLabel('Precio máximo').fill('375.5');
  await expect(modificar.getByLabel('Precio con IGV')).toHaveValue('443.09');
  await choose(page, modificar, 'Tipo de producto', 'Aditivos');
  await modificar.getByLabel('Subtipo de producto').click();
  await expect(options(page)).toHaveText(['Acelerantes', 'Plastificantes']);
  await page.keyboard.press('Escape');
  await choose(page, modificar, 'Tipo de producto', 'Concreto');
  await choose(page, modificar, 'Subtipo de producto', 'Bombeable');
  await choose(page, modificar, 'Estado', 'Inactivo');
  await modificar.getByLabel('Stock').fill('12.5');
  await shot(page, 'producto-venta-modificar');
  await modificar.getByRole('button', { name: 'Modificar' }).click();
  await expect(page.getByText('Se modificó el producto de venta correctamente')).toBeVisible();
  await expect(modificar).toBeHidden();
  await expect(row(page, NUEVO).getByText('Inactivo')).toBeVisible();

  await page.getByRole('button', { name: `Ver ${NUEVO}` }).click();
  const otraVez = page.getByRole('dialog', { name: 'Ver Producto de Venta' });
  await expect(otraVez.getByLabel('Precio con IGV')).toHaveValue('443.09');
  await expect(otraVez.getByLabel('Stock')).toHaveValue('12.5');
  await expect(otraVez.getByText('Bombeable')).toBeVisible();
});

test('VISUALIZADOR sees the catalogue read-only', async ({ page }) => {
  await login(page, 'visualizador@andina.pe');
  await page.goto('/productoVenta');
  await expect(row(page, 'Arena gruesa')).toBeVisible();
  await expect(page.getByRole('button', { name: 'plus Nuevo' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Modificar/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Ver Arena gruesa' }).click();
  const ver = page.getByRole('dialog', { name: 'Ver Producto de Venta' });
  await expect(ver.getByLabel('Precio de venta')).toHaveValue('62.00');
  await expect(ver.getByLabel('Precio con IGV')).toHaveValue('73.16');
  await expect(ver.getByLabel('Stock')).toHaveValue('480');
});
