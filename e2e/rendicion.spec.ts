import { CAJA_MSG, RENDICION_MSG, RUC_MSG } from '@obra/domain';
import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { apiLogin, apiPost } from './api';
import { login, shot } from './helpers';
import { crearCaja, hoyDmy, pdfMinimo, ruc } from './rendicion-datos';
import { boton, cambiarUsuario, campo, confirmar, elegir, etiqueta, filaDeLista } from './rendicion-pasos';

/** Spec 2 §2 "Settlement screen", §7 "Settlements" and issue 12's flow: a cash box from request to approved settlement. */

test.use({ viewport: { width: 1366, height: 768 } });
test.describe.configure({ mode: 'serial' });
// Three users sign in seven times and a spreadsheet and a PDF go up: more than the default minute on a busy machine.
test.setTimeout(180_000);

const RUN = Date.now().toString(36).toUpperCase();
/** Document numbers unique to this run (a document is claimed once in the whole company). */
const NUM = String(Date.now()).slice(-7);

const celda = (page: Page, columna: string, fila: number) => page.getByLabel(`${columna} fila ${fila}`, { exact: true });
const opcion = (page: Page, texto: string) => page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: texto });
const grilla = (page: Page) => page.getByRole('table', { name: 'Documentos de la rendición' });
const errores = (page: Page, fila: number) => page.getByRole('list', { name: `Errores de la fila ${fila}` });
const total = (page: Page, nombre: string) => page.getByRole('group', { name: 'Totales de la rendición' }).getByLabel(nombre, { exact: true });

/** Types a document into row `fila` of the grid, picking cost centre and type from their lists. */
async function escribirDocumento(page: Page, fila: number, d: { fecha: string; ruc: string; razon: string; cec: string; tipo: string; serie: string; numero: string; importe: string }) {
  const fecha = celda(page, 'Fecha', fila);
  await fecha.click();
  await fecha.fill(d.fecha);
  await fecha.press('Enter');
  await celda(page, 'DNI o RUC', fila).fill(d.ruc);
  await celda(page, 'Razón social', fila).fill(d.razon);
  await celda(page, 'Descripción', fila).fill('Compra menor de obra');
  await celda(page, 'Centro de costo', fila).fill(d.cec.replace(/-/g, ' '));
  await opcion(page, d.cec).first().click();
  await celda(page, 'Tipo de documento', fila).fill(d.tipo.slice(0, 4));
  await opcion(page, d.tipo).first().click();
  await celda(page, 'Serie', fila).fill(d.serie);
  await celda(page, 'Número', fila).fill(d.numero);
  await celda(page, 'Importe', fila).fill(d.importe);
  await celda(page, 'Importe', fila).blur();
}

/** The grid's page must not scroll sideways at 1366 px: the grid scrolls inside itself. */
async function sinScrollDePagina(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(scroll).toBeLessThanOrEqual(client);
}

