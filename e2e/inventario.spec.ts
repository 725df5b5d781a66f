import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { limaDate } from '@obra/domain';
import { apiLogin, apiPost, type ApiSession } from './api';
import { closeWithEscape, login, shot } from './helpers';

/**
 * Inventory (spec 2 §2) and stock renewal (spec 1 §2.12): stock moved through transfers shows in
 * an item's kardex; the renewal screen starts a purchase order with the selected products; a
 * project user sees only its project's warehouses.
 */

test.use({ viewport: { width: 1366, height: 768 } });
test.describe.configure({ mode: 'serial' });

const RUN = Date.now().toString(36).toUpperCase();
const PRODUCTO = `Tubo PVC e2e ${RUN}`;
const hoy = () => limaDate();

let admin: ApiSession;
let central: number;
let agregados: number;
let prvId: number;
let compra: string;
let traslado: string;

interface Almacen { alm_id: number; alm_nombre: string }

async function registrarTransferencia(request: APIRequestContext, body: object): Promise<string> {
  const t = await apiPost<{ tfi_codigo: string }>(request, admin, '/transferenciaItems/registrar', { transferencia_items: { tfi_fecha_estimada_llegada: hoy(), ...body } });
  return t.tfi_codigo;
}

test.beforeAll(async ({ request }) => {
  admin = await apiLogin(request, 'admin@andina.pe');
  const almacenes = await apiPost<Almacen[]>(request, admin, '/getAlmacenes');
  central = almacenes.find((a) => a.alm_nombre === 'Almacén Central')!.alm_id;
  agregados = almacenes.find((a) => a.alm_nombre === 'Almacén de Agregados')!.alm_id;
  // A product of its own, so that the kardex and the renewal row are this run's alone.
  const { page: { list: [modelo] } } = await apiPost<{ page: { list: { cat_id: number; tip_id: number; unm_id: number }[] } }>(request, admin, '/productoVendor/buscar', { producto: { prv_estado: 1, page: { number: 1, size: 1 } } });
  const creado = await apiPost<{ prv_id: number }>(request, admin, '/productoVendor/registrar', { producto: {
    prv_nombre: PRODUCTO, cat_id: modelo.cat_id, tip_id: modelo.tip_id, unm_id: modelo.unm_id, mar_id: null,
    prv_item: 0, prv_reposicion: 1, prv_retornable: 0, prv_retorno_estimado: null, prv_stock_minimo: '0',
  } });
  prvId = creado.prv_id;
  // Stock through the API: an external purchase into the central warehouse, then part of it moved out.
  // At S/ 12.3456 each without IGV (the valued kardex): 7.5 are worth S/ 92.59.
  compra = await registrarTransferencia(request, { tfi_tipo: 3, alm_destino: central, detalle: [{ prv_id: prvId, tid_cantidad: '7.5', tid_costo_unitario: '12.3456' }] });
  const [fila] = await apiPost<{ pal_id: number }[]>(request, admin, '/productoAlmacen/buscarRapido', { producto_almacen: { prv_nombre: PRODUCTO, alm_id: central } });
  traslado = await registrarTransferencia(request, { tfi_tipo: 2, alm_origen: central, alm_destino: agregados, detalle: [{ prv_id: prvId, pal_id: fila.pal_id, tid_cantidad: '2' }] });
});

const filtros = (page: Page) => page.getByRole('search', { name: 'Filtros' });

test('the kardex of an item shows the stock that moved, with its opening balance, + entries and red exits', async ({ page }) => {
  await login(page, 'inventario@andina.pe');
  await page.goto('/inventario');
  await expect(page.getByRole('heading', { name: 'Inventario' })).toBeVisible();
  await filtros(page).getByRole('searchbox', { name: 'Producto' }).fill(PRODUCTO);
  await filtros(page).getByRole('searchbox', { name: 'Producto' }).press('Enter');
  const filas = page.getByRole('row').filter({ hasText: PRODUCTO });
  await expect(filas).toHaveCount(1);
  await expect(filas.first()).toContainText('Planta Lurín | Almacén Central *');
  await expect(filas.first()).toContainText('5.5');
  await expect(filas.first()).toContainText('Activo');
  // Valued (docs/business-rules.md "Kardex valorizado"): 92.59 − 2 × 92.59 / 7.5 (24.69) = 67.90; 67.90 / 5.5 = 12.3455 each.
  await expect(filas.first()).toContainText('S/ 12.3455 c/u');
  await expect(filas.first()).toContainText('S/ 67.90');
  await shot(page, 'inventario-lista');

  await page.getByRole('button', { name: `Kardex ${PRODUCTO}` }).click();
  const kardex = page.getByRole('dialog', { name: `Kardex | ${PRODUCTO}` });
  await expect(kardex).toBeVisible();
  await expect(kardex).toContainText('Saldo inicial');
  const lineas = kardex.getByRole('row');
  await expect(lineas.filter({ hasText: compra })).toContainText('+7.5');
  const salida = lineas.filter({ hasText: traslado });
  await expect(salida).toContainText('-2');
  await expect(salida.getByText('-2', { exact: true })).toHaveCSS('color', 'rgb(255, 77, 79)');
  await expect(salida).toContainText('5.5');
  // Unit cost, the movement's value and the valued balance: the exit at the weighted average.
  await expect(lineas.filter({ hasText: compra })).toContainText('S/ 12.3456');
  await expect(lineas.filter({ hasText: compra })).toContainText('S/ 92.59');
  await expect(salida).toContainText('S/ 12.3453');
  await expect(salida.getByText('-S/ 24.69', { exact: true })).toHaveCSS('color', 'rgb(255, 77, 79)');
  await expect(salida).toContainText('S/ 67.90');
  await expect(kardex).toContainText('Costo promedio');
  await shot(page, 'inventario-kardex');
  await closeWithEscape(page, kardex);
});

