import { expect, test } from '@playwright/test';
import { login, shot } from './helpers';

test('an administrator creates a user, finds it, and the user changes the password', async ({ page }) => {
  await login(page, 'admin@andina.pe');
  await page.goto('/usuario');
  await expect(page.getByRole('heading', { name: 'Usuarios' })).toBeVisible();
  await shot(page, 'usuarios-lista');

  await page.getByRole('button', { name: 'Nuevo' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Faltan ingresar datos').first()).toBeVisible();

  await dialog.getByLabel('Nombres').fill('Elena');
  await dialog.getByLabel('Apellidos').fill('Ramírez Cueva');
  await dialog.getByLabel('DNI').fill('47123456');
  await dialog.getByLabel('Correo').fill('eramirez@andina.pe');
  await dialog.getByLabel('Contraseña').fill('Inicio.2026');
  await dialog.getByLabel('Roles').click();
  await dialog.getByLabel('Roles').pressSequentially('LOGÍS');
  await dialog.getByLabel('Roles').press('Enter');
  await dialog.getByLabel('Roles').press('Escape');
  await expect(dialog.locator('.ant-select-selection-item', { hasText: 'LOGÍSTICA' })).toBeVisible();
  await shot(page, 'usuario-nuevo');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Se registró el usuario correctamente')).toBeVisible();

  await page.getByPlaceholder(/Buscar/).fill('eramirez');
  await page.getByPlaceholder(/Buscar/).press('Enter');
  await expect(page.getByRole('cell', { name: 'eramirez@andina.pe' })).toBeVisible();

  // The new user signs in and changes the password.
  await page.goto('/login');
  await login(page, 'eramirez', 'Inicio.2026');
  await page.goto('/user/change-password');
  await page.getByLabel('Contraseña actual').fill('Inicio.2026');
  await page.getByLabel('Nueva contraseña').fill('Segura.2026');
  await page.getByLabel('Confirmar contraseña').fill('Distinta.2026');
  await page.getByRole('button', { name: 'Cambiar' }).click();
  await expect(page.getByText('Las Contraseñas no son identicas').first()).toBeVisible();
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
  await page.getByPlaceholder(/Buscar/).fill('admin@andina.pe');
  await page.getByPlaceholder(/Buscar/).press('Enter');
  await expect(page.getByRole('cell', { name: 'admin@andina.pe' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Nuevo' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Modificar' })).toHaveCount(0);
  await shot(page, 'usuarios-visualizador');
});
