import { expect, test } from '@playwright/test';
import { apiLogin, apiPost, crearOrden } from './api';
import { login, menuItem, shot } from './helpers';

// The mail outbox screen (DECISIONS §8, issue 9): administrators see what waits, and why it cannot be resent.

test('the administrator finds the rejection mail in the outbox, filters it and is told why it cannot be resent', async ({ page, request }) => {
  const logistica = await apiLogin(request, 'logistica@andina.pe');
  const orden = await crearOrden(request, { referencia: 'Orden rechazada para la bandeja', logistica: { id_usuario: logistica.id_usuario } });
  const gerencia = await apiLogin(request, 'gerencia@andina.pe');
  await apiPost(request, gerencia, '/orden/rechazar', { orden: { id_orden: orden.id_orden, comentario: 'Cambiar el lugar de entrega' } });

  await login(page, 'admin@andina.pe');
  await menuItem(page, 'Administración').hover();
  await page.getByRole('menuitem', { name: 'Bandeja de salida de correo' }).click();
  await expect(page).toHaveURL(/\/correo$/);
  await expect(page.getByRole('heading', { name: 'Bandeja de salida de correo' })).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(`${orden.codigo} rechazada`) });
  await expect(row).toContainText('logistica@andina.pe');
  await expect(row).toContainText('En cola');

  await page.getByRole('combobox', { name: 'Estado' }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="Enviado"]').click();
  await expect(page.getByText('No hay correos')).toBeVisible();
  await page.getByRole('combobox', { name: 'Estado' }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="En cola"]').click();
  // The order's code alone also finds gerencia's notice that it waited for them (issue 25).
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(`${orden.codigo} rechazada`);
  await page.getByRole('searchbox', { name: 'Buscar' }).press('Enter');
  await expect(page.getByRole('row')).toHaveCount(2);
  await shot(page, 'correo-bandeja');

  await row.getByRole('button', { name: /^Reenviar / }).click();
  await expect(page.getByText(/^No hay un servidor de correo configurado \(SMTP_URL\)/)).toBeVisible();
  await expect(row).toContainText('En cola');
});
