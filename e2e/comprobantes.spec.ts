import { expect, test } from '@playwright/test';
import { unzipSync } from 'fflate';
import {
  RUC_CLIENTE, RUC_EMISOR, abrirComprobantes, configurarOse, generarFactura, pedidoPagado, textoPdf, tienePdftotext, usarSunatFalso, verPdf, xmlEnviado,
} from './comprobantes-pasos';
import { descargar, login, menuItem, row, shot } from './helpers';

/**
 * Issue 22 "E-vouchers SUNAT accepts": the administrator loads a signing certificate, sends through an
 * OSE (a local fake of SUNAT's billService, server/src/test/fake-sunat.ts) and tests the connection;
 * a paid sales order gets its factura, which the worker sends and SUNAT accepts on its own ('Aceptado'
 * in 'Comprobantes electrónicos' without touching anything); the signed XML, the CDR and the PDF are
 * downloaded from the list, and the PDF prints the XML's digest.
 */

test.use({ viewport: { width: 1366, height: 768 } });
test.describe.configure({ mode: 'serial' });

const CLIENTE = 'Constructora Los Andes del Pacífico S.A.C.';

const sunat = usarSunatFalso('obra-e2e-cpe-');
let ovtId = 0;
/** 'F001-00000012' as the success toast gives it. */
let numero = '';

test('the administrator loads the certificate, sends through the OSE and the connection test passes', async ({ page }) => {
  await login(page, 'admin@andina.pe');
  const canal = await configurarOse(page, sunat);

  await canal.getByRole('button', { name: 'Probar conexión' }).click();
  const resultado = canal.getByRole('alert').filter({ hasText: 'Última prueba:' });
  await expect(resultado).toContainText('Última prueba: conexión correcta', { timeout: 30_000 });
  await shot(page, 'facturacion-electronica-ose');
});

test('a paid order gets its factura from the order popup', async ({ page, request }) => {
  const orden = await pedidoPagado(request);
  ovtId = orden.ovt_id;

  await login(page, 'admin@andina.pe');
  await menuItem(page, 'Ventas').hover();
  await page.getByRole('menuitem', { name: 'Pedidos de Venta' }).click();
  await expect(page).toHaveURL(/\/ordenVenta$/);
  await expect(page.getByRole('heading', { name: 'Pedidos de Venta' })).toBeVisible();
  numero = await generarFactura(page, ovtId);
});

test('SUNAT accepts it: the list turns Aceptado by itself; XML, CDR and PDF agree', async ({ page }) => {
  await login(page, 'admin@andina.pe');
  await abrirComprobantes(page);
  const fila = row(page, numero);
  await expect(fila).toContainText(CLIENTE);
  await expect(fila).toContainText(RUC_CLIENTE);
  // The worker sends it; the page asks again every 3 s while it is on its way.
  await expect(fila.getByText('Aceptado', { exact: true })).toBeVisible({ timeout: 30_000 });
  await shot(page, 'comprobantes-aceptado');

  // SUNAT (the fake) got it once; the signed XML.
  const nombre = `${RUC_EMISOR}-01-${numero}`;
  const xml = await xmlEnviado(page, sunat, fila, numero, nombre);
  const digest = /<ds:DigestValue>([^<]+)<\/ds:DigestValue>/.exec(xml)?.[1].trim();
  expect(digest, 'DigestValue del XML firmado').toBeTruthy();
  // It is what SUNAT received.
  expect(sunat.fake.recibidos.find((r) => r.nombre === nombre)?.xml).toContain(digest!);

  // SUNAT's CDR: a zip with R-<name>.xml, an ApplicationResponse that accepts it.
  const cdrArchivo = await descargar(page, fila.getByRole('button', { name: `Descargar CDR ${numero}` }));
  expect(cdrArchivo.nombre).toBe(`R-${nombre}.zip`);
  const zip = unzipSync(new Uint8Array(cdrArchivo.contenido));
  const cdr = zip[`R-${nombre}.xml`];
  expect(cdr, `R-${nombre}.xml en ${Object.keys(zip).join(', ')}`).toBeTruthy();
  const cdrXml = Buffer.from(cdr).toString('utf8');
  expect(cdrXml).toContain('ApplicationResponse');
  expect(cdrXml).toContain('<cbc:ResponseCode>0</cbc:ResponseCode>');
  expect(cdrXml).toContain(`<cbc:ReferenceID>${numero}</cbc:ReferenceID>`);

  // The PDF, as the server answered the tab.
  const { status, tipo, cuerpo: pdf } = await verPdf(page, fila, numero);
  expect(status).toBe(200);
  expect(tipo).toContain('application/pdf');
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const texto = textoPdf(pdf, sunat.carpeta);
  test.info().annotations.push({ type: 'pdf', description: tienePdftotext ? 'texto leído con pdftotext' : 'texto leído de los streams del PDF (pdftotext no está instalado)' });
  expect(texto).toContain(numero);
  expect(texto).toContain(`Resumen: ${digest}`);
  // Accepted: no pending or demo warning on the printed copy.
  expect(texto).not.toContain('Pendiente de aceptación por SUNAT');
});
