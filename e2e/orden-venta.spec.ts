import { CLIENTE_MSG, ORDEN_VENTA_MSG as M, PVT_MSG, VENDEDOR_MSG, formatAmount, formatMoney, rucCheckDigit, ventaSaldo, ventaTotales } from '@obra/domain';
import { expect, test, type Page } from '@playwright/test';
import { apiLogin } from './api';
import { login, shot } from './helpers';
import { buscarYElegir, confirmar, dmy, dmyApi, elegir, filaDePedido, option, pdfMinimo, toast, verPedido } from './orden-venta-pasos';

/**
 * Issue 13 "Playwright" (spec 3 §2 "Sales orders", §4, §5, §8): a client with two addresses registered
 * from the order popup's Nuevo, a sales order of two products for it (empty searches, the repeated
 * product, a price under the minimum refused by the server), modified, approved as a credit sale by
 * gerencia, paid in two payments (one with its file; a third cancelled), the factura generated and its
 * PDF opened; a VISUALIZADOR sees it all and changes nothing.
 */

test.use({ viewport: { width: 1366, height: 768 } });
test.describe.configure({ mode: 'serial' });

const FIRST10 = '2060517733';
const RUC = FIRST10 + rucCheckDigit(FIRST10);
const CLIENTE = 'Inmobiliaria Los Cedros de Surco S.A.C.';
const CONCRETO = "Concreto premezclado f'c 210 kg/cm²";
const BOMBEO = 'Servicio de bombeo de concreto (por m³)';

/** The order as registered, then as modified (pumping from 8.5 to 10 m³). */
const REGISTRADA = ventaTotales([{ ovd_precio: '290.00', ovd_cantidad: '8.5' }, { ovd_precio: '25.50', ovd_cantidad: '8.5' }]);
const MODIFICADA = ventaTotales([{ ovd_precio: '290.00', ovd_cantidad: '8.5' }, { ovd_precio: '25.50', ovd_cantidad: '10' }]);
const ADELANTO = '1500.00';

let ovtId = 0;

const soles = (v: string) => formatMoney('S/', v);

async function abrirLista(page: Page, user: string) {
  await login(page, user);
  await page.goto('/ordenVenta');
  await expect(page.getByRole('heading', { name: 'Pedidos de Venta' })).toBeVisible();
}

