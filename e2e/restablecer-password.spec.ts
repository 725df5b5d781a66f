import { expect, test } from '@playwright/test';
import { apiLogin, apiPost } from './api';
import { login } from './helpers';

/**
 * '¿Olvidó su contraseña?' (issue 26): a user asks for a link on the login page, the administrator's outbox holds
 * the mail, the link sets a new password once, and the user logs in with it.
 */
test('a user resets a forgotten password from the mailed link', async ({ page, request }) => {
  const sello = Date.now().toString().slice(-8);
  const correo = `olvido${sello}@andina.pe`;
  const admin = await apiLogin(request, 'admin@andina.pe');
  await apiPost(request, admin, '/usuario/registrar', {
    usuario: {
      usu_nombre: 'Olga', usu_apellido: 'Vidal', usu_correo: correo, usu_dni: `7${sello.slice(-7)}`, usu_password: 'Mezcla.Lurin.2026',
      usu_nivel: 1, pry_id: null, lista_usuario_rol: [{ rol_id: 9 }],
    },
  });

  await page.goto('/login');
  await page.getByLabel('Usuario').fill(correo);
  await page.getByRole('button', { name: '¿Olvidó su contraseña?' }).click();
  const popup = page.getByRole('dialog', { name: 'Restablecer contraseña' });
  await expect(popup.getByLabel('Correo')).toHaveValue(correo);
  await popup.getByLabel('Correo').press('Enter');
  await expect(page.getByText(/le enviamos un enlace para restablecer su contraseña/)).toBeVisible();
  await expect(popup).toBeHidden();

  // The administrator reads the mail in the outbox.
  await login(page, 'admin@andina.pe');
  await page.goto('/correo');
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(correo);
  await page.getByRole('searchbox', { name: 'Buscar' }).press('Enter');
  const fila = page.getByRole('row').filter({ hasText: 'Restablecer su contraseña' });
  await expect(fila).toHaveCount(1);
  await fila.getByRole('button', { name: /Expandir/ }).click();
  const texto = await page.getByLabel(/^Texto del correo Restablecer su contraseña/).innerText();
  const enlace = new URL(/https?:\/\/\S+\/restablecerPassword#[A-Za-z0-9_-]+/.exec(texto)![0]);

  // The link: a mismatched confirmation is refused on the form; then the new password is saved.
  await page.goto(enlace.pathname + enlace.hash);
  await expect(page).toHaveURL(/\/restablecerPassword$/);
  await page.getByLabel('Nueva contraseña').fill('Segunda.2027');
  await page.getByLabel('Confirmar contraseña').fill('Segunda.2028');
  await page.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expect(page.locator('.ant-form-item-explain-error', { hasText: 'Las Contraseñas no son idénticas' })).toBeVisible();
  await page.getByLabel('Confirmar contraseña').fill('Segunda.2027');
  await page.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expect(page).toHaveURL(new RegExp(`/login/${encodeURIComponent(correo)}$`));
  await expect(page.getByText('Se restableció su contraseña; ingrese con la nueva')).toBeVisible();
  await login(page, correo, 'Segunda.2027');

  // Used once.
  await page.goto(enlace.pathname + enlace.hash);
  await page.getByLabel('Nueva contraseña').fill('Tercera.2029');
  await page.getByLabel('Confirmar contraseña').fill('Tercera.2029');
  await page.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expect(page.locator('.ant-result-subtitle')).toHaveText('El enlace ya fue usado o fue reemplazado por uno más reciente; solicite otro');
});
