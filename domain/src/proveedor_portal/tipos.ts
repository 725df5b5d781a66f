import { ORI_TIPO, TIPO_ORDEN } from '../orden/calculo.ts';
import { ORE } from '../orden/estados.ts';

/** Replies of the supplier portal (spec 3 §3 "Supplier (portal)", "Order as seen by a supplier") and its display rules. */

/**
 * `/proveedor2/obtenerDatosxRuc`: the company block. A RUC is public, so what a stranger typing it
 * may read is limited (DECISIONS §7): name, address and specialty as SUNAT publishes them; the
 * e-mail, phone and detraction account only masked, enough for the owner to recognise them.
 */
export interface ProveedorDatosRuc {
  pve_id: number;
  pve_ruc: string;
  pve_razon_social: string;
  pve_telefono: string;
  pve_correo: string;
  pve_direccion: string;
  pve_especialidad: string;
  pve_cuenta_detraccion: string;
}

/** `/proveedor2/crearCuenta`: where to log in, and the masked address the link went to. */
export interface CuentaCreada {
  usu_correo: string;
  correo_confirmacion: string;
}

/** `/proveedor2/confirmarCuenta`: the account's login, for `/login/:email`. */
export interface CuentaConfirmada {
  usu_correo: string;
}

/** A row of `/ordenCompra/paginarxProveedor` (spec 3 §2 "Supplier orders" columns). */
export interface OrdenProveedorFila {
  ord_id: number;
  ord_code: string;
  ord_tipo_orden: number;
  ord_tipo_orden_descripcion: string;
  ord_fecha_orden: string;
  ord_usu_logistica: string;
  coc_descripcion: string;
  ore_id: number;
  ore_descripcion: string;
  ore_styles: string;
  mon_simbolo: string;
  mon_descripcion: string;
  ord_monto_sigv: string;
  ord_monto_cigv: string;
  opg_numero_ordenes_pago: number;
}

export interface OrdenProveedorItem {
  oci_descripcion: string;
  oci_cantidad: string;
  oci_precio_unitario: string;
  oci_importe: string;
  unm_simbolo: string;
}

export interface OrdenProveedorImpuesto {
  ori_id: number;
  ori_descripcion: string;
  ori_valor: string;
  ori_valor_aplicado: string;
  ori_tipo: number;
}

/** `/ordenCompra/obtenerxProveedor`: the view popup's Información tab. */
export interface OrdenProveedorDetalle extends OrdenProveedorFila {
  mep_descripcion: string;
  ord_referencia: string;
  ord_observacion: string;
  /** Whether the supplier may send its invoice now (`puedeEnviarFactura`). */
  puede_enviar_factura: boolean;
  lista_orden_item: OrdenProveedorItem[];
  lista_orden_impuesto: OrdenProveedorImpuesto[];
}

/** A row of `/ordenPago/buscarxProveedor` (the Pagos tab). */
export interface PagoProveedorFila {
  opg_id: number;
  opg_numero: number;
  opg_descripcion: string;
  opg_total: string;
  opg_detraccion: string;
  opg_pago: string;
  opg_fecha_aprobacion: string | null;
  opg_estado: string;
  opg_estado_nombre: string;
  opg_estado_styles: string;
}

/** A file the supplier sent (`/ordenCompra/listarFacturas`). */
export interface FacturaArchivo {
  oar_id: number;
  oar_nombre: string;
  oar_tipo: string;
  oar_tamano: number;
  oar_fecha: string;
}

/** `/ordenCompra/adjuntarFactura`: the invoice as read from its XML, and the two files kept. */
export interface FacturaEnviada {
  numero: string;
  fecha_emision: string;
  moneda: string;
  total: string;
  archivos: FacturaArchivo[];
}

export const TIPO_ORDEN_DESCRIPCION: Record<number, string> = {
  [TIPO_ORDEN.COMPRA]: 'Orden de Compra',
  [TIPO_ORDEN.SERVICIO]: 'Orden de Servicio',
};

/**
 * States in which a supplier sees an order: from its issue on. An order still being prepared
 * (creado, aprobación gerencia) is not the supplier's business yet; a cancelled one only if it had
 * been issued (the server checks its history).
 */
export const ORE_VISIBLES_PROVEEDOR: readonly number[] = [
  ORE.EMITIDO, ORE.PAGADO, ORE.RECEPCIONADO, ORE.FABRICA, ORE.PUERTO_ORIGEN, ORE.TRANSITO, ORE.PUERTO_DESTINO,
  ORE.ALMACEN_ADUANA, ORE.ANULADO, ORE.RECEPCIONADO_PARCIAL, ORE.PAGO_PARCIAL,
];

/** The invoice may be sent on an issued order, not on a cancelled one (issue 15). */
export const puedeEnviarFactura = (oreId: number) => oreId !== ORE.ANULADO && ORE_VISIBLES_PROVEEDOR.includes(oreId);

/**
 * Payment order states a supplier sees: from approval on (approved, deposited). Drafts, those
 * waiting for approval, disapproved and cancelled ones are internal and may still change.
 */
export const OPG_VISIBLES_PROVEEDOR: readonly string[] = ['OPA', 'OPP'];

/** Spec 3 §9: tax type 3 is shown as a negative in the supplier view; the others as stored. */
export function impuestoMostrado(t: Pick<OrdenProveedorImpuesto, 'ori_tipo' | 'ori_valor_aplicado'>): string {
  if (t.ori_tipo !== ORI_TIPO.PERCEPCION) return t.ori_valor_aplicado;
  const magnitud = t.ori_valor_aplicado.replace(/^-/, '');
  return /^0*(\.0*)?$/.test(magnitud) ? magnitud : `-${magnitud}`;
}

/** The invoice's two files (`/ordenCompra/adjuntarFactura`): sizes checked before anything is stored. */
export const FACTURA_PDF_MAX_BYTES = 10 * 1024 * 1024;
export const FACTURA_XML_MAX_BYTES = 2 * 1024 * 1024;
