/**
 * The access model shared by the server guard, the seed and the web route guard
 * (spec 1 §2.1, §6; spec 2 §2; spec 3 §2, §6). A module's code is the folder name of
 * its code in server/src/modules and web/src/modules.
 */
export const MODULE_GROUPS = [
  { mgp_id: 1, mgp_nombre: 'Compras' },
  { mgp_id: 2, mgp_nombre: 'Inventario' },
  { mgp_id: 3, mgp_nombre: 'Caja Chica' },
  { mgp_id: 4, mgp_nombre: 'Ventas' },
  { mgp_id: 5, mgp_nombre: 'Despacho' },
  { mgp_id: 6, mgp_nombre: 'Mantenimiento' },
  { mgp_id: 7, mgp_nombre: 'Administración' },
  { mgp_id: 8, mgp_nombre: 'Proveedor' },
  { mgp_id: 9, mgp_nombre: 'General' },
] as const;

export interface ModuleDef {
  mod_id: number;
  mod_codigo: string;
  mod_nombre: string;
  mgp_id: number;
  /** Menu link; modules without one never appear in the menu (spec 1 §2.2). */
  mod_url: string | null;
}

export const MODULES = [
  { mod_id: 1, mod_codigo: 'orden_compra', mod_nombre: 'Órdenes de Compra', mgp_id: 1, mod_url: '/orden' },
  { mod_id: 2, mod_codigo: 'orden_pago', mod_nombre: 'Órdenes de Pago', mgp_id: 1, mod_url: '/ordenPago' },
  { mod_id: 3, mod_codigo: 'pedido_items', mod_nombre: 'Pedido Items', mgp_id: 1, mod_url: '/pedidoItems' },
  { mod_id: 4, mod_codigo: 'proveedor', mod_nombre: 'Proveedores', mgp_id: 1, mod_url: '/proveedor' },
  { mod_id: 5, mod_codigo: 'producto', mod_nombre: 'Productos', mgp_id: 1, mod_url: '/producto' },
  { mod_id: 6, mod_codigo: 'inventario', mod_nombre: 'Inventario', mgp_id: 2, mod_url: '/inventario' },
  { mod_id: 7, mod_codigo: 'asignacion_items', mod_nombre: 'Asignaciones', mgp_id: 2, mod_url: '/asignaciones' },
  { mod_id: 8, mod_codigo: 'transferencia_items', mod_nombre: 'Transferencias', mgp_id: 2, mod_url: '/transferencia' },
  { mod_id: 9, mod_codigo: 'caja', mod_nombre: 'Caja Chica', mgp_id: 3, mod_url: '/caja' },
  { mod_id: 10, mod_codigo: 'orden_venta', mod_nombre: 'Pedidos de Venta', mgp_id: 4, mod_url: '/ordenVenta' },
  { mod_id: 11, mod_codigo: 'cliente', mod_nombre: 'Clientes', mgp_id: 4, mod_url: '/cliente' },
  { mod_id: 12, mod_codigo: 'vendedor', mod_nombre: 'Vendedores', mgp_id: 4, mod_url: '/vendedor' },
  { mod_id: 13, mod_codigo: 'producto_venta', mod_nombre: 'Productos de Venta', mgp_id: 4, mod_url: '/productoVenta' },
  { mod_id: 14, mod_codigo: 'envio', mod_nombre: 'Envíos', mgp_id: 5, mod_url: '/envios' },
  { mod_id: 15, mod_codigo: 'mixer', mod_nombre: 'Mixers', mgp_id: 5, mod_url: '/mixers' },
  { mod_id: 16, mod_codigo: 'centro_costo', mod_nombre: 'Centros de Costo', mgp_id: 6, mod_url: '/centroCosto' },
  { mod_id: 17, mod_codigo: 'marca', mod_nombre: 'Marcas', mgp_id: 6, mod_url: '/marca' },
  { mod_id: 18, mod_codigo: 'unidad', mod_nombre: 'Unidades', mgp_id: 6, mod_url: '/unidad' },
  { mod_id: 19, mod_codigo: 'proyecto', mod_nombre: 'Proyectos', mgp_id: 6, mod_url: '/proyecto' },
  { mod_id: 20, mod_codigo: 'empleado', mod_nombre: 'Empleados', mgp_id: 6, mod_url: '/empleado' },
  { mod_id: 21, mod_codigo: 'usuario', mod_nombre: 'Usuarios', mgp_id: 7, mod_url: '/usuario' },
  { mod_id: 22, mod_codigo: 'proveedor_orden_compra', mod_nombre: 'Mis Órdenes', mgp_id: 8, mod_url: '/proveedor/ordenCompra' },
  { mod_id: 23, mod_codigo: 'crear_cuenta', mod_nombre: 'Crear Cuenta', mgp_id: 8, mod_url: null },
  { mod_id: 24, mod_codigo: 'home', mod_nombre: 'Inicio', mgp_id: 9, mod_url: null },
  { mod_id: 25, mod_codigo: 'login', mod_nombre: 'Ingreso', mgp_id: 9, mod_url: null },
  // Issue 22: the e-voucher issuer, its certificate and sending channel (administrators).
  { mod_id: 26, mod_codigo: 'facturacion_electronica', mod_nombre: 'Facturación electrónica', mgp_id: 7, mod_url: '/facturacionElectronica' },
  // Issue 26: who did what and when, read-only (administrators and the AUDITOR role).
  { mod_id: 27, mod_codigo: 'auditoria', mod_nombre: 'Auditoría', mgp_id: 7, mod_url: '/auditoria' },
  // Issue 26: roles created, renamed, deactivated and granted modules and options by administrators.
  { mod_id: 28, mod_codigo: 'rol', mod_nombre: 'Roles', mgp_id: 7, mod_url: '/rol' },
] as const satisfies readonly ModuleDef[];

export type ModuleCode = (typeof MODULES)[number]['mod_codigo'];

/** The module reached by supplier users (tiu_id 3); they reach nothing else. */
export const SUPPLIER_MODULE = 'proveedor_orden_compra';

/** Modules every logged-in user has without being granted them. */
export const ALWAYS_ALLOWED_MODULES = ['home', 'login'] as const;

export function moduleByCode(code: string): ModuleDef | undefined {
  return MODULES.find((m: ModuleDef) => m.mod_codigo === code);
}
