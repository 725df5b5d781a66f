import { expect, test } from '@playwright/test';
import { apiLogin, apiPost } from './api';
import { choose, filtros, login, option, options, row, shot } from './helpers';

test('the sales desk searches, registers, views and modifies sellers', async ({ page, request }) => {
  // Five more sellers so the list takes two pages of 10.
  const admin = await apiLogin(request, 'admin@andina.pe');
  for (let i = 1; i <= 5; i++) {
    await apiPost(request, admin, '/vendedor/registrar', { vendedor: { ven_nombre: `Zapata Vendedor ${i}`, ven_documento_identidad: `4900000${i}` } });
  }

  await login(page, 'administracion@andina.pe');
  await page.goto('/vendedor');
  await expect(page.getByRole('heading', { name: 'Vendedores' })).toBeVisible();
  for (const header of ['ID', 'Vendedor', 'Documento', 'Teléfono', 'Estado', 'Opciones']) {
    await expect(page.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  }
  // 10 a page, by name: the five Zapata are last and one of them is on page 2.
  await expect(page.getByRole('row')).toHaveCount(11);
  await expect(page.getByText('1-10 de 11')).toBeVisible();
  await expect(row(page, 'Pedro Pablo Salinas Ortiz').getByText('Inactivo')).toBeVisible();
  await expect(row(page, 'Luis Alberto Paredes Gómez').getByText('Activo')).toBeVisible();
  await shot(page, 'vendedores-lista');
  await page.getByRole('listitem', { name: '2' }).click();
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(row(page, 'Zapata Vendedor 5')).toBeVisible();

  // Enter in a filter box searches; the status filter offers activo and inactivo only.
  const nombre = filtros(page).getByLabel('Vendedor', { exact: true });
  await nombre.fill('quispe');
  await nombre.press('Enter');
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(row(page, 'José Antonio Quispe Mamani')).toBeVisible();
  await nombre.fill('');
  await filtros(page).getByLabel('Estado', { exact: true }).click();
  await expect(options(page)).toHaveText(['Todos', 'Activo', 'Inactivo']);
  await option(page, 'Inactivo').click();
  await filtros(page).getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(row(page, 'Pedro Pablo Salinas Ortiz')).toBeVisible();
  await choose(page, filtros(page), 'Estado', 'Todos');
  const documento = filtros(page).getByLabel('Documento', { exact: true });
  await documento.fill('10442185765');
  await documento.press('Enter');
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(row(page, 'Ricardo Manuel Torres León')).toBeVisible();
  await documento.fill('');
  await documento.press('Enter');
  await expect(page.getByRole('row')).toHaveCount(11);

  // Register: a wrong RUC is refused before sending, a document in use by the server; the popup stays open.
  await page.getByRole('button', { name: 'plus Registrar' }).click();
  const registrar = page.getByRole('dialog', { name: 'Registrar Vendedor' });
  await expect(registrar).toBeVisible();
  expect((await registrar.locator('.ant-modal-container, .ant-modal-content').first().boundingBox())?.width).toBe(800);
  await registrar.getByLabel('Nombre').fill('Andrea Lucía Campos Ríos');
  await registrar.getByLabel('Documento identidad').fill('10458712367');
  await registrar.getByLabel('Correo').fill('acampos@andina.pe');
  await registrar.getByLabel('Teléfono').fill('+51 999 888 777');
  await registrar.getByRole('button', { name: 'Registrar' }).click();
  await expect(page.getByText('El RUC no es válido: el dígito verificador no corresponde').first()).toBeVisible();
  await registrar.getByLabel('Documento identidad').fill('41235678');
  await registrar.getByRole('button', { name: 'Registrar' }).click();
  await expect(page.getByText('Ya existe un vendedor con el documento 41235678')).toBeVisible();
  await expect(registrar).toBeVisible();
  await expect(registrar.getByLabel('Nombre')).toHaveValue('Andrea Lucía Campos Ríos');
  await registrar.getByLabel('Documento identidad').fill('47654321');
  await shot(page, 'vendedor-registrar');
  await registrar.getByRole('button', { name: 'Registrar' }).click();
  await expect(page.getByText('Se registró el vendedor correctamente')).toBeVisible();
  await expect(registrar).toBeHidden();
  // The search ran again: the new seller is in the list.
  await expect(row(page, 'Andrea Lucía Campos Ríos')).toBeVisible();
  await expect(row(page, 'Andrea Lucía Campos Ríos').getByText('Activo')).toBeVisible();

  // View: the same fields plus Estado, all read-only, and no save button.
  await page.getByRole('button', { name: 'Ver Andrea Lucía Campos Ríos' }).click();
  const ver = page.getByRole('dialog', { name: 'Ver Vendedor' });
  await expect(ver.getByLabel('Documento identidad')).toHaveValue('47654321');
  await expect(ver.getByLabel('Correo')).toHaveValue('acampos@andina.pe');
  await expect(ver.getByLabel('Teléfono')).toBeDisabled();
  await expect(ver.getByText('Activo')).toBeVisible();
  await expect(ver.getByRole('button', { name: /Registrar|Modificar/ })).toHaveCount(0);
  await shot(page, 'vendedor-ver');
  await ver.getByRole('button', { name: 'Cerrar' }).click();
  await expect(ver).toBeHidden();

  // Modify: the status dropdown has activo and inactivo; the list shows the change at once.
  await page.getByRole('button', { name: 'Modificar Andrea Lucía Campos Ríos' }).click();
  const modificar = page.getByRole('dialog', { name: 'Modificar Vendedor' });
  await expect(modificar.getByLabel('Nombre')).toHaveValue('Andrea Lucía Campos Ríos');
  await modificar.getByLabel('Teléfono').fill('987 111 222');
  await modificar.getByLabel('Estado').click();
  await expect(options(page)).toHaveText(['Activo', 'Inactivo']);
  await option(page, 'Inactivo').click();
  await shot(page, 'vendedor-modificar');
  await modificar.getByRole('button', { name: 'Modificar' }).click();
  await expect(page.getByText('Se modificó el vendedor correctamente')).toBeVisible();
  await expect(modificar).toBeHidden();
  await expect(row(page, 'Andrea Lucía Campos Ríos').getByText('Inactivo')).toBeVisible();
  await expect(row(page, 'Andrea Lucía Campos Ríos').getByRole('cell', { name: '987 111 222' })).toBeVisible();
});

test('VISUALIZADOR sees sellers read-only; logistics has no access', async ({ page }) => {
  await login(page, 'visualizador@andina.pe');
  await page.goto('/vendedor');
  await expect(row(page, 'Luis Alberto Paredes Gómez')).toBeVisible();
  await expect(page.getByRole('button', { name: 'plus Registrar' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Modificar/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Ver Luis Alberto Paredes Gómez' }).click();
  await expect(page.getByRole('dialog', { name: 'Ver Vendedor' }).getByLabel('Nombre')).toHaveValue('Luis Alberto Paredes Gómez');

  await page.getByRole('button', { name: 'Cerrar' }).click();
  await login(page, 'logistica@andina.pe');
  await page.goto('/vendedor');
  await expect(page.getByText('No tienes acceso a este módulo')).toBeVisible();
});