test('issue 12: a cash box is requested, approved by its manager, deposited by treasury, settled with three documents and its settlement approved', async ({ page }) => {
  // The requester asks for the cash box on /caja/new.
  await login(page, 'estandar@andina.pe');
  await page.goto('/caja/new');
  await elegir(page, 'Centro de costo', 'CC-MF-01');
  await elegir(page, 'Tipo de caja', 'Caja chica');
  await campo(page, 'Título').fill(`Caja chica obra ${RUN}`);
  await campo(page, 'Monto').fill('500');
  await elegir(page, 'Gerente', 'Carlos Mendoza');
  await boton(page, 'Guardar').click();
  const registrada = page.locator('.ant-notification-notice').filter({ hasText: /Se registró la caja CAJ-\d{4}-\d{6}/ });
  await expect(registrada).toBeVisible();
  const codigo = (/CAJ-\d{4}-\d{6}/.exec((await registrada.textContent()) ?? '') ?? [''])[0];
  let fila = await filaDeLista(page, codigo);
  await expect(etiqueta(fila, 'Registrada')).toBeVisible();
  await page.getByRole('button', { name: `Solicitar aprobación ${codigo}`, exact: true }).click();
  await confirmar(page, '¿Desea solicitar la aprobación de la caja?', 'Solicitar aprobación');
  await expect(etiqueta(fila, 'Por aprobar')).toBeVisible();
  await fila.getByRole('button', { name: `Ver ${codigo}` }).click();
  await expect(page).toHaveURL(/\/caja\/view\/\d+$/);
  const cajId = Number(/\/caja\/view\/(\d+)$/.exec(page.url())?.[1]);

  // Its manager approves; treasury deposits.
  await cambiarUsuario(page, 'gerencia@andina.pe');
  await page.goto(`/caja/view/${cajId}`);
  await boton(page, 'Aprobar').click();
  await confirmar(page, '¿Desea aprobar la caja?', 'Aprobar');
  await expect(etiqueta(page, 'Aprobada')).toBeVisible();
  await cambiarUsuario(page, 'tesoreria@andina.pe');
  await page.goto(`/caja/view/${cajId}`);
  await boton(page, 'Depositar').click();
  const deposito = page.getByRole('dialog', { name: `Depositar la caja ${codigo}` });
  await deposito.getByLabel('N° de operación').fill(`OP-${RUN}`);
  await deposito.getByRole('button', { name: 'Depositar' }).click();
  await expect(etiqueta(page, 'Depositado / por rendir')).toBeVisible();

  // The requester opens the settlement from the list.
  await cambiarUsuario(page, 'estandar@andina.pe');
  fila = await filaDeLista(page, codigo);
  await expect(etiqueta(fila, 'Depositado / por rendir')).toBeVisible();
  await page.getByRole('button', { name: `Rendición ${codigo}`, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/rendicion/new/${cajId}/${codigo}$`));
  await expect(page.getByRole('heading', { name: `Rendición | ${codigo}` })).toBeVisible();
  await expect(total(page, 'Monto de la caja')).toHaveText('S/ 500.00');
  await expect(total(page, 'Saldo')).toHaveText('S/ 500.00');

  // One document typed in the grid.
  await page.getByRole('button', { name: 'Agregar' }).click();
  await escribirDocumento(page, 1, {
    fecha: hoyDmy(), ruc: ruc('2010004721'), razon: 'Ferretería El Constructor S.A.C.', cec: 'CC-MF-01', tipo: 'Factura',
    serie: 'F001', numero: `1${NUM}`, importe: '120.50',
  });
  await expect(errores(page, 1)).toHaveCount(0);
  await expect(total(page, 'Total rendido')).toHaveText('S/ 120.50');
  await expect(total(page, 'Saldo')).toHaveText('S/ 379.50');

  // Two from the template: downloaded, filled with exceljs (one with a cost centre that does not exist), loaded.
  const descarga = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Descargar Plantilla' }).click();
  const plantilla = await descarga;
  const libro = new ExcelJS.Workbook();
  await libro.xlsx.readFile(await plantilla.path());
  const hoja = libro.getWorksheet('Documentos')!;
  expect(hoja.getRow(1).getCell(2).text).toBe('Fecha (dd/mm/aaaa)');
  hoja.getRow(2).values = [1, hoyDmy(), ruc('2047896541'), 'Librería y Bazar Miraflores S.R.L.', 'Útiles de oficina', 'CC-MF-01', 'Boleta de venta', 'B001', `2${NUM}`, 64.9];
  hoja.getRow(3).values = [2, hoyDmy(), '45678912', 'Juan Quispe Huamán', 'Movilidad a la municipalidad', 'CC-XX-99', '12', 'T001', `3${NUM}`, 45];
  await page.locator('input[type=file][accept*=".xlsx"]').setInputFiles({
    name: 'documentos.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: Buffer.from(await libro.xlsx.writeBuffer()),
  });
  await expect(page.getByText('La fila 3 del archivo tiene errores: revise las filas marcadas')).toBeVisible();
  await expect(grilla(page).locator('tr[aria-invalid=true]')).toHaveCount(1);
  await expect(errores(page, 3)).toContainText('El centro de costo CC-XX-99 no existe o no está activo');
  await expect(celda(page, 'Centro de costo', 3)).toHaveAttribute('aria-invalid', 'true');
  await expect(celda(page, 'Tipo de documento', 3)).toHaveValue('12');
  await expect(total(page, 'Total rendido')).toHaveText('S/ 230.40');
  await sinScrollDePagina(page);
  await shot(page, 'rendicion-fila-marcada');

  // The flagged row fixed by picking a valid cost centre.
  await celda(page, 'Centro de costo', 3).fill('mf 02');
  await opcion(page, 'CC-MF-02').first().click();
  await expect(errores(page, 3)).toHaveCount(0);
  await expect(grilla(page).locator('tr[aria-invalid=true]')).toHaveCount(0);

  // The PDF of the receipts, with its link that opens it in a new tab.
  await page.locator('input[type=file][accept*=".pdf"]').setInputFiles({ name: 'Sustento caja chica.pdf', mimeType: 'application/pdf', buffer: pdfMinimo(`Rendicion ${RUN}`) });
  await expect(page.getByText('Se adjuntó el PDF de la rendición')).toBeVisible();
  const pestana = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Ver PDF Sustento caja chica.pdf' }).click();
  await (await pestana).close();

  await page.getByRole('button', { name: 'Registrar Documentos' }).click();
  await expect(page.getByText('Se registraron los documentos de la rendición')).toBeVisible();
  await expect(grilla(page).locator('tbody tr.ant-table-row')).toHaveCount(3);
  await expect(celda(page, 'Centro de costo', 3)).toHaveValue('CC-MF-02');
  await expect(celda(page, 'Tipo de documento', 3)).toHaveValue('Ticket');
  await expect(total(page, 'Saldo')).toHaveText('S/ 269.60');
  await shot(page, 'rendicion-registrada');

  // Saved, so Regresar leaves without asking; the detail shows the settlement and its request.
  await page.getByRole('button', { name: 'Regresar' }).click();
  await expect(page).toHaveURL(new RegExp(`/caja/view/${cajId}$`));
  await expect(page.getByTestId('rendicion-total')).toHaveText('S/ 230.40');
  await expect(page.getByTestId('rendicion-saldo')).toHaveText('S/ 269.60');
  await expect(page.getByRole('table', { name: 'Documentos de la rendición' }).locator('tbody tr.ant-table-row')).toHaveCount(3);
  await expect(page.getByRole('button', { name: /Sustento caja chica\.pdf/ })).toBeVisible();
  await boton(page, 'Solicitar aprobación de rendición').click();
  await confirmar(page, '¿Desea solicitar la aprobación de la rendición?', 'Solicitar aprobación de rendición');
  await expect(etiqueta(page, 'Rendición por aprobar')).toBeVisible();
  fila = await filaDeLista(page, codigo);
  await expect(etiqueta(fila, 'Rendición por aprobar')).toBeVisible();

  // The manager approves the settlement.
  await cambiarUsuario(page, 'gerencia@andina.pe');
  await page.goto(`/caja/view/${cajId}`);
  await boton(page, 'Aprobar rendición').click();
  await confirmar(page, '¿Desea aprobar la rendición?', 'Aprobar rendición');
  await expect(etiqueta(page, 'Rendición aprobada')).toBeVisible();
  fila = await filaDeLista(page, codigo);
  await expect(etiqueta(fila, 'Rendición aprobada')).toBeVisible();

  // Approved: the documents and the PDF are locked; Registrar Documentos is gone.
  await cambiarUsuario(page, 'estandar@andina.pe');
  fila = await filaDeLista(page, codigo);
  await expect(etiqueta(fila, 'Rendición aprobada')).toBeVisible();
  await expect(page.getByRole('button', { name: `Rendición ${codigo}`, exact: true })).toHaveCount(0);
  await page.goto(`/rendicion/new/${cajId}/${codigo}`);
  await expect(page.getByText('La rendición está aprobada: no se pueden cambiar sus documentos ni su PDF')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Registrar Documentos' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Agregar' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Adjuntar PDF' })).toHaveCount(0);
  await expect(celda(page, 'Importe', 1)).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Ver PDF Sustento caja chica.pdf' })).toBeVisible();
  await shot(page, 'rendicion-aprobada');
});

test('a typed RUC with a wrong check digit is refused with its message and nothing is saved', async ({ page, request }) => {
  const otra = await crearCaja(request, `Caja RUC errado ${RUN}`, '200.00');
  await login(page, 'estandar@andina.pe');
  await page.goto(`/rendicion/new/${otra.caj_id}/${otra.caj_codigo}`);
  await page.getByRole('button', { name: 'Agregar' }).click();
  await escribirDocumento(page, 1, {
    fecha: hoyDmy(), ruc: ruc('2055443322', true), razon: 'Restaurante El Buen Sabor E.I.R.L.', cec: 'CC-MF-01', tipo: 'Factura',
    serie: 'F002', numero: `4${NUM}`, importe: '80',
  });
  // The grid says it as soon as the cell is left; the server refuses it on register.
  await expect(errores(page, 1)).toHaveText(RUC_MSG.checkDigit);
  await page.getByRole('button', { name: 'Registrar Documentos' }).click();
  await expect(page.getByText(RENDICION_MSG.conErrores)).toBeVisible();
  await expect(errores(page, 1)).toHaveText(RUC_MSG.checkDigit);
  await expect(celda(page, 'DNI o RUC', 1)).toHaveAttribute('aria-invalid', 'true');
  await shot(page, 'rendicion-ruc-errado');

  // Enter in the last row's amount starts the next document; Escape closes a list.
  await celda(page, 'Importe', 1).press('Enter');
  await expect(celda(page, 'Fecha', 2)).toBeFocused();
  await celda(page, 'Centro de costo', 2).fill('cc');
  await expect(opcion(page, 'CC-MF-01')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);

  // A PDF over 20 MB is refused before it is sent.
  await page.locator('input[type=file][accept*=".pdf"]').setInputFiles({ name: 'grande.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(20_000_001, 0x20) });
  await expect(page.getByText(CAJA_MSG.pdfTamano)).toBeVisible();

  // Borrar todo asks first, then empties the grid (nothing is saved until Registrar Documentos).
  await page.getByRole('button', { name: 'Borrar todo' }).click();
  await confirmar(page, '¿Está seguro de borrar todos los documentos?', 'Borrar todo');
  await expect(grilla(page).getByText('Agregue documentos con Agregar o Cargar Masivo')).toBeVisible();

  // Unsaved changes: leaving asks first.
  await page.getByRole('button', { name: 'Regresar' }).click();
  const pregunta = page.getByRole('dialog', { name: '¿Descartar los cambios?' });
  await pregunta.getByRole('button', { name: 'Descartar' }).click();
  await expect(page).toHaveURL(new RegExp(`/caja/view/${otra.caj_id}$`));

  const estandar = await apiLogin(request, 'estandar@andina.pe');
  const guardada = await apiPost<{ lista_rendicion_detalle: unknown[] }>(request, estandar, '/rendicion/obtenerRendicionxCaja', { caja: { caj_id: otra.caj_id } });
  expect(guardada.lista_rendicion_detalle).toHaveLength(0);
});
