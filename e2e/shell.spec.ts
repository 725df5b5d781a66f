import { expect, test } from '@playwright/test';
import { PASSWORD, login, menuItem, shot } from './helpers';

test('a wrong password shows "Credenciales incorrectas" and stays on login', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Usuario').fill('admin');
  await page.getByLabel('Contraseña').fill('equivocada');
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByText('Credenciales incorrectas')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test('login prefills the e-mail from /login/:email and lands on home with the role menu', async ({ page }) => {
  await page.goto('/login/gerencia@andina.pe');
  await expect(page.getByLabel('Usuario')).toHaveValue('gerencia@andina.pe');
  await page.getByLabel('Contraseña').fill(PASSWORD);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).toHaveURL(/\/home/);
  await expect(page.getByText('v8.0.5')).toBeVisible();
  await expect(menuItem(page, 'Compras')).toBeVisible();
  await expect(menuItem(page, 'Administración')).toHaveCount(0);
  await shot(page, 'home-gerencia');
});

test('the admin sees every group; a warehouse head sees only theirs', async ({ page }) => {
  await login(page, 'admin@andina.pe');
  for (const group of ['Compras', 'Inventario', 'Caja Chica', 'Ventas', 'Despacho', 'Mantenimiento', 'Administración']) {
    await expect(menuItem(page, group)).toBeVisible();
  }
  await shot(page, 'home-admin');
  await page.getByText('Administrador del Sistema').click();
  await page.getByText('Cerrar sesión').click();
  await expect(page).toHaveURL(/\/login/);

  await login(page, 'almacen@andina.pe');
  await expect(menuItem(page, 'Inventario')).toBeVisible();
  await expect(menuItem(page, 'Administración')).toHaveCount(0);
  await expect(menuItem(page, 'Compras')).toBeVisible();
  await expect(menuItem(page, 'Ventas')).toHaveCount(0);
});

test('opening a module the user lacks goes home with "No tienes acceso a este módulo"', async ({ page }) => {
  await login(page, 'almacen@andina.pe');
  await page.goto('/usuario');
  await expect(page).toHaveURL(/\/home/);
  await expect(page.getByText('No tienes acceso a este módulo')).toBeVisible();
  await shot(page, 'guard-redirect');
});

test('a supplier lands on the supplier orders screen and is kept there', async ({ page }) => {
  await login(page, 'proveedor@andina.pe');
  await expect(page).toHaveURL(/\/proveedor\/ordenCompra/);
  await page.goto('/home');
  await expect(page).toHaveURL(/\/proveedor\/ordenCompra/);
});

test('without a session every screen goes to login', async ({ page }) => {
  await page.goto('/usuario');
  await expect(page).toHaveURL(/\/login/);
});
