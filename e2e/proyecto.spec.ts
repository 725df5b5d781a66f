import { expect, test, type Page } from '@playwright/test';
import { closeWithEscape, login, menuItem, shot } from './helpers';

/** An option of the open select dropdown. */
const option = (page: Page, text: string) => page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${text}"]`);
const toast = (page: Page, text: string) => page.locator('.ant-notification').getByText(text, { exact: true }).first();

test('an administrator creates a project with warehouses, edits it and assigns an employee', async ({ page }) => {
  await login(page, 'admin@andina.pe');
  await menuItem(page, 'Mantenimiento').hover();
  await page.getByRole('menuitem', { name: 'Proyectos' }).click();
  await expect(page).toHaveURL(/\/proyecto$/);
  await expect(page.getByRole('heading', { name: 'Proyectos' })).toBeVisible();
  // Active projects, sorted by name.
  await expect(page.getByRole('row').nth(1)).toContainText('Edificio Miraflores');
  await expect(page.getByRole('row').nth(2)).toContainText('Planta Lurín');
  await shot(page, 'proyecto-lista');

  // New: required fields, then a warehouse row without its address.
  await page.getByRole('button', { name: 'Nuevo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo Proyecto' });
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(toast(page, 'Faltan ingresar datos')).toBeVisible();
  await dialog.getByLabel('Código').fill('pry-e2e');
  await expect(dialog.getByLabel('Código')).toHaveValue('PRY-E2E');
  await dialog.getByLabel('Nombre', { exact: true }).fill('Puente Chilca');
  await dialog.getByLabel('Descripción').fill('Vaciado de losas del puente Chilca');
  await dialog.getByLabel('Nombre del almacén 1').fill('Almacén Puente');
  await dialog.getByRole('button', { name: 'Agregar almacén' }).click();
  await expect(toast(page, 'Debe ingresar todos los datos del almacén')).toBeVisible();
  await expect(dialog.getByLabel('Nombre del almacén 2')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Dirección del almacén 1').fill('Panamericana Sur km 62, Chilca');
  // A bridge site: third-party premises for SUNAT (PLE 12.1); new warehouses start at 0000.
  await expect(dialog.getByLabel('Establecimiento SUNAT del almacén 1')).toHaveValue('0000');
  await dialog.getByLabel('Establecimiento SUNAT del almacén 1').fill('9999');
  await dialog.getByRole('button', { name: 'Agregar almacén' }).click();
  await dialog.getByLabel('Nombre del almacén 2').fill('Almacén Obrador');
  await dialog.getByLabel('Dirección del almacén 2').fill('Calle Los Olivos 120, Chilca');
  await dialog.getByLabel('Almacén 1 principal').check();
  await shot(page, 'proyecto-nuevo');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(toast(page, 'Se registró el proyecto correctamente')).toBeVisible();
  await expect(dialog).toBeHidden();

  // Find it by code with Enter.
  await page.getByLabel('Código').fill('e2e');
  await page.getByLabel('Código').press('Enter');
  await expect(page.getByRole('row')).toHaveCount(2);
  const row = page.getByRole('row', { name: /PRY-E2E/ });
  await expect(row).toContainText('Puente Chilca');
  await expect(row).toContainText('Activo');

  // Edit: remove one warehouse and add another in the same save.
  await row.getByRole('button', { name: /^Editar/ }).click();
  const edit = page.getByRole('dialog', { name: 'Modificar Proyecto' });
  await expect(edit.getByLabel('Nombre del almacén 2')).toHaveValue('Almacén Obrador');
  await expect(edit.getByLabel('Almacén 1 principal')).toBeChecked();
  await expect(edit.getByLabel('Establecimiento SUNAT del almacén 1')).toHaveValue('9999');
  await edit.getByRole('button', { name: 'Quitar almacén 2' }).click();
  await edit.getByRole('button', { name: 'Agregar almacén' }).click();
  await edit.getByLabel('Nombre del almacén 2').fill('Almacén Taller');
  await edit.getByLabel('Dirección del almacén 2').fill('Av. Industrial 45, Chilca');
  // One main warehouse: checking another unchecks the first.
  await edit.getByLabel('Almacén 2 principal').check();
  await expect(edit.getByLabel('Almacén 1 principal')).not.toBeChecked();
  await shot(page, 'proyecto-editar');
  await edit.getByRole('button', { name: 'Guardar' }).click();
  await expect(toast(page, 'Se modificó el proyecto correctamente')).toBeVisible();
  await expect(edit).toBeHidden();
  await row.getByRole('button', { name: /^Editar/ }).click();
  await expect(edit.getByLabel('Nombre del almacén 1')).toHaveValue('Almacén Puente');
  await expect(edit.getByLabel('Nombre del almacén 2')).toHaveValue('Almacén Taller');
  await expect(edit.getByLabel('Nombre del almacén 3')).toHaveCount(0);
  await expect(edit.getByLabel('Almacén 2 principal')).toBeChecked();
  // Escape closes the popup.
  await closeWithEscape(page, edit);

  // Assign an employee of another project: the popup asks before moving them.
  await row.getByRole('button', { name: 'Asignar empleados' }).click();
  const assign = page.getByRole('dialog', { name: 'Asignar empleados | Puente Chilca' });
  await assign.getByRole('searchbox', { name: 'Buscar empleado' }).fill('Villanueva');
  await assign.getByRole('searchbox', { name: 'Buscar empleado' }).press('Enter');
  const emp = assign.getByRole('row', { name: /Ronald Villanueva Sánchez/ });
  await expect(emp).toContainText('Planta Lurín');
  await emp.getByRole('switch').click();
  await page.getByRole('button', { name: 'Mover' }).click();
  await expect(toast(page, 'Se actualizaron los empleados del proyecto')).toBeVisible();
  await expect(emp).toContainText('Puente Chilca');
  await expect(emp.getByRole('switch')).toBeChecked();
  await assign.getByRole('searchbox', { name: 'Buscar empleado' }).fill('');
  await assign.getByRole('searchbox', { name: 'Buscar empleado' }).press('Enter');
  await assign.getByText('Solo los asignados al proyecto').click();
  await expect(assign.getByRole('row')).toHaveCount(2);
  await shot(page, 'proyecto-asignar-empleados');
  await closeWithEscape(page, assign);

  // Deactivate it: it leaves the default (active) list and shows under Inactivo.
  await row.getByRole('button', { name: /^Editar/ }).click();
  await edit.getByLabel('Estado').click();
  await option(page, 'Inactivo').click();
  await edit.getByRole('button', { name: 'Guardar' }).click();
  await expect(toast(page, 'Se modificó el proyecto correctamente')).toBeVisible();
  await expect(page.getByText('No se encontraron Proyectos')).toBeVisible();
  await page.getByRole('combobox', { name: 'Estado' }).click();
  await option(page, 'Inactivo').click();
  await expect(row).toContainText('Inactivo');
  await shot(page, 'proyecto-inactivos');
});

test('VISUALIZADOR sees the projects read-only', async ({ page }) => {
  await login(page, 'visualizador@andina.pe');
  await page.goto('/proyecto');
  await expect(page.getByRole('cell', { name: 'Planta Lurín', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Nuevo' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Editar/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Asignar empleados' })).toHaveCount(0);
  await page.getByRole('row', { name: /Planta Lurín/ }).getByRole('button', { name: 'Ver' }).click();
  const view = page.getByRole('dialog', { name: 'Proyecto' });
  await expect(view.getByLabel('Nombre del almacén 1')).toHaveValue('Almacén Central');
  await expect(view.getByLabel('Nombre del almacén 1')).toBeDisabled();
  await expect(view.getByRole('button', { name: 'Guardar' })).toHaveCount(0);
  await shot(page, 'proyecto-visualizador');
  await closeWithEscape(page, view);
});
