/** Generic statuses (spec 1 §4.4, spec 2 §4, spec 3 §4); styles are Ant Design tag colours. */
export const ESTADOS = [
  { est_id: -1, est_codigo: 'sin_stock', est_nombre: 'Sin stock', est_styles: 'error' },
  { est_id: 0, est_codigo: 'inactivo', est_nombre: 'Inactivo', est_styles: 'default' },
  { est_id: 1, est_codigo: 'activo', est_nombre: 'Activo', est_styles: 'success' },
  { est_id: 2, est_codigo: 'registrado', est_nombre: 'Registrado', est_styles: 'processing' },
  { est_id: 3, est_codigo: 'creado', est_nombre: 'Creado', est_styles: 'blue' },
  { est_id: 4, est_codigo: 'por_aprobar', est_nombre: 'Por aprobar', est_styles: 'gold' },
  { est_id: 5, est_codigo: 'aprobado', est_nombre: 'Aprobado', est_styles: 'green' },
  { est_id: 6, est_codigo: 'desaprobado', est_nombre: 'Desaprobado', est_styles: 'volcano' },
  { est_id: 7, est_codigo: 'emitido', est_nombre: 'Emitido', est_styles: 'cyan' },
  { est_id: 8, est_codigo: 'cancelado', est_nombre: 'Cancelado', est_styles: 'red' },
  { est_id: 9, est_codigo: 'depositado', est_nombre: 'Depositado', est_styles: 'purple' },
  { est_id: 10, est_codigo: 'pago_parcial', est_nombre: 'Pago parcial', est_styles: 'orange' },
  { est_id: 11, est_codigo: 'pagado', est_nombre: 'Pagado', est_styles: 'green' },
  { est_id: 12, est_codigo: 'asignado', est_nombre: 'Asignado', est_styles: 'geekblue' },
  { est_id: 23, est_codigo: 'por_devolver', est_nombre: 'Por devolver', est_styles: 'magenta' },
  { est_id: 24, est_codigo: 'eliminado', est_nombre: 'Eliminado', est_styles: 'red' },
  { est_id: 25, est_codigo: 'ingreso_confirmado', est_nombre: 'Ingreso confirmado', est_styles: 'green' },
  { est_id: 26, est_codigo: 'ingreso_parcial', est_nombre: 'Ingreso parcial', est_styles: 'orange' },
  { est_id: 27, est_codigo: 'en_despacho', est_nombre: 'En despacho', est_styles: 'processing' },
  { est_id: 28, est_codigo: 'pendiente', est_nombre: 'Pendiente', est_styles: 'gold' },
  { est_id: 29, est_codigo: 'en_carguio', est_nombre: 'En carguío', est_styles: 'cyan' },
  { est_id: 30, est_codigo: 'en_ruta', est_nombre: 'En ruta', est_styles: 'blue' },
  { est_id: 31, est_codigo: 'descargando', est_nombre: 'Descargando', est_styles: 'purple' },
  { est_id: 32, est_codigo: 'en_retorno', est_nombre: 'En retorno', est_styles: 'geekblue' },
  { est_id: 33, est_codigo: 'completado', est_nombre: 'Completado', est_styles: 'success' },
  { est_id: 34, est_codigo: 'en_proceso', est_nombre: 'En proceso', est_styles: 'processing' },
  { est_id: 35, est_codigo: 'programado', est_nombre: 'Programado', est_styles: 'blue' },
  { est_id: 36, est_codigo: 'atendido', est_nombre: 'Atendido', est_styles: 'green' },
  { est_id: 37, est_codigo: 'atendido_parcial', est_nombre: 'Atendido parcial', est_styles: 'orange' },
] as const;

export type EstadoCodigo = (typeof ESTADOS)[number]['est_codigo'];

export const EST = Object.fromEntries(ESTADOS.map((e) => [e.est_codigo, e.est_id])) as Record<EstadoCodigo, number>;

