import { expect, test } from '@playwright/test';
import { login } from './helpers';

/**
 * Issue 25: the figures on Inicio. gerencia reads purchase orders: its purchase panels are drawn (an svg
 * chart, or "Sin datos en el periodo" when the period has no issued order).
 */
test.use({ viewport: { width: 1366, height: 768 } });

test('gerencia@ ve los paneles de compras en Inicio', async ({ page }) => {
  await login(page, 'gerencia@andina.pe');
  await page.goto('/');
  for (const titulo of ['Compras por mes', 'Compras por centro de costo']) {
    const panel = page.getByLabel(titulo, { exact: true });
    await expect(panel.getByText(titulo, { exact: true })).toBeVisible();
    await expect(panel.locator('svg.recharts-surface').or(panel.getByText('Sin datos en el periodo'))).toBeVisible();
  }
  await page.screenshot({ path: '/tmp/r-fig/inicio-gerencia.png' });
});
