import Decimal from 'decimal.js';
import { z } from 'zod';
import { isCorporate } from '../access/session.ts';
import { PageQuery } from '../common/envelope.ts';
import { idSchema } from '../common/ids.ts';
import { EST } from '../common/statuses.ts';
import { isDate, toDate } from '../common/time.ts';
import { decimalText } from '../common/decimal-text.ts';
import { SUNAT_MSG, docProveedorCampos, refineDocProveedor, tieneDocProveedor, type DocProveedor } from '../inventario/sunat.ts';
import { ORE } from '../orden/estados.ts';

/**
 * Transfers and incomes (spec 2 §2 "Transfers and incomes screen", §3 "Transfer", §4, §5, §6,
 * §7 "Transfers"; DECISIONS §2, §3; docs/business-rules.md "Transfers and incomes").
 */

/** Transfer types (spec 2 §3 "Transfer type", §9). */
export const TFI_TIPO = { ORDEN_COMPRA: 1, ENTRE_ALMACENES: 2, COMPRA_EXTERNA: 3 } as const;
export type TfiTipo = (typeof TFI_TIPO)[keyof typeof TFI_TIPO];

export const TIPOS_TRANSFERENCIA = [
  { tit_id: 1, tit_nombre: 'Orden de compra' },
  { tit_id: 2, tit_nombre: 'Entre almacenes' },
  { tit_id: 3, tit_nombre: 'Compra externa' },
] as const;

export const tipoTransferenciaNombre = (tipo: number) => TIPOS_TRANSFERENCIA.find((t) => t.tit_id === tipo)?.tit_nombre ?? String(tipo);

/** The statuses a transfer can be in (spec 2 §2: creado, eliminado, ingreso_confirmado, ingreso_parcial). */
export const TFI_ESTADO = {
  CREADO: EST.creado,
  ELIMINADO: EST.eliminado,
  INGRESO_CONFIRMADO: EST.ingreso_confirmado,
  INGRESO_PARCIAL: EST.ingreso_parcial,
} as const;
export const TFI_ESTADO_CODIGOS = ['creado', 'eliminado', 'ingreso_confirmado', 'ingreso_parcial'] as const;
export type TfiEstadoCodigo = (typeof TFI_ESTADO_CODIGOS)[number];

/** The option that registering a purchase-order transfer needs (spec 2 §2, §6). */
export const OPCION_TRANSFERENCIA_ORDEN = 'registrar_transferencia_orden_compra';

/** Series of the transfer codes: TRF-2026-000001 (DECISIONS §2). */
export const TFI_SERIE = 'TRF';
export const codigoTransferencia = (anio: number, numero: number) => `${TFI_SERIE}-${anio}-${String(numero).padStart(6, '0')}`;

/** At most this many lines per transfer. */
export const MAX_TRANSFERENCIA_LINEAS = 200;

export const TRANSFERENCIA_MSG = {
  faltanDatos: 'Falta ingresar algunos datos para registrar la transferencia',
  referenciaOrden: 'Debe ingresar alguna referencia de la orden',
  productoAgregado: 'El producto ya ha sido agregado',
  confirmarEliminar: '¿Está seguro de eliminar la transferencia?',
  registrada: 'Se registró la transferencia',
  ingresada: 'Se confirmó el ingreso de la transferencia',
  eliminada: 'Se eliminó la transferencia',
  notFound: 'No se encontró la transferencia',
  ordenNotFound: 'No se encontró la orden',
  almacenNotFound: 'No se encontró el almacén',
  stockNotFound: 'No se encontró el registro de stock',
  mismoAlmacen: 'El almacén de origen y el de destino deben ser distintos',
  soloCreado: (estado: string) => `Solo una transferencia en estado Creado puede modificarse; esta está en estado ${estado}`,
  compraExternaSinIngreso: 'Una compra externa no tiene ingreso que confirmar: su stock entró al registrarla',
  eliminarAjena: 'Solo puede eliminar las transferencias que usted registró',
  opcionOrden: 'No tiene permiso para registrar transferencias de orden de compra',
  ordenTipo: 'Solo las órdenes de compra tienen ingresos a almacén',
  ordenEstado: (estado: string) => `No se pueden registrar ingresos de una orden en estado ${estado}`,
  itemAjeno: 'Una línea no pertenece a la orden seleccionada',
  itemSinProducto: (descripcion: string) => `El ítem ${descripcion} no tiene un producto del catálogo y no puede ingresar a almacén`,
  excedeSaldo: (descripcion: string, saldo: string) => `La cantidad de ${descripcion} supera el saldo por transferir (${saldo})`,
  cantidadEntera: (producto: string) => `${producto} se registra por número de serie: la cantidad debe ser un número entero`,
  serieUnidad: (producto: string) => `${producto} se registra por número de serie: ingrese una línea por unidad, con su serie`,
  stockAjeno: 'Una línea no corresponde al almacén de origen',
  lineasIngreso: 'Debe confirmar la cantidad de cada línea de la transferencia',
  ingresoExcede: (producto: string, enviada: string) => `La cantidad confirmada de ${producto} no puede superar la enviada (${enviada})`,
  ingresoSerie: (producto: string) => `Una unidad de ${producto} con número de serie se confirma con 0 o 1`,
  stockYaSalio: (producto: string, codigo: string) =>
    `No se puede eliminar la transferencia ${codigo}: el stock de ${producto} que ingresó ya salió del almacén`,
  cantidad: 'La cantidad debe ser un número mayor a cero, con hasta 4 decimales',
  cantidadIngreso: 'La cantidad confirmada debe ser un número de 0 en adelante, con hasta 4 decimales',
  cantidadMaxima: 'La cantidad admite a lo más 10 dígitos enteros',
  costoUnitario: 'El costo unitario debe ser un número de 0 en adelante, con hasta 4 decimales',
  costoMaximo: 'El costo unitario admite a lo más 10 dígitos enteros',
  fecha: 'La fecha no es válida',
  rangoFechas: 'La fecha de inicio no puede ser posterior a la fecha de fin',
  demasiadasLineas: `Una transferencia admite como máximo ${MAX_TRANSFERENCIA_LINEAS} líneas`,
} as const;

