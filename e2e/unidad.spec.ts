import { expect, test } from '@playwright/test';
import { login, shot } from './helpers';

test('inventory adds, finds and deletes a unit of measure', async ({ page }) => {
  await login(page, 'inventario@andina.pe');
  await page.goto('/unidad');
  await expect(page.getByRole('heading', { name: 'Unidades' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Metro cúbico', exact: true })).toBeVisible();
  await shot(page, 'unidades-lista');

  // A unit that products use cannot be deleted; the reason is shown.
  const search = page.getByRole('searchbox', { name: 'Buscar' });
  await search.fill('cúbico');
  await search.press('Enter');
  await page.getByRole('button', { name: 'Eliminar M3', exact: true }).click();
  await page.getByRole('dialog', { name: '¿Desea eliminar la unidad M3 (Metro cúbico)?' }).getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText('Ocurrio un problema al eliminar la unidad: está siendo usada por productos')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Metro cúbico', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Agregar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nueva Unidad' });
  await dialog.getByLabel('Símbolo').fill('PLG');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('El campo es requerido').first()).toBeVisible();
  await dialog.getByLabel('Descripción').fill('Pulgada');
  await expect(dialog.getByText('El campo es requerido')).toBeHidden();
  await shot(page, 'unidad-nueva');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Se agregó la unidad')).toBeVisible();
  await expect(dialog).toBeHidden();

  // A symbol already in use (any case) is refused; the popup stays open.
  await page.getByRole('button', { name: 'Agregar' }).click();
  await dialog.getByLabel('Símbolo').fill('kg');
  await dialog.getByLabel('Descripción').fill('Kilo');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Ya existe una unidad con ese símbolo')).toBeVisible();
  await expect(dialog.getByLabel('Descripción')).toHaveValue('Kilo');
  // Closing a changed popup asks first.
  await dialog.getByRole('button', { name: 'Cerrar' }).click();
  await page.getByRole('dialog', { name: '¿Descartar los cambios?' }).getByRole('button', { name: 'Descartar' }).click();
  await expect(dialog).toBeHidden();

  await search.fill('pulgada');
  await search.press('Enter');
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('cell', { name: 'PLG', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Eliminar PLG' }).click();
  const confirm = page.getByRole('dialog', { name: '¿Desea eliminar la unidad PLG (Pulgada)?' });
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText('Se eliminó la unidad PLG')).toBeVisible();
  await expect(page.getByText('No se encontraron Unidades')).toBeVisible();
  await expect(confirm).toBeHidden();
  await shot(page, 'unidades-vacio');
});
