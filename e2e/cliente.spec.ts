import { CLIENTE_MSG, RUC_MSG, rucCheckDigit } from '@obra/domain';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { discardChanges, login, shot } from './helpers';

test.use({ viewport: { width: 1366, height: 768 } });

const FIRST10 = '2061837402';
const RUC = FIRST10 + rucCheckDigit(FIRST10);
const WRONG_RUC = FIRST10 + ((rucCheckDigit(FIRST10) + 1) % 10);
const NOMBRE = 'Constructora Pachacámac Norte S.A.C.';

/** Picks an option of an antd select without search by clicking it. */
async function pick(page: Page, select: Locator, text: string) {
  await select.click();
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${text}"]`).click();
}

/** Picks a district by typing part of its name. */
async function distrito(page: Page, select: Locator, typed: string, name: string) {
  await select.click();
  await select.pressSequentially(typed);
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${name}"]`).click();
}

/** A screenshot once antd's popup animations have finished. */
async function still(page: Page, name: string) {
  await expect(page.locator('[class*="-zoom-appear"], [class*="-zoom-enter"], [class*="-fade-appear"], [class*="-fade-enter"]')).toHaveCount(0);
  await shot(page, name);
}

/** Fills the add row of the addresses table and adds it. */
async function agregarDireccion(page: Page, dialog: Locator, d: { alias: string; direccion: string; referencia: string; typed: string; distrito: string }) {
  await dialog.getByLabel('Alias nuevo').fill(d.alias);
  await dialog.getByLabel('Dirección nueva').fill(d.direccion);
  await dialog.getByLabel('Referencia nueva').fill(d.referencia);
  await distrito(page, dialog.getByLabel('Distrito nuevo'), d.typed, d.distrito);
  await dialog.getByRole('button', { name: 'Agregar' }).click();
}

const toast = (page: Page, text: string) => page.locator('.ant-notification-notice', { hasText: text }).first();

