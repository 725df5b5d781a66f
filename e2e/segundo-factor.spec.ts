import { expect, test } from '@playwright/test';
import { generate } from 'otplib';
import { login } from './helpers';

/** The code an authenticator app shows `pasos` periods from now. */
const codigo = (secret: string, pasos = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + pasos * 30 });

/**
 * Issue 26: a user turns on the second factor from Seguridad with the secret the QR carries, keeps the recovery codes,
 * logs out, and logs in with a code; a recovery code works once.
 */
test('a user enrols a second factor and logs in with a code', async ({ page }) => {
  await login(page, 'visualizador@andina.pe');
  await page.getByRole('button', { name: /Sofía Castillo Meza/ }).click();
  await page.getByRole('menuitem', { name: 'Seguridad' }).click();
  await page.getByRole('button', { name: 'Activar la verificación en dos pasos' }).click();
  await expect(page.getByRole('img', { name: 'Código QR del segundo factor' })).toBeVisible();
  const secreto = (await page.getByLabel('Clave del segundo factor').innerText()).trim();
  await page.getByLabel('Código de verificación').fill(await codigo(secreto));
  await page.getByRole('button', { name: 'Activar' }).click();
  const codigos = (await page.getByLabel('Códigos de recuperación').innerText()).split('\n').map((c) => c.trim()).filter(Boolean);
  expect(codigos).toHaveLength(10);
  await page.getByRole('button', { name: 'Ya los guardé' }).click();
  await expect(page.getByText('Activa', { exact: true })).toBeVisible();

  // Log out; the password alone no longer lets in.
  await page.getByRole('button', { name: /Sofía Castillo Meza/ }).click();
  await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
  await page.getByLabel('Usuario').fill('visualizador@andina.pe');
  await page.getByLabel('Contraseña').fill('Demo.2026');
  await page.getByLabel('Contraseña').press('Enter');
  await expect(page.getByRole('heading', { name: 'Verificación en dos pasos' })).toBeVisible();
  await page.getByLabel('Código de verificación').fill('000000');
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page.getByText('El código no es válido o ya fue usado')).toBeVisible();
  await page.getByLabel('Código de verificación').fill(await codigo(secreto, 1));
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page).not.toHaveURL(/\/login/);

  // A recovery code instead of the phone, once.
  await page.getByRole('button', { name: /Sofía Castillo Meza/ }).click();
  await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
  await page.getByLabel('Usuario').fill('visualizador@andina.pe');
  await page.getByLabel('Contraseña').fill('Demo.2026');
  await page.getByLabel('Contraseña').press('Enter');
  await page.getByRole('button', { name: 'Usar un código de recuperación' }).click();
  await page.getByLabel('Código de recuperación').fill(codigos[0]);
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page).not.toHaveURL(/\/login/);

  // Turned off again, so other flows log in with the password alone.
  await page.goto('/user/seguridad');
  await page.getByRole('button', { name: 'Desactivar' }).click();
  await page.getByRole('dialog').getByLabel('Contraseña').fill('Demo.2026');
  await page.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByText('Inactiva', { exact: true })).toBeVisible();
});
