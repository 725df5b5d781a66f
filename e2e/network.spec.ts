import { networkInterfaces } from 'node:os';
import { expect, test } from '@playwright/test';
import { PASSWORD } from './helpers';

/**
 * Another computer of the office reaches the product by this machine's network address over
 * plain http. The page used to stay blank there: the security headers sent the browser to https
 * for every asset. Chromium treats localhost as secure, so only a real address shows it.
 */
const address = Object.values(networkInterfaces()).flat().find((i) => i?.family === 'IPv4' && !i.internal)?.address;

test('a user on the network opens the product by IP over http, logs in and sees the orders', async ({ page, baseURL }) => {
  // Without a network address this flow cannot show anything: it fails rather than pass unseen.
  expect(address, 'esta máquina no tiene una dirección IPv4 de red').toBeDefined();
  const origin = `http://${address}:${new URL(baseURL!).port}`;
  const failed: string[] = [];
  // A request the page itself abandons when it navigates (the session check after login) is not a
  // failure of the network; an asset sent to https would fail with a connection error.
  page.on('requestfailed', (r) => {
    if (r.failure()?.errorText !== 'net::ERR_ABORTED') failed.push(`${r.url()} ${r.failure()?.errorText}`);
  });

  await page.goto(`${origin}/login`);
  await page.getByLabel('Usuario').fill('logistica@andina.pe');
  await page.getByLabel('Contraseña').fill(PASSWORD);
  await page.getByLabel('Contraseña').press('Enter');
  await expect(page).not.toHaveURL(/\/login/);

  await page.goto(`${origin}/orden`);
  await expect(page.getByRole('heading', { name: 'Órdenes de Compra y Servicio' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Estado' })).toBeVisible();
  expect(new URL(page.url()).protocol).toBe('http:');
  expect(failed).toEqual([]);
});
