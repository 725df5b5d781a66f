import { ENVIO_MSG, type EnvioDetalle, type EnvioPagina } from '@obra/domain';
import { expect, test, type Locator } from '@playwright/test';
import { apiLogin, apiPost } from './api';
import { login, shot } from './helpers';

/**
 * Issue 24 on the demo data: services are not mixer loads (the pumping of the demo's first order is
 * named but offers no dispatch; the product form says whether a product goes by mixer), the drivers'
 * list shows each value under its own header (a licence sent as the spec's `cdt_placa` shows as the
 * licence), and the day timeline opens at the day's first dispatch (06:00 on a day without any),
 * saying in plain words how it refreshes.
 */

test.use({ viewport: { width: 1366, height: 768 } });
test.describe.configure({ mode: 'serial' });

const ADMIN = 'administracion@andina.pe';
/** The demo's first order: 24 m³ of f'c 210, partly dispatched, and 4 hours of boom pumping. */
const LOS_ANDES = 'Constructora Los Andes del Pacífico S.A.C.';
const PLUMA = 'Servicio de bomba pluma (por hora)';
const BOMBEO = 'Servicio de bombeo de concreto (por m³)';

/** Today in Lima as 'dd-mm-yyyy', plus `dias`. */
const diaLima = (dias = 0) => new Intl.DateTimeFormat('es-PE', { timeZone: 'America/Lima', day: '2-digit', month: '2-digit', year: 'numeric' })
  .format(new Date(Date.now() + dias * 86_400_000)).replaceAll('/', '-');

/** The cell of `fila` under the header `titulo` of its table. */
async function celda(tabla: Locator, fila: Locator, titulo: string) {
  await expect(fila).toBeVisible();
  const titulos = (await tabla.locator('thead th').allInnerTexts()).map((t) => t.trim());
  expect(titulos).toContain(titulo);
  return fila.locator('td').nth(titulos.indexOf(titulo));
}

