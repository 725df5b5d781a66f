import { rucCheckDigit } from '@obra/domain';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { apiLogin, apiPost, crearOrden } from './api';
import { login, shot } from './helpers';

/** An option of the open select dropdown. */
const option = (page: Page, text: string) => page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${text}"]`);

// A run-unique word in the references, so the search finds exactly one order.
const RUN = Date.now().toString(36).toUpperCase();
const REF_COMPRA = `Cemento para producción ${RUN}`;
const REF_SERVICIO = `Mantenimiento de mixers ${RUN}`;

let compra: { id_orden: number; codigo: string; monto_con_impuesto: string };
let servicio: { id_orden: number; codigo: string; monto_con_impuesto: string };

test.beforeAll(async ({ request }) => {
  const admin = await apiLogin(request, 'admin@andina.pe');
  const lists = await apiPost<{ unidades_medida: { unm_id: number }[]; marcas: { mar_id: number }[] }>(
    request, admin, '/app/getData', { listas: ['unidades_medida', 'marcas'] });
  const unidad = { id_unidad: lists.unidades_medida[0].unm_id };
  compra = await crearOrden(request, {
    referencia: REF_COMPRA,
    descuento: 10,
    tipo_descuento: 1,
    orden_items: [
      { descripcion: 'Cemento Portland tipo I', marca: { id_marca: lists.marcas[0].mar_id }, unidad, cantidad: 4, precio_unitario: 250 },
      { descripcion: 'Aditivo plastificante', marca: { id_marca: 0 }, unidad, cantidad: '2', precio_unitario: '37.5' },
    ],
    orden_impuestos: [
      { descripcion: 'IGV', valor: '0.18', ori_tipo: 1 },
      { descripcion: 'Percepción', valor: '0', ori_tipo: 3 },
    ],
  });
  servicio = await crearOrden(request, {
    tipo_orden: 2,
    referencia: REF_SERVICIO,
    orden_items: [{ descripcion: 'Mantenimiento preventivo de mixer', unidad, cantidad: 1, precio_unitario: '1500' }],
  });
  // 4 × 250 + 2 × 37.50 = 1075.00; −10 % = 967.50; IGV 18 % = 174.15 (spec 1 §9).
  expect(compra.monto_con_impuesto).toBe('1141.65');
});

