import {
  CPE_MSG, FE_MSG, ORDEN_VENTA_MSG as M, formatFechaHoraLima, formatMoney, limaDate, ventaTotales,
  type ClienteDireccionEnvio, type ClienteRapido, type EmisorVista, type OrdenVentaDetalle, type ProductoVentaRow,
} from '@obra/domain';
import { expect, test, type APIRequestContext, type Download, type Locator, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { generarCertificadoPrueba } from '../server/src/platform/cpe/firma/certificado.ts';
import { iniciarFakeSunat, type FakeSunat } from '../server/src/test/fake-sunat.ts';
import { apiLogin, apiPost } from './api';
import { discardChanges, login, menuItem, row, shot } from './helpers';
import { elegir, filaDePedido, toast } from './orden-venta-pasos';

/**
 * Issue 23 "Done when": through an OSE (the local fake of SUNAT's billService, as e2e/comprobantes.spec.ts),
 * two paid orders get their facturas; on factura A a credit note for part of one line (07, devolución por
 * ítem) is accepted and prints as a note; a total credit note on A is then refused (it already has one);
 * on factura B a total credit note (02) cancels it once SUNAT accepts, and frees its order for another
 * voucher; factura A is then cancelled by a comunicación de baja (RA), 'Anulado' once its ticket answers.
 */

test.use({ viewport: { width: 1366, height: 768 } });
test.describe.configure({ mode: 'serial' });

/** The demo company (COMPANY_RUC) and a demo client with RUC. */
const RUC_EMISOR = '20547812361';
const RAZON_SOCIAL = 'Concretera Andina S.A.C.';
const RUC_CLIENTE = '20548127361';
const OSE = 'OSE (operador de servicios electrónicos)';

let fake: FakeSunat;
let carpeta = '';
let pfx = '';
let pfxClave = '';
/** The two orders and their facturas ('F001-00000012'). */
const A = { ovtId: 0, factura: '', total: '' };
const B = { ovtId: 0, factura: '', total: '' };
/** The partial credit note on A ('FC01-00000003'). */
let notaParcial = '';

test.beforeAll(async () => {
  fake = await iniciarFakeSunat();
  carpeta = mkdtempSync(join(tmpdir(), 'obra-e2e-notas-'));
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

/**
 * Registers a FACTURA to the demo client with RUC and pays all of it, as admin@ through the API: 6.5 m³
 * of f'c 210 and, with `bombeo`, 6.5 m³ of pumping as a second line.
 */
async function pedidoPagado(request: APIRequestContext, bombeo: boolean): Promise<OrdenVentaDetalle> {
  const s = await apiLogin(request, 'admin@andina.pe');
  const clientes = await apiPost<ClienteRapido[]>(request, s, '/cliente/buscarRapido', { cliente: { cli_search: RUC_CLIENTE } });
  const cliente = clientes.find((c) => c.cli_documento_identidad === RUC_CLIENTE)!;
  expect(cliente, `cliente ${RUC_CLIENTE} en los datos de demostración`).toBeTruthy();
  const [direccion] = await apiPost<ClienteDireccionEnvio[]>(request, s, '/cliente/obtenerDirecciones', { cliente_direccion_envio: { cli_id: cliente.cli_id } });
  const buscar = async (texto: string) => {
    const [p] = await apiPost<ProductoVentaRow[]>(request, s, '/productoVenta/buscarRapido', { producto_venta: { pvt_search: texto } });
    expect(p, `producto «${texto}» en los datos de demostración`).toBeTruthy();
    return { pvt_id: p.pvt_id, ovd_precio: p.pvt_precio, ovd_cantidad: '6.5' };
  };
  const lineas = [await buscar("f'c 210"), ...(bombeo ? [await buscar('bombeo de concreto')] : [])];
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

/** The text of a PDF: pdftotext when installed, else the TJ strings of its content streams (as e2e/comprobantes.spec.ts). */
function textoPdf(pdf: Buffer): string {
  if (tienePdftotext) {
    const archivo = join(carpeta, 'nota.pdf');
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
      continue;
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

/**
 * Clicks `boton` and returns the server's message for `ruta` (its answer, read as it arrives: a toast
 * may be gone by the time a slow machine reads it); the toast must show exactly that message.
 */
async function mensajeDe(page: Page, ruta: string, boton: Locator): Promise<string> {
  const respuesta = page.waitForResponse((r) => r.url().endsWith(`/api${ruta}`) && r.request().method() === 'POST');
  await boton.click();
  const r = await respuesta;
  const cuerpo = (await r.json()) as { message: string };
  expect(r.ok(), cuerpo.message).toBeTruthy();
  await expect(toast(page, cuerpo.message)).toBeVisible();
  return cuerpo.message;
}

/** An entry of the open '...' menu by its text (its name also carries the icon's, 'diff Emitir nota…'). */
const entradaMenu = (page: Page, nombre: string) => page.getByRole('menuitem', { name: new RegExp(`(^|\\s)${nombre}$`) });

/** An entry of the row's '...' menu. */
async function accion(page: Page, numero: string, nombre: string) {
  await row(page, numero).getByRole('button', { name: `Más acciones ${numero}` }).click();
  await entradaMenu(page, nombre).click();
}

/** 'Emitir nota de crédito o débito' on `factura`: its popup, loaded. */
async function abrirNota(page: Page, factura: string): Promise<Locator> {
  await accion(page, factura, 'Emitir nota de crédito o débito');
  const dialog = page.getByRole('dialog', { name: `Emitir nota sobre factura ${factura}` });
  await expect(dialog.getByRole('table', { name: 'Líneas del comprobante' })).toBeVisible();
  return dialog;
}

/** Type Crédito, the SUNAT reason and the justification. */
async function credito(page: Page, dialog: Locator, motivo: string, sustento: string) {
  await dialog.getByText('Crédito', { exact: true }).click();
  await elegir(page, dialog.getByLabel('Motivo', { exact: true }), motivo);
  await dialog.getByLabel('Sustento', { exact: true }).fill(sustento);
}

/** Emitir nota: the toast names the note; its number. */
async function emitirNota(page: Page, dialog: Locator): Promise<string> {
  const mensaje = await mensajeDe(page, '/comprobante/emitirNota', dialog.getByRole('button', { name: 'Emitir nota' }));
  const nota = /FC01-\d{8}/.exec(mensaje)?.[0] ?? '';
  expect(mensaje).toBe(CPE_MSG.notaEmitida(nota));
  await expect(dialog).toBeHidden();
  return nota;
}

/** Generar comprobante from the order popup; the factura's number. */
async function generarFactura(page: Page, ovtId: number): Promise<string> {
  await page.goto('/ordenVenta');
  const fila = await filaDePedido(page, ovtId);
  await expect(fila).toContainText('Pagado');
  await fila.getByRole('button', { name: `Ver pedido ${ovtId}` }).click();
  const dialog = page.getByRole('dialog', { name: `Ver Pedido de Venta N° ${ovtId}` });
  await expect(dialog.getByRole('table', { name: 'Pagos del pedido' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Generar comprobante' }).click();
  const pregunta = page.getByRole('dialog').filter({ hasText: '¿Desea continuar con la generación del comprobante?' });
  const mensaje = await mensajeDe(page, '/ordenVenta/generarComprobante', pregunta.getByRole('button', { name: 'Generar', exact: true }));
  const numero = /F001-\d{8}/.exec(mensaje)?.[0] ?? '';
  expect(mensaje).toBe(M.comprobanteGenerado(numero));
  await expect(dialog.getByRole('table', { name: 'Comprobantes del pedido' })).toContainText(numero);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  return numero;
}

test('setup: the certificate and the OSE channel (a local fake SUNAT)', async ({ page }) => {
  await login(page, 'admin@andina.pe');
  await page.goto('/facturacionElectronica');
  await expect(page.getByRole('heading', { name: 'Facturación electrónica' })).toBeVisible();

  const certificado = page.locator('.ant-card').filter({ has: page.getByText('Certificado digital', { exact: true }) });
  await certificado.locator('input[type=file]').setInputFiles(pfx);
  await expect(certificado.getByText('andina-prueba.pfx')).toBeVisible();
  await certificado.getByLabel('Contraseña del certificado').fill(pfxClave);
  await certificado.getByRole('button', { name: 'Cargar certificado' }).click();
  await expect(toast(page, FE_MSG.certificadoCargado)).toBeVisible();

  const canal = page.locator('.ant-card').filter({ has: page.getByText('Canal de envío', { exact: true }) });
  await elegir(page, canal.getByLabel('Canal', { exact: true }), OSE);
  await canal.getByLabel('URL del servicio').fill(fake.url);
  await canal.getByLabel('URL de consulta (opcional)').fill(fake.urlConsulta);
  await canal.getByLabel('Usuario SOL').fill('MODDATOS');
  await canal.getByLabel('Clave SOL').fill('moddatos');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(toast(page, FE_MSG.guardado)).toBeVisible();
  await expect(page.getByText(/los comprobantes quedan por enviar hasta completar la configuración/)).toHaveCount(0);
});

test('two paid orders get their facturas from the order popup; SUNAT accepts both', async ({ page, request }) => {
  const a = await pedidoPagado(request, true);
  const b = await pedidoPagado(request, false);
  Object.assign(A, { ovtId: a.ovt_id, total: a.ovt_total });
  Object.assign(B, { ovtId: b.ovt_id, total: b.ovt_total });

  await login(page, 'admin@andina.pe');
  A.factura = await generarFactura(page, A.ovtId);
  B.factura = await generarFactura(page, B.ovtId);

  await abrirComprobantes(page);
  for (const f of [A, B]) {
    const fila = row(page, f.factura);
    await expect(fila).toContainText(formatMoney('S/', f.total));
    await expect(fila.getByText('Aceptado', { exact: true })).toBeVisible({ timeout: 30_000 });
  }
});

test('factura A: a credit note for part of line 1 (07 · Devolución por ítem), accepted; its XML and PDF', async ({ page }) => {
  await login(page, 'admin@andina.pe');
  await abrirComprobantes(page);
  const dialog = await abrirNota(page, A.factura);
  await expect(dialog).toContainText(formatMoney('S/', A.total));
  await expect(dialog.getByRole('checkbox', { name: /Incluir la línea/ })).toHaveCount(2);
  await credito(page, dialog, '07 · Devolución por ítem', 'El cliente devolvió 2 m³ de concreto no vaciado (guía de devolución 0007-118)');
  await expect(dialog.getByText('Total de la nota: —')).toBeVisible();

  await dialog.getByRole('checkbox', { name: 'Incluir la línea 1' }).check();
  await expect(dialog.getByRole('checkbox', { name: 'Incluir la línea 2' })).not.toBeChecked();
  await expect(dialog.getByLabel('Cantidad de la línea 2')).toBeDisabled();
  const cantidad = dialog.getByLabel('Cantidad de la línea 1');
  await expect(cantidad).toHaveValue('6.5');
  await cantidad.fill('2');
  const valor = await dialog.getByLabel('Valor unitario de la línea 1').inputValue();
  const t = ventaTotales([{ ovd_cantidad: '2', ovd_precio: valor }]);
  await expect(dialog.getByText(`Subtotal ${formatMoney('S/', t.ovt_subtotal)} · IGV ${formatMoney('S/', t.ovt_igv)} · Total de la nota ${formatMoney('S/', t.ovt_total)}`))
    .toBeVisible();
  await shot(page, 'notas-1-nota-parcial');

  notaParcial = await emitirNota(page, dialog);
  const fila = row(page, notaParcial);
  await expect(fila).toContainText('Nota de crédito');
  await expect(fila).toContainText(`Sobre ${A.factura}`);
  await expect(fila).toContainText(formatMoney('S/', t.ovt_total));
  await expect(fila.getByText('Aceptado', { exact: true })).toBeVisible({ timeout: 30_000 });
  await shot(page, 'notas-2-nota-aceptada');

  // The signed XML: a CreditNote on F001-…, reason 07.
  const nombre = `${RUC_EMISOR}-07-${notaParcial}`;
  expect(fake.recibidos.filter((r) => r.nombre === nombre)).toHaveLength(1);
  const descarga = page.waitForEvent('download');
  await fila.getByRole('button', { name: `Descargar XML ${notaParcial}` }).click();
  const archivo = await descarga;
  expect(archivo.suggestedFilename()).toBe(`${nombre}.xml`);
  const xml = (await bytes(archivo)).toString('utf8');
  expect(xml).toContain('<CreditNote');
  expect(xml).toContain(`<cbc:ID>${notaParcial}</cbc:ID>`);
  expect(xml).toMatch(/<cbc:ResponseCode[^>]*>07<\/cbc:ResponseCode>/);
  const referencia = /<cac:BillingReference>([\s\S]*?)<\/cac:BillingReference>/.exec(xml)?.[1] ?? '';
  expect(referencia).toContain(`<cbc:ID>${A.factura}</cbc:ID>`);
  expect(referencia).toMatch(/<cbc:DocumentTypeCode[^>]*>01<\/cbc:DocumentTypeCode>/);
  expect(xml.match(/<cac:CreditNoteLine>/g)).toHaveLength(1);
  expect(xml).toMatch(/<cbc:CreditedQuantity[^>]*>2(\.0+)?<\/cbc:CreditedQuantity>/);

  // The PDF, taken on its way (as e2e/comprobantes.spec.ts: the page reads it as a blob).
  const capturas: { status: number; cuerpo: Buffer }[] = [];
  await page.route('**/api/comprobante/descargar', async (route) => {
    const respuesta = await route.fetch();
    if (route.request().postDataJSON()?.comprobante?.formato === 'pdf') capturas.push({ status: respuesta.status(), cuerpo: await respuesta.body() });
    await route.fulfill({ response: respuesta });
  });
  const pestana = page.context().waitForEvent('page');
  await fila.getByRole('button', { name: `Ver PDF ${notaParcial}` }).click();
  const tab = await pestana;
  await expect.poll(() => tab.url()).toMatch(/^blob:/);
  await tab.close();
  await page.unroute('**/api/comprobante/descargar');
  expect(capturas, 'la respuesta del PDF').toHaveLength(1);
  expect(capturas[0].status).toBe(200);
  await test.info().attach(`${notaParcial}.pdf`, { body: capturas[0].cuerpo, contentType: 'application/pdf' });
  const texto = textoPdf(capturas[0].cuerpo);
  expect(texto).toContain('NOTA DE CRÉDITO ELECTRÓNICA');
  expect(texto).toContain(notaParcial);
  // The label wraps in its 92 pt column today ('Documento que' / 'modifica:'): either way is read here.
  expect(texto).toMatch(/Documento que[\s\S]{0,3}modifica:/);
  expect(texto).toContain(`Factura ${A.factura}`);
  expect(texto).toContain('07 · Devolución por ítem');
});

test('factura A: a total credit note is refused, it already has a partial one', async ({ page }) => {
  await login(page, 'admin@andina.pe');
  await abrirComprobantes(page);
  const dialog = await abrirNota(page, A.factura);
  await credito(page, dialog, '01 · Anulación de la operación', 'Se anula la operación completa');
  await expect(dialog.getByRole('checkbox', { name: 'Incluir la línea 1' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Emitir nota' }).click();
  await expect(toast(page, CPE_MSG.notaTotalConNotas)).toBeVisible();
  await expect(dialog).toBeVisible();
  await shot(page, 'notas-3-total-rechazada');
  await discardChanges(page, dialog);
  // Nothing was issued: no other note on A.
  await expect(page.getByRole('row').filter({ hasText: `Sobre ${A.factura}` })).toHaveCount(1);
});

test('factura B: a total credit note (02) cancels it once SUNAT accepts, and frees its order', async ({ page }) => {
  await login(page, 'admin@andina.pe');
  await abrirComprobantes(page);
  const dialog = await abrirNota(page, B.factura);
  await credito(page, dialog, '02 · Anulación por error en el RUC', 'Se consignó el RUC de otra empresa del grupo');
  await expect(dialog.getByRole('checkbox', { name: 'Incluir la línea 1' })).toBeDisabled();
  await expect(dialog.getByRole('checkbox', { name: 'Incluir la línea 1' })).toBeChecked();
  await expect(dialog.getByRole('alert').filter({ hasText: 'La nota toma todas las líneas del comprobante' })).toBeVisible();
  await expect(dialog.getByText(new RegExp(`Total de la nota ${formatMoney('S/', B.total).replace('/', '\\/')}$`))).toBeVisible();
  await shot(page, 'notas-4-nota-total');
  const nota = await emitirNota(page, dialog);

  const filaNota = row(page, nota);
  await expect(filaNota).toContainText(`Sobre ${B.factura}`);
  await expect(filaNota.getByText('Aceptado', { exact: true })).toBeVisible({ timeout: 30_000 });
  const filaB = row(page, B.factura);
  await expect(filaB.getByText('Anulado', { exact: true })).toBeVisible();
  await expect(filaB).toContainText(`Por ${nota}`);
  // A cancelled factura takes no more notes nor a cancellation.
  await filaB.getByRole('button', { name: `Más acciones ${B.factura}` }).click();
  await expect(entradaMenu(page, 'Ver pedido')).toBeVisible();
  await expect(entradaMenu(page, 'Emitir nota de crédito o débito')).toHaveCount(0);
  await expect(entradaMenu(page, 'Anular')).toHaveCount(0);
  await shot(page, 'notas-5-factura-anulada');

  // Its order can be invoiced again.
  await entradaMenu(page, 'Ver pedido').click();
  const pedido = page.getByRole('dialog', { name: `Ver Pedido de Venta N° ${B.ovtId}` });
  const comprobantes = pedido.getByRole('table', { name: 'Comprobantes del pedido' });
  await expect(comprobantes).toContainText(B.factura);
  await expect(pedido.getByRole('button', { name: 'Generar comprobante' })).toBeVisible();
  await pedido.getByRole('button', { name: 'Generar comprobante' }).scrollIntoViewIfNeeded();
  await shot(page, 'notas-6-pedido-liberado');
});

test('factura A: Anular sends a comunicación de baja; Anulado once SUNAT answers its ticket', async ({ page }) => {
  // The worker asks for the ticket's answer on its retry back-off (30 s first).
  test.setTimeout(150_000);
  await login(page, 'admin@andina.pe');
  await abrirComprobantes(page);
  await accion(page, A.factura, 'Anular');
  const dialog = page.getByRole('dialog', { name: `Anular factura ${A.factura}` });
  await expect(dialog).toContainText('Se enviará una comunicación de baja (RA) a SUNAT');
  await dialog.getByLabel('Motivo de la anulación', { exact: true }).fill('Error en la cantidad facturada');
  await shot(page, 'notas-7-anular');
  const mensaje = await mensajeDe(page, '/comprobante/anular', dialog.getByRole('button', { name: 'Solicitar anulación' }));
  const hoy = limaDate().replaceAll('-', '');
  const ra = new RegExp(`RA-${hoy}-\\d+`).exec(mensaje)?.[0] ?? '';
  expect(ra, 'el número de la comunicación de baja en el aviso').toBeTruthy();
  expect(mensaje).toBe(CPE_MSG.anulacionEnviada(A.factura, ra));
  await expect(dialog).toBeHidden();

  const filaA = row(page, A.factura);
  await expect(filaA).toContainText(`Anulación en curso: ${ra}`);
  const filaRa = row(page, ra);
  await expect(filaRa).toContainText('Comunicación de baja');
  await expect(filaRa).toContainText(`Anula ${A.factura}`);
  await shot(page, 'notas-8-anulacion-en-curso');

  const inicio = Date.now();
  await expect(filaA.getByText('Anulado', { exact: true })).toBeVisible({ timeout: 90_000 });
  test.info().annotations.push({ type: 'anulación', description: `Anulado ${Math.round((Date.now() - inicio) / 1000)} s después de pedirla` });
  await expect(filaA).toContainText(`Por ${ra}`);
  await expect(filaA).not.toContainText('Anulación en curso');
  await expect(filaRa.getByText('Aceptado', { exact: true })).toBeVisible();
  await shot(page, 'notas-9-anulado');
  expect(fake.recibidos.filter((r) => r.nombre === `${RUC_EMISOR}-${ra}`)).toHaveLength(1);

  // The RA's XML: a VoidedDocuments naming factura A.
  const descarga = page.waitForEvent('download');
  await filaRa.getByRole('button', { name: `Descargar XML ${ra}` }).click();
  const archivo = await descarga;
  expect(archivo.suggestedFilename()).toBe(`${RUC_EMISOR}-${ra}.xml`);
  const xml = (await bytes(archivo)).toString('utf8');
  expect(xml).toContain('VoidedDocuments');
  expect(xml).toContain(`<cbc:ID>${ra}</cbc:ID>`);
  const [serie, numero] = A.factura.split('-');
  expect(xml).toContain(`<sac:DocumentSerialID>${serie}</sac:DocumentSerialID>`);
  expect(xml).toContain(`<sac:DocumentNumberID>${Number(numero)}</sac:DocumentNumberID>`);
});
