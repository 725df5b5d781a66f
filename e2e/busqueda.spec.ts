import { expect, test } from '@playwright/test';
import { crearOrden } from './api';
import { login, shot } from './helpers';

/** Issue 25: the header's search box, from any screen, opens the record found. */
test.use({ viewport: { width: 1366, height: 768 } });

test('a purchase order code typed in the header opens the order; a name opens its popup; nothing says so', async ({ page, request }) => {
  // Three screens and a lazy list on a shared machine.
  test.setTimeout(180_000);
  const orden = await crearOrden(request);
  await login(page, 'logistica@andina.pe');
  const caja = page.getByPlaceholder('Buscar código, RUC, nombre (Ctrl+K)');
  // Folded to an icon while unused, so the top menu keeps its room.
  const lupa = page.getByRole('button', { name: 'Búsqueda global' });
  await expect(lupa).toBeVisible();
  await expect(caja).toHaveCount(0);

  // Ctrl+K focuses the box from anywhere; the order's code, then Enter, opens the first match.
  await page.keyboard.press('Control+k');
  await expect(caja).toBeFocused();
  await caja.fill(orden.codigo);
  const fila = page.getByTestId(`busqueda-orden_compra-${orden.id_orden}`);
  await expect(fila).toBeVisible();
  await expect(page.locator('.ant-select-dropdown:visible')).toContainText('Órdenes de compra');
  await shot(page, 'busqueda-codigo');
  await caja.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/orden/view/${orden.id_orden}$`));
  await expect(page.getByText(orden.codigo).first()).toBeVisible();

  await page.goto('/home');
  // The icon opens the box; nothing found says so; Escape closes and folds it.
  await lupa.click();
  await expect(caja).toBeFocused();
  await caja.fill('zzqqxx');
  await expect(page.locator('.ant-select-dropdown:visible')).toContainText('Sin resultados');
  await caja.press('Escape');
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  await expect(lupa).toBeVisible();

  // A product by a name fragment, from Inicio: the list opens with the product's popup.
  await page.keyboard.press('/');
  await caja.fill('cemento');
  await expect(page.locator('.ant-select-dropdown:visible')).toContainText('Productos');
  await page.locator('.ant-select-dropdown:visible [data-testid^="busqueda-producto-"]').first().click();
  await expect(page).toHaveURL(/\/producto$/, { timeout: 20_000 });
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByRole('dialog')).toContainText(/Cemento/i);
});
