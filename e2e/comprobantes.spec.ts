import { FE_MSG, ORDEN_VENTA_MSG as M, formatFechaHoraLima, type ClienteDireccionEnvio, type EmisorVista, type ClienteRapido, type OrdenVentaDetalle, type ProductoVentaRow } from '@obra/domain';
import { expect, test, type APIRequestContext, type Download, type Page } from '@playwright/test';
import { unzipSync } from 'fflate';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { generarCertificadoPrueba } from '../server/src/platform/cpe/firma/certificado.ts';
import { iniciarFakeSunat, type FakeSunat } from '../server/src/test/fake-sunat.ts';
import { apiLogin, apiPost } from './api';
import { login, menuItem, row, shot } from './helpers';
import { confirmar, elegir, filaDePedido, toast } from './orden-venta-pasos';

/**
 * Issue 22 "E-vouchers SUNAT accepts": the administrator loads a signing certificate, sends through an
 * OSE (a local fake of SUNAT's billService, server/src/test/fake-sunat.ts) and tests the connection;
 * a paid sales order gets its factura, which the worker sends and SUNAT accepts on its own ('Aceptado'
 * in 'Comprobantes electrónicos' without touching anything); the signed XML, the CDR and the PDF are
 * downloaded from the list, and the PDF prints the XML's digest.
 */

test.use({ viewport: { width: 1366, height: 768 } });
test.describe.configure({ mode: 'serial' });

/** The demo company (COMPANY_RUC) and a demo client with RUC. */
const RUC_EMISOR = '20547812361';
const RAZON_SOCIAL = 'Concretera Andina S.A.C.';
const RUC_CLIENTE = '20548127361';
const CLIENTE = 'Constructora Los Andes del Pacífico S.A.C.';
const OSE = 'OSE (operador de servicios electrónicos)';

let fake: FakeSunat;
let carpeta = '';
let pfx = '';
let pfxClave = '';
let ovtId = 0;
/** 'F001-00000012' as the success toast gives it. */
let numero = '';

test.beforeAll(async () => {
  fake = await iniciarFakeSunat();
  carpeta = mkdtempSync(join(tmpdir(), 'obra-e2e-cpe-'));
  const cert = generarCertificadoPrueba(RUC_EMISOR, RAZON_SOCIAL);
  pfx = join(carpeta, 'andina-prueba.pfx');
  writeFileSync(pfx, cert.p12);
  pfxClave = cert.password;
});

test.afterAll(async ({ request }) => {
  try {
    // The later flows of the run share this server: its documents go back to the demo channel, not to a closed port.
    const s = await apiLogin(request, 'admin@andina.pe');
    const e = await apiPost<EmisorVista>(request, s, '/facturacionElectronica/obtener');
    if (e.emi_canal !== 'demo') {
      const { emi_ruc, emi_razon_social, emi_nombre_comercial, emi_direccion, emi_ubigeo, emi_establecimiento, emi_serie_factura, emi_serie_boleta,
        emi_serie_guia, emi_plazo_dias, emi_version } = e;
      await apiPost(request, s, '/facturacionElectronica/guardar', {
        emisor: {
          emi_ruc, emi_razon_social, emi_nombre_comercial, emi_direccion, emi_ubigeo, emi_establecimiento, emi_serie_factura, emi_serie_boleta,
          emi_serie_guia, emi_plazo_dias, emi_version, emi_canal: 'demo',
        },
      });
    }
  } finally {
    await fake?.cerrar();
    if (carpeta) rmSync(carpeta, { recursive: true, force: true });
  }
});

/** Registers a FACTURA to the demo client with RUC (one line of f'c 210) and pays all of it, as admin@ through the API. */
async function pedidoPagado(request: APIRequestContext): Promise<OrdenVentaDetalle> {
  const s = await apiLogin(request, 'admin@andina.pe');
  const clientes = await apiPost<ClienteRapido[]>(request, s, '/cliente/buscarRapido', { cliente: { cli_search: RUC_CLIENTE } });
  const cliente = clientes.find((c) => c.cli_documento_identidad === RUC_CLIENTE)!;
  expect(cliente, `cliente ${RUC_CLIENTE} en los datos de demostración`).toBeTruthy();
  const [direccion] = await apiPost<ClienteDireccionEnvio[]>(request, s, '/cliente/obtenerDirecciones', { cliente_direccion_envio: { cli_id: cliente.cli_id } });
  const productos = await apiPost<ProductoVentaRow[]>(request, s, '/productoVenta/buscarRapido', { producto_venta: { pvt_search: "f'c 210" } });
  const { condiciones_comerciales: condiciones } = await apiPost<{ condiciones_comerciales: { coc_id: number; coc_descripcion: string }[] }>(
    request, s, '/app/getData', { listas: ['condiciones_comerciales'] },
  );
  const contado = condiciones.find((c) => /contado/i.test(c.coc_descripcion)) ?? condiciones[0];
  const manana = formatFechaHoraLima(new Date(Date.now() + 86_400_000)).slice(0, 10);
  const orden = await apiPost<OrdenVentaDetalle>(request, s, '/ordenVenta/registrar', {
    orden_venta: {
      cli_id: cliente.cli_id, cde_id: direccion.cde_id, tid_id: 1, coc_id: contado.coc_id,
      ovt_nombre_contacto: 'Ing. Rosa Paredes Villanueva', ovt_telefono_contacto: '(01) 372-1100',
      ovt_correo_contacto: 'compras@losandespacifico.pe', ovt_documento_identidad_contacto: '41728833',
      ovt_observaciones: 'Vaciado de placa, factura electrónica', ovt_guia: '', ovt_fecha_entrega: `${manana} 13:00`,
      lista_orden_venta_detalle: [{ pvt_id: productos[0].pvt_id, ovd_precio: productos[0].pvt_precio, ovd_cantidad: '6.5' }],
    },
  });
  await apiPost(request, s, '/ordenVentaPago/registrar', {
    orden_venta_pago: { ovt_id: orden.ovt_id, ovp_fecha_pago: formatFechaHoraLima(new Date()), ovp_descripcion: 'Transferencia BCP op. 771204', ovp_monto: orden.ovt_total },
  });
  return orden;
}

