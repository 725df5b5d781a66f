import Decimal from 'decimal.js';
import { z } from 'zod';
import { TIPO_DOCUMENTO_RXH } from '../common/catalogs.ts';
import { MSG } from '../common/messages.ts';

/**
 * Purchase/service order amounts (spec 1 §9 "Calculation", DECISIONS §2 and §4).
 * The order form calls it for live totals and the server recomputes with it on save,
 * ignoring the amounts a client sends. Money is decimal.js, never binary floating point.
 */

/** A private Decimal: enough digits for 12-digit amounts with 4+4+6 decimals, half-up; the global Decimal is left alone. */
const D = Decimal.clone({ precision: 60, rounding: Decimal.ROUND_HALF_UP });
type Dec = InstanceType<typeof D>;

/** Order types (spec 1 §9): 1 compra, 2 servicio. */
export const TIPO_ORDEN = { COMPRA: 1, SERVICIO: 2 } as const;
export type TipoOrden = (typeof TIPO_ORDEN)[keyof typeof TIPO_ORDEN];

/** Discount types (spec 1 §3): 1 a percentage 0–100, 2 a money value (DECISIONS §2). */
export const TIPO_DESCUENTO = { PORCENTAJE: 1, MONTO: 2 } as const;
export type TipoDescuento = (typeof TIPO_DESCUENTO)[keyof typeof TIPO_DESCUENTO];

/**
 * `ori_tipo` of an order tax. 1–4 are spec 1 §3; the four import taxes of spec 1 §9 get one
 * id each (5–8) so that a report or a check can find each of them without reading descriptions.
 * They all compute the same way (rate × discounted subtotal).
 */
export const ORI_TIPO = {
  IGV: 1,
  DETRACCION: 2,
  PERCEPCION: 3,
  RETENCION: 4,
  AD_VALOREM: 5,
  SERVICIO_ADUANA: 6,
  TRANSPORTE_ALMACEN: 7,
  SEGURO_TRANSPORTE: 8,
} as const;
export type OriTipo = (typeof ORI_TIPO)[keyof typeof ORI_TIPO];
const ORI_TIPOS = Object.values(ORI_TIPO) as OriTipo[];
/** Import taxes (spec 1 §9): each is rate × discounted subtotal. */
export const ORI_TIPOS_IMPORTACION: readonly OriTipo[] = [ORI_TIPO.AD_VALOREM, ORI_TIPO.SERVICIO_ADUANA, ORI_TIPO.TRANSPORTE_ALMACEN, ORI_TIPO.SEGURO_TRANSPORTE];

/** A tax row as the order form edits it and `orden_impuesto` stores it; `valor` is a rate (fraction). */
export interface ImpuestoOrden {
  descripcion: string;
  valor: string;
  ori_tipo: OriTipo;
}

/** Default description and rate per tax type (spec 1 §9, DECISIONS §4). */
export const IMPUESTOS_DEFECTO: Record<OriTipo, ImpuestoOrden> = {
  [ORI_TIPO.IGV]: { descripcion: 'IGV', valor: '0.18', ori_tipo: ORI_TIPO.IGV },
  [ORI_TIPO.DETRACCION]: { descripcion: 'Detracción', valor: '0.12', ori_tipo: ORI_TIPO.DETRACCION },
  [ORI_TIPO.PERCEPCION]: { descripcion: 'Percepción', valor: '0', ori_tipo: ORI_TIPO.PERCEPCION },
  [ORI_TIPO.RETENCION]: { descripcion: 'Retención', valor: '0.08', ori_tipo: ORI_TIPO.RETENCION },
  [ORI_TIPO.AD_VALOREM]: { descripcion: 'Ad. Valorem', valor: '0.11', ori_tipo: ORI_TIPO.AD_VALOREM },
  [ORI_TIPO.SERVICIO_ADUANA]: { descripcion: 'Servicio de Aduana', valor: '0.003', ori_tipo: ORI_TIPO.SERVICIO_ADUANA },
  [ORI_TIPO.TRANSPORTE_ALMACEN]: { descripcion: 'Transporte a almacén', valor: '0.01', ori_tipo: ORI_TIPO.TRANSPORTE_ALMACEN },
  [ORI_TIPO.SEGURO_TRANSPORTE]: { descripcion: 'Seguro de transporte', valor: '0.001', ori_tipo: ORI_TIPO.SEGURO_TRANSPORTE },
};

