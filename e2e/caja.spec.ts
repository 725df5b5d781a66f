import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { limaDate } from '@obra/domain';
import { apiLogin, apiPost } from './api';
import { closeWithEscape, login, shot } from './helpers';
import { pdfMinimo } from './rendicion-datos';

/** Petty cash list, form and detail (spec 2 §2): register, edit, approve or disapprove, deposit, cancel, reports. */

const field = (label: string) => new RegExp(`^(\\* )?${label}$`);
const RUN = Date.now().toString(36).toUpperCase();

// The screens are looked at as an office screen shows them.
test.use({ viewport: { width: 1366, height: 768 } });
// Each flow signs in as two or three users: more than the default minute on a busy machine.
test.describe.configure({ mode: 'serial', timeout: 180_000 });

interface Fila {
  caj_id: number;
  caj_codigo: string;
}

/** Picks the option containing `text` in the select labelled `label`, by typing it. */
async function choose(page: Page, label: string, text: string) {
  await page.getByLabel(field(label)).click();
  await page.keyboard.type(text);
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title*="${text}"]`).first().click();
}

/** Signs out (the session lives in localStorage) and in again as `user`. */
async function relogin(page: Page, user: string) {
  await page.evaluate(() => localStorage.clear());
  await login(page, user);
}

/** Answers the confirmation `question` with `ok`. */
async function confirm(page: Page, question: string, ok: string) {
  const dialog = page.getByRole('dialog').filter({ hasText: question });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: ok, exact: true }).click();
  await expect(dialog).toBeHidden();
}

/** The list filtered by a code (Enter searches), and that code's row. */
async function buscar(page: Page, codigo: string): Promise<Locator> {
  await page.goto('/caja');
  await expect(page.getByRole('heading', { name: 'Caja chica' })).toBeVisible();
  const filtro = page.getByRole('search', { name: 'Filtros' }).getByLabel('Código');
  await filtro.fill(codigo);
  await filtro.press('Enter');
  const row = page.getByRole('row').filter({ hasText: codigo });
  await expect(row).toHaveCount(1);
  await expect(page.getByRole('row')).toHaveCount(2);
  return row;
}

/** A cash box of estandar@ managed by gerencia@, registered (and its approval requested when `solicitar`) through the API. */
async function crearCaja(request: APIRequestContext, titulo: string, solicitar: boolean): Promise<Fila> {
  const estandar = await apiLogin(request, 'estandar@andina.pe');
  const gerencia = await apiLogin(request, 'gerencia@andina.pe');
  const datos = await apiPost<{ centros_costo: { cec_id: number }[] }>(request, estandar, '/caja/cargarDatos', {});
  const fila = await apiPost<Fila>(request, estandar, '/caja/registrar', {
    caja: {
      mon_id: 1, cec_id: datos.centros_costo[0].cec_id, tca_id: 2, caj_titulo: titulo, caj_descripcion: 'Compras menores de obra',
      caj_monto: '300.00', usu_gerente: gerencia.id_usuario, usu_solicitante: estandar.id_usuario,
    },
  });
  if (solicitar) await apiPost(request, estandar, '/caja/solicitarAprobacionCaja', { caja: { caj_id: fila.caj_id } });
  return fila;
}

/** A button of the detail by its text (its icon's name comes first in the accessible name). */
const boton = (page: Page, text: string) => page.getByRole('button', { name: new RegExp(`^([a-z-]+ )?${text}$`) });

/** A deposited cash box of estandar@ with two documents in its settlement, through the API. */
async function cajaDepositada(request: APIRequestContext, titulo: string): Promise<Fila> {
  const caja = await crearCaja(request, titulo, true);
  const id = { caja: { caj_id: caja.caj_id } };
  await apiPost(request, await apiLogin(request, 'gerencia@andina.pe'), '/caja/aprobar', id);
  await apiPost(request, await apiLogin(request, 'tesoreria@andina.pe'), '/caja/depositar', { caja: { caj_id: caja.caj_id, caj_numero_operacion: 'OP-1' } });
  const estandar = await apiLogin(request, 'estandar@andina.pe');
  const { tipos_documento: [tipo] } = await apiPost<{ tipos_documento: { tid_id: number; tid_descripcion: string }[] }>(request, estandar, '/caja/cargarDatos', {});
  const hoy = limaDate();
  const numero = String(Date.now()).slice(-7);
  await apiPost(request, estandar, '/rendicion/registrar', {
    caj_id: caja.caj_id,
    lista_rendicion_detalle: ['120.00', '80.50'].map((importe, i) => ({
      red_fecha: hoy, red_dni_ruc: '40000008', red_razon_social: 'Bodega El Sol', red_descripcion: 'Agua para la cuadrilla', cec_codigo: 'CC-MF-01',
      tid_descripcion: tipo.tid_descripcion, red_tipo_documento: tipo.tid_id, red_serie: 'B002', red_numero: `${numero}${i}`, red_importe: importe,
    })),
  });
  return caja;
}

const tag = (scope: Page | Locator, text: string) => scope.locator('.ant-tag', { hasText: text });

test('the requester registers and edits a cash box and asks for its approval; management approves; treasury deposits', async ({ page, request }) => {
  await login(page, 'estandar@andina.pe');
  await page.goto('/caja');
  await expect(page.getByRole('heading', { name: 'Caja chica' })).toBeVisible();
  // The default range is the last 7 Lima days; Nueva caja and both reports on one line with the title.
  await expect(page.getByRole('search', { name: 'Filtros' }).getByPlaceholder('Desde')).toHaveValue(/^\d{2}\/\d{2}\/\d{4}$/);
  // At 1366 px the filters sit on one line, and the toolbar beside the title.
  expect((await page.getByRole('search', { name: 'Filtros' }).boundingBox())?.height).toBeLessThan(70);
  const titulo = await page.getByRole('heading', { name: 'Caja chica' }).boundingBox();
  const reporte = await boton(page, 'Reporte de cajas').boundingBox();
  expect(Math.abs((titulo?.y ?? 0) + (titulo?.height ?? 0) / 2 - ((reporte?.y ?? 0) + (reporte?.height ?? 0) / 2))).toBeLessThan(8);
  await shot(page, 'caja-lista');

  await boton(page, 'Nueva caja').click();
  await expect(page).toHaveURL(/\/caja\/new$/);
  await expect(page.getByRole('heading', { name: 'Caja chica - Nueva' })).toBeVisible();
  // The requester defaults to the caller; the rest is asked for.
  await expect(page.locator('.ant-form-item').filter({ hasText: 'Solicitante' })).toContainText('Ana Vargas Lozano');
  await boton(page, 'Guardar').click();
  await expect(page.getByRole('alert').filter({ hasText: 'Falta ingresar datos para registrar la caja' })).toBeVisible();
  await expect(page.getByText('El campo es requerido').first()).toBeVisible();

  await choose(page, 'Centro de costo', 'CC-MF');
  await choose(page, 'Tipo de caja', 'Caja chica');
  await page.getByLabel(field('Título')).fill(`Caja de obra ${RUN}`);
  await page.getByLabel('Descripción').fill('Compras menores de la semana');
  await expect(page.getByText('28 / 400')).toBeVisible();
  await choose(page, 'Gerente', 'Carlos Mendoza');
  // An amount that is not a positive decimal is refused with the domain's message.
  await page.getByLabel(field('Monto')).fill('12x');
  await boton(page, 'Guardar').click();
  // Toasted, and under the field.
  await expect(page.locator('.ant-form-item-explain-error', { hasText: 'El monto debe ser mayor que 0, con hasta 2 decimales' })).toBeVisible();
  await page.getByLabel(field('Monto')).fill('1500');
  await page.getByLabel(field('Monto')).blur();
  await expect(page.getByLabel(field('Monto'))).toHaveValue('1500.00');
  await shot(page, 'caja-form');
  await boton(page, 'Guardar').click();

  // Back on the list with the reply's message, which goes after 4 s.
  await expect(page).toHaveURL(/\/caja$/);
  const mensaje = page.locator('.ant-notification-notice').filter({ hasText: /Se registró la caja CAJ-\d{4}-\d{6}/ });
  await expect(mensaje).toBeVisible();
  const codigo = (/CAJ-\d{4}-\d{6}/.exec((await mensaje.textContent()) ?? '') ?? [''])[0];
  await expect(mensaje).toBeHidden({ timeout: 8000 });

  let row = await buscar(page, codigo);
  await expect(row).toContainText('Registrada');
  await expect(row).toContainText('S/ 1,500.00');
  await expect(row).toContainText(`Caja de obra ${RUN}`);
  await expect(page.getByRole('button', { name: `Solicitar aprobación de rendición ${codigo}` })).toHaveCount(0);

  // Edit: a change asks before leaving; saving carries its message back.
  await page.getByRole('button', { name: `Editar ${codigo}` }).click();
  await expect(page.getByRole('heading', { name: `Caja chica - Editar ${codigo}` })).toBeVisible();
  await expect(page.getByLabel(field('Monto'))).toHaveValue('1500.00');
  await page.getByLabel(field('Monto')).fill('1250.5');
  await boton(page, 'Regresar').click();
  await page.getByRole('dialog', { name: '¿Descartar los cambios?' }).getByRole('button', { name: 'Seguir editando' }).click();
  await boton(page, 'Guardar').click();
  await expect(page.getByText('Se editó la caja')).toBeVisible();
  row = await buscar(page, codigo);
  await expect(row).toContainText('S/ 1,250.50');

  await page.getByRole('button', { name: `Solicitar aprobación ${codigo}`, exact: true }).click();
  await confirm(page, '¿Desea solicitar la aprobación de la caja?', 'Solicitar aprobación');
  await expect(page.getByText('Se solicitó la aprobación de la caja')).toBeVisible();
  await expect(row).toContainText('Por aprobar');
  await expect(page.getByRole('button', { name: `Editar ${codigo}` })).toHaveCount(0);
  await row.getByRole('button', { name: `Ver ${codigo}` }).click();
  await expect(page).toHaveURL(/\/caja\/view\/\d+$/);
  const cajId = Number(/\/caja\/view\/(\d+)$/.exec(page.url())?.[1]);
  await expect(tag(page, 'Por aprobar')).toBeVisible();
  await expect(boton(page, 'Aprobar')).toHaveCount(0);

  // Management approves from the detail.
  await relogin(page, 'gerencia@andina.pe');
  await page.goto(`/caja/view/${cajId}`);
  await expect(page.getByRole('heading', { name: `Caja ${codigo}` })).toBeVisible();
  await expect(boton(page, 'Desaprobar')).toBeVisible();
  await expect(boton(page, 'Editar')).toHaveCount(0);
  await shot(page, 'caja-detalle-por-aprobar');
  await boton(page, 'Aprobar').click();
  await confirm(page, '¿Desea aprobar la caja?', 'Aprobar');
  await expect(page.getByText('Se aprobó la caja')).toBeVisible();
  await expect(tag(page, 'Aprobada')).toBeVisible();
  await expect(page.getByRole('row', { name: /Aprobado por/ })).toContainText('Carlos Mendoza Ríos');
  await expect(boton(page, 'Depositar')).toHaveCount(0);

  // Treasury deposits: operation number, today by default.
  await relogin(page, 'tesoreria@andina.pe');
  await page.goto(`/caja/view/${cajId}`);
  await boton(page, 'Depositar').click();
  const popup = page.getByRole('dialog', { name: `Depositar la caja ${codigo}` });
  await expect(popup.getByLabel('Fecha de depósito')).toHaveValue(/^\d{2}\/\d{2}\/\d{4}$/);
  await popup.getByLabel('N° de operación').fill(`OP-${RUN}`);
  await popup.getByRole('button', { name: 'Depositar' }).click();
  await expect(page.getByText('Se registró el depósito de la caja')).toBeVisible();
  await expect(popup).toBeHidden();
  await expect(tag(page, 'Depositado / por rendir')).toBeVisible();
  await expect(page.getByRole('row', { name: /N° de operación/ })).toContainText(`OP-${RUN}`);
  await expect(page.getByRole('row', { name: /Depositado por/ })).toContainText('Miguel Rojas Cárdenas');

  // The requester now settles: the settlement card and the settlement actions.
  await relogin(page, 'estandar@andina.pe');
  await page.goto(`/caja/view/${cajId}`);
  await expect(page.getByTestId('rendicion-total')).toHaveText('S/ 0.00');
  await expect(page.getByTestId('rendicion-saldo')).toContainText('S/ 1,250.50');
  await expect(page.getByText('La rendición no tiene documentos')).toBeVisible();
  await expect(boton(page, 'Solicitar aprobación de rendición')).toBeVisible();
  await expect(boton(page, 'Cancelar')).toHaveCount(0);
  await shot(page, 'caja-detalle-depositada');

  // Two documents registered through the settlement call exceed the amount: the balance is owed to the requester.
  const estandar = await apiLogin(request, 'estandar@andina.pe');
  const { tipos_documento } = await apiPost<{ tipos_documento: { tid_id: number; tid_descripcion: string }[] }>(request, estandar, '/caja/cargarDatos', {});
  const hoy = limaDate();
  const documento = (numero: string, importe: string) => ({
    red_fecha: hoy, red_dni_ruc: '40000008', red_razon_social: 'Ferretería San Martín', red_descripcion: 'Clavos y alambre',
    cec_codigo: 'CC-MF-01', tid_descripcion: tipos_documento[0].tid_descripcion, red_tipo_documento: tipos_documento[0].tid_id,
    red_serie: 'B001', red_numero: numero, red_importe: importe,
  });
  const numero = String(Date.now()).slice(-7);
  await apiPost(request, estandar, '/rendicion/registrar', { caj_id: cajId, lista_rendicion_detalle: [documento(`${numero}1`, '800'), documento(`${numero}2`, '500.00')] });
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
  const adjunto = await request.post('/api/rendicion/adjuntarPdf', {
    headers: estandar.headers,
    multipart: { caj_id: String(cajId), file: { name: 'sustento.pdf', mimeType: 'application/pdf', buffer: pdf } },
  });
  expect(adjunto.ok(), await adjunto.text()).toBeTruthy();
  await page.reload();
  await expect(page.getByTestId('rendicion-total')).toHaveText('S/ 1,300.00');
  await expect(page.getByTestId('rendicion-saldo')).toHaveText('S/ 49.50 a favor del solicitante');
  const documentos = page.getByRole('table', { name: 'Documentos de la rendición' });
  await expect(documentos.getByRole('row')).toHaveCount(3);
  await expect(documentos.getByRole('row').nth(1)).toContainText('Ferretería San Martín');
  await expect(documentos.getByRole('row').nth(1)).toContainText('S/ 800.00');
  await shot(page, 'caja-detalle-rendicion');
  // The attached PDF opens in a new tab, fetched with the session's token.
  const tab = page.context().waitForEvent('page');
  await page.getByRole('button', { name: /sustento\.pdf/ }).click();
  await expect.poll(async () => (await tab).url()).toMatch(/^blob:/);
  await (await tab).close();

  row = await buscar(page, codigo);
  await expect(row).toContainText('Depositado / por rendir');
  await page.getByRole('button', { name: `Rendición ${codigo}`, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/rendicion/new/${cajId}/${codigo}$`));
});

