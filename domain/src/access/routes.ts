import type { ModuleCode } from './modules.ts';

/**
 * Screen routes (spec 1 §2.1, spec 2 §2, spec 3 §2) and the module that gates each.
 * `null` = any logged-in user; `public` = reachable without a session.
 * The web router and its guard read this table; the server's route test reads the API side.
 */
export const SCREEN_ROUTES: readonly { path: string; module: ModuleCode | null | 'public'; menu?: string }[] = [
  { path: '/login', module: 'public' },
  { path: '/login/:email', module: 'public' },
  { path: '/proveedor/crearCuenta', module: 'public' },
  // Where the supplier account confirmation mail's link lands (DECISIONS §7).
  { path: '/proveedor/confirmarCuenta', module: 'public' },
  // Where the password reset mail's link lands (issue 26).
  { path: '/restablecerPassword', module: 'public' },
  { path: '/home', module: null },
  { path: '/forbidden', module: null },
  { path: '/user/change-password', module: null },
  { path: '/user/sesiones', module: null },
  { path: '/user/seguridad', module: null },
  // Issue 25: the caller's notifications, and which of them also come by mail.
  { path: '/notificaciones', module: null },
  { path: '/user/notificaciones', module: null },
  { path: '/orden', module: 'orden_compra' },
  { path: '/orden/new', module: 'orden_compra' },
  { path: '/orden/edit/:id', module: 'orden_compra' },
  { path: '/orden/view/:id', module: 'orden_compra' },
  { path: '/orden/massive', module: 'orden_compra' },
  { path: '/orden/approve', module: 'orden_compra' },
  { path: '/orden/approve/:id', module: 'orden_compra' },
  { path: '/orden/importacion/:id', module: 'orden_compra' },
  { path: '/orden/restart/:id', module: 'orden_compra' },
  { path: '/search', module: 'orden_compra' },
  { path: '/renovate', module: 'orden_compra' },
  { path: '/ordenPago', module: 'orden_pago' },
  { path: '/ordenPago/:ord_id', module: 'orden_pago' },
  { path: '/ordenPago/:ord_id/:interfaz/:opg_id', module: 'orden_pago' },
  { path: '/centroCosto', module: 'centro_costo' },
  { path: '/unidad', module: 'unidad' },
  { path: '/marca', module: 'marca' },
  { path: '/proveedor', module: 'proveedor' },
  { path: '/usuario', module: 'usuario' },
  // A second screen of the user module, listed in the menu under its own name (issue 9).
  { path: '/correo', module: 'usuario', menu: 'Bandeja de salida de correo' },
  // The public address of mailed links and other settings changed from a screen (issue 24).
  { path: '/ajustes', module: 'usuario', menu: 'Ajustes' },
  { path: '/auditoria', module: 'auditoria' },
  { path: '/rol', module: 'rol' },
  { path: '/producto', module: 'producto' },
  { path: '/caja', module: 'caja' },
  { path: '/caja/new', module: 'caja' },
  { path: '/caja/view/:id', module: 'caja' },
  { path: '/caja/edit/:id', module: 'caja' },
  { path: '/rendicion/new/:id/:codigo', module: 'caja' },
  { path: '/proyecto', module: 'proyecto' },
  { path: '/empleado', module: 'empleado' },
  { path: '/asignaciones', module: 'asignacion_items' },
  { path: '/transferencia', module: 'transferencia_items' },
  { path: '/inventario', module: 'inventario' },
  { path: '/cliente', module: 'cliente' },
  { path: '/productoVenta', module: 'producto_venta' },
  { path: '/ordenVenta', module: 'orden_venta' },
  // Every e-voucher with its SUNAT state and downloads, a second screen of the sales module (issue 22).
  { path: '/comprobantes', module: 'orden_venta', menu: 'Comprobantes electrónicos' },
  { path: '/facturacionElectronica', module: 'facturacion_electronica' },
  { path: '/envios', module: 'envio' },
  { path: '/mixers', module: 'mixer' },
  { path: '/vendedor', module: 'vendedor' },
  { path: '/pedidoItems', module: 'pedido_items' },
  { path: '/pedidoItems/:action/:id', module: 'pedido_items' },
  { path: '/proveedor/ordenCompra', module: 'proveedor_orden_compra' },
];

function matches(pattern: string, path: string): boolean {
  const a = pattern.split('/').filter(Boolean);
  const b = path.split('?')[0].split('/').filter(Boolean);
  return a.length === b.length && a.every((seg, i) => seg.startsWith(':') || seg === b[i]);
}

/** The screen route entry a browser path falls under, or undefined for an unknown path. */
export function screenRouteFor(path: string) {
  return SCREEN_ROUTES.find((r) => matches(r.path, path));
}

export const SUPPLIER_HOME = '/proveedor/ordenCompra';
