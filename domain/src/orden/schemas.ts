import { z } from 'zod';
import { CONDICION, METODO_PAGO_CARTA_CREDITO } from '../common/catalogs.ts';
import { pageFields } from '../common/envelope.ts';
import { MSG } from '../common/messages.ts';
import type { OrdenHistorialRow } from './estados.ts';
import { ORDEN_CALCULO_MSG, ORI_TIPO, ORI_TIPOS_IMPORTACION, OrdenCalculoImpuesto, OrdenCalculoItem, TIPO_DESCUENTO, TIPO_ORDEN, type OrdenCalculo, type OriTipo } from './calculo.ts';
import { Id, coercedIdSchema, idSchema, intSchema } from '../common/ids.ts';

/** Texts of the order calls (spec 1 §2.11, §8) and of the rules we settled (docs/business-rules.md). */
export const ORDEN_MSG = {
  registered: 'Se registró con éxito la orden',
  updated: 'Se actualizó con éxito la orden',
  noItems: 'Ingrese al menos un producto',
  notEditable: 'No tiene los permisos para editar esta orden',
  notFound: 'No se encontró la orden',
  tipoLocked: 'El tipo de orden no se puede modificar',
  versionMissing: 'Debe indicar la versión leída de la orden',
  importService: 'Una orden de servicio no puede ser de importación',
  centroCosto: 'El centro de costo no existe o no está activo',
  proveedor: 'El proveedor no existe o no está activo',
  usuario: 'El usuario seleccionado no existe o no está activo',
  rolAprobador: (puesto: string) => `El usuario elegido para ${puesto} no tiene ese rol`,
  noExiste: (campo: string) => `${campo} no existe`,
  producto: 'El producto seleccionado no existe',
  productoRepetido: 'El producto ya fue agregado a la orden',
  fecha: 'Ingrese una fecha válida (AAAA-MM-DD)',
  adelanto: 'El porcentaje de adelanto debe ser mayor que 0 y como máximo 100, con hasta 2 decimales',
  tipoCambio: 'Ingrese el tipo de cambio',
  tipoCambioFormato: 'El tipo de cambio debe ser un número mayor que 0 con hasta 4 decimales',
  fob: 'El precio FOB debe ser un número no negativo con hasta 4 decimales',
  montoMaximo: 'Los importes de la orden son demasiado grandes',
  impuestoNoCorresponde: (descripcion: string) => `El impuesto ${descripcion} no corresponde a este tipo de orden`,
  demasiadosItems: 'La orden admite como máximo 500 productos',
} as const;

/** The most lines an order may have. */
export const MAX_ORDEN_ITEMS = 500;

const required = { error: MSG.required };
const filled = { error: MSG.required, abort: true };
const text = (max: number, label: string) =>
  z.string(required).trim().min(1, filled).max(max, `${label} no debe superar ${max} caracteres`);
/** An optional text: null and absence are ''. */
const optText = (max: number, label: string) =>
  z.string().trim().max(max, `${label} no debe superar ${max} caracteres`).nullish().transform((v) => v ?? '');
/** A selected record in the spec's nested shape, e.g. `proveedor: {id_proveedor}`. */
const ref = <K extends string>(key: K) =>
  z.object({ [key]: idSchema(MSG.required) } as { [P in K]: z.ZodNumber }, required);
const flag = (byDefault: 0 | 1) =>
  z.union([z.literal(0), z.literal(1), z.boolean()]).nullish().transform((v): 0 | 1 => (v == null ? byDefault : v === true || v === 1 ? 1 : 0));

const isDate = (v: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};
/** `YYYY-MM-DD` (spec 1 §7: fecha_pago as YYYY-MM-DD); a full ISO timestamp keeps its date part. */
const dateField = z.string(required).trim().min(1, filled)
  .transform((v) => (/^\d{4}-\d{2}-\d{2}T/.test(v) ? v.slice(0, 10) : v))
  .refine(isDate, ORDEN_MSG.fecha);

/** Integer digits of a canonical decimal text. */
const integerDigits = (v: string) => v.replace('-', '').split('.')[0].replace(/^0+(?=\d)/, '').length;

/** Stored as NUMERIC(14,4): at most 10 integer digits. */
const cantidad = OrdenCalculoItem.shape.cantidad.refine((v) => integerDigits(v) <= 10, ORDEN_CALCULO_MSG.cantidadMaxima);
const precioUnitario = OrdenCalculoItem.shape.precio_unitario.refine((v) => integerDigits(v) <= 10, ORDEN_CALCULO_MSG.precioMaximo);

