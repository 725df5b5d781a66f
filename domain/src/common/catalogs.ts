/** Small fixed catalogues of spec 1 §9. */
export const MONEDAS = [
  { mon_id: 1, mon_codigo: 'PEN', mon_simbolo: 'S/', mon_descripcion: 'Soles' },
  { mon_id: 2, mon_codigo: 'USD', mon_simbolo: '$', mon_descripcion: 'Dólares' },
] as const;

export const CONDICION = { CONTADO: 1, CREDITO: 2, ADELANTO_50: 3, ADELANTO_15: 4, ADELANTO: 5, CAJA_CHICA: 6 } as const;

export const CONDICIONES_COMERCIALES = [
  { coc_id: 1, coc_descripcion: 'Contado' },
  { coc_id: 2, coc_descripcion: 'Crédito' },
  { coc_id: 3, coc_descripcion: 'Adelanto 50%' },
  { coc_id: 4, coc_descripcion: 'Adelanto 15%' },
  { coc_id: 5, coc_descripcion: 'Adelanto' },
  { coc_id: 6, coc_descripcion: 'Caja chica' },
] as const;

/** Kinds of cash box (spec 2 §3 `tca_id`). */
export const TIPOS_CAJA = [
  { tca_id: 1, tca_nombre: 'Caja chica' },
  { tca_id: 2, tca_nombre: 'Entrega a rendir' },
  { tca_id: 3, tca_nombre: 'Viáticos' },
] as const;

/** Groups of sale products (reference list `producto_venta_grupos`, spec 3 §7). */
export const PRODUCTO_VENTA_GRUPOS = [
  { pvg_id: 1, pvg_nombre: 'Concreto premezclado' },
  { pvg_id: 2, pvg_nombre: 'Servicios' },
  { pvg_id: 3, pvg_nombre: 'Aditivos' },
  { pvg_id: 4, pvg_nombre: 'Agregados' },
] as const;

export const TIPOS_CUENTA = [
  { tcu_id: 1, tcu_descripcion: 'Corriente' },
  { tcu_id: 2, tcu_descripcion: 'Ahorros' },
] as const;

/** Receipt types; id 6 is recibo por honorarios, code RXH (spec 1 §9). */
export const TIPO_DOCUMENTO_RXH = 6;
export const TIPOS_DOCUMENTO = [
  { tid_id: 1, tid_codigo: '01', tid_descripcion: 'Factura' },
  { tid_id: 2, tid_codigo: '03', tid_descripcion: 'Boleta de venta' },
  { tid_id: 3, tid_codigo: '07', tid_descripcion: 'Nota de crédito' },
  { tid_id: 4, tid_codigo: '08', tid_descripcion: 'Nota de débito' },
  { tid_id: 5, tid_codigo: '12', tid_descripcion: 'Ticket' },
  { tid_id: 6, tid_codigo: 'RXH', tid_descripcion: 'Recibo por honorarios' },
  { tid_id: 7, tid_codigo: '09', tid_descripcion: 'Guía de remisión' },
  { tid_id: 8, tid_codigo: '50', tid_descripcion: 'Declaración Única de Aduanas' },
  { tid_id: 9, tid_codigo: '04', tid_descripcion: 'Liquidación de compra' },
  { tid_id: 10, tid_codigo: '00', tid_descripcion: 'Otros' },
] as const;

/** Payment method 2 needs a letter of credit (spec 1 §2.10). */
export const METODO_PAGO_CARTA_CREDITO = 2;
export const METODOS_PAGO = [
  { mep_id: 1, mep_descripcion: 'Transferencia bancaria' },
  { mep_id: 2, mep_descripcion: 'Carta de crédito' },
  { mep_id: 3, mep_descripcion: 'Cheque' },
  { mep_id: 4, mep_descripcion: 'Efectivo' },
  { mep_id: 5, mep_descripcion: 'Depósito en cuenta' },
] as const;

export const TIPOS_USUARIO = [
  { tiu_id: 1, tiu_nombre: 'Empleado' },
  { tiu_id: 2, tiu_nombre: 'Cliente' },
  { tiu_id: 3, tiu_nombre: 'Proveedor' },
] as const;

export const ORDER_TYPES = [
  { id: 1, descripcion: 'Compra' },
  { id: 2, descripcion: 'Servicio' },
] as const;

/** Page size of every list (spec 1 §9, spec 2 §9, spec 3 §9). */
export const PAGE_SIZE = 10;
