import {
  FE_MSG, ORDEN_VENTA_MSG, formatFechaHoraLima,
  type ClienteDireccionEnvio, type ClienteRapido, type EmisorVista, type OrdenVentaDetalle, type ProductoVentaRow,
} from '@obra/domain';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { generarCertificadoPrueba } from '../server/src/platform/cpe/firma/certificado.ts';
import { iniciarFakeSunat, type FakeSunat } from '../server/src/test/fake-sunat.ts';
import { apiLogin, apiPost } from './api';
import { descargar, menuItem } from './helpers';
import { elegir, filaDePedido, toast } from './orden-venta-pasos';

/**
 * Steps and data of the e-voucher flows sent through an OSE (e2e/comprobantes.spec.ts, e2e/comprobantes-notas.spec.ts):
 * a local fake of SUNAT's billService (server/src/test/fake-sunat.ts) with a test certificate, the screens that set
 * them up and list the vouchers, a paid order to invoice, and what is read back from the files.
 */

/** The demo company (COMPANY_RUC) and a demo client with RUC. */
export const RUC_EMISOR = '20547812361';
export const RAZON_SOCIAL = 'Concretera Andina S.A.C.';
export const RUC_CLIENTE = '20548127361';
export const OSE = 'OSE (operador de servicios electrónicos)';

/** The fake SUNAT of a spec and the test certificate it signs with, filled by its beforeAll. */
export interface SunatFalso {
  fake: FakeSunat;
  /** A temporary folder of the spec's own (the .pfx, a PDF to read). */
  carpeta: string;
  /** The .pfx file ('andina-prueba.pfx') and its password. */
  pfx: string;
  pfxClave: string;
}

/**
 * Registers the spec's beforeAll, which starts the fake SUNAT and writes a test .pfx of the demo company in a folder
 * named `prefijo…`, and its afterAll, which puts the issuer back on the 'demo' channel (the later flows of the run
 * share this server: their documents go to the demo, not to a closed port), stops the fake and removes the folder.
 * The object returned is filled by the time the first test runs.
 */
export function usarSunatFalso(prefijo: string): SunatFalso {
  const sunat = { carpeta: '', pfx: '', pfxClave: '' } as SunatFalso;

  test.beforeAll(async () => {
    sunat.fake = await iniciarFakeSunat();
    sunat.carpeta = mkdtempSync(join(tmpdir(), prefijo));
    const cert = generarCertificadoPrueba(RUC_EMISOR, RAZON_SOCIAL);
    sunat.pfx = join(sunat.carpeta, 'andina-prueba.pfx');
    writeFileSync(sunat.pfx, cert.p12);
    sunat.pfxClave = cert.password;
  });

  test.afterAll(async ({ request }) => {
    try {
      await volverAlCanalDemo(request);
    } finally {
      await sunat.fake?.cerrar();
      if (sunat.carpeta) rmSync(sunat.carpeta, { recursive: true, force: true });
    }
  });

  return sunat;
}

/** Puts the issuer back on the 'demo' channel, as admin@ through the API, keeping the rest of its data. */
async function volverAlCanalDemo(request: APIRequestContext) {
  const s = await apiLogin(request, 'admin@andina.pe');
  const e = await apiPost<EmisorVista>(request, s, '/facturacionElectronica/obtener');
  if (e.emi_canal === 'demo') return;
  const { emi_ruc, emi_razon_social, emi_nombre_comercial, emi_direccion, emi_ubigeo, emi_establecimiento, emi_serie_factura, emi_serie_boleta,
    emi_serie_guia, emi_plazo_dias, emi_version } = e;
  await apiPost(request, s, '/facturacionElectronica/guardar', {
    emisor: {
      emi_ruc, emi_razon_social, emi_nombre_comercial, emi_direccion, emi_ubigeo, emi_establecimiento, emi_serie_factura, emi_serie_boleta,
      emi_serie_guia, emi_plazo_dias, emi_version, emi_canal: 'demo',
    },
  });
}

/**
 * The setup on 'Facturación electrónica' (Administración menu), signed in as an administrator: loads the test
 * certificate (its data shown as a test one of the demo RUC), chooses the OSE at the fake's addresses with the SOL
 * user and saves; the warning of an incomplete configuration is gone. 'Probar conexión' waits for Guardar, as the
 * test checks what is stored. Returns the 'Canal de envío' card.
 */