/** An optional non-negative decimal with up to `places` decimals and `digits` integer digits, as canonical text. */
const optDecimal = (places: number, digits: number, message: string) =>
  z.union([z.string(), z.number()]).nullish().transform((raw, ctx) => {
    if (raw == null) return null;
    const t = String(raw).trim().replace(',', '.');
    if (t === '') return null;
    const m = /^(\d+)(?:\.(\d+))?$/.exec(t);
    if (!m || (m[2] ?? '').replace(/0+$/, '').length > places || m[1].replace(/^0+(?=\d)/, '').length > digits) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    const dec = (m[2] ?? '').replace(/0+$/, '');
    return `${m[1].replace(/^0+(?=\d)/, '')}${dec ? `.${dec}` : ''}`;
  });

/** One line of an order (spec 1 §3 "Order item"). */
export const OrdenItemSave = z.object({
  producto_variacion: z.object({ id_producto_variacion: Id }).nullish(),
  descripcion: optText(500, 'La descripción'),
  /** Brand id 0 means none (shown as a dash, spec 1 §2.10). */
  marca: z.object({ id_marca: intSchema() }).nullish(),
  unidad: ref('id_unidad'),
  cantidad,
  precio_unitario: precioUnitario,
  precio_fob: optDecimal(4, 10, ORDEN_MSG.fob),
  observacion: optText(500, 'La observación'),
  /** The purchase-request line it buys: of the order's `pei_id`, same product, within the approved quantity (checked by the server, DECISIONS §7). */
  pid_id: Id.nullish(),
});

/** Tax types an order of each kind may carry (spec 1 §9 "Default taxes"). */
export function allowedTaxTypes(tipoOrden: number, esImportacion: boolean): OriTipo[] {
  if (tipoOrden === TIPO_ORDEN.SERVICIO) return [ORI_TIPO.IGV, ORI_TIPO.DETRACCION, ORI_TIPO.RETENCION];
  return [ORI_TIPO.IGV, ORI_TIPO.PERCEPCION, ...(esImportacion ? ORI_TIPOS_IMPORTACION : [])];
}

/**
 * `/orden/register-orden` and `/orden/update-orden` (spec 1 §3 "Order", §5). Update sends
 * `id_orden` and the `version` it read. Amounts sent by the client (`monto_*`, item `importe`,
 * `valor_aplicado`) are not part of the schema: the server recomputes them (DECISIONS §2).
 * Without `orden_impuestos` the default taxes of the order's kind apply.
 */
