import { expect, test } from '@playwright/test';
import { apiLogin, apiPost } from './api';
import { login, menuItem } from './helpers';

/**
 * Administración → Roles (issue 26): an administrator creates a role with one module and one option, a user given
 * that role sees exactly that module, and unticking the module takes it away at the next request.
 */
test('an administrator creates a role, its user sees its module, and losing the module closes it', async ({ page, browser, request }) => {
  const nombre = `Consulta de marcas ${Date.now() % 100000}`;
  await login(page, 'administracion@andina.pe');
  await page.goto('/rol');
  await expect(page.getByRole('heading', { name: 'Roles' })).toBeVisible();
  await page.getByRole('button', { name: 'Nuevo' }).click();
  const popup = page.getByRole('dialog', { name: 'Registrar Rol' });
  await popup.getByLabel('Nombre').fill(nombre);
  await popup.getByLabel('Descripción').fill('Solo consulta las marcas');
  // An option stays disabled until its module is ticked.
  await expect(popup.getByRole('checkbox', { name: 'Aprobar orden (Gerencia)' })).toBeDisabled();
  await popup.getByRole('checkbox', { name: 'Marcas', exact: true }).check();
  await popup.getByRole('button', { name: 'Registrar' }).click();
  await expect(page.getByText('Rol registrado')).toBeVisible();
  await expect(popup).toBeHidden();
  // Enter in the name searches.
  await page.getByRole('search').getByLabel('Nombre').fill(nombre);
  await page.getByRole('search').getByLabel('Nombre').press('Enter');
  const fila = page.getByRole('row').filter({ hasText: nombre });
  await expect(fila).toContainText('Activo');

  // A user with only that role (created through the API, as the Usuarios screen would).
  const admin = await apiLogin(request, 'administracion@andina.pe');
  const roles = await apiPost<{ rol_id: number; rol_nombre: string }[]>(request, admin, '/rol/listar', { rol: { search: nombre } });
  const correo = `marcas.${Date.now() % 100000}@andina.pe`;
  await apiPost(request, admin, '/usuario/registrar', { usuario: {
    usu_nombre: 'Lucía', usu_apellido: 'Marcas', usu_dni: String(41_000_000 + (Date.now() % 999_999)), usu_correo: correo,
    usu_password: 'Hormigon.Norte.2026', usu_nivel: 1, pry_id: null, lista_usuario_rol: [{ rol_id: roles[0].rol_id }], opciones: [],
  } });
  const otro = await browser.newPage();
  await login(otro, correo, 'Hormigon.Norte.2026');
  await menuItem(otro, 'Mantenimiento').click();
  await expect(otro.getByRole('menuitem', { name: 'Marcas' })).toBeVisible();
  await expect(menuItem(otro, 'Compras')).toHaveCount(0);
  await otro.goto('/marca');
  await expect(otro.getByRole('heading', { name: 'Marcas' })).toBeVisible();

  // Unticking Marcas: the user's next request is refused.
  await fila.getByRole('button', { name: `Modificar ${nombre}` }).click();
  const editar = page.getByRole('dialog', { name: `Modificar Rol: ${nombre}` });
  await editar.getByRole('checkbox', { name: 'Marcas', exact: true }).uncheck();
  await editar.getByRole('button', { name: 'Modificar' }).click();
  await expect(page.getByText('Rol modificado')).toBeVisible();
  const token = await otro.evaluate(() => (JSON.parse(localStorage.getItem('obra.session') ?? '{}') as { access_token?: string }).access_token ?? '');
  const res = await request.post('/api/marca/list', { headers: { Authorization: `Bearer ${token}` }, data: { search: '' } });
  expect([401, 403]).toContain(res.status());
});
