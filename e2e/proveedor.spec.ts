import { RUC_MSG, rucCheckDigit } from '@obra/domain';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { closeWithEscape, discardChanges, login, shot } from './helpers';

const FIRST10 = '2061478523';
const RUC = FIRST10 + rucCheckDigit(FIRST10);
const WRONG_RUC = FIRST10 + ((rucCheckDigit(FIRST10) + 1) % 10);
const RAZON = 'Hormigones y Bombeos del Sur S.A.C.';

/** An antd select: open it, type to filter, take the first match. */
async function choose(field: Locator, text: string) {
  await field.click();
  await field.pressSequentially(text);
  await field.press('Enter');
}

/** A screenshot once antd's popup animations have finished. */
async function still(page: Page, name: string) {
  await expect(page.locator('[class*="-zoom-appear"], [class*="-zoom-enter"], [class*="-fade-appear"], [class*="-fade-enter"]')).toHaveCount(0);
  await shot(page, name);
}

async function search(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(text);
  await page.getByRole('searchbox', { name: 'Buscar' }).press('Enter');
}

test('an administrator registers a supplier, modifies it, manages its accounts and deletes it', async ({ page }) => {
  await login(page, 'admin@andina.pe');
  await page.goto('/proveedor');
  await expect(page.getByRole('heading', { name: 'Proveedores' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Cementos Andinos del Pacífico S.A.A.', exact: true })).toBeVisible();
  await shot(page, 'proveedores-lista');

  // Register: required fields, a wrong RUC, the country rule of a foreign supplier.
  await page.getByRole('button', { name: 'Nuevo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Registrar Proveedor' });
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog.getByText('El campo es requerido').first()).toBeVisible();
  await dialog.getByLabel('RUC').fill(WRONG_RUC);
  await dialog.getByLabel('Razón Social').click();
  await expect(dialog.getByText(RUC_MSG.checkDigit)).toBeVisible();
  await dialog.getByLabel('RUC').fill('3061478523');
  await dialog.getByLabel('Razón Social').click();
  await expect(dialog.getByText(RUC_MSG.length)).toBeVisible();
  await dialog.getByLabel('Correo').fill('ventas@hormigones');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog.getByText('El campo debe ser un correo válido')).toBeVisible();
  await still(page, 'proveedor-nuevo-errores');

  await dialog.getByLabel('RUC').fill(RUC);
  await dialog.getByLabel('Razón Social').fill(RAZON);
  await dialog.getByLabel('Dirección').fill('Av. Pachacútec 1520, Villa María del Triunfo');
  await dialog.getByLabel('Correo').fill('ventas@hormigonessur.pe');
  await dialog.getByLabel('Teléfono').fill('(01) 293-4410');
  await dialog.getByLabel('Especialidad').fill('Bombeo de concreto');
  await expect(dialog.getByLabel('País')).toBeDisabled();
  await dialog.getByLabel('Nacional').uncheck();
  await expect(dialog.getByLabel('País')).toBeEnabled();
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog.getByText('El campo es requerido')).toBeVisible();
  await dialog.getByLabel('Nacional').check();
  await expect(dialog.locator('.ant-select', { hasText: 'Perú' })).toBeVisible();
  await still(page, 'proveedor-nuevo');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Se registró el proveedor').first()).toBeVisible();
  await expect(dialog).toBeHidden();

  // The same RUC again is refused by the server.
  await page.getByRole('button', { name: 'Nuevo' }).click();
  await dialog.getByLabel('RUC').fill(RUC);
  await dialog.getByLabel('Razón Social').fill('Copia S.A.C.');
  await dialog.getByLabel('Dirección').fill('Lima');
  await dialog.getByLabel('Correo').fill('copia@copia.pe');
  await dialog.getByLabel('Teléfono').fill('999999999');
  await dialog.getByLabel('Especialidad').fill('Copia');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText(`Ya existe un proveedor registrado con el RUC ${RUC}`).first()).toBeVisible();
  await discardChanges(page, dialog);

  // Find it and modify it; the RUC cannot change.
  await search(page, RUC);
  await expect(page.getByRole('cell', { name: RAZON, exact: true })).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(2);
  await page.getByRole('button', { name: `Editar ${RAZON}` }).click();
  const edit = page.getByRole('dialog', { name: 'Modificar Proveedor' });
  await expect(edit.getByLabel('RUC')).toHaveValue(RUC);
  await expect(edit.getByLabel('RUC')).toBeDisabled();
  await edit.getByLabel('Teléfono').fill('987 111 222');
  await edit.getByLabel('Crítico').check();
  await still(page, 'proveedor-modificar');
  await edit.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Se actualizó el proveedor').first()).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(RAZON) });
  await expect(row.getByRole('cell', { name: '987 111 222' })).toBeVisible();
  await expect(row.getByText('Sí').first()).toBeVisible();

  // Accounts: a CCI without 20 digits, then one of Interbank (003), then delete it.
  await row.getByRole('button', { name: `Cuentas ${RAZON}` }).click();
  const cuentas = page.getByRole('dialog', { name: `Cuentas de ${RAZON}` });
  await expect(cuentas.getByText('El proveedor no tiene cuentas registradas')).toBeVisible();
  await choose(cuentas.getByLabel('Banco'), 'Interbank');
  await choose(cuentas.getByLabel('Moneda'), 'Dólares');
  await choose(cuentas.getByLabel('Tipo'), 'Ahorros');
  await cuentas.getByLabel('Número').fill('200-3004567890');
  await cuentas.getByLabel('CCI').fill('0032000030045678901');
  await cuentas.getByRole('button', { name: 'Agregar' }).click();
  await expect(cuentas.getByText('El CCI debe tener 20 dígitos')).toBeVisible();
  await cuentas.getByLabel('CCI').fill('00220000300456789012');
  await cuentas.getByRole('button', { name: 'Agregar' }).click();
  await expect(cuentas.getByText('El CCI debe empezar con 003, el código del banco seleccionado')).toBeVisible();
  await cuentas.getByLabel('CCI').fill('003-200-003004567890-12');
  await cuentas.getByRole('button', { name: 'Agregar' }).click();
  await expect(page.getByText('Se agregó la cuenta').first()).toBeVisible();
  const cuenta = cuentas.getByRole('row', { name: /200-3004567890/ });
  await expect(cuenta.getByText('003-200-003004567890-12')).toBeVisible();
  await expect(cuenta.getByRole('cell', { name: 'Dólares ($)' })).toBeVisible();
  await still(page, 'proveedor-cuentas');
  await cuenta.getByRole('button', { name: 'Eliminar cuenta 200-3004567890' }).click();
  const confirmCuenta = page.getByRole('dialog', { name: /¿Desea eliminar la cuenta/ });
  await confirmCuenta.getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText('Se eliminó la cuenta').first()).toBeVisible();
  await expect(confirmCuenta).toBeHidden();
  await expect(cuentas.getByText('El proveedor no tiene cuentas registradas')).toBeVisible();
  await closeWithEscape(page, cuentas);

  // Delete it.
  await row.getByRole('button', { name: `Eliminar ${RAZON}` }).click();
  const confirm = page.getByRole('dialog', { name: `¿Desea eliminar al proveedor ${RAZON}?` });
  await still(page, 'proveedor-eliminar');
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText(`Se eliminó al proveedor ${RAZON}`).first()).toBeVisible();
  await expect(page.getByText('No se encontraron Proveedores')).toBeVisible();

  // A supplier with a portal user cannot be deleted.
  await search(page, '20501234568');
  const demo = page.getByRole('row', { name: /20501234568/ });
  await demo.getByRole('button', { name: /^Eliminar / }).click();
  await page.getByRole('dialog', { name: /¿Desea eliminar al proveedor/ }).getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText(/^Ocurrio un problema al eliminar al proveedor: tiene usuarios del portal/).first()).toBeVisible();
  await expect(demo).toBeVisible();
});

