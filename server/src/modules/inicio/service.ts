import type { AccessProfile } from '@obra/domain';
import { CONDICIONES_CREDITO, OVT, ROLE, TFI_ESTADO, TFI_TIPO, hasModule, hasOption, isReadOnly, isSuper } from '@obra/domain';
import type { Deps } from '../../deps.ts';
import { projectScope } from '../../platform/scope.ts';
import { contarObservadas } from '../conciliacion/service.ts';
import * as q from './queries.ts';

export interface PendienteLinea {
  clave: string;
  titulo: string;
  cantidad: number;
  enlace: string;
  /** The area the Inicio card groups the line under. */
  area: string;
}

/**
 * `/inicio/pendientes`: the caller's work queue (issue 25, docs/business-rules.md "Inicio: pendientes").
 * A line shows only when the caller can act on it (module, option, project / warehouse scope, as the
 * screen it opens) and its count is above 0. Suppliers are refused by the route (not a `suppliers` route).
 */
export async function pendientes(deps: Deps, caller: AccessProfile): Promise<PendienteLinea[]> {
  const escribe = !isReadOnly(caller);
  const compras = hasModule(caller, 'orden_compra') && escribe;
  const pagos = hasModule(caller, 'orden_pago') && escribe;
  const caja = hasModule(caller, 'caja') && escribe;
  const ventas = hasModule(caller, 'orden_venta') && escribe;
  // Three-way match (issue 25): orders whose received or invoiced figures differ beyond the tolerance.
  const conciliacion = compras ? contarObservadas(deps, caller) : Promise.resolve(0);
  const c = await q.conteos(deps.database.db, {
    gerencia: compras && hasOption(caller, 'aprobar_orden_compra') ? (isSuper(caller) ? 'all' : caller.usu_id) : null,
    contabilidad: compras && hasOption(caller, 'aprobar_orden_compra_contable'),
    pagoAprobar: pagos && hasOption(caller, 'aprobar_orden_pago'),
    pagoDepositar: pagos,
    transferencias: hasModule(caller, 'transferencia_items') && escribe,
    compraExterna: TFI_TIPO.COMPRA_EXTERNA,
    creado: TFI_ESTADO.CREADO,
    scope: projectScope(caller),
    usu_id: caller.usu_id,
    // DECISIONS §5: the cash's manager approves it, or anyone with aprobar_caja; treasury deposits and reimburses.
    cajaAprobar: !caja ? null : isSuper(caller) || hasOption(caller, 'aprobar_caja') ? 'all' : 'propias',
    cajaTesoreria: caja && (isSuper(caller) || caller.roleIds.includes(ROLE.TESORERIA)),
    ventaAprobar: ventas && hasOption(caller, 'aprobar_orden_venta') ? { creado: OVT.CREADO, condiciones: CONDICIONES_CREDITO } : null,
    envios: hasModule(caller, 'envio') && escribe,
    comprobantes: ventas,
    // The renewal screen (/renovate) is of orden_compra; who buys and reads the inventory acts on it.
    stockMinimo: compras && hasModule(caller, 'inventario'),
    pedidoAprobar: hasModule(caller, 'pedido_items') && escribe && hasOption(caller, 'aprobar_pedido_items'),
  });
  const rango = 'rango=';
  const lineas: PendienteLinea[] = [
    // In the order the card shows them: by area, then the most urgent first.
    { area: 'Compras', clave: 'orden_gerencia', titulo: 'Órdenes de compra por aprobar (gerencia)', cantidad: c.orden_gerencia, enlace: '/orden/approve' },
    { area: 'Compras', clave: 'orden_contabilidad', titulo: 'Órdenes de compra por aprobar (contabilidad)', cantidad: c.orden_contabilidad, enlace: '/orden/approve' },
    { area: 'Compras', clave: 'orden_conciliacion', titulo: 'Órdenes con diferencias de conciliación', cantidad: await conciliacion, enlace: '/orden?conciliacion=true' },
    { area: 'Compras', clave: 'pedido_aprobar', titulo: 'Pedidos de ítems por aprobar', cantidad: c.pedido_aprobar, enlace: '/pedidoItems?pei_estado=POR_APROBAR' },
    { area: 'Tesorería', clave: 'pago_aprobar', titulo: 'Órdenes de pago por aprobar', cantidad: c.pago_aprobar, enlace: '/ordenPago?estado=OXA' },
    { area: 'Tesorería', clave: 'pago_depositar', titulo: 'Órdenes de pago por depositar', cantidad: c.pago_depositar, enlace: '/ordenPago?estado=OPA' },
    { area: 'Almacén', clave: 'transferencia_ingresar', titulo: 'Transferencias por confirmar en mis almacenes', cantidad: c.transferencia_ingresar, enlace: '/transferencia?est_codigo=creado&tfi_tipo=' },
    { area: 'Almacén', clave: 'stock_minimo', titulo: 'Productos con stock bajo el mínimo', cantidad: c.stock_minimo, enlace: '/renovate' },
    { area: 'Caja chica', clave: 'caja_aprobar', titulo: 'Cajas chicas por aprobar', cantidad: c.caja_aprobar, enlace: `/caja?caj_estado=CPA&${rango}` },
    { area: 'Caja chica', clave: 'caja_depositar', titulo: 'Cajas chicas por depositar', cantidad: c.caja_depositar, enlace: `/caja?caj_estado=CAP&${rango}` },
    { area: 'Caja chica', clave: 'rendicion_aprobar', titulo: 'Rendiciones por aprobar', cantidad: c.rendicion_aprobar, enlace: `/caja?caj_estado=RPA&${rango}` },
    { area: 'Caja chica', clave: 'rendicion_reembolsar', titulo: 'Rendiciones por reembolsar', cantidad: c.rendicion_reembolsar, enlace: `/caja?caj_estado=RAP&${rango}` },
    { area: 'Ventas', clave: 'venta_aprobar', titulo: 'Órdenes de venta al crédito por aprobar', cantidad: c.venta_aprobar, enlace: `/ordenVenta?est_id=${OVT.CREADO}&${rango}` },
    { area: 'Despacho', clave: 'envio_hoy', titulo: 'Envíos de hoy por completar', cantidad: c.envio_hoy, enlace: '/envios?pendientes=hoy' },
    { area: 'Despacho', clave: 'envio_atrasado', titulo: 'Envíos atrasados', cantidad: c.envio_atrasado, enlace: '/envios?pendientes=atrasados' },
    { area: 'Ventas', clave: 'cpe_rechazado', titulo: 'Comprobantes rechazados por SUNAT', cantidad: c.cpe_rechazado, enlace: `/comprobantes?cpe_estado=rechazado&${rango}` },
    { area: 'Ventas', clave: 'cpe_sin_aceptar', titulo: 'Comprobantes aún no aceptados por SUNAT', cantidad: c.cpe_sin_aceptar, enlace: `/comprobantes?sin_aceptar=true&${rango}` },
  ];
  return lineas.filter((l) => l.cantidad > 0);
}
