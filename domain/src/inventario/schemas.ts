import { z } from 'zod';
import { decimalText } from '../common/decimal-text.ts';
import { PageQuery, pageFields } from '../common/envelope.ts';
import { MSG } from '../common/messages.ts';
import { Id, idSchema, intSchema } from '../common/ids.ts';
import { formatDecimal } from '../common/format.ts';
import { ESTADOS } from '../common/statuses.ts';

/**
 * Inventory, kardex and stock renewal (spec 2 §2 "Inventory screen", §3, §7 "Inventory"; spec 1 §2.12,
 * §7 "Stock renewal"; docs/business-rules.md "Inventory, kardex and stock renewal").
 */

export const INVENTARIO_MSG = {
  /** A quantity above the stock, next to its field ('Solo hay 30 en Almacén Central'), never clamped to it (issue 24). */
  soloHay: (stock: string, almacen: string) => `Solo hay ${formatDecimal(stock)} en ${almacen}`,
  /** The same refusal from the server, naming the line: 'Solo hay 30 en Almacén Central (Guantes de nitrilo)'. */
  soloHayDe: (stock: string, almacen: string, producto: string) => `Solo hay ${formatDecimal(stock)} en ${almacen} (${producto})`,
  noProject: MSG.noProjectWarehouses,
  notFound: 'No se encontró el registro de stock',
  almacenNotFound: 'No se encontró el almacén',
  almacenRequerido: 'Debe seleccionar un almacén',
  productoNotFound: 'No se encontró el producto',
  minimoInvalido: 'El stock mínimo debe ser un número mayor o igual a cero, con hasta 4 decimales',
  minimoMaximo: 'El stock mínimo no debe superar 9 999 999 999',
  minimoGuardado: 'Se actualizó el stock mínimo',
  minimoSinStock: 'El producto no tiene registro de stock en ese almacén',
  periodoInvalido: 'Seleccione un periodo válido',
  periodoFuturo: 'El periodo aún no ha empezado',
  pleCorporativo: 'El libro PLE reúne todos los almacenes de la empresa: solo un usuario corporativo puede generarlo',
} as const;

/** Status of an inventory row (spec 2 §2): sin stock when the stock is 0, otherwise the product's status. */
export const PAL_ESTADO = { SIN_STOCK: -1, INACTIVO: 0, ACTIVO: 1 } as const;

export interface PalEstado {
  pal_stock_estado: number;
  pal_estado_nombre: string;
  pal_estado_styles: string;
}

/** The tag of a row: `stock` as NUMERIC text, `prvEstado` the product's 0/1. */
export function estadoStock(stock: string | number, prvEstado: number): PalEstado {
  const id = Number(stock) === 0 ? PAL_ESTADO.SIN_STOCK : prvEstado === 1 ? PAL_ESTADO.ACTIVO : PAL_ESTADO.INACTIVO;
  const e = ESTADOS.find((s) => s.est_id === id)!;
  return { pal_stock_estado: id, pal_estado_nombre: e.est_nombre, pal_estado_styles: e.est_styles };
}

const flag = z.union([z.literal(0), z.literal(1)]);
const filterText = (max: number) => z.string().trim().max(max).default('');
const optionalId = Id.nullish().transform((v) => v ?? null);

/** The inventory's filters (spec 2 §2): product name, product status (1 by default, null = any), warehouse. */
const filtroFields = {
  prv_nombre: filterText(200),
  prv_estado: flag.nullable().default(1),
  alm_id: optionalId,
};
export const InventarioFiltro = z.object(filtroFields);
export type InventarioFiltro = z.output<typeof InventarioFiltro>;

/** `/productoAlmacen/buscar {producto_almacen:{prv_nombre, prv_estado, alm_id, page}}`. */
export const InventarioBuscar = z.object({
  producto_almacen: z.object({ ...filtroFields, page: PageQuery }).prefault({}),
});
export type InventarioBuscar = z.input<typeof InventarioBuscar>;

/** `/productoAlmacen/exportar {producto_almacen:{filters}}`: the filtered inventory as xlsx. */
export const InventarioExportar = z.object({
  producto_almacen: InventarioFiltro.prefault({}),
});
export type InventarioExportar = z.input<typeof InventarioExportar>;

/** At most this many rows answer a quick search (product pickers). */
export const INVENTARIO_RAPIDO_MAX = 20;

/** `/productoAlmacen/buscarRapido {producto_almacen:{prv_nombre, alm_id}}`: stock in one warehouse, for pickers. */
export const InventarioBuscarRapido = z.object({
  producto_almacen: z.object({
    prv_nombre: filterText(200),
    alm_id: idSchema(INVENTARIO_MSG.almacenRequerido),
  }, { error: INVENTARIO_MSG.almacenRequerido }),
}, { error: INVENTARIO_MSG.almacenRequerido });
export type InventarioBuscarRapido = z.input<typeof InventarioBuscarRapido>;

const palId = idSchema(INVENTARIO_MSG.notFound);

/** `/productoAlmacen/obtenerKardex {producto_almacen:{pal_id, page}}`. */
export const KardexObtener = z.object({
  producto_almacen: z.object({ pal_id: palId, page: PageQuery }, { error: INVENTARIO_MSG.notFound }),
}, { error: INVENTARIO_MSG.notFound });
export type KardexObtener = z.input<typeof KardexObtener>;

/** `/productoAlmacen/exportarKardex {producto_almacen:{pal_id}}`. */
export const KardexExportar = z.object({
  producto_almacen: z.object({ pal_id: palId }, { error: INVENTARIO_MSG.notFound }),
}, { error: INVENTARIO_MSG.notFound });
export type KardexExportar = z.input<typeof KardexExportar>;

