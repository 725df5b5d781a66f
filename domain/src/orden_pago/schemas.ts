import { z } from 'zod';
import { decimalText } from '../common/decimal-text.ts';
import { pageFields } from '../common/envelope.ts';
import { SISTEMAS_PAGO } from './calculo.ts';
import { OPG, ORDEN_PAGO_MSG, type OpgEstado } from './estados.ts';
import { CoercedId, coercedIdSchema, idSchema } from '../common/ids.ts';

/** Payloads of the payment order calls (spec 1 §7 "Payment orders"), in the spec's wrappers. */

const isDate = (v: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};

/** `YYYY-MM-DD`; an ISO timestamp keeps its date part. */
const fecha = (faltan: string) => z.string({ error: faltan }).trim().min(1, { error: faltan, abort: true })
  .transform((v) => (/^\d{4}-\d{2}-\d{2}T/.test(v) ? v.slice(0, 10) : v))
  .refine(isDate, ORDEN_PAGO_MSG.fecha);

const id = coercedIdSchema;

/** A positive amount with up to 2 decimals and 12 integer digits (NUMERIC(14,2)), as canonical text. */
const monto = (faltan: string) =>
  decimalText({ decimales: 2, enteros: 12, positiva: true, faltan, invalido: ORDEN_PAGO_MSG.totalPositivo, maximo: ORDEN_PAGO_MSG.totalMaximo });

const SISTEMA_IDS: readonly number[] = SISTEMAS_PAGO.map((s) => s.id);

/** The fields a register or a modify sends; a missing one answers `faltan` (spec 1 §5). */
const campos = (faltan: string) => ({
  opg_descripcion: z.string({ error: faltan }).trim().min(1, { error: faltan, abort: true }).max(500, 'La descripción no debe superar 500 caracteres'),
  opg_fecha_pago_programado: fecha(faltan),
  opg_pago_cierre: z.union([z.literal(0), z.literal(1), z.boolean()], { error: faltan }).transform((v): 0 | 1 => (v === true || v === 1 ? 1 : 0)),
  tid_id: CoercedId.nullish().transform((v) => v ?? null),
  opg_comprobante: z.string().trim().max(60, 'El comprobante no debe superar 60 caracteres').nullish().transform((v) => v ?? ''),
  opg_sistema_pago: z.number({ error: faltan }).int(ORDEN_PAGO_MSG.sistemaPago).refine((v) => SISTEMA_IDS.includes(v), ORDEN_PAGO_MSG.sistemaPago),
  opg_total: monto(faltan),
  /** Accepted for compatibility: the creator is the caller (DECISIONS §1). */
  opg_creador: z.unknown().optional(),
  /** Ignored: the server computes them (DECISIONS §2). */
  opg_detraccion: z.unknown().optional(),
  opg_pago: z.unknown().optional(),
});

const R = ORDEN_PAGO_MSG.faltaRegistrar;
const M = ORDEN_PAGO_MSG.faltaModificar;

/** `/ordenPago/registrar {orden_pago:{ord_id, ...}}`. */
export const OrdenPagoRegistrar = z.object({
  orden_pago: z.object({ ord_id: id(R), ...campos(R) }, { error: R }),
}, { error: R });
export type OrdenPagoRegistrar = z.input<typeof OrdenPagoRegistrar>;
export type OrdenPagoDatos = z.output<typeof OrdenPagoRegistrar>['orden_pago'];

/** `/ordenPago/modificar {orden_pago:{opg_id, opg_version, ...}}`: the version read (409 when stale). */
export const OrdenPagoModificar = z.object({
  orden_pago: z.object({ opg_id: id(M), opg_version: coercedIdSchema(M), ...campos(M) }, { error: M }),
}, { error: M });
export type OrdenPagoModificar = z.input<typeof OrdenPagoModificar>;
export type OrdenPagoModificarDatos = z.output<typeof OrdenPagoModificar>['orden_pago'];

const F = ORDEN_PAGO_MSG.opgIdFalta;
/** `{orden_pago:{opg_id}}`: obtener, solicitarAprobacion, desaprobar, eliminar, archivo. */
export const OrdenPagoId = z.object({ orden_pago: z.object({ opg_id: id(F) }, { error: F }) }, { error: F });
export type OrdenPagoId = z.input<typeof OrdenPagoId>;

/** `/ordenPago/aprobar {orden_pago:{opg_id, opg_aprobador}}`; the approver is the caller whatever is sent. */
export const OrdenPagoAprobar = z.object({
  orden_pago: z.object({ opg_id: id(F), opg_aprobador: z.unknown().optional() }, { error: F }),
}, { error: F });
export type OrdenPagoAprobar = z.input<typeof OrdenPagoAprobar>;

/** `/ordenPago/depositar {orden_pago:{opg_id, opg_numero_operacion, opg_fecha_deposito?}}`; the date defaults to today (Lima). */
export const OrdenPagoDepositar = z.object({
  orden_pago: z.object({
    opg_id: id(F),
    opg_numero_operacion: z.string({ error: ORDEN_PAGO_MSG.numeroOperacion }).trim().min(1, ORDEN_PAGO_MSG.numeroOperacion)
      .max(60, 'El número de operación no debe superar 60 caracteres'),
    opg_fecha_deposito: z.string().trim().nullish()
      .transform((v) => (v ? (/^\d{4}-\d{2}-\d{2}T/.test(v) ? v.slice(0, 10) : v) : null))
      .refine((v) => v === null || isDate(v), ORDEN_PAGO_MSG.fecha),
  }, { error: F }),
}, { error: F });
export type OrdenPagoDepositar = z.input<typeof OrdenPagoDepositar>;