test('a pumping service needs no dispatch: the product says so and the schedule popup offers only the concrete', async ({ page, request }) => {
  const admin = await apiLogin(request, ADMIN);
  // The API refuses a dispatch of the pumping line.
  // The demo order of Los Andes with the pumping line (other flows of the run add orders of that client).
  const { page: envios } = await apiPost<EnvioPagina>(request, admin, '/envio/buscar', { envio: { cli_search: 'Los Andes', page: { number: 1, size: 50 } } });
  type Detalle = { lista_orden_venta_detalle: { ovd_id: number; ovd_producto: string; ovd_saldo_envio: string; pvt_despacho_mixer: boolean }[] };
  let ovtId = 0;
  let orden: Detalle | null = null;
  for (const id of [...new Set(envios.list.map((e) => e.ovt_id))]) {
    const o = await apiPost<Detalle>(request, admin, '/ordenVenta/obtener', { orden_venta: { ovt_id: id } });
    if (o.lista_orden_venta_detalle.some((l) => l.ovd_producto === PLUMA)) {
      [ovtId, orden] = [id, o];
      break;
    }
  }
  expect(orden, 'el pedido de demostración con bombeo').toBeTruthy();
  const pluma = orden!.lista_orden_venta_detalle.find((l) => l.ovd_producto === PLUMA)!;
  expect(pluma).toMatchObject({ pvt_despacho_mixer: false, ovd_saldo_envio: '0' });
  const res = await request.post('/api/envio/registrarEnvios', {
    headers: admin.headers,
    data: { lista_envio: [{ ovt_id: ovtId, ovd_id: pluma.ovd_id, mix_id: envios.list[0].mix_id, env_cantidad: '1', env_fecha_hora_salida: `${diaLima(3)} 08:00`, env_fecha_hora_envio: `${diaLima(3)} 08:30` }] },
  });
  expect(res.status()).toBe(400);
  expect((await res.json()).message).toBe(ENVIO_MSG.lineaSinDespacho(PLUMA));

  await login(page, ADMIN);
  await page.goto('/envios');
  await page.getByRole('button', { name: `Programar pedido ${ovtId}`, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: /^Programar envíos del pedido/ });
  await expect(dialog.getByRole('region', { name: /^Línea Concreto premezclado f'c 210/ })).toBeVisible();
  await expect(dialog.getByRole('region', { name: `Línea ${PLUMA}` })).toHaveCount(0);
  await expect(dialog.getByLabel('Líneas sin despacho')).toHaveText(`No requieren despacho (no van en mixer): ${PLUMA} (4 HR)`);
  await shot(page, 'despacho-servicios-programar');
  await dialog.locator('.ant-modal-footer').getByRole('button', { name: 'Cerrar' }).click();
  await expect(dialog).toBeHidden();

  // The catalogue: the pumping product does not go by mixer, and the form says it.
  await page.goto('/productoVenta');
  await expect(await celda(page.locator('.ant-table').first(), page.locator('tr.ant-table-row', { hasText: "Concreto premezclado f'c 210" }), 'Despacho')).toHaveText('En mixer');
  await page.getByLabel('Nombre').fill('servicio');
  await page.getByLabel('Nombre').press('Enter');
  const fila = page.locator('tr.ant-table-row', { hasText: BOMBEO });
  const tabla = page.locator('.ant-table').first();
  await expect(await celda(tabla, fila, 'Despacho')).toHaveText('No requiere');
  await fila.getByRole('button', { name: `Modificar ${BOMBEO}` }).click();
  const form = page.getByRole('dialog', { name: 'Modificar Producto de Venta' });
  await expect(form.getByRole('switch', { name: 'Se despacha en mixer' })).not.toBeChecked();
  await expect(form.getByText('Desactívelo para servicios como el bombeo')).toBeVisible();
  await shot(page, 'despacho-servicios-producto');
});

test('drivers: each column shows what its header says, also a licence sent as the plate', async ({ page, request }) => {
  // The spec's register payload has only cdt_placa, where the licence was typed before issue 23.
  const admin = await apiLogin(request, ADMIN);
  await apiPost(request, admin, '/conductor/registrar', { conductor: { cdt_nombre: 'Julio', cdt_apellido: 'Ramos Tello', cdt_placa: 'Q46001122' } });

  await login(page, ADMIN);
  await page.goto('/envios');
  await page.getByRole('button', { name: 'Conductores' }).click();
  const dialog = page.getByRole('dialog', { name: 'Conductores' });
  const tabla = dialog.locator('.ant-table');
  const carlos = dialog.locator('tr.ant-table-row', { hasText: 'Carlos Huamaní Rojas' });
  await expect(await celda(tabla, carlos, 'Licencia')).toHaveText('Q40211873');
  await expect(await celda(tabla, carlos, 'Placa')).toHaveText('AXK-714');
  await expect(await celda(tabla, carlos, 'Documento')).toHaveText('DNI 40211873');

  const julio = dialog.locator('tr.ant-table-row', { hasText: 'Julio Ramos Tello' });
  await expect(await celda(tabla, julio, 'Licencia')).toHaveText('Q46001122');
  await expect(await celda(tabla, julio, 'Placa')).toHaveText('-');
  await shot(page, 'despacho-servicios-conductores');

  // Typing a licence as the plate in the form: it is kept as the licence.
  await dialog.getByRole('button', { name: 'Modificar Julio Ramos Tello' }).click();
  await expect(dialog.getByLabel('Licencia de conducir')).toHaveValue('Q46001122');
  await expect(dialog.getByLabel('Placa')).toHaveValue('');
  await dialog.getByLabel('Placa').fill('C7K-552');
  await dialog.getByRole('button', { name: 'Modificar', exact: true }).click();
  await expect(await celda(tabla, julio, 'Placa')).toHaveText('C7K-552');
  await expect(await celda(tabla, julio, 'Licencia')).toHaveText('Q46001122');
});

test('the timeline opens at the first dispatch of the day, 06:00 on a day without any, and says how it refreshes', async ({ page, request }) => {
  // A dispatch loading before dawn today: the first of the day, hours before the current time.
  const admin = await apiLogin(request, ADMIN);
  const { page: envios } = await apiPost<EnvioPagina>(request, admin, '/envio/buscar', { envio: { cli_search: 'Los Andes', page: { number: 1, size: 10 } } });
  const e = envios.list[0];
  const { env_ids } = await apiPost<{ env_ids: number[] }>(request, admin, '/envio/registrarEnvios', {
    lista_envio: [{ ovt_id: e.ovt_id, ovd_id: e.ovd_id, mix_id: e.mix_id, env_cantidad: '1', env_fecha_hora_salida: `${diaLima()} 01:30`, env_fecha_hora_envio: `${diaLima()} 02:00` }],
  });
  const temprano = await apiPost<EnvioDetalle>(request, admin, '/envio/obtener', { envio: { env_id: env_ids[0] } });

  await login(page, ADMIN);
  await page.goto('/envios');
  await page.getByRole('tab', { name: 'Despachos x Mixers' }).click();
  const grid = page.getByRole('region', { name: 'Despachos x Mixers' });
  const bloque = grid.getByRole('button', { name: `Envío ${temprano.env_codigo} ${LOS_ANDES}` });
  // Visible as it opens, without scrolling.
  await expect(bloque).toBeInViewport({ ratio: 1 });
  await expect(page.getByText('Se actualiza sola: cada 10 segundos revisa si alguien cambió los envíos de este día.')).toBeVisible();
  await shot(page, 'despacho-servicios-timeline');

  // 'Ir a la hora actual' goes to the now-line.
  await page.getByRole('button', { name: 'Ir a la hora actual' }).click();
  await expect(grid.getByLabel('Hora actual')).toBeInViewport();

  // A day without dispatches opens at 06:00.
  const dia = page.getByLabel('Día');
  await dia.click();
  await dia.fill(diaLima(9));
  await dia.press('Enter');
  await expect(grid.getByRole('button', { name: /^Envío / })).toHaveCount(0);
  await expect.poll(() => grid.evaluate((el) => el.scrollTop)).toBe(6 * 60);
  await expect(grid.getByText('06:00', { exact: true })).toBeInViewport();
});
