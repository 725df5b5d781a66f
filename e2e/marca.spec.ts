import { expect, test } from '@playwright/test';
import { login, shot } from './helpers';

test('logistics adds, finds and deletes a brand', async ({ page }) => {
  await login(page, 'logistica@andina.pe');
  await page.goto('/marca');
  await expect(page.getByRole('heading', { name: 'Marcas' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Aceros Arequipa', exact: true })).toBeVisible();
  // 10 a page (the demo brands take more than one).
  await expect(page.getByRole('row')).toHaveCount(11);
  await shot(page, 'marcas-lista');
  await page.getByRole('listitem', { name: '2' }).click();
  await expect(page.getByText(/^11-20 de \d+$/)).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Aceros Arequipa', exact: true })).toBeHidden();

  // A brand that products use cannot be deleted; the reason is shown.
  const search = page.getByRole('searchbox', { name: 'Buscar' });
  await search.fill('Aceros Arequipa');
  await search.press('Enter');
  await page.getByRole('button', { name: 'Eliminar Aceros Arequipa' }).click();
  await page.getByRole('dialog', { name: '¿Desea eliminar la marca Aceros Arequipa?' }).getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText('Ocurrio un problema al eliminar la marca: está siendo usada por productos')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Aceros Arequipa', exact: true })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await shot(page, 'marca-en-uso');

  await page.getByRole('button', { name: 'Agregar' }).click();
  const prompt = page.getByRole('dialog', { name: 'Nueva Marca' });
  const name = prompt.getByLabel('Ingrese Nueva Marca:');
  await expect(name).toHaveAttribute('placeholder', 'Marca');
  await expect(name).toHaveAttribute('maxlength', '100');
  await prompt.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('El campo es requerido').first()).toBeVisible();
  await name.fill('Cementos Yura');
  await expect(prompt.getByText('El campo es requerido')).toBeHidden();
  await shot(page, 'marca-nueva');
  await name.press('Enter');
  await expect(page.getByText('Se agregó la marca')).toBeVisible();
  await expect(prompt).toBeHidden();

  // The same name in other letters is refused and the prompt stays open with it; Escape asks
  // before dropping the typed name.
  await page.getByRole('button', { name: 'Agregar' }).click();
  await name.fill('CEMENTOS YURA');
  await prompt.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Ya existe una marca con ese nombre')).toBeVisible();
  await expect(name).toHaveValue('CEMENTOS YURA');
  await page.keyboard.press('Escape');
  await page.getByRole('dialog', { name: '¿Descartar los cambios?' }).getByRole('button', { name: 'Descartar' }).click();
  await expect(prompt).toBeHidden();

  await search.fill('yura');
  await search.press('Enter');
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('cell', { name: 'Cementos Yura', exact: true })).toBeVisible();

  // Cancelling the confirmation keeps it; confirming deletes it.
  await page.getByRole('button', { name: 'Eliminar Cementos Yura' }).click();
  const confirm = page.getByRole('dialog', { name: '¿Desea eliminar la marca Cementos Yura?' });
  await confirm.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page.getByRole('cell', { name: 'Cementos Yura', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Eliminar Cementos Yura' }).click();
  await shot(page, 'marca-eliminar');
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText('Se eliminó la marca Cementos Yura')).toBeVisible();
  await expect(page.getByText('No se encontraron Marcas')).toBeVisible();
  await expect(confirm).toBeHidden();
  await shot(page, 'marcas-vacio');
});

test('VISUALIZADOR sees brands read-only', async ({ page }) => {
  await login(page, 'visualizador@andina.pe');
  await page.goto('/marca');
  await expect(page.getByRole('cell', { name: 'Aceros Arequipa', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Agregar' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Eliminar/ })).toHaveCount(0);
});
