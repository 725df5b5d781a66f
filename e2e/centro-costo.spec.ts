import { expect, test } from '@playwright/test';
import { discardChanges, login, menuItem, shot } from './helpers';

test('an administrator adds, finds, edits and deletes a cost centre', async ({ page }) => {
  await login(page, 'admin@andina.pe');
  await menuItem(page, 'Mantenimiento').hover();
  await page.getByRole('menuitem', { name: 'Centros de Costo' }).click();
  await expect(page).toHaveURL(/\/centroCosto$/);
  await expect(page.getByRole('heading', { name: 'Centros de Costo' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'CC-PL-01', exact: true })).toBeVisible();
  await expect(page.getByRole('row', { name: /CC-MF-04/ }).getByRole('img', { name: 'Inactivo' })).toBeVisible();
  await shot(page, 'centro-costo-lista');

  // Add: the required fields are checked before anything is sent.
  await page.getByRole('button', { name: 'Agregar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo Centro de Costo' });
  await expect(dialog.getByLabel('Estado')).toBeChecked();
  await expect(dialog.getByText('ACTIVO', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('El campo es requerido').first()).toBeVisible();
  await dialog.getByLabel('Código').fill('CC-LAB-02');
  await dialog.getByLabel('Descripción').fill('Ensayos de resistencia de probetas');
  await dialog.getByLabel('Proyecto').click();
  await dialog.getByLabel('Proyecto').pressSequentially('Lurín');
  await dialog.getByLabel('Proyecto').press('Enter');
  await expect(dialog.getByTitle('Planta Lurín')).toBeVisible();
  await shot(page, 'centro-costo-nuevo');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Se agregó el centro de costo')).toBeVisible();
  await expect(dialog).toBeHidden();

  // A repeated code (any case) is refused with the server's message; the popup keeps the values,
  // and Escape asks before dropping them.
  await page.getByRole('button', { name: 'Agregar' }).click();
  await dialog.getByLabel('Código').fill('cc-lab-02');
  await dialog.getByLabel('Descripción').fill('Duplicado');
  await dialog.getByLabel('Proyecto').click();
  await dialog.getByLabel('Proyecto').pressSequentially('Miraflores');
  await dialog.getByLabel('Proyecto').press('Enter');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Ya existe un centro de costo con ese código')).toBeVisible();
  await expect(dialog.getByLabel('Descripción')).toHaveValue('Duplicado');
  await discardChanges(page, dialog);

  // Find.
  const search = page.getByRole('searchbox', { name: 'Buscar' });
  await search.fill('probetas');
  await search.press('Enter');
  await expect(page.getByRole('row')).toHaveCount(2);
  const row = page.getByRole('row', { name: /CC-LAB-02/ });
  await expect(row.getByRole('cell', { name: 'Ensayos de resistencia de probetas' })).toBeVisible();
  await expect(row.getByRole('img', { name: 'Activo' })).toBeVisible();

  // Edit: deactivate it.
  await row.getByRole('button', { name: 'Editar CC-LAB-02' }).click();
  const edit = page.getByRole('dialog', { name: 'Modificar Centro de Costo' });
  await expect(edit.getByLabel('Código')).toHaveValue('CC-LAB-02');
  await edit.getByLabel('Descripción').fill('Ensayos de resistencia de probetas y testigos');
  await edit.getByLabel('Estado').uncheck();
  await expect(edit.getByText('INACTIVO', { exact: true })).toBeVisible();
  await expect(page.getByText('Ya existe un centro de costo con ese código')).toBeHidden();
  await shot(page, 'centro-costo-editar');
  await edit.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Se actualizó el centro de costo')).toBeVisible();
  await expect(row.getByRole('cell', { name: 'Ensayos de resistencia de probetas y testigos' })).toBeVisible();
  await expect(row.getByRole('img', { name: 'Inactivo' })).toBeVisible();

  // Delete, after confirming.
  await row.getByRole('button', { name: 'Eliminar CC-LAB-02' }).click();
  const confirm = page.getByRole('dialog', { name: '¿Desea eliminar el centro de costo CC-LAB-02?' });
  await expect(confirm).toBeVisible();
  await shot(page, 'centro-costo-eliminar');
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText('Se eliminó el centro de costo CC-LAB-02')).toBeVisible();
  await expect(page.getByText('No se encontraron Centros de Costo')).toBeVisible();
  await expect(confirm).toBeHidden();
  await shot(page, 'centro-costo-vacio');
});

test('saving over someone else\'s change shows the server\'s message, and works after reloading', async ({ page }) => {
  await login(page, 'admin@andina.pe');
  await page.goto('/centroCosto');
  const row = page.getByRole('row', { name: /CC-PL-03/ });
  await row.getByRole('button', { name: 'Editar CC-PL-03' }).click();
  const edit = page.getByRole('dialog', { name: 'Modificar Centro de Costo' });
  await expect(edit.getByLabel('Código')).toHaveValue('CC-PL-03');

  // Another user saves the same cost centre meanwhile (through the API, with a session of their own).
  const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('obra.session') ?? '{}') as { access_token: string }).access_token);
  const list = await page.request.post('/api/centroCosto/list', { headers: { Authorization: `Bearer ${token}` }, data: { search: 'CC-PL-03' } });
  const current = (await list.json()).data.data[0];
  const other = await page.request.post('/api/centroCosto/save', {
    headers: { Authorization: `Bearer ${token}` },
    data: { ...current, descripcion: 'Laboratorio de calidad y ensayos' },
  });
  expect(other.ok()).toBe(true);

  await edit.getByLabel('Descripción').fill('Laboratorio central');
  await edit.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('El registro fue modificado por otro usuario, vuelva a cargarlo')).toBeVisible();
  await expect(edit).toBeVisible();
  await discardChanges(page, edit, edit.getByRole('button', { name: 'Cerrar' }));
  // The list was reloaded with the other user's change; editing again starts from it.
  await expect(row.getByRole('cell', { name: 'Laboratorio de calidad y ensayos' })).toBeVisible();
  await row.getByRole('button', { name: 'Editar CC-PL-03' }).click();
  await expect(edit.getByLabel('Descripción')).toHaveValue('Laboratorio de calidad y ensayos');
  await edit.getByLabel('Descripción').fill('Laboratorio central');
  await edit.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Se actualizó el centro de costo')).toBeVisible();
  await expect(row.getByRole('cell', { name: 'Laboratorio central' })).toBeVisible();
});

test('VISUALIZADOR sees cost centres read-only', async ({ page }) => {
  await login(page, 'visualizador@andina.pe');
  await page.goto('/centroCosto');
  await expect(page.getByRole('cell', { name: 'CC-PL-01', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Agregar' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Editar/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Eliminar/ })).toHaveCount(0);
  await shot(page, 'centro-costo-visualizador');
});
