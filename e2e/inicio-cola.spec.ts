import { expect, test } from '@playwright/test';
import { apiLogin, apiPost, crearOrden, emitirOrden } from './api';
import { login } from './helpers';

/**
 * Issue 25: Inicio's work queue per role. Each line shows its count and opens its list already filtered,
 * showing rows; a role with nothing waiting reads "No tiene pendientes".
 */
test.use({ viewport: { width: 1366, height: 768 } });
test.describe.configure({ mode: 'serial' });

// Something waiting for each approver: an order for gerencia, one for contabilidad, a payment order to approve and one to deposit.
test.beforeAll(async ({ request }) => {
  const gerencia = await apiLogin(request, 'gerencia@andina.pe');
  await crearOrden(request);
  const paraContabilidad = await crearOrden(request);
  await apiPost(request, gerencia, '/orden/approve', { id_orden_estado: 2 }, { idOrden: String(paraContabilidad.id_orden) });
  const emitida = await crearOrden(request);
  await emitirOrden(request, emitida.id_orden);
  const logistica = await apiLogin(request, 'logistica@andina.pe');
  const pago = (total: number) => apiPost<{ opg_id: number }>(request, logistica, '/ordenPago/registrar', { orden_pago: {
    ord_id: emitida.id_orden, opg_descripcion: 'Pago a cuenta', opg_fecha_pago_programado: '2026-12-20', opg_pago_cierre: 0,
    tid_id: 1, opg_comprobante: 'F001-77', opg_sistema_pago: 1, opg_total: total,
  } });
  const porAprobar = await pago(100);
  await apiPost(request, logistica, '/ordenPago/solicitarAprobacion', { orden_pago: { opg_id: porAprobar.opg_id } });
  const porDepositar = await pago(200);
  await apiPost(request, logistica, '/ordenPago/solicitarAprobacion', { orden_pago: { opg_id: porDepositar.opg_id } });
  await apiPost(request, gerencia, '/ordenPago/aprobar', { orden_pago: { opg_id: porDepositar.opg_id } });
  // A cash box waiting for gerencia's approval (registered by estandar@, its requester).
  const estandar = await apiLogin(request, 'estandar@andina.pe');
  const { centros_costo: centros } = await apiPost<{ centros_costo: { cec_id: number; cec_codigo: string }[] }>(request, estandar, '/caja/cargarDatos');
  const cec = centros.find((c) => c.cec_codigo === 'CC-MF-01') ?? centros[0];
  const caja = await apiPost<{ caj_id: number }>(request, estandar, '/caja/registrar', { caja: {
    mon_id: 1, cec_id: cec.cec_id, tca_id: 1, caj_titulo: 'Movilidad obra', caj_descripcion: 'Gastos menores de la semana',
    caj_monto: '150.00', usu_gerente: gerencia.id_usuario, usu_solicitante: estandar.id_usuario,
  } });
  await apiPost(request, estandar, '/caja/solicitarAprobacionCaja', { caja: { caj_id: caja.caj_id } });
});

/** The lines each role must see (others may show too). */
const esperadas: Record<string, string[]> = {
  gerencia: ['orden_gerencia', 'pago_aprobar', 'caja_aprobar'], contabilidad: ['orden_contabilidad'], tesoreria: ['pago_depositar'], almacen: [], logistica: [],
  // Sales and dispatch (ADMINISTRADOR): today's dispatches of the demo.
  administracion: ['envio_hoy'],
};

for (const usuario of ['gerencia', 'contabilidad', 'tesoreria', 'almacen', 'logistica', 'administracion']) {
  test(`la cola de trabajo de ${usuario}@ abre cada lista filtrada`, async ({ page }) => {
    test.setTimeout(300_000); // one list opened per line: gerencia@ has a dozen
    await login(page, `${usuario}@andina.pe`);
    await page.goto('/');
    const card = page.getByLabel('Pendientes');
    await expect(card.getByText('Pendientes', { exact: true })).toBeVisible();
    const lineas = card.locator('a[data-clave]');
    await expect(lineas.first().or(card.getByText('No tiene pendientes'))).toBeVisible();
    for (const clave of esperadas[usuario]) await expect(card.locator(`a[data-clave="${clave}"]`)).toBeVisible();
    await page.screenshot({ path: `/tmp/r-cola/inicio-${usuario}.png` });
    const enlaces: { href: string; cantidad: number }[] = [];
    for (const l of await lineas.all()) {
      enlaces.push({ href: (await l.getAttribute('href'))!, cantidad: Number(await l.getAttribute('data-cantidad')) });
    }
    for (const { href, cantidad } of enlaces) {
      expect(cantidad).toBeGreaterThan(0);
      await page.goto('/');
      await card.locator(`a[href="${href}"]`).click();
      await expect(page).toHaveURL(href);
      await expect(page.locator('.ant-table-row').first(), href).toBeVisible({ timeout: 20_000 });
      if (href.startsWith('/caja?caj_estado=CPA')) {
        // The list opened filtered: every row waits for approval, whatever its date.
        const estados = await page.locator('.ant-table-row').allInnerTexts();
        expect(estados.every((t) => t.includes('Por aprobar'))).toBe(true);
      }
    }
  });
}