/** Purchase and service order states (spec 1 §4.1); only creado is editable (DECISIONS §4). */
export const ORDEN_ESTADOS = [
  { ore_id: 1, ore_codigo: 'creado', ore_descripcion: 'Creado', ore_styles: 'blue', ore_es_editable: true },
  { ore_id: 2, ore_codigo: 'aprobacion_gerencia', ore_descripcion: 'Aprobación Gerencia', ore_styles: 'gold', ore_es_editable: false },
  { ore_id: 3, ore_codigo: 'emitido', ore_descripcion: 'Emitido', ore_styles: 'cyan', ore_es_editable: false },
  { ore_id: 4, ore_codigo: 'pagado', ore_descripcion: 'Pagado', ore_styles: 'green', ore_es_editable: false },
  { ore_id: 5, ore_codigo: 'recepcionado', ore_descripcion: 'Recepcionado', ore_styles: 'success', ore_es_editable: false },
  { ore_id: 6, ore_codigo: 'fabrica', ore_descripcion: 'Fábrica', ore_styles: 'purple', ore_es_editable: false },
  { ore_id: 7, ore_codigo: 'puerto_origen', ore_descripcion: 'Puerto Origen', ore_styles: 'purple', ore_es_editable: false },
  { ore_id: 8, ore_codigo: 'transito', ore_descripcion: 'Tránsito', ore_styles: 'purple', ore_es_editable: false },
  { ore_id: 9, ore_codigo: 'puerto_destino', ore_descripcion: 'Puerto Destino', ore_styles: 'purple', ore_es_editable: false },
  { ore_id: 10, ore_codigo: 'almacen_aduana', ore_descripcion: 'Almacén Aduana', ore_styles: 'purple', ore_es_editable: false },
  { ore_id: 11, ore_codigo: 'anulado', ore_descripcion: 'Anulado', ore_styles: 'red', ore_es_editable: false },
  { ore_id: 12, ore_codigo: 'recepcionado_parcial', ore_descripcion: 'Recepcionado Parcial', ore_styles: 'orange', ore_es_editable: false },
  { ore_id: 13, ore_codigo: 'pago_parcial', ore_descripcion: 'Pago Parcial', ore_styles: 'orange', ore_es_editable: false },
] as const;

/** State codes of payment orders (spec 1 §4.3) and petty cash (spec 2 §4). */
export const ESTADOS_DOCUMENTO = [
  { edo_codigo: 'OPR', edo_modulo: 'orden_pago', edo_nombre: 'Registrada', edo_styles: 'blue' },
  { edo_codigo: 'OXA', edo_modulo: 'orden_pago', edo_nombre: 'Por aprobar', edo_styles: 'gold' },
  { edo_codigo: 'OPA', edo_modulo: 'orden_pago', edo_nombre: 'Aprobada', edo_styles: 'green' },
  { edo_codigo: 'OPD', edo_modulo: 'orden_pago', edo_nombre: 'Desaprobada', edo_styles: 'volcano' },
  { edo_codigo: 'OPC', edo_modulo: 'orden_pago', edo_nombre: 'Cancelada', edo_styles: 'red' },
  { edo_codigo: 'OPP', edo_modulo: 'orden_pago', edo_nombre: 'Depositada', edo_styles: 'purple' },
  { edo_codigo: 'CRE', edo_modulo: 'caja', edo_nombre: 'Registrada', edo_styles: 'blue' },
  { edo_codigo: 'CPA', edo_modulo: 'caja', edo_nombre: 'Por aprobar', edo_styles: 'gold' },
  { edo_codigo: 'CAP', edo_modulo: 'caja', edo_nombre: 'Aprobada', edo_styles: 'green' },
  { edo_codigo: 'CDE', edo_modulo: 'caja', edo_nombre: 'Desaprobada', edo_styles: 'volcano' },
  { edo_codigo: 'CCA', edo_modulo: 'caja', edo_nombre: 'Cancelada', edo_styles: 'red' },
  { edo_codigo: 'CDP', edo_modulo: 'caja', edo_nombre: 'Depositado / por rendir', edo_styles: 'purple' },
  { edo_codigo: 'RPA', edo_modulo: 'caja', edo_nombre: 'Rendición por aprobar', edo_styles: 'gold' },
  { edo_codigo: 'RAP', edo_modulo: 'caja', edo_nombre: 'Rendición aprobada', edo_styles: 'success' },
  { edo_codigo: 'RDE', edo_modulo: 'caja', edo_nombre: 'Rendición desaprobada', edo_styles: 'volcano' },
  { edo_codigo: 'CRB', edo_modulo: 'caja', edo_nombre: 'Reembolsada (cerrada)', edo_styles: 'cyan' },
  { edo_codigo: 'CDV', edo_modulo: 'caja', edo_nombre: 'Devuelta (cerrada)', edo_styles: 'cyan' },
] as const;
