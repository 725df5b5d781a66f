import type { ModuleCode } from './modules.ts';
import type { OptionCode } from './options.ts';

/** Roles of spec 1 §6 plus VISUALIZADOR (read-only) and PROVEEDOR (supplier portal). */
export const ROLE = {
  SUPER: 0,
  ADMINISTRADOR: 1,
  ESTANDAR: 2,
  LOGISTICA: 3,
  CONTABILIDAD: 4,
  INVENTARIO: 5,
  GERENCIA: 6,
  TESORERIA: 7,
  JEFE_ALMACEN: 8,
  VISUALIZADOR: 9,
  PROVEEDOR: 10,
  /** Reads the audit log and nothing else (issue 26). */
  AUDITOR: 11,
} as const;

export const ROLE_NAMES: Record<number, string> = {
  0: 'SUPER',
  1: 'ADMINISTRADOR',
  2: 'ESTÁNDAR',
  3: 'LOGÍSTICA',
  4: 'CONTABILIDAD',
  5: 'INVENTARIO',
  6: 'GERENCIA',
  7: 'TESORERIA',
  8: 'JEFE_ALMACEN',
  9: 'VISUALIZADOR',
  10: 'PROVEEDOR',
  11: 'AUDITOR',
};

/** Roles an administrator creates get ids from here on (the built-in ones stay below). */
export const ROL_PERSONALIZADO_DESDE = 100;

/**
 * Built-in roles whose grants the roles editor cannot change: SUPER has everything by rule, PROVEEDOR is the
 * supplier portal's isolation (DECISIONS §1, §7). Their 'requires a second factor' setting stays editable for SUPER.
 */
export const ROLES_FIJOS: readonly number[] = [ROLE.SUPER, ROLE.PROVEEDOR];

/** How screens name each role (the codes above are the spec's data, e.g. in the session's `roles`). */
export const ROLE_LABELS: Record<number, string> = {
  0: 'Superusuario',
  1: 'Administrador',
  2: 'Estándar',
  3: 'Logística',
  4: 'Contabilidad',
  5: 'Inventario',
  6: 'Gerencia',
  7: 'Tesorería',
  8: 'Jefe de almacén',
  9: 'Visualizador',
  10: 'Proveedor',
  11: 'Auditor',
};

const LABEL_BY_CODE = new Map(Object.entries(ROLE_NAMES).map(([id, code]) => [code.toUpperCase(), ROLE_LABELS[Number(id)]]));

/** A role code ('JEFE_ALMACEN') or a comma-separated list of them as people read it ('Jefe de almacén'); an unknown code as it is. */
export const rolEtiqueta = (codigos: string) => codigos.split(',').map((c) => c.trim()).filter(Boolean)
  .map((c) => LABEL_BY_CODE.get(c.toUpperCase()) ?? c).join(', ');

const INTERNAL: ModuleCode[] = [
  'orden_compra', 'orden_pago', 'pedido_items', 'proveedor', 'producto', 'inventario',
  'asignacion_items', 'transferencia_items', 'caja', 'orden_venta', 'cliente', 'vendedor',
  'producto_venta', 'envio', 'mixer', 'centro_costo', 'marca', 'unidad', 'proyecto', 'empleado', 'usuario', 'rol', 'facturacion_electronica',
];

/**
 * What each role grants. SUPER is not listed: it has every module and option by rule
 * (DECISIONS §1), so modules added later reach it without a data change.
 */
export const ROLE_GRANTS: Record<number, { modules: ModuleCode[]; options: OptionCode[] }> = {
  [ROLE.ADMINISTRADOR]: {
    modules: [...INTERNAL, 'auditoria'],
    options: ['registrar_producto', 'registrar_asignacion', 'registrar_devolucion', 'registrar_transferencia_orden_compra', 'registrar_orden_venta_pago', 'editar_orden_venta', 'editar_stock_minimo'],
  },
  [ROLE.GERENCIA]: {
    modules: ['orden_compra', 'orden_pago', 'pedido_items', 'proveedor', 'inventario', 'caja', 'orden_venta', 'cliente', 'envio', 'centro_costo', 'proyecto', 'empleado'],
    options: ['aprobar_orden_compra', 'aprobar_orden_pago', 'aprobar_orden_venta', 'aprobar_pedido_items', 'aprobar_caja'],
  },
  [ROLE.CONTABILIDAD]: {
    modules: ['orden_compra', 'orden_pago', 'proveedor', 'caja', 'centro_costo', 'orden_venta', 'cliente'],
    options: ['aprobar_orden_compra_contable', 'registrar_orden_venta_pago'],
  },
  [ROLE.LOGISTICA]: {
    modules: ['orden_compra', 'orden_pago', 'pedido_items', 'proveedor', 'producto', 'inventario', 'transferencia_items', 'centro_costo', 'marca', 'unidad'],
    options: ['registrar_producto', 'registrar_transferencia_orden_compra', 'editar_stock_minimo'],
  },
  [ROLE.INVENTARIO]: {
    modules: ['inventario', 'asignacion_items', 'transferencia_items', 'producto', 'marca', 'unidad', 'empleado'],
    options: ['registrar_asignacion', 'registrar_devolucion', 'editar_stock_minimo'],
  },
  [ROLE.TESORERIA]: {
    modules: ['orden_compra', 'orden_pago', 'caja', 'orden_venta'],
    options: ['pagar_orden_compra', 'registrar_orden_venta_pago'],
  },
  [ROLE.JEFE_ALMACEN]: {
    modules: ['inventario', 'asignacion_items', 'transferencia_items', 'pedido_items'],
    options: ['registrar_asignacion', 'registrar_devolucion', 'editar_stock_minimo'],
  },
  [ROLE.ESTANDAR]: {
    modules: ['caja', 'pedido_items', 'inventario'],
    options: [],
  },
  [ROLE.VISUALIZADOR]: { modules: INTERNAL, options: [] },
  [ROLE.PROVEEDOR]: { modules: ['proveedor_orden_compra'], options: [] },
  [ROLE.AUDITOR]: { modules: ['auditoria'], options: [] },
};
