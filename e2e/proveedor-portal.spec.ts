import { expect, test, type Page } from '@playwright/test';
import { apiLogin, apiPost, crearOrden, emitirOrden } from './api';
import { login, shot } from './helpers';

// Issue 15, supplier portal: a supplier creates its account, confirms it from the outbox mail, logs
// in, sees only its orders and the payments of one, and sends its invoice; staff see it marked.

/** A demo supplier without a portal account (server/src/db/seed/demo/proveedores.ts). */
const RUC = '20602145736';
const RAZON = 'Canteras y Agregados Lurín S.A.C.';
const REGISTRADO = 'despachos@agregadoslurin.pe';
const USUARIO = 'rosa.diaz@agregadoslurin.pe';
const CLAVE = 'Acero.Corrugado.2026';
/** The company's RUC (config COMPANY_RUC default): the customer of the supplier's invoice. */
const EMPRESA_RUC = '20547812361';

const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
const XML = Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"
  xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"
  xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
  <cbc:UBLVersionID>2.1</cbc:UBLVersionID>
  <cbc:ID>F001-2087</cbc:ID>
  <cbc:IssueDate>2026-11-20</cbc:IssueDate>
  <cbc:InvoiceTypeCode listID="0101">01</cbc:InvoiceTypeCode>
  <cbc:DocumentCurrencyCode>PEN</cbc:DocumentCurrencyCode>
  <cac:AccountingSupplierParty><cac:Party><cac:PartyIdentification><cbc:ID schemeID="6">${RUC}</cbc:ID></cac:PartyIdentification></cac:Party></cac:AccountingSupplierParty>
  <cac:AccountingCustomerParty><cac:Party><cac:PartyIdentification><cbc:ID schemeID="6">${EMPRESA_RUC}</cbc:ID></cac:PartyIdentification></cac:Party></cac:AccountingCustomerParty>
  <cac:LegalMonetaryTotal><cbc:PayableAmount currencyID="PEN">1180.00</cbc:PayableAmount></cac:LegalMonetaryTotal>
