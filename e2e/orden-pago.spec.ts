import { expect, test, type Page } from '@playwright/test';
import { apiLogin, apiPost, crearOrden, emitirOrden, type ApiSession } from './api';
import { closeWithEscape, login, shot } from './helpers';

const option = (page: Page, text: string) => page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${text}"]`);
const field = (label: string) => new RegExp(`^(\\* )?${label}$`);
const row = (page: Page, numero: number) => page.getByRole('table', { name: 'Órdenes de pago' }).getByRole('row').filter({ has: page.getByRole('cell', { name: String(numero), exact: true }) });

/** Answers the confirmation `question` with `ok`. */
async function confirm(page: Page, question: string, ok: string) {
  const dialog = page.getByRole('dialog').filter({ hasText: question });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: ok }).click();
  await expect(dialog).toBeHidden();
}

/** A row action by its exact name ('Aprobar N° 1' is not 'Desaprobar N° 1'). */
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

// The screens are looked at as an office screen shows them.
test.use({ viewport: { width: 1366, height: 768 } });
// The viewer's flow reads the payment orders the first flow created.
test.describe.configure({ mode: 'serial' });

const RUN = Date.now().toString(36).toUpperCase();
let orden: { id_orden: number; codigo: string };
let sessions: Record<'logistica' | 'gerencia', ApiSession>;

test.beforeAll(async ({ request }) => {
  sessions = { logistica: await apiLogin(request, 'logistica@andina.pe'), gerencia: await apiLogin(request, 'gerencia@andina.pe') };
  // A service order on crédito: 1000 + IGV 180 − detracción 142 = S/ 1,038.00, detracción rate 12%;
  // its payment orders may add up to S/ 1,180.00, each taking its own detracción off.
  orden = await crearOrden(request, {
    tipo_orden: 2,
    referencia: `Mantenimiento de planta ${RUN}`,
    orden_items: [{ descripcion: 'Mantenimiento de mezcladora', unidad: { id_unidad: 1 }, cantidad: 1, precio_unitario: 1000 }],
  });
  await emitirOrden(request, orden.id_orden);
});

