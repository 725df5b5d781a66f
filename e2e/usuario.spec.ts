import { expect, test, type Page } from '@playwright/test';
import { login, shot } from './helpers';

/** Picks an option of the open select dropdown. */
const choose = (page: Page, option: string) => page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();

test('an administrator creates a user, finds it, and the user changes the password', async ({ page }) => {
  await login(page, 'admin@andina.pe');
  await page.goto('/usuario');
  await expect(page.getByRole('heading', { name: 'Usuarios' })).toBeVisible();
  await shot(page, 'usuarios-lista');

  await page.getByRole('button', { name: 'Nuevo' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  // The form-level message once; each blank field says what it lacks.
  await expect(page.getByText('Faltan ingresar datos')).toHaveCount(1);
  await expect(dialog.getByText('El campo es requerido').first()).toBeVisible();

  await dialog.getByLabel('Nombres').fill('Elena');
  await dialog.getByLabel('Apellidos').fill('Ramírez Cueva');
  await dialog.getByLabel('DNI').fill('47123456');
  await dialog.getByLabel('Correo').fill('eramirez@andina.pe');
  await dialog.getByLabel('Contraseña').fill('Inicio.2026');
  await dialog.getByLabel('Roles').click();
  await dialog.getByLabel('Roles').pressSequentially('Logís');
  await dialog.getByLabel('Roles').press('Enter');
  await dialog.getByLabel('Roles').press('Escape');
  await expect(dialog.locator('.ant-select-selection-item', { hasText: 'Logística' })).toBeVisible();
  // A project-level user needs a project: refused on the field, the popup keeps the values.
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog.getByText('Un usuario de nivel Proyecto debe tener un proyecto asignado')).toBeVisible();
  await expect(dialog.getByLabel('Nombres')).toHaveValue('Elena');
  await dialog.getByLabel('Proyecto').click();
  await dialog.getByLabel('Proyecto').pressSequentially('Lurín');
  await dialog.getByLabel('Proyecto').press('Enter');
  await expect(dialog.getByText('Un usuario de nivel Proyecto debe tener un proyecto asignado')).toBeHidden();
  await shot(page, 'usuario-nuevo');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Se registró el usuario correctamente')).toBeVisible();
  await expect(dialog).toBeHidden();

  const search = page.getByRole('searchbox', { name: 'Buscar' });
  await search.fill('eramirez');
  await search.press('Enter');
  await expect(page.getByRole('cell', { name: 'eramirez@andina.pe' })).toBeVisible();

  // The new user signs in and changes the password.
  await page.goto('/login');
  await login(page, 'eramirez', 'Inicio.2026');
  await page.goto('/user/change-password');
  await page.getByLabel('Contraseña actual').fill('Inicio.2026');
  await page.getByLabel('Nueva contraseña').fill('Segura.2026');
  await page.getByLabel('Confirmar contraseña').fill('Distinta.2026');
  await page.getByRole('button', { name: 'Cambiar' }).click();
  await expect(page.getByText('Las Contraseñas no son idénticas').first()).toBeVisible();
  await page.getByLabel('Confirmar contraseña').fill('Segura.2026');
  await page.getByRole('button', { name: 'Cambiar' }).click();
  await expect(page.getByText('Se cambió la contraseña correctamente')).toBeVisible();

  await page.goto('/login');
  await login(page, 'eramirez', 'Segura.2026');
  await expect(page).toHaveURL(/\/home/);
});

test('VISUALIZADOR sees the users list read-only', async ({ page }) => {
  await login(page, 'visualizador@andina.pe');
  await page.goto('/usuario');
  await expect(page.getByRole('heading', { name: 'Usuarios' })).toBeVisible();
  // Other flows add users, so find the account rather than expect it on page 1.
  const search = page.getByRole('searchbox', { name: 'Buscar' });
  await search.fill('admin@andina.pe');
  await search.press('Enter');
  await expect(page.getByRole('cell', { name: 'admin@andina.pe' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Nuevo' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^(Editar|Desactivar)/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Ver Administrador del Sistema' }).click();
  const view = page.getByRole('dialog', { name: 'Usuario' });
  await expect(view.getByLabel('Correo')).toHaveValue('admin@andina.pe');
  await expect(view.getByRole('button', { name: 'Guardar' })).toHaveCount(0);
  await shot(page, 'usuarios-visualizador');
});

test('an administrator finds a supplier account by type and deactivates it', async ({ page }) => {
  await login(page, 'admin@andina.pe');
  await page.goto('/usuario');
  await expect(page.getByRole('cell', { name: 'proveedor@andina.pe' })).toHaveCount(0);

  await page.getByLabel('Tipo').click();
  await choose(page, 'Proveedor');
  const row = page.getByRole('row', { name: /proveedor@andina\.pe/ });
  await expect(row).toBeVisible();
  // Only supplier accounts: the staff's are filtered out (other flows may have added suppliers).
  await expect(page.getByRole('row', { name: /admin@andina\.pe|logistica@andina\.pe/ })).toHaveCount(0);
  await shot(page, 'usuarios-proveedores');

  // Supplier accounts are viewed, not edited here.
  await expect(row.getByRole('button', { name: /^Editar/ })).toHaveCount(0);
  await row.getByRole('button', { name: /^Desactivar/ }).click();
  await page.getByRole('dialog', { name: /¿Desea desactivar al usuario/ }).getByRole('button', { name: 'Desactivar' }).click();
  await expect(page.getByText('Se desactivó el usuario')).toBeVisible();
  // The list shows active accounts: the deactivated one leaves it (other flows may have added
  // supplier accounts, so the list need not be empty), and is found under Inactivo.
  await expect(row).toHaveCount(0);
  await page.getByLabel('Estado').click();
  await choose(page, 'Inactivo');
  await row.getByRole('button', { name: /^Activar/ }).click();
  await page.getByRole('dialog', { name: /¿Desea activar al usuario/ }).getByRole('button', { name: 'Activar' }).click();
  await expect(page.getByText('Se activó el usuario')).toBeVisible();
});