const F = TRANSFERENCIA_MSG.faltanDatos;


/** A required date `YYYY-MM-DD` (an ISO timestamp keeps its date part). */
const fecha = z.string({ error: F }).trim().min(1, { error: F, abort: true }).transform(toDate).refine(isDate, TRANSFERENCIA_MSG.fecha);
/** An optional date of a filter; empty is "any". */
const fechaFiltro = z.string().trim().max(40).nullish()
  .transform((v) => (v ? toDate(v) : null))
  .refine((v) => v === null || isDate(v), TRANSFERENCIA_MSG.fecha);

/** A quantity as canonical NUMERIC(14,4) text: > 0 (`positiva`) or ≥ 0. */
const cantidad = (positiva: boolean, invalido: string, faltan: string) =>
  decimalText({ decimales: 4, enteros: 10, positiva, faltan, invalido, maximo: TRANSFERENCIA_MSG.cantidadMaxima });

const texto = (max: number, nombre: string) => z.string().trim().max(max, `${nombre} no debe superar ${max} caracteres`).nullish().transform((v) => v ?? '');

/**
 * One line of a new transfer. Type 1: `oci_id` (the order item); type 2: the origin stock row, as `pal_id` or as
 * the spec's line (spec 2 §3 "Transfer": `prv_id` and, when serialised, `pal_numero_serie`, issue 27); type 3:
 * product and, when serialised, its serial.
 */
export const TransferenciaLinea = z.object({
  prv_id: idSchema(F),
  oci_id: idSchema(F).nullish().transform((v) => v ?? null),
  pal_id: idSchema(F).nullish().transform((v) => v ?? null),
  tid_cantidad: cantidad(true, TRANSFERENCIA_MSG.cantidad, F),
  pal_numero_serie: texto(60, 'El número de serie'),
  /**
   * Type 3 only: the unit cost in soles without IGV at which it enters the valued kardex (docs/business-rules.md
   * "Kardex valorizado"); empty: at the warehouse's average cost. Ignored on the other types.
   */
  tid_costo_unitario: z.union([z.string(), z.number()]).nullish()
    .transform((v) => (v === null || v === undefined || String(v).trim() === '' ? null : v))
    .pipe(decimalText({ decimales: 4, enteros: 10, positiva: false, faltan: TRANSFERENCIA_MSG.costoUnitario, invalido: TRANSFERENCIA_MSG.costoUnitario, maximo: TRANSFERENCIA_MSG.costoMaximo }).nullable()),
}, { error: F });
export type TransferenciaLinea = z.output<typeof TransferenciaLinea>;

/**
 * `/transferenciaItems/registrar {transferencia_items}` (spec 2 §5 "Transfer"): destination, lines and estimated
 * arrival always; the order for type 1, the origin for type 2; otherwise 'Falta ingresar algunos datos ...'.
 * A product (type 1: an order item; type 2: a stock row; type 3: a product and serial) appears once.
 * An external purchase may carry the supplier's document (tabla 10 type, series, number: its stock enters now).
 */
