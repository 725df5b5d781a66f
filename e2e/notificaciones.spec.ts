import { expect, test } from '@playwright/test';
import { apiLogin, apiPost, crearOrden } from './api';
import { login } from './helpers';

/**
 * Issue 25: gerencia approves an order and contabilidad's bell, open in another browser, shows it without a
 * reload (the count is polled while the tab is visible); opening it lands on the order.
 */
test.use({ viewport: { width: 1366, height: 768 } });

test('an approval reaches the next approver\'s bell live, and opening it lands on the order', async ({ page, browser, request, baseURL }) => {
  test.setTimeout(120_000);
  const orden = await crearOrden(request);
  const contabilidad = await apiLogin(request, 'contabilidad@andina.pe');
  await apiPost(request, contabilidad, '/notificacion/marcarTodas');

  await login(page, 'contabilidad@andina.pe');
  await page.goto('/home');
  const campana = page.getByRole('button', { name: /^Notificaciones/ });
  await expect(campana).toHaveAccessibleName('Notificaciones');

  // Gerencia, in a browser of their own, approves from the order's screen.
  const otro = await browser.newContext({ baseURL, viewport: { width: 1366, height: 768 }, locale: 'es-PE', timezoneId: 'America/Lima' });
  try {
    const gerencia = await otro.newPage();
    await login(gerencia, 'gerencia@andina.pe');
    // Gerencia's own bell names the order that waited for them.
    await gerencia.getByRole('button', { name: /^Notificaciones: \d+ sin leer/ }).click();
    await expect(gerencia.getByRole('button', { name: `Orden de compra ${orden.codigo}: espera su aprobación (gerencia)` })).toBeVisible();
    await gerencia.keyboard.press('Escape');
    await gerencia.goto(`/orden/approve/${orden.id_orden}`);
    await gerencia.getByRole('button', { name: 'Aprobar (Gerencia)' }).click();
    await gerencia.getByRole('dialog').getByRole('button', { name: 'Aprobar' }).click();
    await expect(gerencia.getByText('Se aprobó la Orden')).toBeVisible();
  } finally {
    await otro.close();
  }

  // No reload: back on contabilidad's tab, the count comes with the next poll (or at once, as the tab regains focus).
  await page.bringToFront();
  await expect(campana).toHaveAccessibleName('Notificaciones: 1 sin leer', { timeout: 40_000 });
  await campana.click();
  const item = page.getByRole('button', { name: `Orden de compra ${orden.codigo}: espera su aprobación (contabilidad)` });
  await expect(item).toBeVisible();
  await page.screenshot({ path: '/tmp/r-notif/campana.png' });
  await item.click();
  await expect(page).toHaveURL(`/orden/approve/${orden.id_orden}`);
  await expect(page.getByRole('heading', { name: `Orden de Compra ${orden.codigo}` })).toBeVisible();
  await expect(campana).toHaveAccessibleName('Notificaciones');
  await expect(page.getByRole('tooltip')).toBeHidden();

  // 'Ver todas': the full list, where it reads as read now.
  await campana.click();
  await page.getByRole('button', { name: 'Ver todas' }).click();
  await expect(page).toHaveURL('/notificaciones');
  const fila = page.getByRole('row').filter({ hasText: orden.codigo });
  await expect(fila).toContainText('Leída');
  await page.screenshot({ path: '/tmp/r-notif/lista.png' });
});

test('the user chooses which notifications also come by mail', async ({ page }) => {
  await login(page, 'tesoreria@andina.pe');
  await page.getByRole('button', { name: /Miguel/ }).click();
  await page.getByRole('menuitem', { name: 'Notificaciones' }).click();
  await expect(page).toHaveURL('/user/notificaciones');
  const interruptor = page.getByRole('switch', { name: 'Correo: Orden de pago aprobada' });
  await expect(interruptor).toBeChecked();
  await interruptor.click();
  await expect(page.getByText('Preferencias de notificación guardadas')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Correo: Orden de pago aprobada' })).not.toBeChecked({ timeout: 30_000 });
  await page.screenshot({ path: '/tmp/r-notif/preferencias.png' });
});
