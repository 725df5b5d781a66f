import { expect, test } from '@playwright/test';
import { apiLogin, apiPost, crearOrden, emitirOrden } from './api';
import { login, shot } from './helpers';

/**
 * Issue 25, three-way match: the supplier's invoice is read at upload; a price above the order's beyond the
 * tolerance puts the order in logística's work queue, whose line opens the order list filtered to it, and the
 * order's Conciliación card shows the line's difference.
 */
test.use({ viewport: { width: 1366, height: 768 } });

/** The demo supplier of proveedor@andina.pe (server/src/db/seed/demo.ts). */
const RUC = '20501234568';
const EMPRESA_RUC = '20547812361';
const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

/** A factura of 3 bags of cement at S/ 262.50 (the order says 250.00): 787.50 + IGV 141.75. */
const factura = (numero: string) => Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"
  xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"
  xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
  <cbc:UBLVersionID>2.1</cbc:UBLVersionID>
  <cbc:ID>${numero}</cbc:ID>
  <cbc:IssueDate>2026-11-20</cbc:IssueDate>
  <cbc:InvoiceTypeCode listID="0101">01</cbc:InvoiceTypeCode>
  <cbc:DocumentCurrencyCode>PEN</cbc:DocumentCurrencyCode>
  <cac:AccountingSupplierParty><cac:Party><cac:PartyIdentification><cbc:ID schemeID="6">${RUC}</cbc:ID></cac:PartyIdentification></cac:Party></cac:AccountingSupplierParty>
  <cac:AccountingCustomerParty><cac:Party><cac:PartyIdentification><cbc:ID schemeID="6">${EMPRESA_RUC}</cbc:ID></cac:PartyIdentification></cac:Party></cac:AccountingCustomerParty>
  <cac:TaxTotal><cbc:TaxAmount currencyID="PEN">141.75</cbc:TaxAmount></cac:TaxTotal>
  <cac:LegalMonetaryTotal><cbc:LineExtensionAmount currencyID="PEN">787.50</cbc:LineExtensionAmount>
    <cbc:PayableAmount currencyID="PEN">929.25</cbc:PayableAmount></cac:LegalMonetaryTotal>
  <cac:InvoiceLine><cbc:ID>1</cbc:ID><cbc:InvoicedQuantity unitCode="NIU">3</cbc:InvoicedQuantity>
    <cbc:LineExtensionAmount currencyID="PEN">787.50</cbc:LineExtensionAmount>
    <cac:Item><cbc:Description>Cemento Portland tipo I</cbc:Description></cac:Item>
    <cac:Price><cbc:PriceAmount currencyID="PEN">262.50</cbc:PriceAmount></cac:Price></cac:InvoiceLine>
</Invoice>`);

test('an invoice priced above the order puts it in the queue, whose line opens the list filtered to it and its Conciliación', async ({ page, request }) => {
  test.setTimeout(180_000);
  const admin = await apiLogin(request, 'admin@andina.pe');
  const { data: [prov] } = await apiPost<{ data: { id_proveedor: number }[] }>(request, admin, '/proveedor/list', { search: RUC, start: 0, length: 5 });
  const orden = await crearOrden(request, { proveedor: { id_proveedor: prov.id_proveedor }, referencia: 'Cemento para losa, conciliación' });
  await emitirOrden(request, orden.id_orden);

  // The supplier sends its invoice through the portal's call.
  const proveedor = await apiLogin(request, 'proveedor@andina.pe');
  const numero = `F${String(Date.now() % 1000).padStart(3, '0')}-${orden.id_orden}`;
  const subida = await request.post('/api/ordenCompra/adjuntarFactura', {
    headers: { Authorization: proveedor.headers.Authorization },
    multipart: {
      ord_id: String(orden.id_orden),
      pdf: { name: `${numero}.pdf`, mimeType: 'application/pdf', buffer: PDF },
      xml: { name: `${numero}.xml`, mimeType: 'text/xml', buffer: factura(numero) },
    },
  });
  expect(subida.ok(), await subida.text()).toBeTruthy();

  // logística's Inicio: the line counts it and opens the orders with differences, of any year.
  await login(page, 'logistica@andina.pe');
  await page.goto('/');
  const linea = page.getByLabel('Pendientes').locator('a[data-clave="orden_conciliacion"]');
  await expect(linea).toBeVisible();
  await expect(linea).toContainText('Órdenes con diferencias de conciliación');
  await linea.click();
  await expect(page).toHaveURL(/\/orden\?conciliacion=true$/);
  await expect(page.getByText('Con diferencias', { exact: true })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Año' })).toBeDisabled();
  const fila = page.locator('.ant-table-row').filter({ hasText: orden.codigo });
  await expect(fila).toBeVisible({ timeout: 20_000 });
  await shot(page, 'conciliacion-lista');

  // The order's page: the card says so, the line shows the ordered and invoiced prices.
  await fila.getByRole('button', { name: /^Ver/ }).first().click();
  await expect(page).toHaveURL(new RegExp(`/orden/view/${orden.id_orden}$`));
  const card = page.locator('.ant-card').filter({ has: page.getByText('Conciliación', { exact: true }) });
  await expect(card.getByText('Con diferencias')).toBeVisible({ timeout: 20_000 });
  const tabla = card.getByRole('table', { name: 'Conciliación de la orden' }).or(card.locator('table')).first();
  await expect(tabla).toContainText('250.00');
  await expect(tabla).toContainText('262.50');
  await shot(page, 'conciliacion-orden');

  // Closing the tag brings back the year's list.
  await page.goto('/orden?conciliacion=true');
  await page.locator('.ant-tag').filter({ hasText: 'Con diferencias' }).locator('.ant-tag-close-icon').click();
  await expect(page.getByRole('combobox', { name: 'Año' })).toBeEnabled();
});
