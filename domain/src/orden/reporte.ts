import { z } from 'zod';
import { TIPO_ORDEN } from './calculo.ts';
import { Id, intSchema } from '../common/ids.ts';

/** Texts of the order reports (spec 1 §5, §8) and of the rules we settled (docs/business-rules.md "Order reports"). */
export const REPORTE_MSG = {
  fechas: 'Debe ingresar un rango de fechas para generar el reporte',
  fecha: 'Ingrese una fecha válida (AAAA-MM-DD)',
  rango: 'La fecha de inicio no puede ser posterior a la fecha de fin',
  exportar: 'Ocurrio un problema, no se pudo exportar la información solicitada',
  tipoReporte: 'El tipo de reporte debe ser 1 (por orden) o 2 (por producto)',
} as const;

/** `tipo_reporte`: one row per order, or one row per order line. */
export const TIPO_REPORTE = { ORDEN: 1, ITEM: 2 } as const;

/** File names of the downloads (spec 1 §7, §9). */
export const REPORTE_ARCHIVO = 'reporte.xlsx';
export const REPORTE_PAGOS_ARCHIVO = 'reporte-pagos.xlsx';

const isDate = (v: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};

/** A date of the range: empty and absent are "missing" (checked together below); an ISO timestamp keeps its date. */
const fecha = z.string().trim().nullish()
  .transform((v) => (v ? (/^\d{4}-\d{2}-\d{2}T/.test(v) ? v.slice(0, 10) : v) : null));

/** Both dates given, valid and in order; the spec's message when either is missing. */
function checkRange(v: { fecha_inicio: string | null; fecha_fin: string | null }, ctx: z.RefinementCtx) {
  if (!v.fecha_inicio || !v.fecha_fin) {
    ctx.addIssue({ code: 'custom', path: ['fecha_inicio'], message: REPORTE_MSG.fechas });
    return;
  }
  for (const key of ['fecha_inicio', 'fecha_fin'] as const) {
    if (!isDate(v[key]!)) ctx.addIssue({ code: 'custom', path: [key], message: REPORTE_MSG.fecha });
  }
  if (isDate(v.fecha_inicio) && isDate(v.fecha_fin) && v.fecha_inicio > v.fecha_fin) {
    ctx.addIssue({ code: 'custom', path: ['fecha_fin'], message: REPORTE_MSG.rango });
  }
}

/** 0, null or absent mean "any". */
const optId = intSchema().nullish().transform((v) => v || null);
const ids = z.array(Id).max(1000).nullish().transform((v) => [...new Set(v ?? [])]);

/**
 * `/orden/report` (spec 1 §7): the range of `ord_fecha_orden` (both ends included) and filters.
 * `tipo_ordenes` empty = purchase and service; `categoria_producto` / `tipo_producto` filter the
 * lines (an order qualifies when one of its lines matches).
 */
export const OrdenReporte = z.object({
  fecha_inicio: fecha,
  fecha_fin: fecha,
  tipo_reporte: z.union([z.literal(TIPO_REPORTE.ORDEN), z.literal(TIPO_REPORTE.ITEM)], { error: REPORTE_MSG.tipoReporte }).nullish()
    .transform((v) => v ?? TIPO_REPORTE.ORDEN),
  tipo_ordenes: z.array(z.union([z.literal(TIPO_ORDEN.COMPRA), z.literal(TIPO_ORDEN.SERVICIO)])).max(2).nullish()
    .transform((v) => [...new Set(v ?? [])]),
  centro_costos: ids,
  proveedor: optId,
  categoria_producto: optId,
  tipo_producto: optId,
}).superRefine(checkRange);
export type OrdenReporteDatos = z.output<typeof OrdenReporte>;
export type OrdenReporteInput = z.input<typeof OrdenReporte>;

/** `/ordenCompra/generarReporte2 {orden_compra:{fecha_inicio, fecha_fin}}`: purchase orders against their payment orders. */
export const OrdenPagosReporte = z.object({
  orden_compra: z.object({ fecha_inicio: fecha, fecha_fin: fecha }).superRefine(checkRange).nullish()
    .transform((v, ctx) => {
      if (!v) {
        ctx.addIssue({ code: 'custom', path: ['orden_compra'], message: REPORTE_MSG.fechas });
        return z.NEVER;
      }
      return v;
    }),
});
export type OrdenPagosReporteDatos = z.output<typeof OrdenPagosReporte>;
export type OrdenPagosReporteInput = z.input<typeof OrdenPagosReporte>;