test('logistics lists, filters, searches and opens orders', async ({ page }) => {
  await login(page, 'logistica@andina.pe');
  await page.goto('/orden');
  await expect(page.getByRole('heading', { name: 'Órdenes de Compra y Servicio' })).toBeVisible();
  const rowCompra = page.getByRole('row', { name: new RegExp(compra.codigo) });
  const rowServicio = page.getByRole('row', { name: new RegExp(servicio.codigo) });
  await expect(rowCompra).toBeVisible();
  await expect(rowServicio).toBeVisible();
  await expect(rowCompra).toContainText('S/ 1,141.65');
  await expect(rowCompra).toContainText('Creado');
  await expect(rowCompra).toContainText('-OC-');
  await expect(rowServicio).toContainText('-OS-');
  // An order in creado is editable; Nuevo opens the form (e2e/orden-form.spec.ts).
  await expect(rowCompra.getByRole('button', { name: `Editar ${compra.codigo}` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Nuevo' })).toBeVisible();
  await shot(page, 'orden-lista');

  // Type filter.
  await page.getByLabel('Tipo', { exact: true }).click();
  await option(page, 'Servicio').click();
  await expect(rowCompra).toBeHidden();
  await expect(rowServicio).toBeVisible();
  await page.getByLabel('Tipo', { exact: true }).click();
  await option(page, 'Todos').click();
  await expect(rowCompra).toBeVisible();

  // Search by reference: Enter searches at once.
  const search = page.getByRole('searchbox', { name: 'Buscar' });
  await search.fill(REF_COMPRA.toLowerCase());
  await search.press('Enter');
  await expect(rowServicio).toBeHidden();
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(rowCompra).toBeVisible();
  await shot(page, 'orden-lista-busqueda');

  // View.
  await rowCompra.getByRole('button', { name: `Ver ${compra.codigo}` }).click();
  await expect(page).toHaveURL(new RegExp(`/orden/view/${compra.id_orden}$`));
  await expect(page.getByRole('heading', { name: `Orden de Compra ${compra.codigo}` })).toBeVisible();
  await expect(page.getByText(REF_COMPRA)).toBeVisible();
  const items = page.getByRole('table', { name: 'Productos de la orden' });
  const cemento = items.getByRole('row', { name: /Cemento Portland tipo I/ });
  await expect(cemento).toContainText('250.00');
  await expect(cemento).toContainText('1,000.00');
  const aditivo = items.getByRole('row', { name: /Aditivo plastificante/ });
  await expect(aditivo.getByRole('cell', { name: '-', exact: true }).first()).toBeVisible();
  await expect(aditivo).toContainText('75.00');
  await expect(page.getByTestId('total-subtotal')).toContainText('S/ 1,075.00');
  await expect(page.getByTestId('total-descuento')).toContainText('Descuento (10%)');
  await expect(page.getByTestId('total-descuento')).toContainText('S/ -107.50');
  await expect(page.getByTestId('total-descontado')).toContainText('S/ 967.50');
  await expect(items.getByRole('row', { name: /IGV \(18%\)/ })).toContainText('S/ 174.15');
  await expect(page.getByTestId('total-total')).toContainText('S/ 1,141.65');
  // The history starts with the registration; approvals are pending.
  const historial = page.locator('.ant-card').filter({ hasText: 'Historial' });
  await expect(historial.getByRole('row').nth(1)).toContainText('Administrador del Sistema');
  await expect(historial.getByRole('row').nth(1)).toContainText(/creado/i);
  await shot(page, 'orden-ver');

  await page.getByRole('button', { name: 'Regresar' }).click();
  await expect(page).toHaveURL(/\/orden$/);
});

test('the viewer sees the orders but cannot edit them', async ({ page }) => {
  await login(page, 'visualizador@andina.pe');
  await page.goto('/orden');
  const rowCompra = page.getByRole('row', { name: new RegExp(compra.codigo) });
  await expect(rowCompra).toBeVisible();
  await expect(rowCompra.getByRole('button', { name: `Ver ${compra.codigo}` })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Editar/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Nuevo' })).toHaveCount(0);
  await shot(page, 'orden-lista-visualizador');

  await rowCompra.getByRole('button', { name: `Ver ${compra.codigo}` }).click();
  await expect(page.getByRole('heading', { name: `Orden de Compra ${compra.codigo}` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Editar' })).toHaveCount(0);
});

/** A page of its own at the size of the office's laptops, logged in as `user`. */
async function at1366(browser: Browser, user: string) {
  const page = await browser.newPage({ viewport: { width: 1366, height: 768 }, locale: 'es-PE', timezoneId: 'America/Lima', reducedMotion: 'reduce' });
  await login(page, user);
  await page.goto('/orden');
  await expect(page.getByRole('heading', { name: 'Órdenes de Compra y Servicio' })).toBeVisible();
  return page;
}

test('at 1366 × 768 the list fits, labels its filters, shows the reference and long texts whole on hover', async ({ browser, request }) => {
  // An order with a long supplier name, cost centre and reference, as real ones are.
  const admin = await apiLogin(request, 'admin@andina.pe');
  const base = `2061${String(Date.now()).slice(-6)}`;
  const razon = `Corporación de Agregados, Canteras y Transportes del Sur Chico ${RUN} S.A.C.`;
  await apiPost(request, admin, '/proveedor/save', {
    ruc: `${base}${rucCheckDigit(base)}`, razon_social: razon, direccion: 'Av. Industrial 123, Lurín', email: 'ventas@agregados.pe',
    telefono: '01 4567890', especialidad: 'Agregados',
  });
  const proveedor = (await apiPost<{ data: { id_proveedor: number }[] }>(request, admin, '/proveedor/list', { search: RUN, start: 0, length: 1 })).data[0];
  const centros = async () => (await apiPost<{ centros_costo: { id_centro_costo: number; codigo: string; pry_id: number }[] }>(
    request, admin, '/app/getData', { listas: ['centros_costo'] })).centros_costo;
  const codigoCc = `CC-${RUN}`;
  const descripcionCc = 'Mantenimiento preventivo y correctivo de la flota de camiones mixer';
  await apiPost(request, admin, '/centroCosto/save', { codigo: codigoCc, descripcion: descripcionCc, pry_id: (await centros())[0].pry_id });
  const centro = (await centros()).find((c) => c.codigo === codigoCc);
  const referencia = `Agregados para el concreto premezclado de la obra Los Álamos, segunda etapa ${RUN}`;
  const larga = await crearOrden(request, { proveedor: { id_proveedor: proveedor.id_proveedor }, centro_costo: { id_centro_costo: centro?.id_centro_costo }, referencia });

  const page = await at1366(browser, 'admin@andina.pe');
  // Every filter says what it filters ('Todos' or '2026' never stand alone).
  for (const label of ['Tipo', 'Estado', 'Condición', 'Año', 'Buscar']) await expect(page.getByLabel(label, { exact: true })).toBeVisible();
  const search = page.getByRole('searchbox', { name: 'Buscar' });
  await search.fill(RUN);
  await search.press('Enter');
  const row = page.getByRole('row', { name: new RegExp(larga.codigo) });
  await expect(row).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Referencia' })).toBeVisible();
  await expect(row).toContainText(referencia);

  // No sideways scrolling and no header cut.
  const table = page.locator('.ant-table-content');
  expect(await table.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  expect(await page.locator('thead th').evaluateAll((ths) => ths.filter((th) => th.scrollWidth > th.clientWidth).map((th) => th.textContent))).toEqual([]);
  await shot(page, 'orden-lista-1366');

  // A text cut to fit shows whole on hover; one that fits (the supplier, the key column, has three lines) needs none.
  let cortados = 0;
  for (const text of [razon, `${codigoCc} - ${descripcionCc}`, referencia]) {
    const celda = row.getByText(text, { exact: true });
    const cortado = await celda.evaluate((e) => e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1);
    if (!cortado) continue;
    cortados++;
    await celda.hover();
    await expect(page.getByRole('tooltip').filter({ hasText: text })).toBeVisible();
  }
  expect(cortados).toBeGreaterThan(0);
  await shot(page, 'orden-lista-1366-tooltip');

  // Ver and Editar as icons with their tooltips, the rest in one menu.
  await row.getByRole('button', { name: `Editar ${larga.codigo}` }).hover();
  await expect(page.getByRole('tooltip').filter({ hasText: 'Editar' })).toBeVisible();
  await row.getByRole('button', { name: `Más acciones ${larga.codigo}` }).click();
  await expect(page.getByRole('menuitem', { name: 'Descargar PDF' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Anular' })).toBeVisible();

  // The toolbar keeps one place for every role: reports and prices right after the title, Nuevo at the right end.
  await page.keyboard.press('Escape');
  const place = async (p: Page, name: string) => (await p.getByRole('button', { name }).boundingBox())?.x;
  const adminReporte = await place(page, 'Reporte de pagos');
  const adminPrecios = await place(page, 'Precios');
  const adminNuevo = await place(page, 'Nuevo');
  for (const user of ['logistica@andina.pe', 'visualizador@andina.pe']) {
    const other = await at1366(browser, user);
    expect(await place(other, 'Reporte de pagos')).toBe(adminReporte);
    expect(await place(other, 'Precios')).toBe(adminPrecios);
    if (user.startsWith('logistica')) expect(await place(other, 'Nuevo')).toBe(adminNuevo);
    else {
      await expect(other.getByRole('button', { name: 'Nuevo' })).toHaveCount(0);
      // Rows with one extra action or several look alike: Ver, then the menu.
      await expect(other.getByRole('button', { name: /^Descargar PDF/ })).toHaveCount(0);
    }
    await shot(other, `orden-lista-1366-${user.split('@')[0]}`);
    await other.close();
  }
  await page.close();
});
