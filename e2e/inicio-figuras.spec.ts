import { expect, test, type Page } from '@playwright/test';
import { login } from './helpers';

/**
 * Issue 25: the figures on Inicio, each panel for the roles that read its module. A panel shows its chart
 * (an svg) or "Sin datos en el periodo"; the panels of modules the role does not read are absent.
 */
test.use({ viewport: { width: 1366, height: 768 } });

const COMPRAS = ['Compras por mes', 'Compras por centro de costo'];
const PAGOS = ['Órdenes de pago: aprobadas y depositadas'];
const VENTAS = ['Ventas por mes', 'Ventas por producto', 'Ventas por cliente', 'Cuentas por cobrar por antigüedad'];
const DESPACHO = ['m³ despachados por día', 'Horas de uso por mixer'];
const CAJA = ['Cajas chicas abiertas por proyecto'];

async function dibujados(page: Page, titulos: string[]) {
  for (const titulo of titulos) {
    const panel = page.getByLabel(titulo, { exact: true });
    await expect(panel.getByText(titulo, { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(panel.locator('svg.recharts-surface').or(panel.getByText('Sin datos en el periodo')).first()).toBeVisible({ timeout: 30_000 });
  }
}

async function ausentes(page: Page, titulos: string[]) {
  for (const titulo of titulos) await expect(page.getByLabel(titulo, { exact: true })).toHaveCount(0);
}

test('gerencia@ ve los paneles de compras, pagos, ventas, despacho y caja en Inicio', async ({ page }) => {
  await login(page, 'gerencia@andina.pe');
  await page.goto('/');
  await dibujados(page, [...COMPRAS, ...PAGOS, ...VENTAS, ...DESPACHO, ...CAJA]);
  // The demo has credit sales and open petty cash: those panels draw their bars, in soles.
  await expect(page.getByLabel('Cuentas por cobrar por antigüedad', { exact: true }).locator('svg.recharts-surface').first()).toBeVisible();
  await expect(page.getByLabel('Cajas chicas abiertas por proyecto', { exact: true }).getByText('Por depositar')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('inicio-gerencia.png'), fullPage: true });
});

test('tesoreria@ ve compras, pagos, ventas y caja, pero no los de despacho', async ({ page }) => {
  await login(page, 'tesoreria@andina.pe');
  await page.goto('/');
  await dibujados(page, [...COMPRAS, ...PAGOS, ...VENTAS, ...CAJA]);
  await ausentes(page, DESPACHO);
  await page.screenshot({ path: test.info().outputPath('inicio-tesoreria.png'), fullPage: true });
});

test('almacen@ no lee ninguno de esos módulos: Inicio sin indicadores', async ({ page }) => {
  await login(page, 'almacen@andina.pe');
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Inicio' })).toBeVisible();
  await expect(page.getByText('Indicadores', { exact: true })).toHaveCount(0);
  await ausentes(page, [...COMPRAS, ...PAGOS, ...VENTAS, ...DESPACHO, ...CAJA]);
});
