import { expect, test, type Page } from '@playwright/test';
import { apiLogin, apiPost, crearOrden } from './api';
import { login } from './helpers';

/**
 * Issue 24: at 1366 × 768 the lists keep their key column whole (the supplier of an order, the
 * category and name of a product, the product of the inventory): short columns are as wide as
 * their texts and the key text takes the rest. A text that still does not fit is cut with '…'
 * and shown whole on hover.
 */
test.use({ viewport: { width: 1366, height: 768 } });

/** The texts of a column cut on screen (wider or taller than their cell), among the rows of the list. */
async function cortados(page: Page, columna: string): Promise<{ textos: string[]; cortados: string[] }> {
  const tabla = page.locator('.ant-table').first();
  await expect(tabla.locator('tr.ant-table-row').first()).toBeVisible();
  return tabla.evaluate((t, columna) => {
    const i = [...t.querySelectorAll('thead th')].findIndex((th) => th.textContent?.trim() === columna);
    if (i < 0) throw new Error(`La lista no tiene la columna ${columna}`);
    const celdas = [...t.querySelectorAll<HTMLTableRowElement>('tbody tr.ant-table-row')].map((tr) => tr.cells[i]);
    // The cut is CSS (one line or a few): the text's box is narrower or shorter than the text.
    const cortada = (td: HTMLTableCellElement) => {
      const e = td.querySelector<HTMLElement>('.ant-typography') ?? td;
      return e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1;
    };
    return { textos: celdas.map((td) => td.textContent ?? ''), cortados: celdas.filter(cortada).map((td) => td.textContent ?? '') };
  }, columna);
}

const LARGOS = ['Aceros y Materiales del Sur S.A.C.', 'Aditivos y Químicos para Concreto del Perú S.A.C.'];
const REFERENCIA = 'Compra de fierro corrugado de 1/2" y alambre recocido para el vaciado de la losa del piso 5';

test('the order lists show the whole supplier name, and a cut reference whole on hover', async ({ page, request }) => {
  const admin = await apiLogin(request, 'admin@andina.pe');
  const { data: proveedores } = await apiPost<{ data: { id_proveedor: number; razon_social: string }[] }>(request, admin, '/proveedor/list', {
    search: '', start: 0, length: 50,
  });
  for (const nombre of LARGOS) {
    const proveedor = proveedores.find((p) => p.razon_social === nombre);
    expect(proveedor, nombre).toBeTruthy();
    await crearOrden(request, { proveedor: { id_proveedor: proveedor?.id_proveedor }, referencia: REFERENCIA });
  }

  await login(page, 'admin@andina.pe');
  for (const ruta of ['/orden', '/orden/approve']) {
    await page.goto(ruta);
    const { textos, cortados: cut } = await cortados(page, 'Proveedor');
    for (const nombre of LARGOS) expect(textos, ruta).toContain(nombre);
    expect(cut, `${ruta}: proveedores cortados`).toEqual([]);
  }

  // The reference is no key column: it gives way, and shows whole on hover.
  await page.goto('/orden');
  const { cortados: referencias } = await cortados(page, 'Referencia');
  expect(referencias).toContain(REFERENCIA);
  await page.getByRole('cell', { name: REFERENCIA }).first().locator('.ant-typography').hover();
  await expect(page.getByRole('tooltip').filter({ hasText: REFERENCIA })).toBeVisible();
});

test('the products list shows whole categories and names', async ({ page }) => {
  await login(page, 'admin@andina.pe');
  await page.goto('/producto');
  const categorias = await cortados(page, 'Categoría');
  expect(categorias.textos).toContain('Materiales de construcción');
  expect(categorias.cortados, 'categorías cortadas').toEqual([]);
  expect((await cortados(page, 'Nombre')).cortados, 'nombres cortados').toEqual([]);
});

test('the inventory shows whole product names', async ({ page }) => {
  await login(page, 'admin@andina.pe');
  await page.goto('/inventario');
  const productos = await cortados(page, 'Producto');
  expect(productos.textos).toContain('Taladro percutor GSB 550 (S/N BSH-550-0001)');
  expect(productos.cortados, 'productos cortados').toEqual([]);
});
