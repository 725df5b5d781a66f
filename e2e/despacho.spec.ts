import { CONDUCTOR_MSG, ENVIO_MSG, MIXER_MSG, type EnvioPagina } from '@obra/domain';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiLogin, apiPost } from './api';
import { login, shot } from './helpers';
import { confirmar, elegir, toast } from './orden-venta-pasos';

/**
 * Issue 14 "Playwright" (spec 3 §2 "Dispatches", "Mixers", §4, §5, §8): two mixers registered and one
 * modified; three dispatches of the approved demo order scheduled on them (loading and return shown
 * by the domain's formulas, a departure after the delivery refused, an overlapping window refused by
 * the server), seen on the day timeline, one advanced to en_ruta with its sender guide generated on
 * the way (issue 23: asked for by the change of state, the weight from the product, a driver with
 * DNI and licence registered in the guide popup), opened and downloaded, another cancelled and the
 * line's balance back.
 */

test.use({ viewport: { width: 1366, height: 768 } });
test.describe.configure({ mode: 'serial' });

const ADMIN = 'administracion@andina.pe';
const CLIENTE = 'Consorcio Vial Lima Norte';
const CONCRETO = "Concreto para pavimentos f'c 280 kg/cm²";
const MIXER_A = 'Mixer Norte 01';
const MIXER_B = 'Mixer Norte 02';

async function registrarMixer(page: Page, nombre: string, placa: string, capacidad: string) {
  await page.getByRole('button', { name: 'Registrar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Registrar Mixer' });
  await dialog.getByLabel('Nombre').fill(nombre);
  await dialog.getByLabel('Placa').fill(placa);
  await dialog.getByLabel('Capacidad (m³)').fill(capacidad);
  await dialog.getByRole('button', { name: 'Registrar' }).click();
  return dialog;
}

test('mixers: register, a repeated plate refused, modify, filter', async ({ page }) => {
  await login(page, ADMIN);
  await page.goto('/mixers');
  await expect(page.getByRole('heading', { name: 'Mixers' })).toBeVisible();

  // Nothing filled: the domain's text.
  await page.getByRole('button', { name: 'Registrar' }).click();
  let dialog = page.getByRole('dialog', { name: 'Registrar Mixer' });
  await dialog.getByRole('button', { name: 'Registrar' }).click();
  await expect(toast(page, MIXER_MSG.falta)).toBeVisible();
  await dialog.getByRole('button', { name: 'Cerrar' }).click();
  await expect(dialog).toBeHidden();

  dialog = await registrarMixer(page, MIXER_A, 'mxa-101', '8');
  await expect(dialog).toBeHidden();
  dialog = await registrarMixer(page, MIXER_B, 'MXB-102', '9');
  await expect(dialog).toBeHidden();
  // The plate is unique ignoring case: refused, the popup stays open.
  dialog = await registrarMixer(page, 'Mixer repetido', 'MXA-101', '7');
  await expect(toast(page, MIXER_MSG.placaRepetida('MXA-101'))).toBeVisible();
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Capacidad (m³)').fill('0');
  await dialog.getByLabel('Placa').fill('MXC-103');
  await dialog.getByRole('button', { name: 'Registrar' }).click();
  await expect(toast(page, MIXER_MSG.capacidad)).toBeVisible();
  await dialog.getByRole('button', { name: 'Cerrar' }).click();
  await page.getByRole('dialog', { name: '¿Descartar los cambios?' }).getByRole('button', { name: 'Descartar' }).click();

  // Filter by plate (Enter searches) and modify the capacity.
  const filtros = page.getByRole('search', { name: 'Filtros' });
  await filtros.getByLabel('Placa').fill('MXB');
  await filtros.getByLabel('Placa').press('Enter');
  const fila = page.locator('tr.ant-table-row', { hasText: MIXER_B });
  await expect(page.locator('tr.ant-table-row')).toHaveCount(1);
  await fila.getByRole('button', { name: `Modificar ${MIXER_B}` }).click();
  dialog = page.getByRole('dialog', { name: 'Modificar Mixer' });
  await expect(dialog.getByLabel('Placa')).toHaveValue('MXB-102');
  await dialog.getByLabel('Capacidad (m³)').fill('10');
  await dialog.getByRole('button', { name: 'Modificar' }).click();
  await expect(toast(page, MIXER_MSG.modificado)).toBeVisible();
  await expect(fila).toContainText('10.00');
  await shot(page, 'despacho-mixers');
});

