import { expect, test } from '@playwright/test';
import { crearOrden, modificarOrden } from './api';
import { choose, filtros, login } from './helpers';

/** Administración → Auditoría (issue 26): an order's edit with the before and after of what changed; logins by module. */
test('an administrator finds who changed an order and what, before and after', async ({ page, request }) => {
  const orden = await crearOrden(request);
  await modificarOrden(request, orden.id_orden, { referencia: 'Cemento para la losa del piso 5' });

  await login(page, 'admin@andina.pe');
  await page.goto('/auditoria');
  await expect(page.getByRole('heading', { name: 'Auditoría' })).toBeVisible();
  await filtros(page).getByLabel('Documento').fill(orden.codigo);
  await filtros(page).getByLabel('Documento').press('Enter');
  const fila = page.getByRole('row').filter({ hasText: 'Cambio de datos' });
  await expect(fila).toHaveCount(1);
  await expect(fila).toContainText('Administrador del Sistema');
  await fila.getByRole('button', { name: /Expandir/ }).click();
  const cambios = page.getByRole('table', { name: `Cambios de ${orden.codigo}` });
  await expect(cambios.getByRole('row').filter({ hasText: 'referencia' })).toContainText('Orden de prueba');
  await expect(cambios.getByRole('row').filter({ hasText: 'referencia' })).toContainText('Cemento para la losa del piso 5');

  // Logins, by module: the administrator's own is there.
  await filtros(page).getByLabel('Documento').fill('');
  await filtros(page).getByLabel('Documento').press('Enter');
  await choose(page, filtros(page), 'Módulo', 'Ingreso');
  await expect(page.getByRole('row').filter({ hasText: 'Ingreso' }).first()).toBeVisible();
});