test('a payment order is registered, approved and deposited; the order becomes Pago Parcial, then Pagado', async ({ page, request }) => {
  await login(page, 'logistica@andina.pe');
  await page.goto(`/ordenPago/${orden.id_orden}`);
  await expect(page.getByRole('heading', { name: `Órdenes de Pago: ${orden.codigo}` })).toBeVisible();
  await expect(page.getByTestId('opg-saldo')).toHaveText('S/ 1,180.00 (100.00%)');
  await expect(page.getByText('La orden no tiene órdenes de pago')).toBeVisible();

  // Register: detracción and pago follow the total as it is typed.
  await page.getByRole('button', { name: 'Agregar' }).click();
  const popup = page.getByRole('dialog', { name: 'Registrar Orden de Pago' });
  await expect(popup.getByLabel('Creado por')).toHaveValue('Jorge Huamán Torres');
  await popup.getByLabel(field('Descripción')).fill(`Primer pago ${RUN}`);
  const fecha = popup.getByLabel(field('Fecha programada de pago'));
  await fecha.click();
  await fecha.fill('20-12-2026');
  await fecha.press('Enter');
  await popup.getByRole('combobox', { name: field('Sistema de pago') }).click();
  await option(page, 'Transferencia bancaria').click();
  await popup.getByRole('combobox', { name: 'Tipo de documento' }).click();
  await option(page, 'Factura').click();
  await popup.getByLabel('Comprobante').fill('F001-880');
  await popup.getByLabel(field('Total \\(S/\\)')).fill('500');
  await expect(popup.getByTestId('opg-detraccion')).toHaveText('S/ 60.00');
  await expect(popup.getByTestId('opg-pago')).toHaveText('S/ 440.00');
  await shot(page, 'orden-pago-registrar');
  await popup.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Se registró la orden de pago')).toBeVisible();
  await expect(popup).toBeHidden();
  await expect(row(page, 1)).toContainText('Registrada');
  await expect(row(page, 1)).toContainText('S/ 440.00');
  await expect(page.getByTestId('opg-saldo')).toHaveText('S/ 680.00 (57.63%)');

  // Logistics requests the approval but cannot approve.
  await expect(button(page, 'Aprobar N° 1')).toHaveCount(0);
  await button(page, 'Solicitar aprobación N° 1').click();
  await confirm(page, '¿Desea solicitar la aprobación de la orden de pago?', 'Solicitar');
  await expect(row(page, 1)).toContainText('Por aprobar');
  await shot(page, 'orden-pago-lista');

  // Management approves.
  await login(page, 'gerencia@andina.pe');
  await page.goto(`/ordenPago/${orden.id_orden}`);
  await expect(button(page, 'Depositar N° 1')).toHaveCount(0);
  await button(page, 'Aprobar N° 1').click();
  await confirm(page, '¿Desea aprobar la orden de pago?', 'Aprobar');
  await expect(row(page, 1)).toContainText('Aprobada');
  await expect(row(page, 1)).toContainText('Carlos Mendoza Ríos');
  await expect(button(page, 'Modificar N° 1')).toHaveCount(0);

  // Treasury deposits: the order becomes Pago Parcial.
  await login(page, 'tesoreria@andina.pe');
  await page.goto(`/ordenPago/${orden.id_orden}`);
  await button(page, 'Depositar N° 1').click();
  const deposito = page.getByRole('dialog', { name: 'Depositar Orden de Pago N° 1' });
  await deposito.getByLabel(field('N° de operación')).fill(`OP-${RUN}`);
  await shot(page, 'orden-pago-depositar');
  await deposito.getByRole('button', { name: 'Depositar' }).click();
  await expect(deposito).toBeHidden();
  await expect(row(page, 1)).toContainText('Depositada');
  await expect(page.locator('.ant-card').filter({ hasText: 'Estado' }).getByText('Pago Parcial')).toBeVisible();

  // A second payment order (registered and approved through the API) covers the rest: Pagado.
  const segundo = await apiPost<{ opg_id: number }>(request, sessions.logistica, '/ordenPago/registrar', { orden_pago: {
    ord_id: orden.id_orden, opg_descripcion: 'Saldo', opg_fecha_pago_programado: '2026-12-28', opg_pago_cierre: 1, opg_sistema_pago: 1, opg_total: '680',
  } });
  await apiPost(request, sessions.gerencia, '/ordenPago/aprobar', { orden_pago: { opg_id: segundo.opg_id } });
  await page.reload();
  await button(page, 'Depositar N° 2').click();
  await page.getByRole('dialog', { name: 'Depositar Orden de Pago N° 2' }).getByLabel(field('N° de operación')).fill(`OP2-${RUN}`);
  await page.getByRole('dialog', { name: 'Depositar Orden de Pago N° 2' }).getByRole('button', { name: 'Depositar' }).click();
  await expect(row(page, 2)).toContainText('Depositada');
  await expect(page.locator('.ant-card').filter({ hasText: 'Estado' }).getByText('Pagado', { exact: true })).toBeVisible();
  await expect(page.getByTestId('opg-saldo')).toHaveText('S/ 0.00 (0.00%)');
  await expect(page.getByRole('button', { name: 'Agregar' })).toHaveCount(0);
  await shot(page, 'orden-pago-pagado');

  await page.getByRole('button', { name: 'Regresar' }).click();
  await expect(page).toHaveURL(new RegExp(`/orden/view/${orden.id_orden}$`));
});

test('the viewer sees the payment orders without any action but Ver; the long path opens the popup', async ({ page }) => {
  await login(page, 'visualizador@andina.pe');
  await page.goto(`/ordenPago/${orden.id_orden}`);
  await expect(row(page, 1)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Agregar' })).toHaveCount(0);
  const actions = page.getByRole('table', { name: 'Órdenes de pago' }).getByRole('button');
  await expect(actions).toHaveCount(2);
  await expect(page.getByRole('button', { name: /^Ver N° \d$/ })).toHaveCount(2);
  await shot(page, 'orden-pago-visualizador');

  const [{ opg_id: opgId }] = await (await page.request.post('/api/ordenPago/buscar', {
    headers: (await apiLogin(page.request, 'visualizador@andina.pe')).headers, data: { orden_pago: { ord_id: orden.id_orden } },
  })).json().then((b: { data: { opg_id: number }[] }) => b.data);
  await page.goto(`/ordenPago/${orden.id_orden}/ver/${opgId}`);
  const popup = page.getByRole('dialog', { name: 'Ver Orden de Pago N° 1' });
  await expect(popup.getByLabel(field('Descripción'))).toHaveValue(`Primer pago ${RUN}`);
  await expect(popup.getByLabel(field('Descripción'))).toBeDisabled();
  await expect(popup.getByRole('button', { name: 'Guardar' })).toHaveCount(0);
  await shot(page, 'orden-pago-ver');
  await closeWithEscape(page, popup);
  await expect(page).toHaveURL(new RegExp(`/ordenPago/${orden.id_orden}$`));
});