/** The dispatch row of the list whose delivery time is `hora`. */
const filaEnvio = (page: Page, hora: string) => page.locator('tr.ant-table-row', { hasText: CONCRETO }).filter({ has: page.getByRole('cell', { name: hora, exact: true }) });
const codigoDe = async (fila: Locator) => (await fila.locator('td').first().innerText()).trim();

async function abrirProgramar(page: Page) {
  await page.getByRole('tab', { name: 'Pedidos de venta' }).click();
  const fila = page.locator('tr.ant-table-row', { hasText: CLIENTE });
  await fila.getByRole('button', { name: /^Programar pedido/ }).click();
  const dialog = page.getByRole('dialog', { name: /^Programar envíos del pedido/ });
  await expect(dialog.getByText(CLIENTE)).toBeVisible();
  return dialog;
}

test('schedules three dispatches on two mixers and sees them on the timeline', async ({ page, request }) => {
  await login(page, ADMIN);
  await page.goto('/envios');
  await expect(page.getByRole('heading', { name: 'Envíos' })).toBeVisible();

  // An order not approved nor paid may not ship.
  await page.locator('tr.ant-table-row', { hasText: 'María Elena Quispe Condori' }).getByRole('button', { name: /^Programar pedido/ }).click();
  await expect(toast(page, ENVIO_MSG.noDespachable)).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  const dialog = await abrirProgramar(page);
  const linea = dialog.getByRole('region', { name: `Línea ${CONCRETO}` });
  await expect(linea.getByLabel(`Saldo ${CONCRETO}`)).toHaveText('60');
  // Choosing a mixer caps the quantity at its capacity; the next row keeps the mixer, its capacity and
  // proposes the delivery one frequency (60 min) later with the same departure gap.
  const agregar = () => linea.getByRole('button', { name: 'Agregar envío' }).click();
  await agregar();
  await expect(linea.getByLabel('Cantidad 1')).toHaveValue('60');
  await expect(linea.getByLabel('Hora de entrega 1')).toHaveValue('06:30');
  await expect(linea.getByLabel('Hora de salida 1')).toHaveValue('06:00');
  await expect(linea.getByLabel('Frecuencia 1')).toHaveValue('60');
  await elegir(page, linea.getByLabel('Mixer 1'), MIXER_A);
  await expect(linea.getByLabel('Cantidad 1')).toHaveValue('8');
  await agregar();
  await expect(linea.getByLabel('Hora de entrega 2')).toHaveValue('07:30');
  await expect(linea.getByLabel('Hora de salida 2')).toHaveValue('07:00');
  await expect(linea.getByLabel('Cantidad 2')).toHaveValue('8');
  await elegir(page, linea.getByLabel('Mixer 2'), MIXER_B);
  await agregar();
  await expect(linea.getByLabel('Hora de entrega 3')).toHaveValue('08:30');
  await expect(linea.getByLabel('Cantidad 3')).toHaveValue('10');
  await elegir(page, linea.getByLabel('Mixer 3'), MIXER_A);
  await expect(linea.getByLabel('Cantidad 3')).toHaveValue('8');
  await expect(linea.getByLabel(`Saldo ${CONCRETO}`)).toHaveText('36');
  // loading = 06:00 − 1.5 × 8 − 10 = 05:38; return = 06:30 + 30 + 2.5 × 8 = 07:20.
  await expect(linea.getByLabel('Horas 1')).toHaveText('Carguío 05:38 · Retorno 07:20');
  await expect(linea.getByLabel('Horas 2')).toHaveText('Carguío 06:38 · Retorno 08:20');
  await page.screenshot({ path: 'test-results/screens/despacho-programar-filas.png' });

  // A departure at the delivery time: the spec's message, and the server is not asked.
  await linea.getByLabel('Hora de salida 1').fill('06:30');
  await expect(linea.getByText(ENVIO_MSG.horaSalida)).toBeVisible();
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(toast(page, ENVIO_MSG.horaSalida)).toBeVisible();
  await linea.getByLabel('Hora de salida 1').fill('06:00');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(toast(page, ENVIO_MSG.programados(3))).toBeVisible();
  await expect(dialog).toBeHidden();

  // The same window on mixer A again: refused by the server, the popup stays open.
  const otra = await abrirProgramar(page);
  const linea2 = otra.getByRole('region', { name: `Línea ${CONCRETO}` });
  await expect(linea2.getByLabel(`Saldo ${CONCRETO}`)).toHaveText('36');
  await linea2.getByRole('button', { name: 'Agregar envío' }).click();
  await elegir(page, linea2.getByLabel('Mixer 1'), MIXER_A);
  await otra.getByRole('button', { name: 'Guardar' }).click();
  await expect(toast(page, ENVIO_MSG.mixerOcupado(MIXER_A))).toBeVisible();
  await expect(otra).toBeVisible();
  await otra.locator('.ant-modal-footer').getByRole('button', { name: 'Cerrar' }).click();
  await page.getByRole('dialog', { name: '¿Descartar los cambios?' }).getByRole('button', { name: 'Descartar' }).click();
  await expect(otra).toBeHidden();

  // The timeline of today: two blocks on mixer A, one on B, 1 px per minute from loading to return.
  await page.getByRole('tab', { name: 'Despachos x Mixers' }).click();
  const grid = page.getByRole('region', { name: 'Despachos x Mixers' });
  await expect(grid.getByRole('list', { name: `Mixer ${MIXER_A}` }).getByRole('button', { name: new RegExp(CLIENTE) })).toHaveCount(2);
  await expect(grid.getByRole('list', { name: `Mixer ${MIXER_B}` }).getByRole('button', { name: new RegExp(CLIENTE) })).toHaveCount(1);
  const primero = grid.getByRole('list', { name: `Mixer ${MIXER_A}` }).getByRole('button').first();
  await expect(primero).toHaveCSS('top', `${5 * 60 + 38}px`);
  await expect(primero).toHaveCSS('height', `${102}px`);
  await expect(primero).toContainText('Carguío 05:38 · Retorno 07:20');
  await primero.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screens/despacho-timeline.png' });

  // Another dispatcher (gerencia, through the API) loads the 07:30 one: the grid follows by itself.
  const gerencia = await apiLogin(request, 'gerencia@andina.pe');
  const { page: lista } = await apiPost<EnvioPagina>(request, gerencia, '/envio/buscar', { envio: { cli_search: CLIENTE, page: { number: 1, size: 10 } } });
  const segundo = lista.list.find((e) => e.env_fecha_hora_envio.slice(11, 16) === '07:30')!;
  await apiPost(request, gerencia, '/envio/cambiarSecuenciaEstado', { envio: { env_id: segundo.env_id } });
  await expect(grid.getByRole('list', { name: `Mixer ${MIXER_B}` }).getByRole('button').first()).toContainText('En carguío', { timeout: 25_000 });

  await primero.click();
  const ver = page.getByRole('dialog', { name: /^Envío / });
  await expect(ver.getByText(CONCRETO)).toBeVisible();
  await ver.locator('.ant-modal-footer').getByRole('button', { name: 'Cerrar' }).click();
});

