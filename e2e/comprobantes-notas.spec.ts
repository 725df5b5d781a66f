import { CPE_MSG, formatMoney, limaDate, ventaTotales } from '@obra/domain';
import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  RUC_EMISOR, abrirComprobantes, configurarOse, generarFactura, mensajeDe, pedidoPagado, textoPdf, usarSunatFalso, verPdf, xmlEnviado,
} from './comprobantes-pasos';
import { discardChanges, login, row, shot } from './helpers';
import { elegir, toast } from './orden-venta-pasos';

/**
 * Issue 23 "Done when": through an OSE (the local fake of SUNAT's billService, as e2e/comprobantes.spec.ts),
 * two paid orders get their facturas; on factura A a credit note for part of one line (07, devolución por
 * ítem) is accepted and prints as a note; a total credit note on A is then refused (it already has one);
 * on factura B a total credit note (02) cancels it once SUNAT accepts, and frees its order for another
 * voucher; factura A is cancelled only after its notes (its partial note first), each by a comunicación de baja (RA),
 * 'Anulado' once its ticket answers.
 */

test.use({ viewport: { width: 1366, height: 768 } });
test.describe.configure({ mode: 'serial' });

const sunat = usarSunatFalso('obra-e2e-notas-');
/** The two orders and their facturas ('F001-00000012'). */
const A = { ovtId: 0, factura: '', total: '' };
const B = { ovtId: 0, factura: '', total: '' };
/** The partial credit note on A ('FC01-00000003'). */
let notaParcial = '';

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

test('setup: the certificate and the OSE channel (a local fake SUNAT)', async ({ page }) => {
  await login(page, 'admin@andina.pe');
  await configurarOse(page, sunat);
});

test('two paid orders get their facturas from the order popup; SUNAT accepts both', async ({ page, request }) => {
  const a = await pedidoPagado(request, { bombeo: true });
  const b = await pedidoPagado(request);
  Object.assign(A, { ovtId: a.ovt_id, total: a.ovt_total });
  Object.assign(B, { ovtId: b.ovt_id, total: b.ovt_total });

  await login(page, 'admin@andina.pe');
  await page.goto('/ordenVenta');
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
  const xml = await xmlEnviado(page, sunat, fila, notaParcial, `${RUC_EMISOR}-07-${notaParcial}`);
  expect(xml).toContain('<CreditNote');
  expect(xml).toMatch(/<cbc:ResponseCode[^>]*>07<\/cbc:ResponseCode>/);
  const referencia = /<cac:BillingReference>([\s\S]*?)<\/cac:BillingReference>/.exec(xml)?.[1] ?? '';
  expect(referencia).toContain(`<cbc:ID>${A.factura}</cbc:ID>`);
  expect(referencia).toMatch(/<cbc:DocumentTypeCode[^>]*>01<\/cbc:DocumentTypeCode>/);
  expect(xml.match(/<cac:CreditNoteLine>/g)).toHaveLength(1);
  expect(xml).toMatch(/<cbc:CreditedQuantity[^>]*>2(\.0+)?<\/cbc:CreditedQuantity>/);

  // The PDF, as the server answered the tab (the page reads it as a blob).
  const pdf = await verPdf(page, fila, notaParcial);
  expect(pdf.status).toBe(200);
  await test.info().attach(`${notaParcial}.pdf`, { body: pdf.cuerpo, contentType: 'application/pdf' });
  const texto = textoPdf(pdf.cuerpo, sunat.carpeta);
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

/**
 * 'Anular' on `numero` (its `tipo` as the popup names it: 'factura', 'nota de crédito'): a comunicación de baja is
 * asked for and listed as cancelling it while SUNAT has not answered; 'Anulado' by it once the worker gets its
 * ticket's answer, the RA accepted. Screenshots `foto-…`; the RA's number.
 */
async function anularPorBaja(page: Page, numero: string, tipo: string, motivo: string, foto: string): Promise<string> {
  await accion(page, numero, 'Anular');
  const dialog = page.getByRole('dialog', { name: `Anular ${tipo} ${numero}` });
  await expect(dialog).toContainText('Se enviará una comunicación de baja (RA) a SUNAT');
  await dialog.getByLabel('Motivo de la anulación', { exact: true }).fill(motivo);
  await shot(page, `${foto}-anular`);
  const mensaje = await mensajeDe(page, '/comprobante/anular', dialog.getByRole('button', { name: 'Solicitar anulación' }));
  const hoy = limaDate().replaceAll('-', '');
  const ra = new RegExp(`RA-${hoy}-\\d+`).exec(mensaje)?.[0] ?? '';
  expect(ra, 'el número de la comunicación de baja en el aviso').toBeTruthy();
  expect(mensaje).toBe(CPE_MSG.anulacionEnviada(numero, ra));
  await expect(dialog).toBeHidden();

  const fila = row(page, numero);
  await expect(fila).toContainText(`Anulación en curso: ${ra}`);
  const filaRa = row(page, ra);
  await expect(filaRa).toContainText('Comunicación de baja');
  await expect(filaRa).toContainText(`Anula ${numero}`);
  await shot(page, `${foto}-anulacion-en-curso`);

  const inicio = Date.now();
  await expect(fila.getByText('Anulado', { exact: true })).toBeVisible({ timeout: 90_000 });
  test.info().annotations.push({ type: 'anulación', description: `${numero}: Anulado ${Math.round((Date.now() - inicio) / 1000)} s después de pedirla` });
  await expect(fila).toContainText(`Por ${ra}`);
  await expect(fila).not.toContainText('Anulación en curso');
  await expect(filaRa.getByText('Aceptado', { exact: true })).toBeVisible();
  await shot(page, `${foto}-anulado`);
  return ra;
}

test('factura A: Anular waits for its partial note; the note, then A, go by comunicación de baja, Anulado once SUNAT answers', async ({ page }) => {
  // The worker asks for each ticket's answer on its retry back-off (30 s first).
  test.setTimeout(270_000);
  await login(page, 'admin@andina.pe');
  await abrirComprobantes(page);
  // Notes first: SUNAT takes no note of a cancelled factura, so A is not cancelled while its note stands.
  await row(page, A.factura).getByRole('button', { name: `Más acciones ${A.factura}` }).click();
  const bloqueada = page.getByRole('menuitem', { name: `Anular: primero anule sus notas (${notaParcial})` });
  await expect(bloqueada).toBeDisabled();
  await shot(page, 'notas-7-anular-con-nota');
  await page.keyboard.press('Escape');
  await expect(bloqueada).toBeHidden();

  await anularPorBaja(page, notaParcial, 'nota de crédito', 'Devolución registrada por error', 'notas-8-nota');
  const ra = await anularPorBaja(page, A.factura, 'factura', 'Error en la cantidad facturada', 'notas-9-factura');

  // SUNAT got the RA once; its XML: a VoidedDocuments naming factura A.
  const xml = await xmlEnviado(page, sunat, row(page, ra), ra, `${RUC_EMISOR}-${ra}`);
  expect(xml).toContain('VoidedDocuments');
  const [serie, numero] = A.factura.split('-');
  expect(xml).toContain(`<sac:DocumentSerialID>${serie}</sac:DocumentSerialID>`);
  expect(xml).toContain(`<sac:DocumentNumberID>${Number(numero)}</sac:DocumentNumberID>`);
});