/**
 * Tax rows of a new order (spec 1 §9 "Default taxes", DECISIONS §4): IGV always; a purchase
 * order adds Percepción; a service order adds Retención with a recibo por honorarios (tid_id 6)
 * and Detracción otherwise; an import purchase order also adds the four import taxes.
 * `es_importacion` only counts for purchase orders (the spec names "import purchase orders").
 */
export function defaultTaxes(o: { tipo_orden: number; es_importacion?: boolean | 0 | 1 | null; tid_id?: number | null }): ImpuestoOrden[] {
  const tipos: OriTipo[] = [ORI_TIPO.IGV];
  if (o.tipo_orden === TIPO_ORDEN.COMPRA) {
    tipos.push(ORI_TIPO.PERCEPCION);
    if (o.es_importacion === true || o.es_importacion === 1) tipos.push(...ORI_TIPOS_IMPORTACION);
  } else {
    tipos.push(o.tid_id === TIPO_DOCUMENTO_RXH ? ORI_TIPO.RETENCION : ORI_TIPO.DETRACCION);
  }
  return tipos.map((t) => ({ ...IMPUESTOS_DEFECTO[t] }));
}

// ---------------------------------------------------------------------------------------------
// Input schema
// ---------------------------------------------------------------------------------------------

/** Spanish texts of the calculation's validation (OrdenCalculoError and the zod schema). */
export const ORDEN_CALCULO_MSG = {
  number: 'Ingrese un número válido',
  cantidadPositiva: 'La cantidad debe ser mayor que 0',
  cantidadDecimales: 'La cantidad admite hasta 4 decimales',
  cantidadMaxima: 'La cantidad es demasiado grande',
  precioNegativo: 'El precio unitario no puede ser negativo',
  precioDecimales: 'El precio unitario admite hasta 4 decimales',
  precioMaximo: 'El precio unitario es demasiado grande',
  descuentoNegativo: 'El descuento no puede ser negativo',
  descuentoPorcentaje: 'El descuento porcentual debe estar entre 0 y 100',
  descuentoPorcentajeDecimales: 'El descuento porcentual admite hasta 4 decimales',
  descuentoDecimales: 'El descuento admite hasta 2 decimales',
  descuentoMayorSubtotal: 'El descuento no puede ser mayor que el subtotal',
  tipoDescuento: 'El tipo de descuento debe ser 1 (porcentaje) o 2 (monto)',
  tasa: 'La tasa del impuesto debe estar entre 0 y 1',
  tasaDecimales: 'La tasa del impuesto admite hasta 6 decimales',
  tipoImpuesto: 'El tipo de impuesto no es válido',
  impuestoDescripcion: 'La descripción del impuesto no debe superar 100 caracteres',
  impuestoRepetido: (descripcion: string) => `El impuesto ${descripcion} está repetido`,
} as const;

/** Quantities and prices have up to 12 integer digits (and 4 decimals). */
const MAX_ENTERO = new D('1e12');

/** A number, or a text with '.' or ',' as decimal point, as a Decimal; '' is undefined, anything else null. */
function readDecimal(raw: string | number): Dec | null | undefined {
  const text = String(raw).trim().replace(',', '.');
  if (text === '') return undefined;
  return /^-?\d+(\.\d+)?$/.test(text) ? new D(text) : null;
}

/** A decimal field: the canonical text of the number ('12.5') after `check` found no problem. */
const decimalField = (check: (d: Dec) => string | null) =>
  z.union([z.string(), z.number()], { error: MSG.required }).transform((raw, ctx) => {
    const d = readDecimal(raw);
    const problem = d === undefined ? MSG.required : d === null ? ORDEN_CALCULO_MSG.number : check(d);
    if (problem) {
      ctx.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    }
    return (d as Dec).toFixed();
  });

const cantidad = decimalField((d) =>
  d.lte(0) ? ORDEN_CALCULO_MSG.cantidadPositiva
  : d.decimalPlaces() > 4 ? ORDEN_CALCULO_MSG.cantidadDecimales
  : d.gte(MAX_ENTERO) ? ORDEN_CALCULO_MSG.cantidadMaxima
  : null);

