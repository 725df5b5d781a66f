import { expect, test } from '@playwright/test';
import { apiLogin, apiPost } from './api';
import { login } from './helpers';

/**
 * 'Mis sesiones' (issue 26): a user signed in on two computers sees both and ends the other one, whose next step
 * lands on the login; 'Cerrar sesión' ends the session on the server too.
 */
test('a user ends the session of another computer from Mis sesiones', async ({ browser, request }) => {
  // A user of its own: the other flows leave the demo users' sessions open.
  const sello = Date.now().toString().slice(-8);
  const correo = `sesiones${sello}@andina.pe`;
  const CLAVE = 'Mezcla.Lurin.2026';
  await apiPost(request, await apiLogin(request, 'admin@andina.pe'), '/usuario/registrar', {
    usuario: { usu_nombre: 'Ana', usu_apellido: 'Sesiones', usu_correo: correo, usu_dni: `6${sello.slice(-7)}`, usu_password: CLAVE, usu_nivel: 1, pry_id: null, lista_usuario_rol: [{ rol_id: 9 }] },
  });
  const oficina = await browser.newPage();
  const casa = await browser.newPage();
  await login(casa, correo, CLAVE);
  await login(oficina, correo, CLAVE);

  await oficina.getByRole('button', { name: /Ana Sesiones/ }).click();
  await oficina.getByRole('menuitem', { name: 'Mis sesiones' }).click();
  await expect(oficina.getByRole('heading', { name: 'Mis sesiones' })).toBeVisible();
  const filas = oficina.getByRole('row').filter({ has: oficina.getByRole('cell') });
  await expect(filas).toHaveCount(2);
  await expect(filas.filter({ hasText: 'Esta sesión' })).toHaveCount(1);

  const otra = filas.filter({ hasNotText: 'Esta sesión' });
  await otra.getByRole('button', { name: 'Cerrar sesión' }).click();
  await oficina.getByRole('dialog').getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(oficina.getByText('Se cerró la sesión')).toBeVisible();
  await expect(filas).toHaveCount(1);

  // The other computer's next request is refused: back to the login.
  await casa.goto('/orden');
  await expect(casa).toHaveURL(/\/login/);

  // 'Cerrar sesión' in the menu ends this one on the server as well.
  await oficina.getByRole('button', { name: /Ana Sesiones/ }).click();
  await oficina.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
  await expect(oficina).toHaveURL(/\/login/);
  await login(oficina, correo, CLAVE);
  await oficina.goto('/user/sesiones');
  await expect(filas).toHaveCount(1);
});