export const TransferenciaRegistrar = z.object({
  transferencia_items: z.object({
    tfi_tipo: z.number({ error: F }).int(F).refine((v) => v === 1 || v === 2 || v === 3, F),
    ord_id: idSchema(F).nullish().transform((v) => v ?? null),
    alm_origen: idSchema(F).nullish().transform((v) => v ?? null),
    alm_destino: idSchema(F),
    tfi_fecha_estimada_llegada: fecha,
    tfi_guia_remision: texto(40, 'La guía de remisión'),
    tfi_notas: texto(500, 'Las notas'),
    ...docProveedorCampos,
    detalle: z.array(TransferenciaLinea, { error: F }).min(1, F).max(MAX_TRANSFERENCIA_LINEAS, TRANSFERENCIA_MSG.demasiadasLineas),
  }, { error: F }).superRefine((v, ctx) => {
    const issue = (message: string, path: (string | number)[] = []) => ctx.addIssue({ code: 'custom', message, path });
    if (tieneDocProveedor(v) && v.tfi_tipo !== TFI_TIPO.COMPRA_EXTERNA) {
      issue(v.tfi_tipo === TFI_TIPO.ENTRE_ALMACENES ? SUNAT_MSG.docEnTransferencia : SUNAT_MSG.docEnRegistroOrden, ['tfi_doc_tipo']);
    } else {
      refineDocProveedor(v, ctx);
    }
    if (v.tfi_tipo === TFI_TIPO.ORDEN_COMPRA && v.ord_id === null) issue(F, ['ord_id']);
    if (v.tfi_tipo === TFI_TIPO.ENTRE_ALMACENES) {
      if (v.alm_origen === null) issue(F, ['alm_origen']);
      else if (v.alm_origen === v.alm_destino) issue(TRANSFERENCIA_MSG.mismoAlmacen, ['alm_destino']);
    }
    const vistos = new Set<string>();
    v.detalle.forEach((l, i) => {
      if (v.tfi_tipo === TFI_TIPO.ORDEN_COMPRA && l.oci_id === null) issue(F, ['detalle', i, 'oci_id']);
      const porStock = v.tfi_tipo === TFI_TIPO.ENTRE_ALMACENES && l.pal_id !== null;
      const key = v.tfi_tipo === TFI_TIPO.ORDEN_COMPRA ? `o${l.oci_id}` : porStock ? `p${l.pal_id}` : `${l.prv_id}|${l.pal_numero_serie.toLowerCase()}`;
      if (vistos.has(key)) issue(TRANSFERENCIA_MSG.productoAgregado, ['detalle', i, 'prv_id']);
      vistos.add(key);
    });
  }),
}, { error: F });
export type TransferenciaRegistrar = z.input<typeof TransferenciaRegistrar>;
export type TransferenciaDatos = z.output<typeof TransferenciaRegistrar>['transferencia_items'];

const L = TRANSFERENCIA_MSG.lineasIngreso;
/**
 * `/transferenciaItems/ingresar {transferencia_items}`: the whole transfer, a confirmed quantity (0..sent) for every
 * line and, for a purchase order, the supplier's document the goods came with (optional for the API, asked by the screen).
 */
export const TransferenciaIngresar = z.object({
  transferencia_items: z.object({
    tfi_id: idSchema(TRANSFERENCIA_MSG.notFound),
    ...docProveedorCampos,
    detalle: z.array(z.object({
      tid_id: idSchema(L),
      tid_ingreso_cantidad: cantidad(false, TRANSFERENCIA_MSG.cantidadIngreso, L),
      pal_numero_serie: texto(60, 'El número de serie'),
      tid_ingreso_notas: texto(500, 'Las notas'),
    }, { error: L }), { error: L }).min(1, L).max(MAX_TRANSFERENCIA_LINEAS * 10, L),
  }, { error: L }).superRefine(refineDocProveedor),
}, { error: L });
export type TransferenciaIngresar = z.input<typeof TransferenciaIngresar>;
export type TransferenciaIngreso = z.output<typeof TransferenciaIngresar>['transferencia_items'];

/** `{tfi_id}`: obtener, eliminar, the entry-order PDF. */
export const TransferenciaId = z.object({ tfi_id: idSchema(TRANSFERENCIA_MSG.notFound) }, { error: TRANSFERENCIA_MSG.notFound });
export type TransferenciaId = z.input<typeof TransferenciaId>;