const precioUnitario = decimalField((d) =>
  d.lt(0) ? ORDEN_CALCULO_MSG.precioNegativo
  : d.decimalPlaces() > 4 ? ORDEN_CALCULO_MSG.precioDecimales
  : d.gte(MAX_ENTERO) ? ORDEN_CALCULO_MSG.precioMaximo
  : null);

/** The sign only; the rest depends on `tipo_descuento` (checked on the whole input). */
const descuento = decimalField((d) => (d.lt(0) ? ORDEN_CALCULO_MSG.descuentoNegativo : null));

/** Rates are fractions (DECISIONS §2): IGV 0.18. */
const tasa = decimalField((d) =>
  d.lt(0) || d.gt(1) ? ORDEN_CALCULO_MSG.tasa
  : d.decimalPlaces() > 6 ? ORDEN_CALCULO_MSG.tasaDecimales
  : null);

export const OrdenCalculoItem = z.object({ cantidad, precio_unitario: precioUnitario });

export const OrdenCalculoImpuesto = z.object({
  descripcion: z.string({ error: MSG.required }).trim().min(1, MSG.required).max(100, ORDEN_CALCULO_MSG.impuestoDescripcion),
  valor: tasa,
  ori_tipo: z.literal(ORI_TIPOS, { error: ORDEN_CALCULO_MSG.tipoImpuesto }),
});

/**
 * What the calculation needs of an order. Numbers or decimal texts are accepted; the output
 * holds canonical decimal texts. An empty item list is valid here (totals 0): refusing an order
 * without items ('Ingrese al menos un producto') belongs to the save schema.
 */
export const OrdenCalculoInput = z
  .object({
    items: z.array(OrdenCalculoItem, { error: MSG.required }),
    descuento: descuento.default('0'),
    tipo_descuento: z.literal([TIPO_DESCUENTO.PORCENTAJE, TIPO_DESCUENTO.MONTO], { error: ORDEN_CALCULO_MSG.tipoDescuento }).default(TIPO_DESCUENTO.PORCENTAJE),
    impuestos: z.array(OrdenCalculoImpuesto, { error: MSG.required }).default([]),
  })
  .superRefine((v, ctx) => {
    const problem = discountProblem(v.descuento, v.tipo_descuento, v.items);
    if (problem) ctx.addIssue({ code: 'custom', path: ['descuento'], message: problem });
    const seen = new Set<number>();
    v.impuestos.forEach((t, i) => {
      if (seen.has(t.ori_tipo)) ctx.addIssue({ code: 'custom', path: ['impuestos', i, 'ori_tipo'], message: ORDEN_CALCULO_MSG.impuestoRepetido(t.descripcion) });
      seen.add(t.ori_tipo);
    });
  });
export type OrdenCalculoInput = z.input<typeof OrdenCalculoInput>;
export type OrdenCalculoDatos = z.output<typeof OrdenCalculoInput>;

function discountProblem(value: string, tipo: TipoDescuento, items: { cantidad: string; precio_unitario: string }[]): string | null {
  const d = new D(value);
  if (tipo === TIPO_DESCUENTO.PORCENTAJE) {
    if (d.gt(100)) return ORDEN_CALCULO_MSG.descuentoPorcentaje;
    return d.decimalPlaces() > 4 ? ORDEN_CALCULO_MSG.descuentoPorcentajeDecimales : null;
  }
  if (d.decimalPlaces() > 2) return ORDEN_CALCULO_MSG.descuentoDecimales;
  return d.gt(subtotalOf(items)) ? ORDEN_CALCULO_MSG.descuentoMayorSubtotal : null;
}

// ---------------------------------------------------------------------------------------------
// Calculation
// ---------------------------------------------------------------------------------------------

/** Refused calculation input; `message` is the Spanish text to show, `path` the field. */
export class OrdenCalculoError extends Error {
  readonly path: PropertyKey[];
  constructor(message: string, path: PropertyKey[] = []) {
    super(message);
    this.name = 'OrdenCalculoError';
    this.path = path;
  }
}