export async function configurarOse(page: Page, sunat: SunatFalso): Promise<Locator> {
  await menuItem(page, 'Administración').hover();
  await page.getByRole('menuitem', { name: 'Facturación electrónica' }).click();
  await expect(page).toHaveURL(/\/facturacionElectronica$/);
  await expect(page.getByRole('heading', { name: 'Facturación electrónica' })).toBeVisible();

  // The certificate: the .pfx and its password.
  const certificado = page.locator('.ant-card').filter({ has: page.getByText('Certificado digital', { exact: true }) });
  await certificado.locator('input[type=file]').setInputFiles(sunat.pfx);
  await expect(certificado.getByText('andina-prueba.pfx')).toBeVisible();
  await certificado.getByLabel('Contraseña del certificado').fill(sunat.pfxClave);
  await certificado.getByRole('button', { name: 'Cargar certificado' }).click();
  await expect(toast(page, FE_MSG.certificadoCargado)).toBeVisible();
  const datos = certificado.getByRole('table').or(certificado.locator('.ant-descriptions')).first();
  await expect(datos).toContainText('PRUEBA - NO VÁLIDO PARA SUNAT');
  await expect(datos).toContainText(`RUC ${RUC_EMISOR}`);

  // The channel: an OSE at the fake's addresses, with the SOL user.
  const canal = page.locator('.ant-card').filter({ has: page.getByText('Canal de envío', { exact: true }) });
  await elegir(page, canal.getByLabel('Canal', { exact: true }), OSE);
  await canal.getByLabel('URL del servicio').fill(sunat.fake.url);
  await canal.getByLabel('URL de consulta (opcional)').fill(sunat.fake.urlConsulta);
  await canal.getByLabel('Usuario SOL').fill('MODDATOS');
  await canal.getByLabel('Clave SOL').fill('moddatos');
  await expect(canal.getByRole('button', { name: 'Probar conexión' })).toBeDisabled();
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(toast(page, FE_MSG.guardado)).toBeVisible();
  await expect(page.getByText(/los comprobantes quedan por enviar hasta completar la configuración/)).toHaveCount(0);
  return canal;
}

/**
 * Registers a FACTURA to the demo client with RUC and pays all of it, as admin@ through the API: 6.5 m³ of f'c 210
 * and, with `bombeo`, 6.5 m³ of pumping as a second line.
 */
export async function pedidoPagado(request: APIRequestContext, { bombeo = false } = {}): Promise<OrdenVentaDetalle> {
  const s = await apiLogin(request, 'admin@andina.pe');
  const clientes = await apiPost<ClienteRapido[]>(request, s, '/cliente/buscarRapido', { cliente: { cli_search: RUC_CLIENTE } });
  const cliente = clientes.find((c) => c.cli_documento_identidad === RUC_CLIENTE)!;
  expect(cliente, `cliente ${RUC_CLIENTE} en los datos de demostración`).toBeTruthy();
  const [direccion] = await apiPost<ClienteDireccionEnvio[]>(request, s, '/cliente/obtenerDirecciones', { cliente_direccion_envio: { cli_id: cliente.cli_id } });
  const linea = async (texto: string) => {
    const [p] = await apiPost<ProductoVentaRow[]>(request, s, '/productoVenta/buscarRapido', { producto_venta: { pvt_search: texto } });
    expect(p, `producto «${texto}» en los datos de demostración`).toBeTruthy();
    return { pvt_id: p.pvt_id, ovd_precio: p.pvt_precio, ovd_cantidad: '6.5' };
  };
  const lineas = [await linea("f'c 210"), ...(bombeo ? [await linea('bombeo de concreto')] : [])];
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
      lista_orden_venta_detalle: lineas,
    },
  });
  await apiPost(request, s, '/ordenVentaPago/registrar', {
    orden_venta_pago: { ovt_id: orden.ovt_id, ovp_fecha_pago: formatFechaHoraLima(new Date()), ovp_descripcion: 'Transferencia BCP op. 771204', ovp_monto: orden.ovt_total },
  });
  return orden;
}

/**
 * Clicks `boton` and returns the server's message for `ruta` (its answer, read as it arrives: a toast may be gone by
 * the time a slow machine reads it); the toast must show exactly that message.
 */
export async function mensajeDe(page: Page, ruta: string, boton: Locator): Promise<string> {
  const respuesta = page.waitForResponse((r) => r.url().endsWith(`/api${ruta}`) && r.request().method() === 'POST');
  await boton.click();
  const r = await respuesta;
  const cuerpo = (await r.json()) as { message: string };
  expect(r.ok(), cuerpo.message).toBeTruthy();
  await expect(toast(page, cuerpo.message)).toBeVisible();
  return cuerpo.message;
}