test('registers a client from the order popup and an order of two products for it', async ({ page }) => {
  await abrirLista(page, 'administracion@andina.pe');
  // The list's window: 7 days back to 2 days ahead (Lima).
  await expect(page.getByRole('search', { name: 'Filtros' }).getByLabel('Fecha de venta')).toHaveValue(dmy(-7));
  await expect(page.getByRole('search', { name: 'Filtros' }).getByPlaceholder('Hasta')).toHaveValue(dmy(2));

  await page.getByRole('button', { name: 'Nuevo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Registrar Pedido de Venta' });
  await expect(dialog.getByLabel('Fecha de entrega')).toHaveValue(dmy(1));
  await expect(dialog.getByLabel('Hora')).toHaveValue('13:00');
  // It fits the 1366 px screen.
  const caja = await dialog.locator('.ant-modal-container, .ant-modal-content').first().boundingBox();
  expect(caja!.width).toBeLessThanOrEqual(1366);

  // Nothing filled: the spec's text; empty searches: theirs.
  await dialog.getByRole('button', { name: 'Registrar' }).click();
  await expect(toast(page, M.falta)).toBeVisible();
  await dialog.getByLabel('Cliente').click();
  await dialog.getByLabel('Cliente').press('Enter');
  await expect(toast(page, CLIENTE_MSG.emptySearch)).toBeVisible();
  await dialog.getByLabel('Vendedor').click();
  await dialog.getByLabel('Vendedor').press('Enter');
  await expect(toast(page, VENDEDOR_MSG.busquedaVacia)).toBeVisible();
  await dialog.getByLabel('Buscar producto').click();
  await dialog.getByLabel('Buscar producto').press('Enter');
  await expect(toast(page, PVT_MSG.busquedaVacia)).toBeVisible();

  // Nuevo: the client popup, with two addresses; the new client becomes the order's with its contact.
  await dialog.getByRole('button', { name: 'Nuevo' }).click();
  const cliente = page.getByRole('dialog', { name: 'Registrar Cliente' });
  await elegir(page, cliente.getByLabel('Tipo de documento'), 'RUC');
  await cliente.getByLabel('Documento', { exact: true }).fill(RUC);
  await cliente.getByLabel('Nombre o razón social').fill(CLIENTE);
  await cliente.getByLabel('Nombre de contacto').fill('Arq. Rosa Villanueva Paz');
  await cliente.getByLabel('Correo').fill('obras@loscedros.pe');
  await cliente.getByLabel('Teléfono').fill('(01) 448-2210');
  await cliente.getByLabel('Domicilio fiscal').fill('Av. Caminos del Inca 1450, Santiago de Surco');
  const direcciones = [
    { alias: 'Obra Monterrico', direccion: 'Jr. Los Cedros 245, Monterrico', referencia: 'Altura cuadra 12 de Av. Primavera', typed: 'Surco', distrito: 'Santiago de Surco' },
    { alias: 'Obra Chorrillos', direccion: 'Av. Huaylas 1820', referencia: 'Frente al Mercado de Chorrillos', typed: 'Chorr', distrito: 'Chorrillos' },
  ];
  for (const d of direcciones) {
    await cliente.getByLabel('Alias nuevo').fill(d.alias);
    await cliente.getByLabel('Dirección nueva').fill(d.direccion);
    await cliente.getByLabel('Referencia nueva').fill(d.referencia);
    await elegir(page, cliente.getByLabel('Distrito nuevo'), d.distrito, d.typed);
    await cliente.getByRole('button', { name: 'Agregar' }).click();
  }
  await cliente.getByRole('button', { name: 'Registrar' }).click();
  await expect(toast(page, CLIENTE_MSG.registered)).toBeVisible();
  await expect(cliente).toBeHidden();
  await expect(dialog.getByTitle(`${RUC} - ${CLIENTE}`)).toBeVisible();
  await expect(dialog.getByLabel('Nombre de contacto')).toHaveValue('Arq. Rosa Villanueva Paz');
  await expect(dialog.getByLabel('Teléfono de contacto')).toHaveValue('(01) 448-2210');
  await expect(dialog.getByLabel('Correo de contacto')).toHaveValue('obras@loscedros.pe');
  // A company's receiver gives their own document.
  await expect(dialog.getByLabel('Documento de contacto')).toHaveValue('');
  await dialog.getByLabel('Documento de contacto').fill('41728833');

  // The shipping address is one of the client's two; it fills the reference and the district.
  await elegir(page, dialog.getByLabel('Dirección de envío'), 'Obra Chorrillos');
  await expect(dialog.getByLabel('Referencia')).toHaveValue('Frente al Mercado de Chorrillos');
  await expect(dialog.getByTitle('Chorrillos (Lima)')).toBeVisible();
  await buscarYElegir(page, dialog.getByLabel('Vendedor'), 'fernanda', 'María Fernanda Chávez Ruiz');
  await elegir(page, dialog.getByLabel('Condición de pago'), 'Crédito');
  await dialog.getByLabel('N° de guía').fill('T001-000845');
  await dialog.getByLabel('Observaciones').fill('Vaciado de losa del 3er piso; acceso por Jr. Los Pinos');

  // Two products at their minimum price and quantity 1; the same one again is refused.
  await buscarYElegir(page, dialog.getByLabel('Buscar producto'), "f'c 210", CONCRETO);
  await buscarYElegir(page, dialog.getByLabel('Buscar producto'), 'bombeo de concreto', BOMBEO);
  await buscarYElegir(page, dialog.getByLabel('Buscar producto'), "f'c 210", CONCRETO);
  await expect(toast(page, M.productoRepetido)).toBeVisible();
  const lineas = dialog.getByRole('table', { name: 'Productos del pedido' });
  await expect(lineas.locator('tbody tr.ant-table-row')).toHaveCount(2);
  await expect(dialog.getByLabel(`Precio ${CONCRETO}`)).toHaveValue('281.00');
  await expect(dialog.getByLabel(`Cantidad ${CONCRETO}`)).toHaveValue('1');
  await expect(dialog.getByLabel(`Precio ${BOMBEO}`)).toHaveValue('25.50');

  // A price under the minimum is shown, then refused by the server naming the product; the popup stays.
  // Typed key by key: the warning that appears under the minimum keeps the focus in the cell.
  await dialog.getByLabel(`Precio ${CONCRETO}`).fill('');
  await dialog.getByLabel(`Precio ${CONCRETO}`).pressSequentially('270');
  await expect(dialog.getByLabel(`Precio ${CONCRETO}`)).toHaveValue('270');
  await dialog.getByLabel(`Cantidad ${CONCRETO}`).fill('8.5');
  await dialog.getByLabel(`Cantidad ${BOMBEO}`).fill('8.5');
  await dialog.getByRole('button', { name: 'Registrar' }).click();
  await expect(toast(page, M.precioMinimo(CONCRETO, '281.00'))).toBeVisible();
  await expect(dialog).toBeVisible();

  await dialog.getByLabel(`Precio ${CONCRETO}`).fill('290.00');
  await expect(dialog.getByTestId('ovt-subtotal')).toHaveText(soles(REGISTRADA.ovt_subtotal));
  await expect(dialog.getByTestId('ovt-igv')).toHaveText(soles(REGISTRADA.ovt_igv));
  await expect(dialog.getByTestId('ovt-total')).toHaveText(soles(REGISTRADA.ovt_total));
  await expect(lineas.locator('tbody tr.ant-table-row').first()).toContainText(formatAmount(REGISTRADA.lineas[0].ovd_total));
  await shot(page, 'orden-venta-registrar');
  await dialog.getByRole('button', { name: 'Registrar' }).click();
  const registrada = toast(page, /Se registró la orden de venta N° \d+ correctamente/);
  await expect(registrada).toBeVisible();
  ovtId = Number(/N° (\d+)/.exec((await registrada.textContent()) ?? '')![1]);
  await expect(dialog).toBeHidden();

  const fila = await filaDePedido(page, ovtId);
  await expect(fila).toContainText(RUC);
  await expect(fila).toContainText(CLIENTE);
  await expect(fila).toContainText(soles(REGISTRADA.ovt_total));
  await expect(fila).toContainText('Creado');
  await shot(page, 'orden-venta-lista');
});