export interface ImpuestoAplicado extends ImpuestoOrden {
  /** The amount of this tax, 2 decimals; negative for Detracción and Retención. */
  valor_aplicado: string;
}

/** Every amount is a text with exactly 2 decimals. */
export interface OrdenCalculo {
  /** One per item, in order: precio_unitario × cantidad rounded half-up to 2 decimals. */
  lineas: { importe: string }[];
  subtotal: string;
  descuento_aplicado: string;
  /** Stored as `monto_sin_impuesto`. */
  subtotal_descontado: string;
  impuestos: ImpuestoAplicado[];
  /** Stored as `monto_con_impuesto`. */
  total: string;
}

/** Half-up (DECISIONS §2); for a negative amount the half goes away from zero. */
const round = (d: Dec, places: number): Dec => d.toDecimalPlaces(places, D.ROUND_HALF_UP);
const money = (d: Dec): string => round(d, 2).toFixed(2);
const lineAmount = (i: { cantidad: string; precio_unitario: string }): Dec => round(new D(i.precio_unitario).times(i.cantidad), 2);
const subtotalOf = (items: { cantidad: string; precio_unitario: string }[]): Dec => items.reduce((s, i) => s.plus(lineAmount(i)), new D(0));

/**
 * The amounts of an order (spec 1 §9 "Calculation"):
 * - line = precio_unitario × cantidad, rounded half-up to 2; subtotal = Σ lines;
 * - discount = subtotal × percentage / 100 rounded to 2 (type 1), or the value itself (type 2,
 *   at most the subtotal); discounted subtotal = subtotal − discount;
 * - IGV and import taxes = rate × discounted subtotal; Percepción = rate × discounted subtotal × (1 + IGV rate);
 * - Detracción = −(rate × subtotal × (1 + IGV rate)) rounded to a whole number; Retención the
 *   same rounded to 2 (both on the UNdiscounted subtotal);
 * - the IGV rate is that of the IGV row, 0 without one;
 * - every applied tax is rounded half-up to 2 decimals before adding, so that
 *   total = discounted subtotal + Σ applied taxes holds to the cent on what the screen shows.
 * Throws OrdenCalculoError (ORDEN_CALCULO_MSG) on invalid input.
 */
export function calculateOrder(input: OrdenCalculoInput): OrdenCalculo {
  const parsed = OrdenCalculoInput.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new OrdenCalculoError(issue.message, issue.path);
  }
  const { items, descuento, tipo_descuento, impuestos } = parsed.data;

  const lineas = items.map(lineAmount);
  const subtotal = lineas.reduce((s, l) => s.plus(l), new D(0));
  const descuentoAplicado = tipo_descuento === TIPO_DESCUENTO.PORCENTAJE ? round(subtotal.times(descuento).div(100), 2) : new D(descuento);
  const descontado = subtotal.minus(descuentoAplicado);

  const igv = impuestos.find((t) => t.ori_tipo === ORI_TIPO.IGV);
  const conIgv = new D(1).plus(igv ? igv.valor : 0);

  const aplicados = impuestos.map((t) => {
    const rate = new D(t.valor);
    let amount: Dec;
    switch (t.ori_tipo) {
      case ORI_TIPO.PERCEPCION:
        amount = round(rate.times(descontado).times(conIgv), 2);
        break;
      case ORI_TIPO.DETRACCION:
        amount = round(rate.times(subtotal).times(conIgv), 0).neg();
        break;
      case ORI_TIPO.RETENCION:
        amount = round(rate.times(subtotal).times(conIgv), 2).neg();
        break;
      default: // IGV and the import taxes
        amount = round(rate.times(descontado), 2);
    }
    return { amount, row: { descripcion: t.descripcion, valor: t.valor, ori_tipo: t.ori_tipo, valor_aplicado: money(amount) } };
  });
  const total = aplicados.reduce((s, a) => s.plus(a.amount), descontado);

  return {
    lineas: lineas.map((l) => ({ importe: money(l) })),
    subtotal: money(subtotal),
    descuento_aplicado: money(descuentoAplicado),
    subtotal_descontado: money(descontado),
    impuestos: aplicados.map((a) => a.row),
    total: money(total),
  };
}
