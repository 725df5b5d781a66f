import { expect, test, type Page } from '@playwright/test';
import { PASSWORD, menuItem, shot } from './helpers';

// Issue 24: links in mails pointed to localhost. The product is opened here by a name other than
// localhost (obra.lan, mapped to this machine), as an office computer would; the administrator sets
// the public address with 'Usar la dirección actual', and the next supplier confirmation mail
// carries it.

test.use({
  viewport: { width: 1366, height: 768 },
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--host-resolver-rules=MAP obra.lan 127.0.0.1'],
  },
});

/** A demo supplier without a portal account, used by no other flow (server/src/db/seed/demo/proveedores.ts). */
const RUC = '20487215962';
const REGISTRADO = 'pedidos@aditivosconcreto.pe';
const USUARIO = 'compras.web@aditivosconcreto.pe';
const CLAVE = 'Aditivos.2026';

const toastText = (page: Page, text: string) => page.locator('.ant-notification-notice').filter({ hasText: text });

async function loginAt(page: Page, origin: string, user: string) {
  await page.goto(`${origin}/login`);
  await page.getByLabel('Usuario').fill(user);
  await page.getByLabel('Contraseña').fill(PASSWORD);
  await page.getByLabel('Contraseña').press('Enter');
  await expect(page).not.toHaveURL(/\/login/);
}

test('the administrator sets the public address from the browser and the supplier confirmation mail carries it', async ({ page, baseURL }) => {
  const origin = `http://obra.lan:${new URL(baseURL!).port}`;
  await loginAt(page, origin, 'admin@andina.pe');

  // Unset while the server listens on every interface: the outbox says links point to localhost.
  await page.goto(`${origin}/correo`);
  const aviso = page.getByRole('alert').filter({ hasText: 'La dirección pública no está configurada' });
  await expect(aviso).toContainText(`apuntan a http://localhost:${new URL(baseURL!).port}`);
  await aviso.getByRole('link', { name: 'Ir a Ajustes' }).click();
  await expect(page).toHaveURL(/\/ajustes$/);

  // Also reached from the menu.
  await page.goto(`${origin}/home`);
  await menuItem(page, 'Administración').hover();
  await page.getByRole('menuitem', { name: 'Ajustes' }).click();
  await expect(page.getByRole('heading', { name: 'Ajustes' })).toBeVisible();
  const campo = page.getByLabel('Dirección pública');
  await expect(campo).toHaveValue('');

  // A path is refused with its reason; 'Usar la dirección actual' fills the browser's own address.
  await campo.fill(`${origin}/login`);
  await page.getByRole('button', { name: /Guardar$/ }).click();
  await expect(toastText(page, 'La dirección pública debe empezar con http:// o https://')).toBeVisible();
  await page.getByRole('button', { name: 'Usar la dirección actual' }).click();
  await expect(campo).toHaveValue(origin);
  await shot(page, 'ajustes-direccion-publica');
  await page.getByRole('button', { name: /Guardar$/ }).click();
  await expect(toastText(page, 'Se guardó la dirección pública')).toBeVisible();
  await expect(page.getByText(`Los enlaces se envían ahora con ${origin}.`)).toBeVisible();
  await expect(page.getByText(/Guardada por Administrador del Sistema/)).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'no está configurada' })).toHaveCount(0);

  // The outbox no longer warns.
  await page.goto(`${origin}/correo`);
  await expect(page.getByRole('heading', { name: 'Bandeja de salida de correo' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'no está configurada' })).toHaveCount(0);

  // A supplier signs up (entering the page ends the administrator's session).
  await page.goto(`${origin}/proveedor/crearCuenta`);
  await page.getByRole('searchbox', { name: 'RUC' }).fill(RUC);
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByRole('textbox', { name: 'Razón social' })).toHaveValue('Aditivos y Químicos para Concreto del Perú S.A.C.');
  await page.getByLabel('Correo (usuario de ingreso)').fill(USUARIO);
  await page.getByLabel('DNI').fill('41234567');
  await page.getByLabel('Nombres').fill('Mario');
  await page.getByLabel('Apellidos').fill('Quispe Rojas');
  await page.getByLabel('Contraseña', { exact: true }).fill(CLAVE);
  await page.getByLabel('Confirmar contraseña').fill(CLAVE);
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(page.getByText(/Se creó la cuenta\./)).toBeVisible();

  // The confirmation mail in the outbox holds the address the administrator saved.
  await loginAt(page, origin, 'admin@andina.pe');
  await page.goto(`${origin}/correo`);
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(REGISTRADO);
  await page.getByRole('searchbox', { name: 'Buscar' }).press('Enter');
  const fila = page.getByRole('row').filter({ hasText: 'Confirme su cuenta del portal de proveedores' });
  await expect(fila).toHaveCount(1);
  await fila.getByRole('button', { name: /Expandir/ }).click();
  const texto = await page.getByLabel(/^Texto del correo Confirme su cuenta/).innerText();
  expect(texto).toContain(`Usuario: ${USUARIO}`);
  expect(texto).toMatch(new RegExp(`${origin.replaceAll('.', '\\.')}/proveedor/confirmarCuenta#[A-Za-z0-9_-]+`));
  expect(texto).not.toContain('localhost');
  await shot(page, 'ajustes-correo-con-direccion');
});

test('a role without the users module does not see Ajustes, and is sent home from it', async ({ page, baseURL }) => {
  await loginAt(page, baseURL!, 'logistica@andina.pe');
  await page.goto('/ajustes');
  await expect(page).toHaveURL(/\/home$/);
});