test('modifies the order while it is creado: BOLETA or FACTURA, customer fixed, lines recomputed', async ({ page }) => {
  await abrirLista(page, 'administracion@andina.pe');
  await (await filaDePedido(page, ovtId)).getByRole('button', { name: `Editar pedido ${ovtId}` }).click();
  const dialog = page.getByRole('dialog', { name: `Modificar Pedido de Venta N° ${ovtId}` });
  await expect(dialog.getByLabel('Cliente')).toBeDisabled();
  await expect(dialog.getByLabel('Documento de contacto')).toHaveValue('41728833');
  await dialog.getByLabel('Comprobante').click();
  await expect(option(page, 'BOLETA')).toBeVisible();
  await option(page, 'FACTURA').click();
  await dialog.getByLabel(`Cantidad ${BOMBEO}`).fill('10');
  await expect(dialog.getByTestId('ovt-total')).toHaveText(soles(MODIFICADA.ovt_total));
  await dialog.getByRole('button', { name: 'Modificar' }).click();
  await expect(toast(page, M.modificada)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(await filaDePedido(page, ovtId)).toContainText(soles(MODIFICADA.ovt_total));
});

test('gerencia approves the credit sale; it is no longer editable', async ({ page }) => {
  await login(page, 'gerencia@andina.pe');
  const dialog = await verPedido(page, ovtId);
  // gerencia approves but registers no payments.
  await expect(dialog.getByRole('button', { name: 'Nuevo' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Aprobar' }).click();
  await confirmar(page, '¿Está seguro de aprobar la orden de venta?', 'Aprobar');
  await expect(toast(page, M.aprobada)).toBeVisible();
  await expect(dialog.getByLabel('Situación del pedido')).toContainText('Aprobado');
  await expect(dialog.getByRole('button', { name: 'Aprobar' })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Editar' })).toHaveCount(0);
});

test('two payments cover the total (one with its file), a wrong one is cancelled', async ({ page }) => {
  await login(page, 'administracion@andina.pe');
  const dialog = await verPedido(page, ovtId);
  await expect(dialog.getByTestId('ovt-saldo')).toHaveText(soles(MODIFICADA.ovt_total));

  // First payment: part of the total, with the bank's voucher attached.
  await dialog.getByRole('button', { name: 'Nuevo' }).click();
  const pago = page.getByRole('dialog', { name: `Registrar Pago: Pedido de Venta N° ${ovtId}` });
  expect((await pago.locator('.ant-modal-container, .ant-modal-content').first().boundingBox())!.width).toBe(700);
  await expect(pago.getByLabel('Fecha y hora de pago')).toHaveValue(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
  await expect(pago.getByLabel('Monto (S/)')).toHaveValue(MODIFICADA.ovt_total);
  await pago.getByLabel('Monto (S/)').fill(ADELANTO);
  await pago.locator('input[type=file]').setInputFiles({ name: 'voucher-bcp.pdf', mimeType: 'application/pdf', buffer: pdfMinimo(`Pedido ${ovtId}`) });
  await pago.getByLabel('Descripción').fill('Adelanto transferencia BCP op. 550123');
  await pago.getByRole('button', { name: 'Registrar' }).click();
  await expect(toast(page, M.pagoAdjuntado)).toBeVisible();
  await expect(pago).toBeHidden();
  await expect(dialog.getByLabel('Situación del pedido')).toContainText('Pago parcial');
  const saldo = ventaSaldo(MODIFICADA.ovt_total, ADELANTO);
  await expect(dialog.getByTestId('ovt-saldo')).toHaveText(soles(saldo));

  // A wrong payment, cancelled after the spec's question.
  await dialog.getByRole('button', { name: 'Nuevo' }).click();
  await pago.getByLabel('Monto (S/)').fill('200');
  await pago.getByLabel('Descripción').fill('Pago duplicado');
  await pago.getByRole('button', { name: 'Registrar' }).click();
  await expect(toast(page, M.pagoRegistrado)).toBeVisible();
  await expect(pago).toBeHidden();
  await dialog.getByRole('button', { name: 'Cancelar pago 2' }).click();
  await confirmar(page, '¿Está seguro de cancelar el pago: "Pago duplicado"?', 'Cancelar pago');
  await expect(toast(page, M.pagoCancelado)).toBeVisible();
  const pagos = dialog.getByRole('table', { name: 'Pagos del pedido' });
  await expect(pagos.getByRole('row').nth(2)).toContainText('Cancelado');
  await expect(dialog.getByTestId('ovt-saldo')).toHaveText(soles(saldo));

  // The rest, without a file: the amount starts at the balance.
  await dialog.getByRole('button', { name: 'Nuevo' }).click();
  await expect(pago.getByLabel('Monto (S/)')).toHaveValue(saldo);
  await pago.getByLabel('Descripción').fill('Saldo transferencia Interbank op. 88120');
  await pago.getByRole('button', { name: 'Registrar' }).click();
  // The same text as the cancelled payment's toast (one toast per text): the popup closing is the sign.
  await expect(pago).toBeHidden();
  await expect(dialog.getByLabel('Situación del pedido')).toContainText('Pagado');
  await expect(dialog.getByTestId('ovt-saldo')).toHaveText(soles('0.00'));
  await expect(dialog.getByRole('button', { name: 'Nuevo' })).toHaveCount(0);

  // The payment without a file says so; the one with a file opens in a new tab.
  await dialog.getByRole('button', { name: 'Ver documento del pago 3' }).click();
  await expect(toast(page, M.pagoSinArchivo)).toBeVisible();
  const tab = page.context().waitForEvent('page');
  await dialog.getByRole('button', { name: 'Ver documento del pago 1' }).click();
  await expect.poll(async () => (await tab).url()).toMatch(/^blob:/);
  await (await tab).close();
  await shot(page, 'orden-venta-pagos');
});

test('generates the factura of the paid order and opens its PDF', async ({ page, request }) => {
  await login(page, 'administracion@andina.pe');
  const dialog = await verPedido(page, ovtId);
  await dialog.getByRole('button', { name: 'Generar comprobante' }).click();
  await confirmar(page, '¿Desea continuar con la generación del comprobante?', 'Generar');
  await expect(toast(page, /Se generó el comprobante F001-\d+ correctamente/)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Generar comprobante' })).toHaveCount(0);
  const comprobantes = dialog.getByRole('table', { name: 'Comprobantes del pedido' });
  await expect(comprobantes).toContainText('FACTURA');
  await expect(comprobantes).toContainText(soles(MODIFICADA.ovt_total));
  const numero = (await comprobantes.locator('tbody tr.ant-table-row td').first().textContent())!;
  expect(numero).toMatch(/^F001-\d{8}$/);

  // Each row of the section opens its own PDF by the document's id (/comprobante/descargar).
  const pdf = page.waitForResponse((r) => r.url().endsWith('/api/comprobante/descargar'));
  const tab = page.context().waitForEvent('page');
  await dialog.getByRole('button', { name: `Ver comprobante ${numero}` }).click();
  const respuesta = await pdf;
  expect(respuesta.status()).toBe(200);
  expect(respuesta.headers()['content-type']).toContain('application/pdf');
  // The bytes of the order's link (spec 3 /ordenVenta/verComprobante) are the same voucher's PDF.
  const s = await apiLogin(request, 'administracion@andina.pe');
  const bytes = await request.post('/api/ordenVenta/verComprobante', { headers: s.headers, data: { orden_venta: { ovt_id: ovtId } } });
  expect(bytes.headers()['content-type']).toContain('application/pdf');
  expect((await bytes.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await expect.poll(async () => (await tab).url()).toMatch(/^blob:/);
  await (await tab).close();
  // Paid and invoiced: payments can no longer be cancelled.
  await expect(dialog.getByRole('button', { name: /^Cancelar pago/ })).toHaveCount(0);
  await shot(page, 'orden-venta-comprobante');

  // The client's purchase order, attached to the sales order.
  await dialog.getByLabel('Tipo de documento').fill('Orden de compra del cliente');
  await dialog.locator('input[type=file]').setInputFiles({ name: 'oc-cedros-0412.pdf', mimeType: 'application/pdf', buffer: pdfMinimo('OC 0412') });
  await expect(toast(page, M.adjuntada)).toBeVisible();
  const documentos = dialog.getByRole('table', { name: 'Documentos del pedido' });
  await expect(documentos).toContainText('Orden de compra del cliente');
  await expect(documentos).toContainText('oc-cedros-0412.pdf');
});

test('a VISUALIZADOR sees the orders and changes nothing', async ({ page, request }) => {
  await abrirLista(page, 'visualizador@andina.pe');
  await expect(page.getByRole('button', { name: 'Nuevo' })).toHaveCount(0);
  // The filters: customer text (Enter), status and district.
  const filtros = page.getByRole('search', { name: 'Filtros' });
  const filas = page.locator('tr.ant-table-row');
  await filtros.getByLabel('Cliente').fill('los cedros de surco');
  await filtros.getByLabel('Cliente').press('Enter');
  await expect(filas).toHaveCount(1);
  await expect(filas.first()).toContainText(RUC);
  await elegir(page, filtros.getByLabel('Estado'), 'Pagado');
  await elegir(page, filtros.getByLabel('Distrito'), 'Chorrillos', 'Chorr');
  await expect(filas).toHaveCount(1);
  await elegir(page, filtros.getByLabel('Estado'), 'Creado');
  await expect(page.getByText('No se encontraron pedidos de venta')).toBeVisible();
  await filtros.getByLabel('Cliente').fill('');
  await filtros.getByLabel('Cliente').press('Enter');
  await elegir(page, filtros.getByLabel('Estado'), 'Todos');
  const fila = await filaDePedido(page, ovtId);
  await expect(fila.getByRole('button', { name: `Editar pedido ${ovtId}` })).toHaveCount(0);
  await fila.getByRole('button', { name: `Ver pedido ${ovtId}` }).click();
  const dialog = page.getByRole('dialog', { name: `Ver Pedido de Venta N° ${ovtId}` });
  await expect(dialog.getByRole('table', { name: 'Pagos del pedido' }).getByRole('row')).toHaveCount(4);
  for (const boton of ['Aprobar', 'Editar', 'Nuevo', 'Generar comprobante', 'Adjuntar']) await expect(dialog.getByRole('button', { name: boton })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: /^Cancelar pago/ })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: /^Ver comprobante F001-/ })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Ver documento oc-cedros-0412.pdf' })).toBeVisible();

  // The server refuses its changes whatever the screen shows.
  const s = await apiLogin(request, 'visualizador@andina.pe');
  for (const [path, data] of [
    ['/api/ordenVenta/aprobar', { orden_venta: { ovt_id: ovtId, coc_id: 2 } }],
    ['/api/ordenVentaPago/registrar', { orden_venta_pago: { ovt_id: ovtId, ovp_fecha_pago: dmyApi(0), ovp_descripcion: 'Intento', ovp_monto: '1.00' } }],
    ['/api/ordenVenta/generarComprobante', { orden_venta: { ovt_id: ovtId } }],
  ] as const) {
    const res = await request.post(path, { headers: s.headers, data });
    expect(res.status(), path).toBe(403);
  }
});

test('a client without RUC (DNI) gets a BOLETA on register; a RUC client a FACTURA', async ({ page }) => {
  await abrirLista(page, 'administracion@andina.pe');
  await page.getByRole('button', { name: 'Nuevo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Registrar Pedido de Venta' });
  await buscarYElegir(page, dialog.getByLabel('Cliente'), 'Quispe Condori', '41827365 - María Elena Quispe Condori');
  await expect(dialog.locator('.ant-form-item').filter({ hasText: 'Comprobante' }).locator('.ant-select')).toContainText('BOLETA');
  await dialog.getByLabel('Comprobante').click();
  await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option')).toHaveText(['BOLETA']);
  await page.keyboard.press('Escape');
});