/** `/productoAlmacen/historialAsignaciones {producto_almacen:{pal_id, page}}` (spec 2 §7: "path not shown"). */
export const HistorialAsignacionesItem = KardexObtener;
export type HistorialAsignacionesItem = z.input<typeof HistorialAsignacionesItem>;

/** A quantity of NUMERIC(14,4) at least 0, as canonical text. */
const cantidadNoNegativa = decimalText({
  decimales: 4, enteros: 10, positiva: false, faltan: INVENTARIO_MSG.minimoInvalido, invalido: INVENTARIO_MSG.minimoInvalido, maximo: INVENTARIO_MSG.minimoMaximo,
});

/**
 * `/productoAlmacen/stockMinimo {producto_almacen:{alm_id, prv_id, stm_minimo}}`: the minimum of a
 * product in a warehouse; null goes back to the product's own minimum (`prv_stock_minimo`).
 */
export const StockMinimoGuardar = z.object({
  producto_almacen: z.object({
    alm_id: idSchema(INVENTARIO_MSG.almacenRequerido),
    prv_id: idSchema(INVENTARIO_MSG.productoNotFound),
    stm_minimo: cantidadNoNegativa.nullable(),
  }, { error: MSG.missingUserData }),
}, { error: MSG.missingUserData });
export type StockMinimoGuardar = z.input<typeof StockMinimoGuardar>;

/** Spec 1 §7 "Stock renewal": `POST /inventario/pending {start, length}`. */
export const InventarioPending = z.object({ ...pageFields }).prefault({});
export type InventarioPending = z.input<typeof InventarioPending>;

/** `/productoAlmacen/ple {ple:{anio, mes}}`: SUNAT PLE 12.1 of the company (every warehouse) and a month (beyond the spec). */
export const PleInventario = z.object({
  ple: z.object({
    anio: intSchema(2000, INVENTARIO_MSG.periodoInvalido).max(2100, INVENTARIO_MSG.periodoInvalido),
    mes: intSchema(1, INVENTARIO_MSG.periodoInvalido).max(12, INVENTARIO_MSG.periodoInvalido),
  }, { error: INVENTARIO_MSG.periodoInvalido }),
}, { error: INVENTARIO_MSG.periodoInvalido });
export type PleInventario = z.input<typeof PleInventario>;

/** An inventory row (spec 2 §3 "Inventory item"), quantities as NUMERIC text without trailing zeros. */
export interface InventarioRow extends PalEstado {
  pal_id: number;
  alm_id: number;
  alm_nombre: string;
  alm_tipo: number;
  pry_id: number;
  pry_nombre: string;
  prv_id: number;
  prv_nombre: string;
  prv_item: number;
  cat_nombre: string;
  tip_nombre: string;
  unm_simbolo: string;
  mar_nombre: string | null;
  pal_stock: string;
  /** Valued kardex (docs/business-rules.md "Kardex valorizado"): the row's value in soles and its weighted average unit cost (4 decimals; null without stock). */
  pal_valor: string;
  pal_costo_promedio: string | null;
  pal_numero_serie: string;
  prv_estado: number;
  /** The minimum that applies to the product in this warehouse, and whether it was set here (else the product's). */
  stm_minimo: string;
  stm_propio: boolean;
  /** The product's own minimum (`prv_stock_minimo`), which applies where none was set. */
  prv_stock_minimo: string;
  /** The product's stock in this warehouse (every serial together) is below that minimum: the renewal screen lists it. */
  bajo_minimo: boolean;
}

/** A stock row a picker offers (`buscarRapido`): only rows with stock. */
export interface InventarioRapidoRow {
  pal_id: number;
  prv_id: number;
  prv_nombre: string;
  unm_simbolo: string;
  mar_nombre: string | null;
  prv_item: number;
  pal_numero_serie: string;
  pal_stock: string;
  prv_retorno_estimado: number | null;
}

/** A kardex line (spec 2 §3); `kdx_cantidad` signed, `kdx_saldo` the balance after it. */
export interface KardexLinea {
  kdx_id: number;
  kdx_numero: number;
  kdx_fecha: string;
  kdx_glosa: string;
  kdx_cantidad: string;
  kdx_saldo: string;
  /** Unit cost in soles without IGV (4 decimals), the movement's signed value and the row's value after it (2 decimals). */
  kdx_costo_unitario: string;
  kdx_valor: string;
  kdx_saldo_valor: string;
  kdx_doc_tipo: string;
  kdx_doc_id: number;
  usu_nombre: string;
}

/** `obtenerKardex`'s reply: the page's lines, the balance before its first line, and where it is. */
export interface KardexPagina {
  page_result: { list: KardexLinea[] };
  page: { number: number; size: number; total: number };
  pdd_saldo_inicial: string;
  pal: InventarioRow;
}

/** A line of an item's assignment history. */
export interface AsignacionHistorialRow {
  aid_id: number;
  asi_id: number;
  asi_fecha_registro: string;
  solicitante: string;
  aid_cantidad: string;
  aid_devuelto: string;
  aid_saldo: string;
  /** null: devuelto (nothing left to return), a state of the history only. */
  est_id: number | null;
  est_nombre: string;
  est_styles: string;
}

/** A row of the stock renewal list (spec 1 §2.12): a product in a warehouse below its minimum. */
export interface RenovacionRow {
  alm_id: number;
  prv_id: number;
  /** The warehouse column: "project | warehouse", '*' when alm_tipo is 0. */
  alm_nombre: string;
  alm_tipo: number;
  pry_nombre: string;
  producto: string;
  unidad: string;
  unm_id: number;
  marca: string | null;
  mar_id: number | null;
  stock_minimo: string;
  stock_digital: string;
}