test('a disapproved cash box shows the reason; the requester edits it and asks again', async ({ page, request }) => {
  const caja = await crearCaja(request, `Caja observada ${RUN}`, true);
  await login(page, 'gerencia@andina.pe');
  await page.goto(`/caja/view/${caja.caj_id}`);
  await boton(page, 'Desaprobar').click();
  const popup = page.getByRole('dialog', { name: `Desaprobar la caja ${caja.caj_codigo}` });
  await popup.getByLabel('Motivo').fill('Falta el sustento del monto');
  await shot(page, 'caja-desaprobar');
  await popup.getByRole('button', { name: 'Desaprobar' }).click();
  await expect(page.getByText('Se desaprobó la caja')).toBeVisible();
  await expect(tag(page, 'Desaprobada')).toBeVisible();

  await relogin(page, 'estandar@andina.pe');
  const row = await buscar(page, caja.caj_codigo);
  await expect(row).toContainText('Desaprobada');
  await row.getByRole('button', { name: `Ver ${caja.caj_codigo}` }).click();
  await expect(page.getByText('Falta el sustento del monto').first()).toBeVisible();
  await boton(page, 'Editar').click();
  await page.getByLabel(field('Título')).fill(`Caja observada corregida ${RUN}`);
  await boton(page, 'Guardar').click();
  await expect(page.getByText('Se editó la caja')).toBeVisible();
  await page.goto(`/caja/view/${caja.caj_id}`);
  await boton(page, 'Solicitar aprobación').click();
  await confirm(page, '¿Desea solicitar la aprobación de la caja?', 'Solicitar aprobación');
  await expect(tag(page, 'Por aprobar')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Historial de la caja' }).getByRole('row').filter({ hasText: 'Desaprobada' })).toContainText('Falta el sustento del monto');
});

test('a cash box is cancelled after the question; the reports download as xlsx', async ({ page, request }) => {
  const caja = await crearCaja(request, `Caja a cancelar ${RUN}`, false);
  await login(page, 'estandar@andina.pe');
  const row = await buscar(page, caja.caj_codigo);
  const cancelar = async () => {
    const direct = page.getByRole('button', { name: `Cancelar ${caja.caj_codigo}` });
    if (await direct.count()) return direct.click();
    await page.getByRole('button', { name: `Más acciones ${caja.caj_codigo}` }).click();
    await page.getByRole('menuitem', { name: 'Cancelar' }).click();
  };
  await cancelar();
  await confirm(page, '¿Está seguro de cancelar la caja?', 'No');
  await expect(row).toContainText('Registrada');
  await cancelar();
  await confirm(page, '¿Está seguro de cancelar la caja?', 'Cancelar caja');
  await expect(page.getByText('Se canceló la caja')).toBeVisible();
  await expect(row).toContainText('Cancelada');
  // Only Ver is left.
  await expect(row.getByRole('button')).toHaveCount(1);

  // The status filter searches at once.
  await page.getByRole('combobox', { name: 'Estado' }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="Registrada"]').click();
  await expect(page.getByText('No se encontraron cajas')).toBeVisible();

  for (const [nombre, archivo] of [['Reporte de cajas', /^reporte-cajas-.*\.xlsx$/], ['Reporte de rendiciones', /^reporte-rendiciones-.*\.xlsx$/]] as const) {
    const download = page.waitForEvent('download');
    await boton(page, nombre).click();
    expect((await download).suggestedFilename()).toMatch(archivo);
  }
});

test('the read-only role sees the list and the detail without actions', async ({ page, request }) => {
  const caja = await crearCaja(request, `Caja consultada ${RUN}`, false);
  await login(page, 'visualizador@andina.pe');
  await buscar(page, caja.caj_codigo);
  await expect(boton(page, 'Nueva caja')).toHaveCount(0);
  await expect(page.getByRole('button', { name: `Editar ${caja.caj_codigo}` })).toHaveCount(0);
  await page.goto(`/caja/view/${caja.caj_id}`);
  await expect(page.getByRole('heading', { name: `Caja ${caja.caj_codigo}` })).toBeVisible();
  await expect(boton(page, 'Editar')).toHaveCount(0);
  await expect(boton(page, 'Cancelar')).toHaveCount(0);
});

test('the settlement is requested, disapproved with a reason, requested again and approved from the detail', async ({ page, request }) => {
  const caja = await cajaDepositada(request, `Caja rendida ${RUN}`);
  await login(page, 'estandar@andina.pe');
  await page.goto(`/caja/view/${caja.caj_id}`);
  await expect(page.getByTestId('rendicion-saldo')).toHaveText('S/ 99.50');
  const solicitar = async () => {
    await boton(page, 'Solicitar aprobación de rendición').click();
    await confirm(page, '¿Desea solicitar la aprobación de la rendición?', 'Solicitar aprobación de rendición');
    await expect(tag(page, 'Rendición por aprobar')).toBeVisible();
    await expect(boton(page, 'Rendición')).toHaveCount(0);
  };
  await solicitar();

  await relogin(page, 'gerencia@andina.pe');
  await page.goto(`/caja/view/${caja.caj_id}`);
  await expect(boton(page, 'Aprobar rendición')).toBeVisible();
  // Escape closes the reason's popup untouched.
  await boton(page, 'Desaprobar rendición').click();
  const popup = page.getByRole('dialog', { name: `Desaprobar la rendición de la caja ${caja.caj_codigo}` });
  await expect(popup).toBeVisible();
  await closeWithEscape(page, popup);
  await boton(page, 'Desaprobar rendición').click();
  await popup.getByLabel('Motivo').fill('Falta la boleta de la movilidad');
  await popup.getByRole('button', { name: 'Desaprobar' }).click();
  await expect(page.getByText('Se desaprobó la rendición')).toBeVisible();
  await expect(tag(page, 'Rendición desaprobada')).toBeVisible();

  await relogin(page, 'estandar@andina.pe');
  await page.goto(`/caja/view/${caja.caj_id}`);
  await expect(page.getByText('Falta la boleta de la movilidad').first()).toBeVisible();
  await expect(boton(page, 'Rendición')).toBeVisible();
  await solicitar();

  await relogin(page, 'gerencia@andina.pe');
  await page.goto(`/caja/view/${caja.caj_id}`);
  await boton(page, 'Aprobar rendición').click();
  await confirm(page, '¿Desea aprobar la rendición?', 'Aprobar rendición');
  await expect(page.getByText('Se aprobó la rendición')).toBeVisible();
  await expect(tag(page, 'Rendición aprobada')).toBeVisible();
  // Approved: locked, nothing left to do but go back.
  await expect(page.getByRole('main').getByRole('button')).toHaveCount(1);
  await shot(page, 'caja-rendicion-aprobada');
});

/** Issue 24: a cash box of S/ 300.00 whose approved settlement adds up to S/ 380.50, S/ 80.50 owed to the requester. */
async function cajaAFavorDelSolicitante(request: APIRequestContext, titulo: string): Promise<Fila> {
  const caja = await crearCaja(request, titulo, true);
  const id = { caja: { caj_id: caja.caj_id } };
  const gerencia = await apiLogin(request, 'gerencia@andina.pe');
  const estandar = await apiLogin(request, 'estandar@andina.pe');
  await apiPost(request, gerencia, '/caja/aprobar', id);
  await apiPost(request, await apiLogin(request, 'tesoreria@andina.pe'), '/caja/depositar', { caja: { caj_id: caja.caj_id, caj_numero_operacion: 'OP-1' } });
  const { tipos_documento: [tipo] } = await apiPost<{ tipos_documento: { tid_id: number; tid_descripcion: string }[] }>(request, estandar, '/caja/cargarDatos', {});
  const numero = String(Date.now()).slice(-7);
  await apiPost(request, estandar, '/rendicion/registrar', {
    caj_id: caja.caj_id,
    lista_rendicion_detalle: ['250.00', '130.50'].map((importe, i) => ({
      red_fecha: limaDate(), red_dni_ruc: '40000008', red_razon_social: 'Ferretería San Martín', red_descripcion: 'Clavos y alambre', cec_codigo: 'CC-MF-01',
      tid_descripcion: tipo.tid_descripcion, red_tipo_documento: tipo.tid_id, red_serie: 'B003', red_numero: `${numero}${i}`, red_importe: importe,
    })),
  });
  await apiPost(request, estandar, '/rendicion/solicitarAprobacionRendicion', id);
  await apiPost(request, gerencia, '/rendicion/aprobar', id);
  return caja;
}

test('a settlement owed to the requester is reimbursed by treasury with its voucher, and the cash box closes', async ({ page, request }) => {
  const caja = await cajaAFavorDelSolicitante(request, `Caja a favor ${RUN}`);
  // The requester sees what is owed, but the reimbursement is treasury's.
  await login(page, 'estandar@andina.pe');
  await page.goto(`/caja/view/${caja.caj_id}`);
  await expect(page.getByTestId('rendicion-saldo')).toHaveText('S/ 80.50 a favor del solicitante');
  await expect(page.getByTestId('caja-saldo-pendiente')).toContainText('pendiente del reembolso de Tesorería');
  await expect(boton(page, 'Registrar reembolso')).toHaveCount(0);

  await relogin(page, 'tesoreria@andina.pe');
  // The settlement screen says what is pending and offers treasury the reimbursement too.
  await page.goto(`/rendicion/new/${caja.caj_id}/${caja.caj_codigo}`);
  await expect(page.getByTestId('caja-saldo-pendiente').getByRole('button', { name: /Registrar reembolso/ })).toBeVisible();
  await shot(page, 'rendicion-saldo-pendiente');
  await page.goto(`/caja/view/${caja.caj_id}`);
  await expect(tag(page, 'Rendición aprobada')).toBeVisible();
  await boton(page, 'Registrar reembolso').first().click();
  const popup = page.getByRole('dialog', { name: `Reembolso al solicitante · caja ${caja.caj_codigo}` });
  await expect(popup).toBeVisible();
  await expect(popup.getByText('Saldo de la rendición: S/ 80.50 a favor del solicitante')).toBeVisible();
  await expect(popup.getByLabel('Monto')).toHaveValue('80.50');
  // Without a voucher nothing is sent.
  await popup.getByRole('button', { name: 'Registrar reembolso' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Debe adjuntar el voucher de la operación' })).toBeVisible();
  await popup.getByLabel('N° de operación').fill('BCP-558812');
  await popup.locator('input[type=file]').setInputFiles({ name: 'voucher-bcp.pdf', mimeType: 'application/pdf', buffer: pdfMinimo('Voucher BCP 558812') });
  await expect(popup.getByTestId('voucher-nombre')).toHaveText('voucher-bcp.pdf');
  await shot(page, 'caja-reembolso');
  await popup.getByRole('button', { name: 'Registrar reembolso' }).click();
  await confirm(page, '¿Confirma el reembolso de S/ 80.50 a Ana Vargas Lozano? La caja quedará cerrada.', 'Registrar reembolso');
  await expect(page.getByText('Se registró el reembolso y la caja quedó cerrada')).toBeVisible();
  await expect(popup).toBeHidden();

  // Closed: its state, the reimbursement with the voucher, the history row; no action left.
  await expect(tag(page, 'Reembolsada (cerrada)').first()).toBeVisible();
  await expect(page.getByTestId('caja-cierre')).toContainText('Reembolso al solicitante: S/ 80.50');
  await expect(page.getByTestId('caja-cierre')).toContainText('Op. BCP-558812');
  await expect(page.getByTestId('caja-cierre').getByRole('button', { name: /voucher-bcp\.pdf/ })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Historial de la caja' }).getByRole('row').filter({ hasText: 'Reembolsada (cerrada)' }))
    .toContainText('Reembolso de S/ 80.50');
  await expect(boton(page, 'Registrar reembolso')).toHaveCount(0);
  // The balance is settled.
  await expect(page.getByTestId('rendicion-saldo')).toHaveText('S/ 0.00');
  await shot(page, 'caja-reembolsada');

  // The list shows the new state.
  const row = await buscar(page, caja.caj_codigo);
  await expect(tag(row, 'Reembolsada (cerrada)')).toBeVisible();
});

test('the manager offered for a new cash box is the approver of its project, never the system administrator', async ({ page }) => {
  await login(page, 'estandar@andina.pe');
  await page.goto('/caja/new');
  await expect(page.getByRole('heading', { name: 'Caja chica - Nueva' })).toBeVisible();
  await expect(page.getByLabel(field('Gerente'))).toBeDisabled();
  await choose(page, 'Centro de costo', 'CC-MF');
  // The requester's manager is put in by itself.
  await expect(page.locator('.ant-form-item').filter({ hasText: 'Gerente' })).toContainText('Carlos Mendoza Ríos');
  await page.getByLabel(field('Gerente')).click();
  const opciones = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(opciones.first()).toBeVisible();
  await expect(opciones.filter({ hasText: 'Administrador del Sistema' })).toHaveCount(0);
  await shot(page, 'caja-form-gerentes');
});