test('registers a client with two addresses, finds it with Enter, views it and modifies its addresses', async ({ page }) => {
  await login(page, 'admin@andina.pe');
  await page.goto('/cliente');
  await expect(page.getByRole('heading', { name: 'Clientes' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Andrés Felipe Restrepo Gómez', exact: true })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Opciones' })).toBeVisible();
  await still(page, 'cliente-lista');

  // Register: the spec's missing-data texts, then a RUC with a wrong check digit.
  await page.getByRole('button', { name: 'Nuevo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Registrar Cliente' });
  await dialog.getByRole('button', { name: 'Registrar' }).click();
  await expect(toast(page, CLIENTE_MSG.missingRegister)).toBeVisible();
  await expect(dialog.getByText('El campo es requerido').first()).toBeVisible();
  await pick(page, dialog.getByLabel('Tipo de documento'), 'RUC');
  await dialog.getByLabel('Documento', { exact: true }).fill(WRONG_RUC);
  await dialog.getByLabel('Nombre o razón social').click();
  await expect(dialog.getByText(RUC_MSG.checkDigit)).toBeVisible();
  await dialog.getByLabel('Documento', { exact: true }).fill(RUC);
  await dialog.getByLabel('Nombre o razón social').fill(NOMBRE);
  await dialog.getByLabel('Nombre de contacto').fill('Ing. Julio Cárdenas Soto');
  await dialog.getByLabel('Correo').fill('compras@pachacamacnorte.pe');
  await dialog.getByLabel('Teléfono').fill('(01) 231-4455');
  await dialog.getByLabel('Domicilio fiscal').fill('Av. Manuel Valle 320, Pachacámac');

  // An incomplete address is refused with the spec's text; two complete ones are added.
  await dialog.getByLabel('Alias nuevo').fill('Obra Manchay');
  await dialog.getByRole('button', { name: 'Agregar' }).click();
  await expect(toast(page, CLIENTE_MSG.missingAddress)).toBeVisible();
  await agregarDireccion(page, dialog, { alias: 'Obra Manchay', direccion: 'Av. Víctor Malásquez km 4.5', referencia: 'Frente al colegio Andrés Bello', typed: 'Pachac', distrito: 'Pachacámac' });
  await agregarDireccion(page, dialog, { alias: 'Almacén Callao', direccion: 'Av. Argentina 5120', referencia: 'Portón verde', typed: 'Bellav', distrito: 'Bellavista' });
  await expect(dialog.getByLabel('Alias 1')).toHaveValue('Obra Manchay');
  await expect(dialog.getByLabel('Alias 2')).toHaveValue('Almacén Callao');
  await still(page, 'cliente-registrar');
  await dialog.getByRole('button', { name: 'Registrar' }).click();
  await expect(toast(page, CLIENTE_MSG.registered)).toBeVisible();
  await expect(dialog).toBeHidden();

  // Search by the RUC with Enter: only the new client.
  const search = page.getByRole('searchbox', { name: 'Buscar' });
  await search.fill(RUC);
  await search.press('Enter');
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('cell', { name: NOMBRE, exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: `RUC ${RUC}` })).toBeVisible();

  // View: everything read-only, no save button.
  await page.getByRole('button', { name: `Ver ${NOMBRE}` }).click();
  const ver = page.getByRole('dialog', { name: 'Ver Cliente' });
  await expect(ver.getByLabel('Nombre o razón social')).toHaveValue(NOMBRE);
  await expect(ver.getByLabel('Nombre o razón social')).toBeDisabled();
  await expect(ver.getByRole('cell', { name: 'Obra Manchay', exact: true })).toBeVisible();
  await expect(ver.getByRole('cell', { name: 'Bellavista', exact: true })).toBeVisible();
  await expect(ver.getByRole('button', { name: 'Modificar' })).toHaveCount(0);
  await still(page, 'cliente-ver');
  await ver.getByRole('button', { name: 'Cerrar' }).click();
  await expect(ver).toBeHidden();

  // Modify: add a third address, remove the first, save; then no address at all is refused.
  await page.getByRole('button', { name: `Modificar ${NOMBRE}` }).click();
  const mod = page.getByRole('dialog', { name: 'Modificar Cliente' });
  await expect(mod.getByLabel('Alias 2')).toHaveValue('Almacén Callao');
  await agregarDireccion(page, mod, { alias: 'Obra Lurín', direccion: 'Av. San Pedro 560', referencia: 'Km 32 de la Panamericana Sur', typed: 'Lur', distrito: 'Lurín' });
  await mod.getByRole('button', { name: 'Quitar dirección 1' }).click();
  await expect(mod.getByLabel('Alias 1')).toHaveValue('Almacén Callao');
  await expect(mod.getByLabel('Alias 2')).toHaveValue('Obra Lurín');
  await mod.getByLabel('Referencia 1').fill('Portón verde, tocar el timbre');
  await still(page, 'cliente-modificar');
  await mod.getByRole('button', { name: 'Modificar' }).click();
  await expect(toast(page, CLIENTE_MSG.modified)).toBeVisible();
  await expect(mod).toBeHidden();

  await page.getByRole('button', { name: `Ver ${NOMBRE}` }).click();
  await expect(ver.getByRole('cell', { name: 'Obra Manchay', exact: true })).toHaveCount(0);
  await expect(ver.getByRole('cell', { name: 'Portón verde, tocar el timbre', exact: true })).toBeVisible();
  await expect(ver.getByRole('cell', { name: 'Lurín', exact: true })).toBeVisible();
  await ver.getByRole('button', { name: 'Cerrar' }).click();

  await page.getByRole('button', { name: `Modificar ${NOMBRE}` }).click();
  await mod.getByRole('button', { name: 'Quitar dirección 2' }).click();
  await mod.getByRole('button', { name: 'Quitar dirección 1' }).click();
  await mod.getByRole('button', { name: 'Modificar' }).click();
  await expect(toast(page, CLIENTE_MSG.missingModify)).toBeVisible();
  await expect(mod).toBeVisible();
  await discardChanges(page, mod);
});

test('a duplicate document is refused naming the client; a VISUALIZADOR only views', async ({ page }) => {
  await login(page, 'admin@andina.pe');
  await page.goto('/cliente');
  await page.getByRole('button', { name: 'Nuevo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Registrar Cliente' });
  await pick(page, dialog.getByLabel('Tipo de documento'), 'DNI');
  await dialog.getByLabel('Documento', { exact: true }).fill('41827365');
  await dialog.getByLabel('Nombre o razón social').fill('Otra Persona');
  await dialog.getByLabel('Nombre de contacto').fill('Otra Persona');
  await dialog.getByLabel('Correo').fill('otra@gmail.com');
  await dialog.getByLabel('Teléfono').fill('999 888 777');
  await dialog.getByLabel('Domicilio fiscal').fill('Jr. Uno 123, Lima');
  await dialog.getByRole('button', { name: 'Registrar' }).click();
  await expect(toast(page, 'Ya existe un cliente registrado con el DNI 41827365: María Elena Quispe Condori')).toBeVisible();
  await expect(dialog).toBeVisible();
  await discardChanges(page, dialog);

  await login(page, 'visualizador@andina.pe');
  await page.goto('/cliente');
  await expect(page.getByRole('cell', { name: 'Consorcio Vial Lima Norte', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Nuevo' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Modificar Consorcio Vial Lima Norte' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Ver Consorcio Vial Lima Norte' }).click();
  await expect(page.getByRole('dialog', { name: 'Ver Cliente' }).getByRole('cell', { name: 'Puente Chillón', exact: true })).toBeVisible();
});
