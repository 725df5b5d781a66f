import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiLogin, apiPost } from './api';
import { login, shot } from './helpers';

/**
 * Purchase requests (spec 3 §2 "Purchase requests", DECISIONS §7; issue 15): a request registered by the warehouse,
 * sent for approval, approved by management with a smaller quantity (opened straight from /pedidoItems/aprobar/:id),
 * turned into a purchase order from the order form's 'Desde pedido', seen with its order per line and completed;
 * a delete asks the spec's question and shows no toast.
 */

test.use({ viewport: { width: 1366, height: 768 } });
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const RUN = Date.now().toString(36).toUpperCase();
const field = (label: string) => new RegExp(`^(\\* )?${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
const option = (page: Page, text: string) => page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title*="${text}"]`).first();

async function choose(page: Page, scope: Locator, label: string, text: string, typed?: string) {
  const combobox = scope.getByRole('combobox', { name: field(label) });
  await combobox.click();
  if (typed) await combobox.fill(typed);
  await option(page, text).click();
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
}

async function relogin(page: Page, user: string) {
  await page.evaluate(() => localStorage.clear());
  await login(page, user);
}

let pedido: { pei_id: number; pei_codigo: string };

test('a request is registered, sent for approval, approved with less, bought from the order form and completed', async ({ page }) => {
  await login(page, 'almacen@andina.pe');
  await page.goto('/pedidoItems');
  await expect(page.getByRole('heading', { name: 'Pedido Items' })).toBeVisible();
  await expect(page.locator('tbody tr.ant-table-row').first()).toBeVisible();
  await shot(page, 'pedido-items-lista');

  // Register: warehouse, its project's cost centre, the logistics person, notes and two products (one refused twice).
  await page.getByRole('button', { name: 'Registrar' }).click();
  const form = page.getByRole('dialog', { name: 'Registrar Pedido' });
  await choose(page, form, 'Almacén', 'Almacén Central');
  await choose(page, form, 'Centro de costo', 'CC-PL-01');
  await choose(page, form, 'Logística', 'Jorge Huamán Torres');
  await form.getByLabel('Notas').fill(`Vaciado de losa ${RUN}`);
  const producto = form.getByRole('combobox', { name: 'Agregar producto' });
  for (const [texto, nombre] of [['cemento portland', 'Cemento Portland Tipo I'], ['arena gruesa', 'Arena gruesa'], ['cemento portland', 'Cemento Portland Tipo I']]) {
    await producto.click();
    await producto.fill(texto);
    await option(page, nombre).click();
  }
  await expect(page.getByText('El producto ya ha sido agregado')).toBeVisible();
  await form.getByLabel('Cantidad 1').fill('100');
  await form.getByLabel('Cantidad 2').fill('20');
  await shot(page, 'pedido-items-registrar');
  await form.getByRole('button', { name: 'Registrar' }).click();
  await expect(form).toBeHidden();
  const aviso = page.getByText(/^Se registró el pedido PED-\d{4}-\d{6}$/);
  await expect(aviso).toBeVisible();
  const codigo = (await aviso.textContent())!.replace('Se registró el pedido ', '');

  // Found by its code; sent for approval from its row.
  const buscar = page.getByRole('search', { name: 'Filtros' }).getByLabel('Código');
  await buscar.fill(codigo);
  await buscar.press('Enter');
  const fila = page.locator('tbody tr.ant-table-row', { hasText: codigo });
  await expect(page.locator('tbody tr.ant-table-row')).toHaveCount(1);
  await expect(fila).toContainText('Creado');
  await expect(fila).toContainText('Planta Lurín | Almacén Central *');
  // Modified before sending it: the popup opens with the request as saved.
  await fila.getByRole('button', { name: `Modificar ${codigo}` }).click();
  const modificar = page.getByRole('dialog', { name: `Modificar Pedido ${codigo}` });
  await expect(modificar.getByLabel('Cantidad 1')).toHaveValue('100');
  await expect(modificar.getByLabel('Notas')).toHaveValue(`Vaciado de losa ${RUN}`);
  await modificar.getByLabel('Cantidad 2').fill('25');
  await modificar.getByRole('button', { name: 'Modificar' }).click();
  await expect(page.getByText('Se modificó el pedido de items')).toBeVisible();
  await expect(modificar).toBeHidden();
  await fila.getByRole('button', { name: `Solicitar aprobación ${codigo}` }).click();
  await expect(page.getByText('Se solicitó la aprobación del pedido')).toBeVisible();
  await expect(fila).toContainText('Por aprobar');
  // The warehouse chief has no approval option: no Aprobar on the row.
  await expect(fila.getByRole('button', { name: `Aprobar ${codigo}` })).toHaveCount(0);
  const s = await apiLogin(page.request, 'almacen@andina.pe');
  const lista = await apiPost<{ page: { list: { pei_id: number }[] } }>(page.request, s, '/pedidoItems/paginar', { pedido_items: { pei_codigo: codigo } });
  pedido = { pei_id: lista.page.list[0].pei_id, pei_codigo: codigo };

  // Management opens the approval straight from the route; the approved quantity starts at the requested one.
  await relogin(page, 'gerencia@andina.pe');
  await page.goto(`/pedidoItems/aprobar/${pedido.pei_id}`);
  const aprobar = page.getByRole('dialog', { name: `Aprobar Pedido ${codigo}` });
  await expect(aprobar.getByLabel('Cantidad aprobada 1')).toHaveValue('100');
  await expect(aprobar.getByLabel('Cantidad aprobada 2')).toHaveValue('25');
  await aprobar.getByLabel('Cantidad aprobada 1').fill('60');
  await shot(page, 'pedido-items-aprobar');
  await aprobar.getByRole('button', { name: 'Aprobar' }).click();
  const pregunta = page.getByRole('dialog', { name: '¿Desea aprobar el pedido de items?' });
  await pregunta.getByRole('button', { name: 'Aprobar' }).click();
  await expect(page.getByText('Se aprobó el pedido de items')).toBeVisible();
  await expect(aprobar).toBeHidden();
  await expect(page).toHaveURL(/\/pedidoItems$/);

  // Logistics buys it: the order form starts from the approved request, its lines at what is left to buy.
  await relogin(page, 'logistica@andina.pe');
  await page.goto('/orden/new');
  await expect(page.getByRole('heading', { name: 'Órdenes de Compra o Servicio' })).toBeVisible();
  await page.getByRole('button', { name: 'Desde pedido' }).click();
  const desde = page.getByRole('dialog', { name: 'Orden desde pedido' });
  await desde.getByLabel('Buscar pedido').fill(codigo);
  await desde.getByLabel('Buscar pedido').press('Enter');
  await expect(desde.locator('tbody tr.ant-table-row')).toHaveCount(1);
  await shot(page, 'pedido-items-desde-pedido');
  await desde.getByRole('button', { name: `Usar ${codigo}` }).click();
  await expect(desde).toBeHidden();
  await expect(page.getByText(`Pedido ${codigo}`)).toBeVisible();
  await expect(page.getByLabel('Cantidad línea 1')).toHaveValue('60');
  await expect(page.getByLabel('Cantidad línea 2')).toHaveValue('25');
  // The request's cost centre is chosen for the order.
  await expect(page.locator('.ant-form-item', { has: page.getByRole('combobox', { name: field('Centro de costo') }) })).toContainText('CC-PL-01');
  const proveedor = page.getByRole('combobox', { name: field('Proveedor') });
  await proveedor.click();
  await proveedor.fill('cementos andinos');
  await option(page, 'Cementos Andinos del Pacífico').click();
  await choose(page, page.locator('body'), 'Condición comercial', 'Crédito');
  await choose(page, page.locator('body'), 'Método de pago', 'Transferencia bancaria');
  await choose(page, page.locator('body'), 'Tipo de documento', 'Factura');
  const fecha = page.getByLabel(field('Fecha de pago'));
  await fecha.click();
  await fecha.fill('15-12-2026');
  await fecha.press('Enter');
  await page.getByLabel(field('Referencia')).fill(`Compra del pedido ${codigo}`);
  await page.getByLabel('Precio unitario línea 1').fill('28.50');
  await page.getByLabel('Precio unitario línea 2').fill('65');
  await shot(page, 'pedido-items-orden-desde-pedido');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Se registró con éxito la orden')).toBeVisible();
  await expect(page).toHaveURL(/\/orden$/);

  // The view popup (route form) shows what was bought and by which order, then completes the request.
  await page.goto(`/pedidoItems/ver/${pedido.pei_id}`);
  const ver = page.getByRole('dialog', { name: `Ver Pedido ${codigo}` });
  const lineas = ver.locator('tbody tr.ant-table-row');
  await expect(lineas).toHaveCount(2);
  await expect(lineas.nth(0)).toContainText('Cemento Portland Tipo I 42.5 kg');
  await expect(lineas.nth(0)).toContainText(/100\s*60\s*60/);
  await expect(lineas.nth(1)).toContainText(/25\s*25\s*25/);
  const enlace = lineas.nth(0).getByRole('link', { name: /-CC-PL-01-OC-/ });
  await expect(enlace).toHaveAttribute('href', /^\/orden\/view\/\d+$/);
  await shot(page, 'pedido-items-ver');
  await ver.getByRole('button', { name: 'Completar' }).click();
  await page.getByRole('dialog', { name: '¿Desea completar el pedido?' }).getByRole('button', { name: 'Completar' }).click();
  await expect(page.getByText('Se completó el pedido: quedó en estado Atendido')).toBeVisible();
  await expect(ver.getByRole('button', { name: 'Completar' })).toHaveCount(0);
  await expect(ver).toContainText('Atendido');
  // The order link leads to the order's view.
  await enlace.click();
  await expect(page).toHaveURL(/\/orden\/view\/\d+$/);
});