test('stock renewal starts a purchase order with the selected product for what it lacks', async ({ page, request }) => {
  // The minimum of this product in the central warehouse: 20, with 5.5 in stock.
  await apiPost(request, admin, '/productoAlmacen/stockMinimo', { producto_almacen: { alm_id: central, prv_id: prvId, stm_minimo: '20' } });
  const logistica = await apiLogin(request, 'logistica@andina.pe');
  const { data } = await apiPost<{ data: { alm_id: number; prv_id: number }[] }>(request, logistica, '/inventario/pending', { start: 0, length: 100 });
  const pagina = Math.floor(data.findIndex((r) => r.prv_id === prvId && r.alm_id === central) / 10) + 1;
  expect(pagina).toBeGreaterThan(0);

  await login(page, 'logistica@andina.pe');
  await page.goto('/orden');
  await page.getByRole('button', { name: 'Reposición' }).click();
  await expect(page).toHaveURL(/\/renovate$/);
  await expect(page.getByRole('heading', { name: 'Reposición de stock' })).toBeVisible();
  const generar = page.getByRole('button', { name: /Generar orden de compra/ });
  await expect(generar).toBeDisabled();
  if (pagina > 1) await page.getByRole('listitem', { name: String(pagina) }).click();
  const fila = page.getByRole('row').filter({ hasText: PRODUCTO });
  await expect(fila).toContainText('20');
  await expect(fila).toContainText('5.5');
  await fila.getByRole('checkbox').check();
  await expect(generar).toHaveText(/\(1\)/);
  await shot(page, 'renovacion');
  await generar.click();

  await expect(page).toHaveURL(/\/orden\/new$/);
  await expect(page.getByRole('textbox', { name: 'Descripción línea 1' })).toHaveValue(PRODUCTO);
  await expect(page.getByRole('textbox', { name: 'Cantidad línea 1' })).toHaveValue('14.5');
  await expect(page.getByRole('textbox', { name: 'Observación línea 1' })).toHaveValue('Reposición de stock: Planta Lurín | Almacén Central *');
  await expect(page.getByRole('textbox', { name: 'Descripción línea 2' })).toHaveCount(0);
  await shot(page, 'renovacion-orden');
});

test('the inventory marks a product below its minimum and opens the renewal from a labelled button', async ({ page, request }) => {
  await apiPost(request, admin, '/productoAlmacen/stockMinimo', { producto_almacen: { alm_id: central, prv_id: prvId, stm_minimo: '20' } });
  await login(page, 'admin@andina.pe');
  await page.goto('/inventario');
  await filtros(page).getByRole('searchbox', { name: 'Producto' }).fill(PRODUCTO);
  await filtros(page).getByRole('searchbox', { name: 'Producto' }).press('Enter');
  const fila = page.getByRole('row').filter({ hasText: PRODUCTO }).filter({ hasText: 'Almacén Central' });
  await expect(fila.getByLabel('5.5, bajo el mínimo de 20')).toBeVisible();
  await fila.getByLabel('5.5, bajo el mínimo de 20').hover();
  await expect(page.getByRole('tooltip', { name: /Bajo el stock mínimo de 20 / })).toBeVisible();
  await page.getByRole('button', { name: 'Reposición de stock' }).click();
  await expect(page).toHaveURL(/\/renovate$/);
  await expect(page.getByRole('heading', { name: 'Reposición de stock' })).toBeVisible();
});

test('a project user sees only its project’s warehouses', async ({ page }) => {
  await login(page, 'almacen@andina.pe');
  await page.goto('/inventario');
  await filtros(page).getByRole('searchbox', { name: 'Producto' }).fill(PRODUCTO);
  await filtros(page).getByRole('searchbox', { name: 'Producto' }).press('Enter');
  await expect(page.getByRole('row').filter({ hasText: PRODUCTO })).toHaveCount(1);
  // Every row of the whole list is a warehouse of Planta Lurín.
  await filtros(page).getByRole('searchbox', { name: 'Producto' }).clear();
  await filtros(page).getByRole('searchbox', { name: 'Producto' }).press('Enter');
  const almacenes = page.getByRole('table').getByRole('row').locator('td:first-child');
  await expect(almacenes.first()).toBeVisible();
  for (const texto of await almacenes.allInnerTexts()) expect(texto).toMatch(/^Planta Lurín \| /);
  // The warehouse filter offers only those warehouses.
  await filtros(page).getByRole('combobox', { name: 'Almacén' }).click();
  const opciones = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(opciones.first()).toBeVisible();
  for (const texto of await opciones.allInnerTexts()) expect(texto).toMatch(/^Planta Lurín \| /);
  await shot(page, 'inventario-proyecto');
});
