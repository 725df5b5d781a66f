/** Option codes named in the three specs (spec 1 §6, spec 2 §6, spec 3 §6) plus cash approval and minimum stock (issue 11). */
export const OPTIONS = [
  { opc_id: 1, opc_codigo: 'aprobar_orden_compra', opc_nombre: 'Aprobar orden (Gerencia)', mod_codigo: 'orden_compra' },
  { opc_id: 2, opc_codigo: 'aprobar_orden_compra_contable', opc_nombre: 'Aprobar orden (Contabilidad)', mod_codigo: 'orden_compra' },
  { opc_id: 3, opc_codigo: 'pagar_orden_compra', opc_nombre: 'Pagar orden', mod_codigo: 'orden_compra' },
  { opc_id: 4, opc_codigo: 'aprobar_orden_pago', opc_nombre: 'Aprobar orden de pago', mod_codigo: 'orden_pago' },
  { opc_id: 5, opc_codigo: 'aprobar_orden_venta', opc_nombre: 'Aprobar pedido de venta', mod_codigo: 'orden_venta' },
  { opc_id: 6, opc_codigo: 'registrar_producto', opc_nombre: 'Registrar producto', mod_codigo: 'producto' },
  { opc_id: 7, opc_codigo: 'registrar_asignacion', opc_nombre: 'Registrar asignación', mod_codigo: 'asignacion_items' },
  { opc_id: 8, opc_codigo: 'registrar_devolucion', opc_nombre: 'Registrar devolución', mod_codigo: 'asignacion_items' },
  { opc_id: 9, opc_codigo: 'registrar_transferencia_orden_compra', opc_nombre: 'Registrar transferencia de orden de compra', mod_codigo: 'transferencia_items' },
  { opc_id: 10, opc_codigo: 'aprobar_pedido_items', opc_nombre: 'Aprobar pedido de items', mod_codigo: 'pedido_items' },
  { opc_id: 11, opc_codigo: 'registrar_orden_venta_pago', opc_nombre: 'Registrar pago de pedido de venta', mod_codigo: 'orden_venta' },
  { opc_id: 12, opc_codigo: 'editar_orden_venta', opc_nombre: 'Editar pedido de venta', mod_codigo: 'orden_venta' },
  { opc_id: 13, opc_codigo: 'aprobar_caja', opc_nombre: 'Aprobar caja chica y rendición', mod_codigo: 'caja' },
  { opc_id: 14, opc_codigo: 'editar_stock_minimo', opc_nombre: 'Editar stock mínimo', mod_codigo: 'inventario' },
] as const;

export type OptionCode = (typeof OPTIONS)[number]['opc_codigo'];