test('the guide before the truck leaves: asked for on the way to en_ruta, generated with the driver\'s licence and the weight, opened and downloaded; cancels another and the balance comes back', async ({ page }) => {
  await login(page, ADMIN);
  await page.goto('/envios');
  await page.getByRole('tab', { name: 'Envíos' }).click();
  const fila = filaEnvio(page, '06:30');
  await expect(fila).toHaveCount(1);
  const codigo = await codigoDe(fila);

  await fila.getByRole('button', { name: `Cambiar estado ${codigo}` }).click();
  await confirmar(page, '¿Está seguro de cambiar el estado del envío?', 'Cambiar');
  await expect(fila).toContainText('En carguío');
  // Cancel only in programado: not offered any more.
  await expect(fila.getByRole('button', { name: `Cancelar ${codigo}` })).toHaveCount(0);

  // On to en_ruta without a guide: the question names the state and offers the guide first.
  await fila.getByRole('button', { name: `Cambiar estado ${codigo}` }).click();
  const pregunta = page.getByRole('dialog').filter({ hasText: '¿Está seguro de cambiar el estado del envío?' });
  await expect(pregunta).toContainText(ENVIO_MSG.guiaFalta('En ruta'));
  await pregunta.getByRole('button', { name: /Generar guía$/ }).click();

  const guia = page.getByRole('dialog', { name: /^Generar guía de remisión remitente/ });
  // 8 m³ × 2 400 kg: the weight comes from the product, editable.
  await expect(guia.getByLabel('Peso bruto total')).toHaveValue('19200');
  await guia.getByRole('button', { name: 'Buscar' }).click();
  await expect(toast(page, ENVIO_MSG.conductorReferencia)).toBeVisible();
  await guia.getByRole('button', { name: 'Nuevo conductor' }).click();
  await guia.getByLabel('Nombre', { exact: true }).fill('Julio César');
  await guia.getByLabel('Apellido', { exact: true }).fill('Ramos Soto');
  await guia.getByLabel('Placa', { exact: true }).fill('B7X-552');
  await guia.getByLabel('N° de documento', { exact: true }).fill('43218765');
  await guia.getByLabel('Licencia', { exact: true }).fill('q43218765');
  await guia.getByRole('button', { name: 'Registrar' }).click();
  await expect(toast(page, CONDUCTOR_MSG.registrado)).toBeVisible();
  await expect(guia.getByRole('radio', { name: /Julio César Ramos Soto/ })).toBeChecked();
  await expect(guia).toContainText('Licencia Q43218765 · DNI 43218765');
  await guia.getByLabel('Peso bruto total').fill('19350.5');
  await guia.getByRole('button', { name: 'Generar guía' }).click();
  await confirmar(page, '¿Desea continuar con la generación de la guía de remisión remitente?', 'Generar');
  await expect(guia).toBeHidden();
  await expect(fila.getByRole('button', { name: `Generar guía ${codigo}` })).toHaveCount(0);

  // With its guide, the truck leaves without the question about it.
  await fila.getByRole('button', { name: `Cambiar estado ${codigo}` }).click();
  await expect(page.getByRole('dialog').filter({ hasText: '¿Está seguro de cambiar el estado del envío?' })).toContainText('El envío pasará a en ruta.');
  await confirmar(page, '¿Está seguro de cambiar el estado del envío?', 'Cambiar');
  await expect(fila).toContainText('En ruta');

  // The view: the history and the guide with its driver's licence and weight; the demo checks it
  // locally (its PDF says so), and the signed XML downloads under SUNAT's name.
  await fila.getByRole('button', { name: `Ver ${codigo}` }).click();
  const ver = page.getByRole('dialog', { name: `Envío ${codigo}` });
  const historial = ver.getByRole('table', { name: 'Historial de estados' });
  for (const e of ['Programado', 'En carguío', 'En ruta']) await expect(historial).toContainText(e);
  const guias = ver.getByRole('table', { name: 'Guías de remisión' });
  await expect(guias).toContainText('Licencia Q43218765');
  await expect(guias).toContainText('19,350.5 kg');
  const boton = ver.getByRole('button', { name: /^Ver guía T001-/ });
  await expect(boton).toBeVisible();
  // Each click answers either the PDF in a new tab or the toast that SUNAT has not answered yet,
  // whichever comes (the worker checks the guide within seconds); the same toast is shown again in
  // place, so the next click waits for the last one to close.
  let pdf: Page | null = null;
  const aviso = toast(page, /aun no ha sido aceptada por SUNAT/);
  for (let i = 0; i < 10 && !pdf; i++) {
    await expect(aviso).toHaveCount(0, { timeout: 15_000 });
    const abierta = page.waitForEvent('popup', { timeout: 20_000 }).catch(() => null);
    await boton.click();
    pdf = await Promise.race([abierta, aviso.waitFor({ state: 'visible', timeout: 20_000 }).then(() => null)]);
  }
  expect(pdf).not.toBeNull();
  await expect.poll(() => pdf!.url()).toMatch(/^blob:/);
  await pdf!.close();
  const descarga = page.waitForEvent('download');
  await ver.getByRole('button', { name: /^XML de la guía T001-/ }).click();
  expect((await descarga).suggestedFilename()).toMatch(/^\d{11}-09-T001-\d{8}\.xml$/);
  await ver.locator('.ant-modal-footer').getByRole('button', { name: 'Cerrar' }).click();

  // Cancel the 08:30 one (programado): its 8 m³ go back to the line's balance (36 → 44).
  const otra = filaEnvio(page, '08:30');
  const otroCodigo = await codigoDe(otra);
  await otra.getByRole('button', { name: `Cancelar ${otroCodigo}` }).click();
  await confirmar(page, '¿Está seguro de cancelar el envío?', 'Cancelar envío');
  await expect(otra).toContainText('Cancelado');
  await shot(page, 'despacho-envios');
  const dialog = await abrirProgramar(page);
  await expect(dialog.getByRole('region', { name: `Línea ${CONCRETO}` }).getByLabel(`Saldo ${CONCRETO}`)).toHaveText('44');
  await shot(page, 'despacho-programar');
});