test('deleting asks the spec question and shows no toast', async ({ page, request }) => {
  const s = await apiLogin(request, 'estandar@andina.pe');
  const almacenes = await apiPost<{ almacenes: { alm_id: number }[] }>(request, s, '/pedidoItems/cargarOpciones', {});
  const alm_id = almacenes.almacenes[0].alm_id;
  const [cec] = await apiPost<{ cec_id: number }[]>(request, s, '/pedidoItems/buscarCentrosCosto', { centro_costo: { est_codigo: 'activo' } });
  const [logistica] = await apiPost<{ usu_id: number }[]>(request, s, '/pedidoItems/buscarUsuariosxRol', { usuario: { rol_id: 3 } });
  const [guantes] = await apiPost<{ prv_id: number }[]>(request, s, '/pedidoItems/buscarProducto', { producto: { prv_nombre: 'guantes de nitrilo' } });
  const r = await apiPost<{ pei_codigo: string }>(request, s, '/pedidoItems/registrar', {
    pedido_items: { alm_id, cec_id: cec.cec_id, usu_logistica: logistica.usu_id, pei_notas: `Borrar ${RUN}`, lista_pedido_items_detalle: [{ prv_id: guantes.prv_id, pid_cantidad_solicitada: '10' }] },
  });

  await login(page, 'estandar@andina.pe');
  await page.goto('/pedidoItems');
  const buscar = page.getByRole('search', { name: 'Filtros' }).getByLabel('Código');
  await buscar.fill(r.pei_codigo);
  await buscar.press('Enter');
  const fila = page.locator('tbody tr.ant-table-row', { hasText: r.pei_codigo });
  await expect(page.locator('tbody tr.ant-table-row')).toHaveCount(1);
  await fila.getByRole('button', { name: `Eliminar ${r.pei_codigo}` }).click();
  const pregunta = page.getByRole('dialog', { name: '¿Deseea eliminar el pedido de items?' });
  await pregunta.getByRole('button', { name: 'Eliminar' }).click();
  await expect(fila).toContainText('Eliminado');
  await expect(page.locator('.ant-notification-notice')).toHaveCount(0);
  await expect(fila.getByRole('button', { name: `Eliminar ${r.pei_codigo}` })).toHaveCount(0);
});
