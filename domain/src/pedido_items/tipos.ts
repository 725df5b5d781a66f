import type { PageReply } from '../common/envelope.ts';
import type { PeiEstado } from './estados.ts';

/** A request as the list shows it (spec 3 §3 "Purchase request"); dates are Lima 'YYYY-MM-DDTHH:mm:ss'. */
export interface PedidoFila {
  pei_id: number;
  pei_codigo: string;
  pei_estado: PeiEstado;
  /** The same code, as spec 3 §3 also names it. */
  est_codigo: PeiEstado;
  pei_estado_nombre: string;
  pei_estado_styles: string;
  pei_fecha_registro: string;
  pei_fecha_aprobacion: string | null;
  pei_notas: string;
  alm_id: number;
  alm_nombre: string;
  alm_tipo: number;
  pry_id: number;
  pry_nombre: string;
  cec_id: number;
  cec_codigo: string;
  cec_descripcion: string;
  usu_solicitante: number;
  usu_solicitante_nombre: string;
  usu_logistica: number;
  usu_logistica_nombre: string;
}

/** A purchase order that bought part of a request line (not counting cancelled ones). */
export interface PedidoLineaOrden {
  ord_id: number;
  ord_code: string;
  pve_razon_social: string;
  ore_descripcion: string;
  /** What this order buys of the line. */
  oci_cantidad: string;
}

/** A request line (spec 3 §3 "Request line"); quantities are decimal text. */
export interface PedidoLineaDetalle {
  pid_id: number;
  prv_id: number;
  pid_producto: string;
  unm_simbolo: string;
  pid_cantidad_solicitada: string;
  pid_cantidad_aprobada: string | null;
  /** Bought by purchase orders made from the request. */
  oci_cantidad: string;
  /**
   * Spec 3 "Request line": the purchase order the line was bought with, its code and supplier. With several
   * live orders, the latest (highest ord_id); null when none (cancelled orders do not count). `ordenes` lists them all.
   */
  ord_id: number | null;
  ord_code: string | null;
  pve_razon_social: string | null;
  ordenes: PedidoLineaOrden[];
}

export interface Pedido extends PedidoFila {
  pei_version: number;
  usu_aprobador: number | null;
  usu_aprobador_nombre: string | null;
  lista_pedido_items_detalle: PedidoLineaDetalle[];
}

/** A request found by text: `buscarRapido` (any state) and `buscarPedidoParaOC` (approved, something left to buy). */
export interface PedidoParaOC {
  pei_id: number;
  pei_codigo: string;
  pei_estado: PeiEstado;
  pei_fecha_aprobacion: string | null;
  pry_id: number;
  pry_nombre: string;
  alm_nombre: string;
  alm_tipo: number;
  cec_id: number;
  cec_codigo: string;
  cec_descripcion: string;
}

/** A line still to buy (`buscarProductosxPedido`): approved − bought, what the order form fills in. */
export interface PedidoProductoPendiente {
  pid_id: number;
  prv_id: number;
  pid_producto: string;
  unm_id: number;
  unm_simbolo: string;
  mar_id: number | null;
  pid_cantidad_aprobada: string;
  oci_cantidad: string;
  pid_cantidad_pendiente: string;
}

/** A product of the request popup's quick search. */
export interface PedidoProducto {
  prv_id: number;
  prv_nombre: string;
  unm_simbolo: string;
  mar_nombre: string | null;
}

/** The options loader's reply (spec 3 §7). */
export interface PedidoOpcionesReply {
  estados: { est_codigo: PeiEstado; est_nombre: string; est_styles: string }[];
  almacenes: { alm_id: number; alm_nombre: string; alm_tipo: number; pry_id: number; pry_nombre: string }[];
}

export interface PedidoCentroCosto {
  cec_id: number;
  cec_codigo: string;
  cec_descripcion: string;
  pry_id: number;
  cec_estado: number;
}

export interface PedidoUsuario {
  usu_id: number;
  usu_nombre: string;
  usu_apellido: string;
  usu_nombre_completo: string;
}

/** `{page:{list,total,size,number}}` of paginar. */
export type PedidoPagina = PageReply<PedidoFila>;