/**
 * `/transferenciaItems/buscar {transferencia_items, page}` (spec 2 §2): type absent = 1 (null = every type),
 * status absent = creado (null = every status); the order code counts only for type 1, the origin only for type 2.
 */
export const TransferenciaBuscar = z.object({
  transferencia_items: z.object({
    tfi_tipo: z.number().int().min(1).max(3).nullish().transform((v) => (v === undefined ? TFI_TIPO.ORDEN_COMPRA : v)),
    est_codigo: z.enum(TFI_ESTADO_CODIGOS).nullish().transform((v) => (v === undefined ? 'creado' : v)),
    alm_destino: idSchema().nullish().transform((v) => v ?? null),
    alm_origen: idSchema().nullish().transform((v) => v ?? null),
    ord_code: z.string().trim().max(60, 'El código de orden no debe superar 60 caracteres').nullish().transform((v) => v || null),
    fecha_inicio: fechaFiltro,
    fecha_fin: fechaFiltro,
  }).refine((v) => !v.fecha_inicio || !v.fecha_fin || v.fecha_inicio <= v.fecha_fin, { path: ['fecha_fin'], message: TRANSFERENCIA_MSG.rangoFechas })
    .prefault({}),
  page: PageQuery,
});
export type TransferenciaBuscar = z.input<typeof TransferenciaBuscar>;
export type TransferenciaFiltro = z.output<typeof TransferenciaBuscar>['transferencia_items'];

const O = TRANSFERENCIA_MSG.ordenNotFound;
/** `/ordenCompra/obtenerDetallexTransferencia {orden_compra:{ord_id}}` and `/transferenciaItems/buscarDetallexOrden {orden_compra:{ord_id}}`. */
export const OrdenTransferencia = z.object({ orden_compra: z.object({ ord_id: idSchema(O) }, { error: O }) }, { error: O });
export type OrdenTransferencia = z.input<typeof OrdenTransferencia>;

const R = TRANSFERENCIA_MSG.referenciaOrden;
/** `/ordenCompra/buscar {orden_compra:{ord_codigo}}`: the order search of the transfer popup; text required. */
export const OrdenBuscarTransferencia = z.object({
  orden_compra: z.object({ ord_codigo: z.string({ error: R }).trim().min(1, R).max(100, 'La referencia no debe superar 100 caracteres') }, { error: R }),
}, { error: R });
export type OrdenBuscarTransferencia = z.input<typeof OrdenBuscarTransferencia>;

/** `/transferenciaItems/historialTransferenciasxItem {producto_almacen:{pal_id}}`. */
export const HistorialTransferenciasItem = z.object({
  producto_almacen: z.object({ pal_id: idSchema(TRANSFERENCIA_MSG.stockNotFound) }, { error: TRANSFERENCIA_MSG.stockNotFound }),
}, { error: TRANSFERENCIA_MSG.stockNotFound });
export type HistorialTransferenciasItem = z.input<typeof HistorialTransferenciasItem>;

/** Product quick search of the external-purchase popup (stock in a warehouse: `/productoAlmacen/buscarRapido`). */
export const TransferenciaBuscarProducto = z.object({
  producto: z.object({ prv_nombre: z.string().trim().max(100, 'El nombre no debe superar 100 caracteres').nullish().transform((v) => v ?? '') }).prefault({}),
});

/** A row of the list (spec 2 §2 columns) with what the caller may do with it. */
export interface TransferenciaRow {
  tfi_id: number;
  tfi_codigo: string;
  tfi_tipo: number;
  tfi_tipo_nombre: string;
  tfi_fecha_registro: string;
  tfi_usu_registrador: number;
  tfi_usu_registrador_nombre: string;
  alm_origen: number | null;
  alm_origen_nombre: string | null;
  alm_destino: number;
  alm_destino_nombre: string;
  /** The destination warehouse's project: its users (and level 1) confirm the entry. */
  pry_destino: number;
  ord_id: number | null;
  ord_code: string | null;
  est_id: number;
  est_codigo: string;
  est_nombre: string;
  est_styles: string;
}

export interface TransferenciaDetalleRow {
  tid_id: number;
  prv_id: number;
  prv_nombre: string;
  prv_item: number;
  unm_simbolo: string;
  oci_id: number | null;
  oci_descripcion: string | null;
  oci_cantidad: string | null;
  tid_cantidad: string;
  tid_ingreso_cantidad: string | null;
  tid_ingreso_notas: string;
  pal_origen: number | null;
  pal_destino: number | null;
  pal_stock: string | null;
  pal_numero_serie: string;
}

