import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiLogin, apiPost } from './api';
import { login, shot } from './helpers';

/** Assignments and returns `/asignaciones` (spec 2 §2, §5; DECISIONS §3): assign, return part, balance and stock. */

const option = (page: Page, text: string) => page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text }).first();

async function pick(page: Page, combobox: Locator, typed: string, text: string) {
  await combobox.click();
  if (typed) await combobox.fill(typed);
  await option(page, text).click();
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
}

interface StockRow { pal_id: number; prv_nombre: string; pal_stock: string }

/** Stock of the helmet in Almacén Central (alm 1 of the demo), read as the product picker reads it. */
async function stockCasco(page: Page): Promise<number> {
  const admin = await apiLogin(page.request, 'admin@andina.pe');
  const rows = await apiPost<StockRow[]>(page.request, admin, '/productoAlmacen/buscarRapido', { producto_almacen: { prv_nombre: 'Casco de seguridad', alm_id: 1 } });
  return Number(rows[0].pal_stock);
}

test('assign three helmets to an employee, return one: the balance is 2 and the stock went down by 2', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const antes = await stockCasco(page);
  await login(page, 'inventario@andina.pe');
  await page.goto('/asignaciones');
  await expect(page.getByRole('heading', { name: 'Asignaciones y Devoluciones' })).toBeVisible();
  // Defaults of spec 2 §9: type asignaciones, status 3.
  await expect(page.getByRole('combobox', { name: 'Tipo' })).toBeVisible();
  await expect(page.getByRole('search', { name: 'Filtros' })).toContainText('Asignaciones');
  await expect(page.getByRole('search', { name: 'Filtros' })).toContainText('Creado');

  await page.getByRole('button', { name: 'Registrar asignación' }).click();
  const popup = page.getByRole('dialog', { name: 'Registrar asignación' });
  await expect(popup).toBeVisible();
  // The product search asks for the warehouse first (spec 2 §5).
  await popup.getByRole('combobox', { name: 'Buscar producto' }).click();
  await expect(page.getByText('Debe ingresar el almacén').first()).toBeVisible();

  await pick(page, popup.getByRole('combobox', { name: 'Almacén' }), 'Central', 'Planta Lurín | Almacén Central');
  await pick(page, popup.getByRole('combobox', { name: 'Solicitante' }), 'Quispe Mamani', 'Víctor Hugo Quispe Mamani');
  await pick(page, popup.getByRole('combobox', { name: 'Autorizador' }), 'Flores Ccori', 'Pedro Flores Ccori');
  await pick(page, popup.getByRole('combobox', { name: 'Buscar producto' }), 'Casco', 'Casco de seguridad H-700 blanco');
  const cantidad = popup.getByRole('textbox', { name: 'Cantidad de Casco de seguridad H-700 blanco' });
  await expect(cantidad).toHaveValue('1');
  // The same product again: 'El producto ya ha sido agregado'.
  await pick(page, popup.getByRole('combobox', { name: 'Buscar producto' }), 'Casco', 'Casco de seguridad H-700 blanco');
  await expect(page.getByText('El producto ya ha sido agregado').first()).toBeVisible();
  await cantidad.fill('3');
  await shot(page, 'asignacion-registrar');
  const registrada = page.waitForResponse((r) => r.url().endsWith('/api/asignacionItems/registrar'));
  await popup.getByRole('button', { name: 'Guardar' }).click();
  const { data } = (await (await registrada).json()) as { data: { asi_id: number } };
  await expect(page.getByText('Se registró la asignación correctamente')).toBeVisible();
  await expect(popup).toBeHidden();
  expect(await stockCasco(page)).toBe(antes - 3);

  const fila = page.getByRole('row').filter({ has: page.getByRole('cell', { name: String(data.asi_id), exact: true }) });
  await expect(fila).toContainText('Víctor Hugo Quispe Mamani');
  await expect(fila).toContainText('Asignado');
  await shot(page, 'asignacion-lista');

  // 'Nueva devolución' with the quantity defaulting to the balance (spec 2 §4, §5).
  await page.getByRole('button', { name: `Registrar devolución asignación N° ${data.asi_id}` }).click();
  const devolucion = page.getByRole('dialog', { name: 'Nueva devolución' });
  const devolver = devolucion.getByRole('textbox', { name: 'Cantidad a devolver de Casco de seguridad H-700 blanco' });
  await expect(devolver).toHaveValue('3');
  await devolver.fill('1');
  await shot(page, 'asignacion-devolucion');
  await devolucion.getByRole('button', { name: 'Registrar devolución' }).click();
  await expect(page.getByText('Se registró la devolución correctamente')).toBeVisible();
  await expect(devolucion).toBeHidden();
  expect(await stockCasco(page)).toBe(antes - 2);

  await page.getByRole('button', { name: `Ver asignación N° ${data.asi_id}` }).click();
  const ver = page.getByRole('dialog', { name: `Asignación N° ${data.asi_id}` });
  const linea = ver.getByRole('row').filter({ hasText: 'Casco de seguridad H-700 blanco' });
  // Asignado, Devuelto, Saldo.
  await expect(linea.getByRole('cell').nth(2)).toContainText('3');
  await expect(linea.getByRole('cell').nth(3)).toHaveText('1');
  await expect(linea.getByRole('cell').nth(4)).toHaveText('2');
  await shot(page, 'asignacion-ver');
  await ver.getByRole('button', { name: 'Cerrar' }).click();

  // Something came back: the assignment can no longer be deleted; the return can, with the spec's question.
  await expect(page.getByRole('button', { name: `Eliminar asignación N° ${data.asi_id}` })).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Tipo' }).click();
  await option(page, 'Devoluciones').click();
  const devFila = page.getByRole('row').filter({ hasText: `N° ${data.asi_id}` }).first();
  await expect(devFila).toContainText('Registrado');
  await shot(page, 'asignacion-devoluciones');

  // Tab 1: assignments per item, the line with its balance.
  await page.getByRole('tab', { name: 'Asignaciones por ítem' }).click();
  await page.getByRole('searchbox', { name: 'Producto' }).fill('Casco');
  await page.getByRole('searchbox', { name: 'Producto' }).press('Enter');
  const item = page.getByRole('row').filter({ has: page.getByRole('cell', { name: String(data.asi_id), exact: true }) });
  await expect(item).toContainText('Asignado');
  await shot(page, 'asignacion-por-item');
});

test('VISUALIZADOR reads assignments but sees no register, return or delete buttons', async ({ page }) => {
  const admin = await apiLogin(page.request, 'admin@andina.pe');
  const emps = await apiPost<{ emp_id: number }[]>(page.request, admin, '/asignacionItems/buscarEmpleado', { empleado: { emp_nombre: 'Mamani' } });
  const [casco] = await apiPost<StockRow[]>(page.request, admin, '/productoAlmacen/buscarRapido', { producto_almacen: { prv_nombre: 'Casco de seguridad', alm_id: 1 } });
  await apiPost(page.request, admin, '/asignacionItems/registrar', {
    asignacion_items: { alm_id: 1, emp_solicitante: emps[0].emp_id, emp_autorizador: emps[1].emp_id, asi_fecha_registro: new Date().toISOString(), detalle: [{ pal_id: casco.pal_id, aid_cantidad: '1' }] },
  });
  await login(page, 'visualizador@andina.pe');
  await page.goto('/asignaciones');
  await expect(page.getByRole('heading', { name: 'Asignaciones y Devoluciones' })).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Registrar asignación' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Registrar devolución/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Eliminar/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Ver asignación N°/ }).first()).toBeVisible();
  await shot(page, 'asignacion-visualizador');
});
