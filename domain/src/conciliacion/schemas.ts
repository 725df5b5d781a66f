import { z } from 'zod';
import { idSchema } from '../common/ids.ts';

/**
 * Three-way match of a purchase order (issue 25): what was ordered, what entered stock through the
 * order's transfers and what the supplier invoiced from its portal, side by side. A difference beyond
 * the tolerance (Administración → Ajustes) is a flag: information, never a block
 * (docs/business-rules.md "Conciliación de tres vías").
 */

/** Keys of the tolerance in `ajuste`. */
export const AJUSTE_TOLERANCIA_PORCENTAJE = 'conciliacion_tolerancia_porcentaje';
export const AJUSTE_TOLERANCIA_MONTO = 'conciliacion_tolerancia_monto';
/** Used while nobody saved a tolerance: 1 % or S/ 10.00, whichever is stricter. */
export const TOLERANCIA_PREDETERMINADA = { porcentaje: '1', monto: '10' } as const;

export const CONCILIACION_MSG = {
  ordenFalta: 'Debe indicar la orden',
  ordenNoEncontrada: 'No se encontró la orden',
  toleranciaPorcentaje: 'La tolerancia en porcentaje debe ser un número entre 0 y 100, con hasta 2 decimales',
  toleranciaMonto: 'La tolerancia en soles debe ser un importe de 0 o más, con hasta 2 decimales',
  toleranciaFalta: 'Indique la tolerancia en porcentaje, en soles o ambas',
  toleranciaGuardada: 'Se guardó la tolerancia de la conciliación',
} as const;

/** What each flag means, as the order shows it. */
export const CONCILIACION_MARCA = {
  recibido_mayor: 'Se recibió más de lo pedido',
  facturado_sin_recibir: 'Se facturó más de lo recibido',
  cantidad_facturada: 'Se facturó más cantidad de la pedida',
  precio: 'El precio facturado difiere del pedido',
  importe: 'El importe facturado supera el de la orden',
  total_facturado: 'El total facturado supera el total de la orden',
  total_sin_recibir: 'Lo facturado (sin IGV) supera el valor de lo recibido',
  linea_sin_orden: 'La factura tiene líneas que no corresponden a la orden',
} as const;
export type ConciliacionMarca = keyof typeof CONCILIACION_MARCA;

/** `/ordenCompra/conciliacion {orden_compra:{ord_id}}`. */
export const ConciliacionObtener = z.object(
  { orden_compra: z.object({ ord_id: idSchema(CONCILIACION_MSG.ordenFalta) }, { error: CONCILIACION_MSG.ordenFalta }) },
  { error: CONCILIACION_MSG.ordenFalta },
);
export type ConciliacionObtener = z.input<typeof ConciliacionObtener>;

const porcentaje = z.union([z.string(), z.number()]).transform((v) => String(v).trim())
  .refine((v) => /^\d{1,3}(\.\d{1,2})?$/.test(v) && Number(v) <= 100, CONCILIACION_MSG.toleranciaPorcentaje);
const monto = z.union([z.string(), z.number()]).transform((v) => String(v).trim())
  .refine((v) => /^\d{1,10}(\.\d{1,2})?$/.test(v), CONCILIACION_MSG.toleranciaMonto);

/** `/ajuste/guardarTolerancia`: percent and/or soles; null clears one (at least one stays). */
export const ToleranciaGuardar = z.object({
  ajuste: z.object({
    tolerancia_porcentaje: porcentaje.nullable(),
    tolerancia_monto: monto.nullable(),
  }, { error: CONCILIACION_MSG.toleranciaFalta }).refine((a) => a.tolerancia_porcentaje !== null || a.tolerancia_monto !== null, CONCILIACION_MSG.toleranciaFalta),
}, { error: CONCILIACION_MSG.toleranciaFalta });
export type ToleranciaGuardar = z.input<typeof ToleranciaGuardar>;

export interface Tolerancia {
  /** 0–100; null: not used. */
  porcentaje: string | null;
  /** Soles; null: not used. */
  monto: string | null;
  /** 'predeterminada' while nobody saved one. */
  origen: 'ajuste' | 'predeterminada';
  aju_fecha: string | null;
  usuario: string | null;
}

export interface ConciliacionLinea {
  oci_id: number;
  oci_orden: number;
  descripcion: string;
  unidad: string;
  cantidad_pedida: string;
  precio_pedido: string;
  importe_pedido: string;
  /** null: the line is not received through the warehouse (a service, or no product). */
  cantidad_recibida: string | null;
  /** From the invoices read line by line; null when none was. */
  cantidad_facturada: string | null;
  importe_facturado: string | null;
  /** importe_facturado / cantidad_facturada, 4 decimals. */
  precio_facturado: string | null;
  marcas: ConciliacionMarca[];
}

export interface ConciliacionFactura {
  ofa_id: number;
  numero: string;
  fecha_emision: string;
  moneda: string;
  subtotal: string;
  igv: string;
  total: string;
  /** false: some line could not be matched to the order, so it counts in the totals only. */
  por_linea: boolean;
  lineas: FacturaLineaLeida[];
  fecha_subida: string;
}

/** One cac:InvoiceLine as the supplier's XML gives it. */
export interface FacturaXmlLinea {
  id: string;
  descripcion: string;
  cantidad: string;
  unidad: string;
  /** LineExtensionAmount: the line's value without IGV. */
  importe: string;
  /** Price without IGV (cac:Price), or importe / cantidad when absent. */
  precio: string;
}

/** One cac:InvoiceLine as read, with the order line it was matched to (null: none). */
export interface FacturaLineaLeida extends FacturaXmlLinea {
  oci_orden: number | null;
  /** How it was matched: descripcion | cantidad_precio | posicion. */
  regla: string | null;
}

export interface Conciliacion {
  ord_id: number;
  ord_codigo: string;
  ord_tipo_orden: number;
  moneda: string;
  mon_simbolo: string;
  tolerancia: { porcentaje: string | null; monto: string | null; monto_en_moneda: string | null };
  /** Discounted subtotal + IGV: what the supplier may invoice. */
  total_pedido: string;
  subtotal_pedido: string;
  /** Value (without IGV, after the order's discount) of what entered stock; null for a service order. */
  valor_recibido: string | null;
  total_facturado: string;
  subtotal_facturado: string;
  lineas: ConciliacionLinea[];
  facturas: ConciliacionFactura[];
  /** Order-level flags. */
  marcas: ConciliacionMarca[];
  observada: boolean;
}