export const OrdenSave = z
  .object({
    id_orden: Id.optional(),
    version: Id.optional(),
    tipo_orden: z.literal([TIPO_ORDEN.COMPRA, TIPO_ORDEN.SERVICIO], required),
    es_importacion: flag(0),
    pais: z.object({ id_pais: Id }).nullish(),
    centro_costo: ref('id_centro_costo'),
    proveedor: ref('id_proveedor'),
    moneda: ref('id_moneda'),
    condicion_comercial: ref('id_condicion'),
    metodo_pago: ref('id_metodo'),
    tipo_documento: ref('id_tipo_documento'),
    ord_numero_documento: optText(30, 'El número de documento'),
    fecha_pago: dateField,
    fecha_orden: dateField.nullish(),
    carta_credito: optText(60, 'La carta de crédito'),
    lugar_entrega: text(250, 'El lugar de entrega'),
    logistica: z.object({ id_usuario: Id }).nullish(),
    contabilidad: ref('id_usuario'),
    administrador: ref('id_usuario'),
    gerencia: ref('id_usuario'),
    referencia: text(200, 'La referencia'),
    referencia_detalle: optText(500, 'El detalle de la referencia'),
    observacion: optText(1000, 'La observación'),
    descuento: z.union([z.string(), z.number()]).nullish().transform((v) => (v == null || String(v).trim() === '' ? '0' : v)),
    tipo_descuento: z.literal([TIPO_DESCUENTO.PORCENTAJE, TIPO_DESCUENTO.MONTO], { error: ORDEN_CALCULO_MSG.tipoDescuento }).nullish()
      .transform((v) => v ?? TIPO_DESCUENTO.PORCENTAJE),
    ord_porcentaje_adelanto: optDecimal(2, 3, ORDEN_MSG.adelanto),
    /** Soles per unit of the order's currency (docs/business-rules.md "Kardex valorizado"); the server requires it on a purchase order not in soles. */
    ord_tipo_cambio: optDecimal(4, 6, ORDEN_MSG.tipoCambioFormato).refine((v) => v === null || Number(v) > 0, ORDEN_MSG.tipoCambioFormato),
    pei_id: Id.nullish(),
    orden_items: z.array(OrdenItemSave, { error: ORDEN_MSG.noItems }).min(1, ORDEN_MSG.noItems).max(MAX_ORDEN_ITEMS, ORDEN_MSG.demasiadosItems),
    orden_impuestos: z.array(OrdenCalculoImpuesto, required).nullish(),
  })
  .superRefine((v, ctx) => {
    const issue = (path: PropertyKey[], message: string) => ctx.addIssue({ code: 'custom', path, message });
    const servicio = v.tipo_orden === TIPO_ORDEN.SERVICIO;
    const importacion = !servicio && v.es_importacion === 1;
    if (servicio && v.es_importacion === 1) issue(['es_importacion'], ORDEN_MSG.importService);
    if (v.metodo_pago.id_metodo === METODO_PAGO_CARTA_CREDITO && !v.carta_credito) issue(['carta_credito'], MSG.required);
    if (importacion && !v.pais) issue(['pais'], MSG.required);
    if (v.condicion_comercial.id_condicion === CONDICION.ADELANTO) {
      const p = v.ord_porcentaje_adelanto;
      if (p === null) issue(['ord_porcentaje_adelanto'], MSG.required);
      else if (Number(p) <= 0 || Number(p) > 100) issue(['ord_porcentaje_adelanto'], ORDEN_MSG.adelanto);
    }
    const productos = new Set<number>();
    v.orden_items.forEach((item, i) => {
      // A service line is described; a purchase line is described or names a product.
      if (!item.descripcion && (servicio || !item.producto_variacion)) issue(['orden_items', i, 'descripcion'], MSG.required);
      if (importacion && item.precio_fob === null) issue(['orden_items', i, 'precio_fob'], MSG.required);
      const prv = item.producto_variacion?.id_producto_variacion;
      if (prv !== undefined) {
        if (productos.has(prv)) issue(['orden_items', i, 'producto_variacion'], ORDEN_MSG.productoRepetido);
        productos.add(prv);
      }
    });
    const allowed = allowedTaxTypes(v.tipo_orden, importacion);
    v.orden_impuestos?.forEach((t, i) => {
      if (!allowed.includes(t.ori_tipo)) issue(['orden_impuestos', i, 'ori_tipo'], ORDEN_MSG.impuestoNoCorresponde(t.descripcion));
    });
  })
  .transform((v) => {
    const importacion = v.tipo_orden === TIPO_ORDEN.COMPRA && v.es_importacion === 1;
    const adelanto = v.condicion_comercial.id_condicion === CONDICION.ADELANTO ? v.ord_porcentaje_adelanto
      : v.condicion_comercial.id_condicion === CONDICION.ADELANTO_50 ? '50'
      : v.condicion_comercial.id_condicion === CONDICION.ADELANTO_15 ? '15'
      : null;
    return {
      ...v,
      es_importacion: importacion,
      // The country is kept for imports only (spec 1 §2.10 shows it for an import).
      pais: importacion ? v.pais ?? null : null,
      carta_credito: v.metodo_pago.id_metodo === METODO_PAGO_CARTA_CREDITO ? v.carta_credito : '',
      ord_porcentaje_adelanto: adelanto,
      orden_items: v.orden_items.map((item) => ({
        ...item,
        marca: item.marca && item.marca.id_marca > 0 ? item.marca : null,
        precio_fob: importacion ? item.precio_fob : null,
      })),
    };
  });
export type OrdenSave = z.input<typeof OrdenSave>;
export type OrdenSaveDatos = z.output<typeof OrdenSave>;

/** True when every amount fits the NUMERIC(14,2) columns (12 integer digits). */
export function orderAmountsFit(c: OrdenCalculo): boolean {
  const amounts = [c.subtotal, c.subtotal_descontado, c.total, ...c.lineas.map((l) => l.importe), ...c.impuestos.map((t) => t.valor_aplicado)];
  return amounts.every((a) => integerDigits(a) <= 12);
}