/** The bytes of a file the page saved. */
async function bytes(download: Download): Promise<Buffer> {
  return readFileSync(await download.path());
}

const tienePdftotext = (() => {
  try {
    execFileSync('which', ['pdftotext'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/**
 * The text of a PDF: pdftotext when installed; otherwise the content streams inflated here and their
 * TJ strings decoded (pdfkit writes Helvetica text as hex WinAnsi strings).
 */
function textoPdf(pdf: Buffer): string {
  if (tienePdftotext) {
    const archivo = join(carpeta, 'comprobante.pdf');
    writeFileSync(archivo, pdf);
    return execFileSync('pdftotext', ['-layout', archivo, '-'], { encoding: 'utf8' });
  }
  const latin1 = pdf.toString('latin1');
  const decoder = new TextDecoder('windows-1252');
  const textos: string[] = [];
  for (const m of latin1.matchAll(/stream\r?\n/g)) {
    const inicio = m.index + m[0].length;
    const fin = latin1.indexOf('endstream', inicio);
    let contenido: string;
    try {
      contenido = inflateSync(pdf.subarray(inicio, fin)).toString('latin1');
    } catch {
      continue; // images and fonts that are not Flate text streams
    }
    for (const tj of contenido.match(/\[[^\]]*\]\s*TJ/g) ?? []) {
      textos.push((tj.match(/<([0-9a-f]*)>/gi) ?? []).map((h) => decoder.decode(Buffer.from(h.slice(1, -1), 'hex'))).join(''));
    }
  }
  return textos.join('\n');
}

async function abrirComprobantes(page: Page) {
  await menuItem(page, 'Ventas').hover();
  const entrada = page.getByRole('menuitem', { name: 'Comprobantes electrónicos' });
  await entrada.click();
  await expect(page).toHaveURL(/\/comprobantes$/);
  await expect(page.getByRole('heading', { name: 'Comprobantes electrónicos' })).toBeVisible();
  // The pointer leaves the menu, whose dropdown would otherwise stay open over the list.
  await page.mouse.move(683, 700);
  await expect(entrada).toBeHidden();
}

test('the administrator loads the certificate, sends through the OSE and the connection test passes', async ({ page }) => {
  await login(page, 'admin@andina.pe');
  await menuItem(page, 'Administración').hover();
  await page.getByRole('menuitem', { name: 'Facturación electrónica' }).click();
  await expect(page).toHaveURL(/\/facturacionElectronica$/);
  await expect(page.getByRole('heading', { name: 'Facturación electrónica' })).toBeVisible();

  // The certificate: the .pfx and its password.
  const certificado = page.locator('.ant-card').filter({ has: page.getByText('Certificado digital', { exact: true }) });
  await certificado.locator('input[type=file]').setInputFiles(pfx);
  await expect(certificado.getByText('andina-prueba.pfx')).toBeVisible();
  await certificado.getByLabel('Contraseña del certificado').fill(pfxClave);
  await certificado.getByRole('button', { name: 'Cargar certificado' }).click();
  await expect(toast(page, FE_MSG.certificadoCargado)).toBeVisible();
  const datos = certificado.getByRole('table').or(certificado.locator('.ant-descriptions')).first();
  await expect(datos).toContainText('PRUEBA - NO VÁLIDO PARA SUNAT');
  await expect(datos).toContainText(`RUC ${RUC_EMISOR}`);

  // The channel: an OSE at the fake's addresses, with the SOL user.
  const canal = page.locator('.ant-card').filter({ has: page.getByText('Canal de envío', { exact: true }) });
  await elegir(page, canal.getByLabel('Canal', { exact: true }), OSE);
  await canal.getByLabel('URL del servicio').fill(fake.url);
  await canal.getByLabel('URL de consulta (opcional)').fill(fake.urlConsulta);
  await canal.getByLabel('Usuario SOL').fill('MODDATOS');
  await canal.getByLabel('Clave SOL').fill('moddatos');
  // The test checks what is stored: it waits for Guardar.
  await expect(canal.getByRole('button', { name: 'Probar conexión' })).toBeDisabled();
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(toast(page, FE_MSG.guardado)).toBeVisible();
  await expect(page.getByText(/los comprobantes quedan por enviar hasta completar la configuración/)).toHaveCount(0);

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
  const fila = await filaDePedido(page, ovtId);
  await expect(fila).toContainText('Pagado');
  await fila.getByRole('button', { name: `Ver pedido ${ovtId}` }).click();
  const dialog = page.getByRole('dialog', { name: `Ver Pedido de Venta N° ${ovtId}` });
  await expect(dialog.getByRole('table', { name: 'Pagos del pedido' })).toBeVisible();

  await dialog.getByRole('button', { name: 'Generar comprobante' }).click();
  await confirmar(page, '¿Desea continuar con la generación del comprobante?', 'Generar');
  const generado = toast(page, /Se generó el comprobante F001-\d{8} correctamente/);
  await expect(generado).toBeVisible();
  numero = /F001-\d{8}/.exec((await generado.textContent()) ?? '')![0];
  expect(await generado.textContent()).toContain(M.comprobanteGenerado(numero));
  await expect(dialog.getByRole('button', { name: 'Generar comprobante' })).toHaveCount(0);
  await expect(dialog.getByRole('table', { name: 'Comprobantes del pedido' })).toContainText(numero);
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

  const nombre = `${RUC_EMISOR}-01-${numero}`;
  // SUNAT (the fake) got it once.
  expect(fake.recibidos.filter((r) => r.nombre === nombre)).toHaveLength(1);

  // The signed XML.
  const xmlDescarga = page.waitForEvent('download');
  await fila.getByRole('button', { name: `Descargar XML ${numero}` }).click();
  const xmlArchivo = await xmlDescarga;
  expect(xmlArchivo.suggestedFilename()).toBe(`${nombre}.xml`);
  const xml = (await bytes(xmlArchivo)).toString('utf8');
  expect(xml).toContain(`<cbc:ID>${numero}</cbc:ID>`);
  const digest = /<ds:DigestValue>([^<]+)<\/ds:DigestValue>/.exec(xml)?.[1].trim();
  expect(digest, 'DigestValue del XML firmado').toBeTruthy();
  // It is what SUNAT received.
  expect(fake.recibidos.find((r) => r.nombre === nombre)?.xml).toContain(digest!);

  // SUNAT's CDR: a zip with R-<name>.xml, an ApplicationResponse that accepts it.
  const cdrDescarga = page.waitForEvent('download');
  await fila.getByRole('button', { name: `Descargar CDR ${numero}` }).click();
  const cdrArchivo = await cdrDescarga;
  expect(cdrArchivo.suggestedFilename()).toBe(`R-${nombre}.zip`);
  const zip = unzipSync(new Uint8Array(await bytes(cdrArchivo)));
  const cdr = zip[`R-${nombre}.xml`];
  expect(cdr, `R-${nombre}.xml en ${Object.keys(zip).join(', ')}`).toBeTruthy();
  const cdrXml = Buffer.from(cdr).toString('utf8');
  expect(cdrXml).toContain('ApplicationResponse');
  expect(cdrXml).toContain('<cbc:ResponseCode>0</cbc:ResponseCode>');
  expect(cdrXml).toContain(`<cbc:ReferenceID>${numero}</cbc:ReferenceID>`);

  // The PDF opens in a new tab as a blob of the list's page. Playwright keeps no body the page read as a
  // blob (and the CSP keeps the test from fetching the blob again), so the answer is taken on its way.
  const capturas: { status: number; tipo: string; cuerpo: Buffer }[] = [];
  await page.route('**/api/comprobante/descargar', async (route) => {
    const respuesta = await route.fetch();
    if (route.request().postDataJSON()?.comprobante?.formato === 'pdf') {
      capturas.push({ status: respuesta.status(), tipo: respuesta.headers()['content-type'] ?? '', cuerpo: await respuesta.body() });
    }
    await route.fulfill({ response: respuesta });
  });
  const pestana = page.context().waitForEvent('page');
  await fila.getByRole('button', { name: `Ver PDF ${numero}` }).click();
  const tab = await pestana;
  await expect.poll(() => tab.url()).toMatch(/^blob:/);
  await tab.close();
  await page.unroute('**/api/comprobante/descargar');
  expect(capturas, 'la respuesta del PDF').toHaveLength(1);
  const [{ status, tipo, cuerpo: pdf }] = capturas;
  expect(status).toBe(200);
  expect(tipo).toContain('application/pdf');
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const texto = textoPdf(pdf);
  test.info().annotations.push({ type: 'pdf', description: tienePdftotext ? 'texto leído con pdftotext' : 'texto leído de los streams del PDF (pdftotext no está instalado)' });
  expect(texto).toContain(numero);
  expect(texto).toContain(`Resumen: ${digest}`);
  // Accepted: no pending or demo warning on the printed copy.
  expect(texto).not.toContain('Pendiente de aceptación por SUNAT');
});