test('reschedules the order of a programado dispatch with a new dispatch; drivers maintenance; a VISUALIZADOR changes nothing', async ({ page }) => {
  await login(page, ADMIN);
  await page.goto('/envios');

  // A demo dispatch still programado (order at Av. Primavera): Reprogramar adds a new one only.
  await page.getByRole('tab', { name: 'Envíos' }).click();
  await page.locator('tr.ant-table-row', { hasText: 'Av. Primavera' }).getByRole('button', { name: /^Reprogramar / }).first().click();
  const repro = page.getByRole('dialog', { name: /^Reprogramar envíos del pedido/ });
  await expect(repro.getByText(/Ya programados: ENV-/).first()).toBeVisible();
  const lineaR = repro.getByRole('region').first();
  await lineaR.getByRole('button', { name: 'Agregar envío' }).click();
  await elegir(page, lineaR.getByLabel('Mixer 1'), MIXER_B);
  await lineaR.getByLabel('Hora de entrega 1').fill('15:00');
  await lineaR.getByLabel('Hora de salida 1').fill('14:30');
  await lineaR.getByLabel('Cantidad 1').fill('2');
  await repro.getByRole('button', { name: 'Guardar' }).click();
  await expect(toast(page, ENVIO_MSG.reprogramado)).toBeVisible();
  await expect(repro).toBeHidden();
  await expect(page.locator('tr.ant-table-row', { hasText: 'Av. Primavera' }).filter({ has: page.getByRole('cell', { name: '15:00', exact: true }) })).toHaveCount(1);

  await page.getByRole('button', { name: 'Conductores' }).click();
  const dialog = page.getByRole('dialog', { name: 'Conductores' });
  await dialog.getByRole('button', { name: 'Nuevo conductor' }).click();
  await dialog.getByRole('button', { name: 'Registrar' }).click();
  await expect(toast(page, CONDUCTOR_MSG.falta)).toBeVisible();
  await dialog.getByLabel('Nombre').fill('Rosa');
  await dialog.getByLabel('Apellido').fill('Quispe Lazo');
  await dialog.getByRole('button', { name: 'Registrar' }).click();
  await expect(toast(page, CONDUCTOR_MSG.registrado)).toBeVisible();
  await dialog.getByLabel('Buscar conductor').fill('Quispe Lazo');
  await dialog.getByLabel('Buscar conductor').press('Enter');
  await expect(dialog.locator('tr.ant-table-row')).toHaveCount(1);
  await dialog.getByRole('button', { name: 'Modificar Rosa Quispe Lazo' }).click();
  await dialog.getByLabel('Placa').fill('C4D-881');
  await dialog.getByRole('button', { name: 'Modificar', exact: true }).click();
  await expect(toast(page, CONDUCTOR_MSG.modificado)).toBeVisible();
  await expect(dialog.locator('tr.ant-table-row')).toContainText('C4D-881');
  await dialog.locator('.ant-modal-footer').getByRole('button', { name: 'Cerrar' }).click();

  await login(page, 'visualizador@andina.pe');
  await page.goto('/envios');
  await expect(page.locator('tr.ant-table-row', { hasText: CLIENTE })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Programar pedido/ })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Envíos' }).click();
  await expect(page.locator('tr.ant-table-row', { hasText: CONCRETO }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: /^Cambiar estado/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Cancelar ENV/ })).toHaveCount(0);
});