/** `/orden/get-orden-list` (spec 1 §7); 0 or null means "any" for tipo, status and coc_id; year defaults to the Lima year. */
export const OrdenList = z.object({
  tipo: z.number().int().min(0).max(2).nullish(),
  status: intSchema().nullish(),
  year: z.number().int().min(2000).max(2100).nullish(),
  search: z.string().trim().max(100).nullish().transform((v) => v ?? ''),
  coc_id: intSchema().nullish(),
  proveedores: z.array(Id).max(100).nullish(),
  /** Issue 25: only orders with conciliation differences beyond the tolerance, of any year (the work queue's line). */
  conciliacion: z.boolean().nullish(),
  ...pageFields,
});
export type OrdenList = z.input<typeof OrdenList>;
export type OrdenListDatos = z.output<typeof OrdenList>;

/** `idOrden` header of `/orden/get-orden-detail` (header names arrive lower-case). */
export const OrdenIdHeader = z.object({
  idorden: coercedIdSchema(MSG.required),
});

interface Usuario { id_usuario: number; nombre: string; apellido: string }

/** A row of `/orden/get-orden-list` (spec 1 §2.9 columns). */
export interface OrdenListRow {
  id_orden: number;
  codigo: string;
  tipo_orden: number;
  es_importacion: number;
  fecha_orden: string;
  creado_por: string;
  id_proveedor: number;
  proveedor: string;
  id_centro_costo: number;
  centro_costo: string;
  id_orden_estado: number;
  estado: string;
  estado_styles: string;
  id_condicion: number;
  condicion_comercial: string;
  mon_simbolo: string;
  monto_con_impuesto: string;
  referencia: string;
  /** The caller may edit it now (state editable and a role that may write). */
  es_editable: boolean;
}

/** `/orden/get-orden-detail` (spec 1 §3 "Order"); amounts are decimal texts. */
export interface OrdenDetalle {
  id_orden: number;
  numero: number;
  codigo: string;
  anio: number;
  version: number;
  tipo_orden: number;
  es_importacion: number;
  pais: { id_pais: number; nombre: string } | null;
  centro_costo: { id_centro_costo: number; codigo: string; descripcion: string; pry_id: number };
  proveedor: { id_proveedor: number; ruc: string; razon_social: string };
  moneda: { id_moneda: number; simbolo: string; descripcion: string };
  condicion_comercial: { id_condicion: number; descripcion: string };
  metodo_pago: { id_metodo: number; descripcion: string };
  tipo_documento: { id_tipo_documento: number; descripcion: string };
  ord_numero_documento: string;
  fecha_pago: string;
  fecha_orden: string;
  carta_credito: string;
  lugar_entrega: string;
  logistica: Usuario;
  contabilidad: Usuario;
  administrador: Usuario;
  gerencia: Usuario;
  registrador: Usuario;
  referencia: string;
  referencia_detalle: string;
  observacion: string;
  descuento: string;
  tipo_descuento: number;
  ord_porcentaje_adelanto: string | null;
  /** Soles per unit of the currency (1 for soles). */
  ord_tipo_cambio: string;
  monto_sin_impuesto: string;
  monto_con_impuesto: string;
  estado: { id_orden_estado: number; descripcion: string; es_editable: boolean };
  /** The caller may edit it now (state editable and a role that may write). */
  es_editable: boolean;
  /** The purchase request it buys from, and its code (DECISIONS §7). */
  pei_id: number | null;
  pei_codigo: string | null;
  fecha_registro: string;
  /** Who approved for management and accounting, and when (Lima time); null until approved or after a restart. */
  aprobacion_gerencia: { usuario: Usuario; fecha: string } | null;
  aprobacion_contabilidad: { usuario: Usuario; fecha: string } | null;
  /** Every state change, oldest first (registration included). */
  historial: OrdenHistorialRow[];
  orden_items: {
    id_orden_item: number;
    oci_orden: number;
    producto_variacion: { id_producto_variacion: number; nombre: string } | null;
    descripcion: string;
    marca: { id_marca: number; descripcion: string };
    unidad: { id_unidad: number; simbolo: string };
    cantidad: string;
    precio_unitario: string;
    precio_fob: string | null;
    importe: string;
    observacion: string;
    pid_id: number | null;
  }[];
  orden_impuestos: { id_orden_impuesto: number; descripcion: string; valor: string; valor_aplicado: string; ori_tipo: number }[];
}