</Invoice>`);

const toastText = (page: Page, text: string) => page.locator('.ant-notification-notice').filter({ hasText: text });

test('a supplier creates and confirms its account, sees only its orders and payments, and sends its invoice', async ({ page, request }) => {
  // Orders made by staff: two issued for the supplier (one with an approved payment order), one still
  // being prepared, and one issued for another supplier.
  const admin = await apiLogin(request, 'admin@andina.pe');
  const gerencia = await apiLogin(request, 'gerencia@andina.pe');
  const { data: [prov] } = await apiPost<{ data: { id_proveedor: number }[] }>(request, admin, '/proveedor/list', { search: RUC, start: 0, length: 5 });
  const propia = (referencia: string) => crearOrden(request, { proveedor: { id_proveedor: prov.id_proveedor }, referencia });
  const conPagos = await propia('Arena gruesa para planta');
  await emitirOrden(request, conPagos.id_orden);
  const { opg_id } = await apiPost<{ opg_id: number }>(request, admin, '/ordenPago/registrar', { orden_pago: {
    ord_id: conPagos.id_orden, opg_descripcion: 'Adelanto arena gruesa', opg_fecha_pago_programado: '2026-12-20', opg_pago_cierre: 0,
    tid_id: 1, opg_comprobante: 'F001-2087', opg_sistema_pago: 1, opg_total: '500.00',
  } });
  await apiPost(request, gerencia, '/ordenPago/aprobar', { orden_pago: { opg_id } });
  const sinPagos = await propia('Piedra chancada 1/2"');
  await emitirOrden(request, sinPagos.id_orden);
  const borrador = await propia('Todavía en preparación');
  const ajena = await crearOrden(request, { referencia: 'Orden de otro proveedor' });
  await emitirOrden(request, ajena.id_orden);

  // Account creation: the RUC fills the company block, the user block is checked as spec 3 §5 says.
  await page.goto('/proveedor/crearCuenta');
  await page.getByRole('searchbox', { name: 'RUC' }).fill(RUC);
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByRole('textbox', { name: 'Razón social' })).toHaveValue(RAZON);
  await expect(page.getByRole('textbox', { name: 'Correo', exact: true })).toHaveValue('d***@a***.pe');
  await expect(page.getByText('se enviará al correo registrado de la empresa (d***@a***.pe)')).toBeVisible();
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(toastText(page, 'Faltan ingresar datos del usuario')).toBeVisible();
  await page.getByLabel('Correo (usuario de ingreso)').fill(USUARIO);
  await page.getByLabel('DNI').fill('45678912');
  await page.getByLabel('Nombres').fill('Rosa');
  await page.getByLabel('Apellidos').fill('Díaz Campos');
  await page.getByLabel('Contraseña', { exact: true }).fill(CLAVE);
  await page.getByLabel('Confirmar contraseña').fill('Portal.2027');
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(toastText(page, 'La contraseña y la confirmación no coinciden')).toBeVisible();
  await page.getByLabel('Confirmar contraseña').fill(CLAVE);
  await shot(page, 'proveedor-crear-cuenta');
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(page).toHaveURL(new RegExp(`/login/${encodeURIComponent(USUARIO)}$`));
  await expect(page.getByText(/Se creó la cuenta\. Le enviamos un enlace de confirmación al correo registrado del proveedor \(d\*\*\*@a\*\*\*\.pe\)/)).toBeVisible();
  await expect(page.getByLabel('Usuario')).toHaveValue(USUARIO);

  // Before confirming, the login is refused.
  await page.getByLabel('Contraseña').fill(CLAVE);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(toastText(page, 'Cuenta pendiente de confirmación')).toBeVisible();

  // The administrator reads the mail in the outbox: it went to the supplier's registered address.
  await login(page, 'admin@andina.pe');
  await page.goto('/correo');
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(REGISTRADO);
  await page.getByRole('searchbox', { name: 'Buscar' }).press('Enter');
  const fila = page.getByRole('row').filter({ hasText: 'Confirme su cuenta del portal de proveedores' });
  await expect(fila).toHaveCount(1);
  await expect(fila).toContainText(REGISTRADO);
  await fila.getByRole('button', { name: /Expandir/ }).click();
  const texto = await page.getByLabel(/^Texto del correo Confirme su cuenta/).innerText();
  expect(texto).toContain(`Usuario: ${USUARIO}`);
  const enlace = /https?:\/\/\S+\/proveedor\/confirmarCuenta#[A-Za-z0-9_-]+/.exec(texto)?.[0];
  expect(enlace).toBeTruthy();

  // The link confirms the account (and works once), then the supplier logs in.
  await page.goto(new URL(enlace!).pathname + new URL(enlace!).hash);
  await expect(page).toHaveURL(new RegExp(`/login/${encodeURIComponent(USUARIO)}$`));
  await expect(page.getByText('Se confirmó la cuenta; ya puede ingresar con su correo y contraseña')).toBeVisible();
  await page.goto(new URL(enlace!).pathname + new URL(enlace!).hash);
  await expect(page.getByText('El enlace de confirmación ya fue utilizado; ingrese con su correo y contraseña')).toBeVisible();
  await login(page, USUARIO, CLAVE);
  await expect(page).toHaveURL(/\/proveedor\/ordenCompra$/);

  // Only its issued orders.
  await expect(page.getByRole('heading', { name: 'Órdenes de Compra y Servicio' })).toBeVisible();
  const filas = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(filas).toHaveCount(2);
  await expect(page.getByRole('row').filter({ hasText: conPagos.codigo })).toContainText('1');
  await expect(page.getByRole('row').filter({ hasText: sinPagos.codigo })).toBeVisible();
  await expect(page.getByText(borrador.codigo)).toHaveCount(0);
  await expect(page.getByText(ajena.codigo)).toHaveCount(0);
  await page.getByRole('searchbox', { name: 'Orden' }).fill(sinPagos.codigo);
  await page.getByRole('searchbox', { name: 'Orden' }).press('Enter');
  await expect(filas).toHaveCount(1);
  await page.getByRole('searchbox', { name: 'Orden' }).fill('');
  await page.getByRole('searchbox', { name: 'Orden' }).press('Enter');
  await expect(filas).toHaveCount(2);
  await shot(page, 'proveedor-ordenes');

  // The order without payment orders has no Pagos tab.
  await page.getByRole('button', { name: `Ver ${sinPagos.codigo}` }).click();
  const popupSin = page.getByRole('dialog');
  await expect(popupSin.getByRole('tab', { name: 'Información' })).toBeVisible();
  await expect(popupSin.getByRole('tab', { name: 'Pagos' })).toHaveCount(0);
  await popupSin.getByRole('button', { name: 'Cerrar' }).click();
  await expect(popupSin).toBeHidden();

  // The one with payments: Información with items and totals, Pagos with the approved payment order.
  await page.getByRole('button', { name: `Ver ${conPagos.codigo}` }).click();
  const popup = page.getByRole('dialog');
  await expect(popup.getByText('Cemento Portland tipo I')).toBeVisible();
  await expect(popup.getByLabel('Totales de la orden')).toContainText('Subtotal');
  await expect(popup.getByLabel('Totales de la orden')).toContainText('IGV (18%)');
  await expect(popup.getByLabel('Totales de la orden')).toContainText('S/ 1,180.00');
  await shot(page, 'proveedor-orden-informacion');
  await popup.getByRole('tab', { name: 'Pagos' }).click();
  const pago = popup.getByRole('row').filter({ hasText: 'Adelanto arena gruesa' });
  await expect(pago).toContainText('S/ 500.00');
  await expect(pago).toContainText('Aprobada');

  // Its invoice: the PDF and the SUNAT XML.
  await popup.getByRole('tab', { name: 'Factura' }).click();
  const envio = popup.getByRole('group', { name: 'Enviar factura' });
  await envio.locator('input[type=file][accept=".pdf"]').setInputFiles({ name: 'F001-2087.pdf', mimeType: 'application/pdf', buffer: PDF });
  await envio.locator('input[type=file][accept=".xml"]').setInputFiles({ name: 'F001-2087.xml', mimeType: 'text/xml', buffer: XML });
  await expect(envio.getByLabel('Archivo XML elegido')).toHaveText(/F001-2087\.xml/);
  await popup.getByRole('button', { name: 'Enviar factura' }).click();
  await expect(toastText(page, 'Se envió la factura F001-2087')).toBeVisible();
  const enviadas = popup.getByRole('table', { name: 'Facturas enviadas' });
  await expect(enviadas.getByText(`${RUC}-01-F001-2087.pdf`)).toBeVisible();
  await expect(enviadas.getByText(`${RUC}-01-F001-2087.xml`)).toBeVisible();
  await shot(page, 'proveedor-factura');

  // Staff see the invoice among the order's attachments, marked as sent by the supplier.
  await login(page, 'logistica@andina.pe');
  await page.goto(`/orden/view/${conPagos.id_orden}`);
  const adjuntos = page.locator('.ant-card').filter({ hasText: 'Archivos adjuntos' });
  const factura = adjuntos.getByRole('row').filter({ hasText: `${RUC}-01-F001-2087.pdf` });
  await expect(factura).toContainText('Enviado por el proveedor');
  await expect(factura).toContainText('Rosa Díaz Campos');
});

test('an unknown RUC and one whose supplier already has an account are refused with a message', async ({ page }) => {
  await page.goto('/proveedor/crearCuenta');
  await page.getByRole('searchbox', { name: 'RUC' }).fill('20100070970');
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(toastText(page, 'El RUC 20100070970 no corresponde a un proveedor registrado')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Razón social' })).toHaveValue('');
  await page.getByRole('searchbox', { name: 'RUC' }).fill('20501234568');
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(toastText(page, 'El proveedor con RUC 20501234568 ya tiene una cuenta creada')).toBeVisible();
});