test('VISUALIZADOR sees suppliers and their accounts read-only', async ({ page }) => {
  await login(page, 'visualizador@andina.pe');
  await page.goto('/proveedor');
  await expect(page.getByRole('cell', { name: 'Cementos Andinos del Pacífico S.A.A.', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Nuevo' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Eliminar / })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Editar / })).toHaveCount(0);
  await shot(page, 'proveedores-visualizador');
  await page.getByRole('button', { name: 'Cuentas Cementos Andinos del Pacífico S.A.A.' }).click();
  const cuentas = page.getByRole('dialog', { name: 'Cuentas de Cementos Andinos del Pacífico S.A.A.' });
  await expect(cuentas.getByText('002-191-002456789054-56')).toBeVisible();
  await expect(cuentas.getByRole('button', { name: 'Agregar' })).toHaveCount(0);
  await expect(cuentas.getByRole('button', { name: /^Eliminar/ })).toHaveCount(0);
  await still(page, 'proveedor-cuentas-visualizador');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Ver Cementos Andinos del Pacífico S.A.A.' }).click();
  const view = page.getByRole('dialog', { name: 'Proveedor' });
  await expect(view.getByLabel('Razón Social')).toBeDisabled();
  await expect(view.getByRole('button', { name: 'Guardar' })).toHaveCount(0);
});