/**
 * On the 'Pedidos de Venta' list: the paid order `ovtId`'s popup, 'Generar comprobante' confirmed; the toast names
 * the factura, the button is gone and the popup's vouchers list it. Closes the popup; the factura's number
 * ('F001-00000012').
 */
export async function generarFactura(page: Page, ovtId: number): Promise<string> {
  const fila = await filaDePedido(page, ovtId);
  await expect(fila).toContainText('Pagado');
  await fila.getByRole('button', { name: `Ver pedido ${ovtId}` }).click();
  const dialog = page.getByRole('dialog', { name: `Ver Pedido de Venta N° ${ovtId}` });
  await expect(dialog.getByRole('table', { name: 'Pagos del pedido' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Generar comprobante' }).click();
  const pregunta = page.getByRole('dialog').filter({ hasText: '¿Desea continuar con la generación del comprobante?' });
  const mensaje = await mensajeDe(page, '/ordenVenta/generarComprobante', pregunta.getByRole('button', { name: 'Generar', exact: true }));
  const numero = /F001-\d{8}/.exec(mensaje)?.[0] ?? '';
  expect(mensaje).toBe(ORDEN_VENTA_MSG.comprobanteGenerado(numero));
  await expect(pregunta).toBeHidden();
  await expect(dialog.getByRole('button', { name: 'Generar comprobante' })).toHaveCount(0);
  await expect(dialog.getByRole('table', { name: 'Comprobantes del pedido' })).toContainText(numero);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  return numero;
}

/** Ventas › Comprobantes electrónicos, with the pointer off the menu (its dropdown would stay open over the list). */
export async function abrirComprobantes(page: Page) {
  await menuItem(page, 'Ventas').hover();
  const entrada = page.getByRole('menuitem', { name: 'Comprobantes electrónicos' });
  await entrada.click();
  await expect(page).toHaveURL(/\/comprobantes$/);
  await expect(page.getByRole('heading', { name: 'Comprobantes electrónicos' })).toBeVisible();
  // Off the menu until its dropdown closes. On a loaded machine a hover may reopen it, or the popup may be drawn again
  // under a pointer it never saw enter (no leave event then): back onto the open entry, then away, closes it.
  await expect(async () => {
    if (await entrada.isVisible()) await entrada.hover({ timeout: 2_000 }).catch(() => undefined);
    await page.mouse.move(683, 650);
    await page.mouse.move(683, 700);
    await expect(entrada).toBeHidden({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

/**
 * What SUNAT got of the voucher `numero` on its row, sent as `nombre` ('20547812361-01-F001-00000012'): the fake
 * received it once, and its signed XML downloads from the row as `nombre.xml` with that ID. The XML's text.
 */
export async function xmlEnviado(page: Page, sunat: SunatFalso, fila: Locator, numero: string, nombre: string): Promise<string> {
  expect(sunat.fake.recibidos.filter((r) => r.nombre === nombre)).toHaveLength(1);
  const archivo = await descargar(page, fila.getByRole('button', { name: `Descargar XML ${numero}` }));
  expect(archivo.nombre).toBe(`${nombre}.xml`);
  const xml = archivo.contenido.toString('utf8');
  expect(xml).toContain(`<cbc:ID>${numero}</cbc:ID>`);
  return xml;
}

/**
 * 'Ver PDF' of the voucher `numero` on its row: the PDF opens in a new tab as a blob of the list's page. Playwright
 * keeps no body the page read as a blob (and the CSP keeps the test from fetching the blob again), so the server's
 * answer is taken on its way; there is exactly one.
 */
export async function verPdf(page: Page, fila: Locator, numero: string): Promise<{ status: number; tipo: string; cuerpo: Buffer }> {
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
  return capturas[0];
}

/** Whether pdftotext is installed (`textoPdf` reads the streams itself otherwise). */
export const tienePdftotext = (() => {
  try {
    execFileSync('which', ['pdftotext'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/**
 * The text of a PDF: pdftotext when installed (the file written in `carpeta`); otherwise the content streams inflated
 * here and their TJ strings decoded (pdfkit writes Helvetica text as hex WinAnsi strings).
 */
export function textoPdf(pdf: Buffer, carpeta: string): string {
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