export interface Transferencia extends TransferenciaRow, DocProveedor {
  tfi_fecha_ingreso: string | null;
  tfi_fecha_estimada_llegada: string;
  tfi_guia_remision: string;
  /**
   * What the receipt screen proposes while the transfer has no supplier document: the order's invoice the supplier
   * sent from the portal, else a guide typed at registration as `SERIE-NÚMERO`; null when neither.
   */
  doc_sugerido: DocProveedor | null;
  tfi_notas: string;
  tfi_usu_recepcionador: number | null;
  tfi_usu_recepcionador_nombre: string | null;
  pry_destino_nombre: string;
  pry_origen_nombre: string | null;
  detalle: TransferenciaDetalleRow[];
}

/** An order item as the order-transfer popup shows it: what live transfers took and what is left. */
export interface OrdenItemTransferencia {
  oci_id: number;
  oci_orden: number;
  prv_id: number | null;
  prv_nombre: string | null;
  prv_item: number;
  oci_descripcion: string;
  unm_simbolo: string;
  oci_cantidad: string;
  /** Sent in created transfers plus confirmed in confirmed ones. */
  tid_total: string;
  oci_saldo_transferencia: string;
}

export interface OrdenParaTransferencia {
  ord_id: number;
  ord_codigo: string;
  ore_id: number;
  ore_descripcion: string;
  pve_razon_social: string;
  ord_referencia: string;
  ord_fecha_orden: string;
  pry_id: number;
  pry_nombre: string;
}

export interface OrdenDetalleTransferencia extends OrdenParaTransferencia {
  detalle: OrdenItemTransferencia[];
}

export interface HistorialTransferenciaRow {
  tfi_id: number;
  tfi_codigo: string;
  tfi_tipo_nombre: string;
  tfi_fecha_registro: string;
  tid_cantidad: string;
  tfi_fecha_ingreso: string | null;
  tid_ingreso_cantidad: string | null;
  tid_ingreso_notas: string;
  alm_origen_nombre: string | null;
  alm_destino_nombre: string;
  /** 'salida' when this stock row was the origin, 'ingreso' when the destination. */
  movimiento: 'salida' | 'ingreso';
  est_nombre: string;
  est_styles: string;
}

export interface ProductoTransferencia {
  prv_id: number;
  prv_nombre: string;
  prv_item: number;
  unm_simbolo: string;
}

/**
 * Whether a user may confirm a transfer's entry (spec 2 §4): created, not an external purchase, and the
 * destination warehouse is of the user's project (level 1 any), as the server checks.
 */
export const puedeIngresar = (t: Pick<TransferenciaRow, 'est_id' | 'tfi_tipo' | 'pry_destino'>, user: { usu_nivel: number; pry_id: number | null }) =>
  t.est_id === TFI_ESTADO.CREADO && t.tfi_tipo !== TFI_TIPO.COMPRA_EXTERNA && (isCorporate(user) || t.pry_destino === user.pry_id);

/** Who may delete (spec 2 §4, §6): only created ones; level 1 any, others only those they registered. */
export const puedeEliminar = (t: Pick<TransferenciaRow, 'est_id' | 'tfi_usu_registrador'>, user: { usu_id: number; usu_nivel: number }) =>
  t.est_id === TFI_ESTADO.CREADO && (isCorporate(user) || t.tfi_usu_registrador === user.usu_id);

/** The status after confirming entry (DECISIONS §3): every line confirmed as sent → ingreso_confirmado, else ingreso_parcial. */
export function estadoTrasIngreso(lineas: { enviada: string; confirmada: string }[]): number {
  const completo = lineas.every((l) => new Decimal(l.enviada).eq(l.confirmada));
  return completo ? TFI_ESTADO.INGRESO_CONFIRMADO : TFI_ESTADO.INGRESO_PARCIAL;
}

/**
 * Order states that accept a purchase-order transfer (receiving goods): issued, paid or partly paid,
 * on its import way, or partly received. Not creado, aprobación gerencia, anulado, nor fully received.
 */
export const ORE_RECEPCIONABLE: readonly number[] = [
  ORE.EMITIDO, ORE.PAGADO, ORE.PAGO_PARCIAL, ORE.RECEPCIONADO_PARCIAL, ORE.FABRICA, ORE.PUERTO_ORIGEN, ORE.TRANSITO, ORE.PUERTO_DESTINO, ORE.ALMACEN_ADUANA,
];

/** `est_codigo` of a filter as the status id. */
export const tfiEstadoId = (codigo: TfiEstadoCodigo): number => EST[codigo];
