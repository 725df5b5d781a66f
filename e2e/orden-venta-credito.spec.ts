import { CONDICION, formatFechaHoraLima, type ClienteDireccionEnvio, type ClienteRapido, type OrdenVentaDetalle, type ProductoVentaRow } from '@obra/domain';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiLogin, apiPost } from './api';
import { login, shot } from './helpers';
import { dmy, toast, verPedido } from './orden-venta-pasos';

/**
 * Issue 23 "Credit sales are invoiced at delivery": an approved credit sale, nothing paid, gets its
 * factura 'Crédito' from the order popup with its cuotas edited in a table (add, amounts, due dates);
 * a sum that is not the balance is refused on the screen with the reason.
 */

test.use({ viewport: { width: 1366, height: 768 } });

/** A demo client with RUC. */
const RUC_CLIENTE = '20548127361';

/** Registers a FACTURA of 4 m³ of f'c 210 on 'Crédito' and approves it, as admin@ through the API. */
async function ventaAlCredito(request: APIRequestContext): Promise<OrdenVentaDetalle> {
  const s = await apiLogin(request, 'admin@andina.pe');
  const [cliente] = (await apiPost<ClienteRapido[]>(request, s, '/cliente/buscarRapido', { cliente: { cli_search: RUC_CLIENTE } }))
    .filter((c) => c.cli_documento_identidad === RUC_CLIENTE);
  const [direccion] = await apiPost<ClienteDireccionEnvio[]>(request, s, '/cliente/obtenerDirecciones', { cliente_direccion_envio: { cli_id: cliente.cli_id } });
  const [producto] = await apiPost<ProductoVentaRow[]>(request, s, '/productoVenta/buscarRapido', { producto_venta: { pvt_search: "f'c 210" } });
  const manana = formatFechaHoraLima(new Date(Date.now() + 86_400_000)).slice(0, 10);
  const orden = await apiPost<OrdenVentaDetalle>(request, s, '/ordenVenta/registrar', {
    orden_venta: {
      cli_id: cliente.cli_id, cde_id: direccion.cde_id, tid_id: 1, coc_id: CONDICION.CREDITO,
      ovt_nombre_contacto: 'Ing. Rosa Paredes Villanueva', ovt_telefono_contacto: '(01) 372-1100', ovt_correo_contacto: 'compras@losandespacifico.pe',
      ovt_documento_identidad_contacto: '41728833', ovt_observaciones: 'Vaciado de zapatas, pago a 30 y 60 días', ovt_guia: '', ovt_fecha_entrega: `${manana} 08:00`,
      lista_orden_venta_detalle: [{ pvt_id: producto.pvt_id, ovd_precio: producto.pvt_precio, ovd_cantidad: '4' }],
    },
  });
  return apiPost<OrdenVentaDetalle>(request, s, '/ordenVenta/aprobar', { orden_venta: { ovt_id: orden.ovt_id, coc_id: CONDICION.CREDITO } });
}

test('an approved credit sale gets its factura Crédito with the cuotas edited in the popup', async ({ page, request }) => {
  const orden = await ventaAlCredito(request);
  const total = orden.ovt_total;
  const [entero, centimos] = total.split('.');
  const primera = `${Math.floor(Number(entero) / 2)}.00`;
  const segunda = `${Number(entero) - Math.floor(Number(entero) / 2)}.${centimos}`;

  await login(page, 'administracion@andina.pe');
  const dialog = await verPedido(page, orden.ovt_id);
  await dialog.getByRole('button', { name: 'Generar comprobante' }).click();
  const popup = page.getByRole('dialog', { name: `Generar comprobante: Pedido de Venta N° ${orden.ovt_id}` });
  await expect(popup).toContainText('Forma de pago');
  await expect(popup).toContainText('Crédito');
  // The default: one cuota for the whole balance, due in 30 days.
  await expect(popup.getByLabel('Monto de la cuota 1')).toHaveValue(total);
  await expect(popup.getByLabel('Fecha de vencimiento de la cuota 1')).toHaveValue(dmy(30));

  // A second cuota takes what the first leaves (nothing yet), 30 days after it: the screen says what is wrong.
  await popup.getByRole('button', { name: 'Agregar cuota' }).click();
  await expect(popup.getByLabel('Monto de la cuota 2')).toHaveValue('0.00');
  await expect(popup.getByLabel('Fecha de vencimiento de la cuota 2')).toHaveValue(dmy(60));
  await expect(popup.getByRole('status')).toHaveText('El monto de la cuota 2 debe ser mayor que cero, con hasta dos decimales');
  await popup.getByLabel('Monto de la cuota 1').fill(primera);
  await popup.getByLabel('Monto de la cuota 2').fill('1.00');
  await popup.getByRole('button', { name: 'Generar', exact: true }).click();
  await expect(toast(page, /La suma de las cuotas .* debe ser igual al saldo pendiente de pago/)).toBeVisible();
  await expect(popup).toBeVisible();

  await popup.getByLabel('Monto de la cuota 2').fill(segunda);
  await expect(popup.getByRole('status')).toHaveCount(0);
  await shot(page, 'orden-venta-credito-cuotas');
  await popup.getByRole('button', { name: 'Generar', exact: true }).click();
  await expect(toast(page, /Se generó el comprobante F001-\d{8} correctamente/)).toBeVisible();
  await expect(popup).toBeHidden();
  await expect(dialog.getByRole('button', { name: 'Generar comprobante' })).toHaveCount(0);
  await expect(dialog.getByRole('table', { name: 'Comprobantes del pedido' })).toContainText(/F001-\d{8}/);

  // Nothing paid yet: the order keeps its balance and takes payments.
  const s = await apiLogin(request, 'admin@andina.pe');
  const visto = await apiPost<OrdenVentaDetalle>(request, s, '/ordenVenta/obtener', { orden_venta: { ovt_id: orden.ovt_id } });
  expect(visto).toMatchObject({ saldo: total, puede_registrar_pago: true, puede_ver_comprobante: true });
});