const O = 'Debe indicar la orden';
/** `/ordenPago/buscar {orden_pago:{ord_id}}`. */
export const OrdenPagoBuscar = z.object({ orden_pago: z.object({ ord_id: id(O) }, { error: O }) }, { error: O });
export type OrdenPagoBuscar = z.input<typeof OrdenPagoBuscar>;

/** `/ordenCompra/obtener {orden_compra:{ord_id}}`: the order as seen by payment orders. */
export const OrdenCompraObtener = z.object({ orden_compra: z.object({ ord_id: id(O) }, { error: O }) }, { error: O });
export type OrdenCompraObtener = z.input<typeof OrdenCompraObtener>;

const P = 'Debe indicar el proveedor';
/** `/ordenPago/buscarxProveedorOrdenCompra {orden_pago:{pve_id}, start, length}` → `{data, total}`. */
export const OrdenPagoPorProveedor = z.object({
  orden_pago: z.object({ pve_id: id(P) }, { error: P }),
  ...pageFields,
}, { error: P });
export type OrdenPagoPorProveedor = z.input<typeof OrdenPagoPorProveedor>;

const OPG_ESTADOS = Object.values(OPG) as [OpgEstado, ...OpgEstado[]];
/** An optional date of the inbox range; empty is "any", an ISO timestamp keeps its date part. */
const fechaFiltro = z.string().trim().nullish()
  .transform((v) => (v ? (/^\d{4}-\d{2}-\d{2}T/.test(v) ? v.slice(0, 10) : v) : null))
  .refine((v) => v === null || isDate(v), ORDEN_PAGO_MSG.fecha);

/**
 * `/ordenPago/bandeja {orden_pago:{estado, pve_id, fecha_inicio, fecha_fin}, start, length}` → `{data, total}`:
 * payment orders across purchase orders. `estado` absent = what waits for the caller
 * (`opgBandejaEstado`), null = every state; the dates bound the registration date (Lima, both ends included).
 */
export const OrdenPagoBandeja = z.object({
  orden_pago: z.object({
    estado: z.enum(OPG_ESTADOS, { error: ORDEN_PAGO_MSG.estadoFiltro }).nullish(),
    pve_id: idSchema(ORDEN_PAGO_MSG.proveedorFiltro).nullish()
      .transform((v) => v ?? null),
    fecha_inicio: fechaFiltro,
    fecha_fin: fechaFiltro,
  }).refine((v) => !v.fecha_inicio || !v.fecha_fin || v.fecha_inicio <= v.fecha_fin, { path: ['fecha_fin'], message: ORDEN_PAGO_MSG.rangoFechas })
    .prefault({}),
  ...pageFields,
});
export type OrdenPagoBandeja = z.input<typeof OrdenPagoBandeja>;
export type OrdenPagoBandejaFiltro = z.output<typeof OrdenPagoBandeja>['orden_pago'];

/** A payment order as the list and `obtener` answer it (spec 1 §3 "Payment order"). */
export interface OrdenPagoRow {
  opg_id: number;
  opg_numero: number;
  ord_id: number;
  ord_codigo: string;
  opg_descripcion: string;
  opg_fecha_pago_programado: string;
  opg_pago_cierre: number;
  tid_id: number | null;
  tid_descripcion: string | null;
  opg_comprobante: string;
  opg_sistema_pago: number;
  opg_total: string;
  opg_detraccion: string;
  opg_pago: string;
  opg_estado: string;
  edo_nombre: string;
  edo_styles: string;
  opg_creador: number;
  opg_creador_nombre: string;
  opg_aprobador: number | null;
  opg_aprobador_nombre: string | null;
  opg_fecha_registro: string;
  opg_fecha_aprobacion: string | null;
  opg_depositante_nombre: string | null;
  opg_fecha_deposito: string | null;
  opg_numero_operacion: string;
  /** Original name of the attached document; null when none. */
  opg_archivo_nombre: string | null;
  opg_version: number;
  mon_simbolo: string;
  pve_razon_social: string;
  /** State of the purchase order (what the buttons depend on besides the payment order's own state). */
  ore_id: number;
}

/** The purchase order as seen by payment orders (spec 1 §3), plus what the screen needs. */
export interface OrdenCompraPago {
  ord_id: number;
  ord_code: string;
  cec_descripcion: string;
  ord_tipo_orden_descripcion: string;
  ord_usu_logistica: string;
  /** The order total (ord_monto_con_impuesto). */
  ord_monto_cigv: string;
  /** Detracción rate of the order (fraction), '0' without one. */
  ori_detraccion: string;
  ori_detraccion_aplicado: string;
  opg_saldo: string;
  opg_saldo_porcentaje: string;
  ord_referencia: string;
  ore_id: number;
  ore_descripcion: string;
  ore_styles: string;
  coc_id: number;
  coc_descripcion: string;
  ord_usu_aprobador: string | null;
  mon_simbolo: string;
  pve_razon_social: string;
  /** Σ deposited payment orders. */
  opg_depositado: string;
  /** Whether the caller may add a payment order now (state, condition, balance, role). */
  puede_registrar: boolean;
}
