/**
 * Sales orders as the calls answer them (spec 3 §3 "Sales order", "Sales order line", "Sales order
 * payment", "Electronic voucher"). Money is 2-decimal text, quantities decimal text; dates of the
 * sale and of payments are Lima times; `ovt_fecha_entrega` is 'dd-mm-yyyy HH:mm' as the form sends it.
 */

/** A row of /ordenVenta/buscar (columns ID, DNI/RUC, customer, sale date, total, status; the dispatch tab's too). */
export interface OrdenVentaFila {
  ovt_id: number;
  cli_id: number;
  cli_documento_identidad: string;
  cli_nombre: string;
  /** 'YYYY-MM-DDTHH:mm:ss', Lima. */
  ovt_fecha_venta: string;
  /** 'dd-mm-yyyy HH:mm', Lima. */
  ovt_fecha_entrega: string;
  ovt_total: string;
  ovt_pagado: string;
  ovt_direccion_envio: string;
  ubi_id: string;
  ubi_nombre: string;
  ovt_comprobante: string | null;
  est_id: number;
  est_nombre: string;
  est_styles: string;
  /** The caller may open the modify popup (option editar_orden_venta and state creado). */
  puede_editar: boolean;
  /** Its lines, as `/ordenVenta/obtener` answers them (spec 3 "Sales order as seen by dispatch"). */
  lista_orden_venta_detalle: OrdenVentaDetalleLinea[];
}

export interface OrdenVentaDetalleLinea {
  ovd_id: number;
  pvt_id: number;
  ovd_producto: string;
  /** The product's current maximum and minimum prices (without IGV). */
  pvt_precio: string;
  pvt_precio_minimo: string;
  unm_simbolo: string;
  ovd_precio: string;
  ovd_cantidad: string;
  ovd_moneda: string;
  ovd_moneda_descripcion: string;
  ovd_subtotal: string;
  ovd_igv: string;
  ovd_total: string;
  /** Whether a mixer carries the product (issue 24); false for a service (pumping): the line needs no dispatch. */
  pvt_despacho_mixer: boolean;
  /** The quantity still to dispatch; always 0 on a line that needs no dispatch. */
  ovd_saldo_envio: string;
  env_frecuencia: number;
}

export interface OrdenVentaPagoFila {
  ovp_id: number;
  ovt_id: number;
  /** 1, 2, 3 ... within the order. */
  ovp_orden: number;
  /** 'dd-mm-yyyy HH:mm', Lima. */
  ovp_fecha_pago: string;
  ovp_descripcion: string;
  ovp_monto: string;
  ovp_registrador: number;
  ovp_registrador_nombre: string;
  est_id: number;
  est_nombre: string;
  est_styles: string;
  /** Where the payment's voucher file is read (POST `{orden_venta_pago:{ovp_id}}` with the token), null without one. */
  ovp_url_comprobante: string | null;
  ovp_archivo_nombre: string | null;
  puede_cancelar: boolean;
}

/** An issued e-voucher (spec 3 §3 "Electronic voucher": nco_id, nco_enlace). */
export interface OrdenVentaComprobante {
  nco_id: number;
  /** Where its PDF is read: our /api/ordenVenta/verComprobante, a GET with the voucher's own key (or a POST with the token). */
  nco_enlace: string;
  nco_serie: string;
  nco_numero: number;
  /** 'F001-00000001'. */
  nco_comprobante: string;
  /** SUNAT catalogue 01: the voucher ('01', '03') and its notes ('07', '08'; issue 23). */
  nco_tipo: string;
  /** The voucher's type (factura 1, boleta 2); 0 on its notes. */
  tid_id: number;
  nco_fecha_emision: string;
  nco_total: string;
  /** domain CPE_ESTADO (issue 22). */
  nco_estado_sunat: string;
  /** SUNAT's code and text (ResponseCode or fault), and the CDR's observations. */
  nco_respuesta_codigo: string | null;
  nco_respuesta_texto: string | null;
  nco_notas: { codigo: string; texto: string }[];
  nco_tiene_cdr: boolean;
}

/** A document attached to the order (/ordenVenta/adjuntar). */
export interface OrdenVentaArchivo {
  ova_id: number;
  ova_tipo: string;
  ova_nombre: string;
  ova_tamano: number;
  ova_fecha: string;
  usu_nombre: string;
}

/** /ordenVenta/obtener: the whole order with what the caller may do, computed on the server. */
export interface OrdenVentaDetalle {
  ovt_id: number;
  cli_id: number;
  cli_nombre: string;
  cli_documento_identidad: string;
  tdi_id: number;
  cli_especial: number;
  cde_id: number | null;
  tid_id: number;
  tid_descripcion: string;
  mon_id: number;
  mon_simbolo: string;
  coc_id: number;
  coc_descripcion: string;
  ovt_nombre_contacto: string;
  ovt_documento_identidad_contacto: string;
  ovt_telefono_contacto: string;
  ovt_correo_contacto: string;
  ovt_observaciones: string;
  ovt_guia: string;
  ovt_fecha_venta: string;
  ovt_fecha_entrega: string;
  ovt_subtotal: string;
  ovt_igv_tasa: string;
  ovt_igv: string;
  ovt_total: string;
  ovt_pagado: string;
  /** total − paid. */
  saldo: string;
  ovt_registrador: number;
  ovt_registrador_nombre: string;
  ven_id: number | null;
  ven_nombre: string | null;
  ovt_direccion_envio: string;
  ovt_referencia_envio: string;
  ubi_id: string;
  ubi_nombre: string;
  ovt_comprobante: string | null;
  ovt_comprobante_enlace: string | null;
  ovt_aprobador_nombre: string | null;
  ovt_fecha_aprobacion: string | null;
  est_id: number;
  est_nombre: string;
  est_styles: string;
  ovt_version: number;
  lista_orden_venta_detalle: OrdenVentaDetalleLinea[];
  lista_orden_venta_pago: OrdenVentaPagoFila[];
  lista_nube_fact_comprobante: OrdenVentaComprobante[];
  lista_orden_venta_archivo: OrdenVentaArchivo[];
  puede_editar: boolean;
  puede_aprobar: boolean;
  puede_registrar_pago: boolean;
  puede_generar_comprobante: boolean;
  /** The voucher's number and link: pagado (spec 3 §4), or issued on credit before (issue 23). */
  puede_ver_comprobante: boolean;
  /** How a voucher issued now declares its payment: 'Credito' (with cuotas) for an approved credit sale with a balance (issue 23). */
  comprobante_forma_pago: 'Contado' | 'Credito';
}
