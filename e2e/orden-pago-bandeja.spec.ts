import { expect, test, type Page } from '@playwright/test';
import { apiLogin, apiPost, crearOrden, emitirOrden, type OrdenCreada } from './api';
import { closeWithEscape, login, menuItem, shot } from './helpers';

/** The payment-order inbox /ordenPago (issue 9): gerencia approves there, tesorería deposits there. */

test.use({ viewport: { width: 1366, height: 768 } });
test.describe.configure({ mode: 'serial' });

const RUN = Date.now().toString(36).toUpperCase();
let orden: OrdenCreada;

const table = (page: Page) => page.getByRole('table', { name: 'Bandeja de órdenes de pago' });
/** The inbox row of this run's payment order (other flows leave theirs). */
const fila = (page: Page) => table(page).getByRole('row').filter({ hasText: orden.codigo });
const button = (page: Page, accion: string) => page.getByRole('button', { name: `${accion} N° 1 ${orden.codigo}`, exact: true });
const estadoFiltro = (page: Page) => page.getByRole('search', { name: 'Filtros' }).getByRole('combobox', { name: 'Estado' });

test.beforeAll(async ({ request }) => {
  orden = await crearOrden(request, { referencia: `Bandeja de pagos ${RUN}` });
  await emitirOrden(request, orden.id_orden);
  const logistica = await apiLogin(request, 'logistica@andina.pe');
  const { opg_id } = await apiPost<{ opg_id: number }>(request, logistica, '/ordenPago/registrar', { orden_pago: {
    ord_id: orden.id_orden, opg_descripcion: `Adelanto ${RUN}`, opg_fecha_pago_programado: '2026-12-20', opg_pago_cierre: 0, opg_sistema_pago: 1, opg_total: '843',
  } });
  await apiPost(request, logistica, '/ordenPago/solicitarAprobacion', { orden_pago: { opg_id } });
});

test('gerencia finds the payment order waiting for approval in the inbox and approves it there', async ({ page }) => {
  await login(page, 'gerencia@andina.pe');
  await menuItem(page, 'Compras').hover();
  await page.getByRole('menuitem', { name: 'Órdenes de Pago' }).click();
  await expect(page).toHaveURL(/\/ordenPago$/);
  // Away from the menu, so that it closes.
  await page.mouse.move(700, 600);
  await expect(page.getByRole('heading', { name: 'Órdenes de Pago' })).toBeVisible();
  // What waits for an approver: por aprobar.
  await expect(estadoFiltro(page).locator('xpath=ancestor::*[contains(@class,"ant-select")][1]')).toContainText('Por aprobar');
  await expect(fila(page)).toContainText('Por aprobar');
  await expect(fila(page)).toContainText('S/ 843.00');
  await expect(fila(page).getByRole('link', { name: `Orden ${orden.codigo}` })).toHaveAttribute('href', `/orden/view/${orden.id_orden}`);
  await expect(button(page, 'Depositar')).toHaveCount(0);
  await shot(page, 'orden-pago-bandeja-gerencia');

  await button(page, 'Aprobar').click();
  const pregunta = page.getByRole('dialog').filter({ hasText: '¿Desea aprobar la orden de pago?' });
  await pregunta.getByRole('button', { name: 'Aprobar' }).click();
  await expect(page.getByText('Se aprobó la orden de pago')).toBeVisible();
  // Approved, it no longer waits for gerencia.
  await expect(fila(page)).toHaveCount(0);
});

test('tesorería finds it under aprobadas, deposits it with an operation number, and the view shows the deposit', async ({ page }) => {
  await login(page, 'tesoreria@andina.pe');
  await page.goto('/ordenPago');
  await expect(estadoFiltro(page).locator('xpath=ancestor::*[contains(@class,"ant-select")][1]')).toContainText('Aprobada');
  await expect(fila(page)).toContainText('Aprobada');
  await expect(button(page, 'Aprobar')).toHaveCount(0);

  await button(page, 'Depositar').click();
  const deposito = page.getByRole('dialog', { name: 'Depositar Orden de Pago N° 1' });
  await expect(deposito).toContainText(orden.codigo);
  // The operation number is required, on the screen as on the server.
  await deposito.getByRole('button', { name: 'Depositar' }).click();
  await expect(page.getByText('Ingrese el número de operación del depósito')).toBeVisible();
  await expect(deposito.getByText('El campo es requerido')).toBeVisible();
  await deposito.getByLabel(/^(\* )?N° de operación$/).fill(`BCP-${RUN}`);
  await shot(page, 'orden-pago-bandeja-depositar');
  await deposito.getByRole('button', { name: 'Depositar' }).click();
  await expect(page.getByText('Se registró el depósito de la orden de pago')).toBeVisible();
  await expect(deposito).toBeHidden();
  await expect(fila(page)).toHaveCount(0);

  // Under Depositada: the date, the operation number and who deposited it.
  await estadoFiltro(page).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="Depositada"]').click();
  await expect(fila(page)).toContainText('Depositada');
  await expect(fila(page)).toContainText(`N° BCP-${RUN}`);
  await expect(fila(page)).toContainText('Miguel Rojas Cárdenas');
  await shot(page, 'orden-pago-bandeja-depositadas');

  await button(page, 'Ver').click();
  const ver = page.getByRole('dialog', { name: 'Ver Orden de Pago N° 1' });
  const situacion = ver.getByLabel('Situación');
  await expect(situacion).toContainText('Depositada');
  await expect(situacion).toContainText(`BCP-${RUN}`);
  await expect(situacion).toContainText('Miguel Rojas Cárdenas');
  await expect(situacion).toContainText(/Fecha de depósito\s*\d{2}\/\d{2}\/\d{4}/);
  await expect(situacion).toContainText('Carlos Mendoza Ríos');
  await shot(page, 'orden-pago-bandeja-ver');
  await closeWithEscape(page, ver);
});

test('the filters are labelled and narrow the inbox by supplier and registration dates', async ({ page }) => {
  await login(page, 'contabilidad@andina.pe');
  await page.goto('/ordenPago');
  // Neither an approver nor treasury: every state.
  await expect(estadoFiltro(page).locator('xpath=ancestor::*[contains(@class,"ant-select")][1]')).toContainText('Todos');
  await expect(fila(page)).toContainText('Depositada');

  const filtros = page.getByRole('search', { name: 'Filtros' });
  await filtros.getByRole('combobox', { name: 'Proveedor' }).fill('Aceros');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'Aceros y Materiales del Sur' }).click();
  await expect(fila(page)).toBeVisible();
  await expect(table(page).getByRole('row').filter({ hasNotText: 'Aceros y Materiales del Sur' })).toHaveCount(1); // the header

  const desde = filtros.getByRole('textbox', { name: 'Fecha de registro' });
  await desde.click();
  await desde.fill('01-01-2026');
  await filtros.getByRole('textbox', { name: 'Hasta' }).fill('31-01-2026');
  await filtros.getByRole('textbox', { name: 'Hasta' }).press('Enter');
  await expect(page.getByText('No se encontraron órdenes de pago')).toBeVisible();
  await shot(page, 'orden-pago-bandeja-filtros');
});
