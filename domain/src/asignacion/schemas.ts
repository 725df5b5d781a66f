import { z } from 'zod';
import { pageFields, PageQuery } from '../common/envelope.ts';
import { idSchema } from '../common/ids.ts';
import { INVENTARIO_MSG } from '../inventario/schemas.ts';
import { ESTADOS, EST } from '../common/statuses.ts';
import { isDate, toDate } from '../common/time.ts';
import { OrdenCalculoItem, ORDEN_CALCULO_MSG } from '../orden/calculo.ts';

/**
 * Assignments of warehouse stock to employees and their returns (spec 2 §2 "Assignments and
 * returns screen", §3, §5, §7 "/asignacionItems", "/devolucionItems"; DECISIONS §3;
 * docs/business-rules.md "Assignments and returns").
 */

export const ASI_MSG = {
  almacen: 'Debe ingresar el almacén',
  solicitante: 'Debe ingresar el solicitante',
  autorizador: 'Debe ingresar al autorizador',
  fechaRegistro: 'Debe ingresar la fecha de registro',
  productoRepetido: 'El producto ya ha sido agregado',
  sinProyecto: 'No puedes realizar la asignación por que no estas asignado a ningun proyecto',
  seleccioneAlmacen: 'Debe seleccionar un almacén',
  confirmarEliminar: '¿Está seguro de eliminar la asignación?',
  confirmarEliminarDevolucion: '¿Está seguro de eliminar la devolución?',
  // Our own texts.
  fecha: 'La fecha no es válida',
  fechaFutura: 'La fecha de registro no puede ser posterior a hoy',
  fechaDevolucionAnterior: 'La fecha de la devolución no puede ser anterior a la fecha de la asignación',
  asignacionFalta: 'Debe indicar la asignación',
  devolucionFalta: 'Debe indicar la devolución',
  productoFalta: 'Debe seleccionar el producto',
  lineaFalta: 'Debe indicar el ítem de la asignación',
  devolverAlgo: 'Debe ingresar la cantidad a devolver de al menos un ítem',
  notas: 'Las notas no deben superar 500 caracteres',
  registrada: 'Se registró la asignación correctamente',
  eliminada: 'Se eliminó la asignación correctamente',
  devolucionRegistrada: 'Se registró la devolución correctamente',
  devolucionEliminada: 'Se eliminó la devolución correctamente',
  notFound: 'No se encontró la asignación',
  devolucionNotFound: 'No se encontró la devolución',
  almacenNotFound: 'No se encontró el almacén',
  empleadoNotFound: (quien: string) => `No se encontró al ${quien} o se encuentra inactivo`,
  productoOtroAlmacen: (prv: string) => `${prv} no pertenece al almacén seleccionado`,
  yaEliminada: 'La asignación ya fue eliminada',
  devolucionYaEliminada: 'La devolución ya fue eliminada',
  conDevoluciones: 'No se puede eliminar la asignación porque tiene devoluciones registradas',
  /** A quantity above the stock (the server's words too): 'Solo hay 30 en Almacén Central'. */
  soloHay: INVENTARIO_MSG.soloHay,
  soloHayDe: INVENTARIO_MSG.soloHayDe,
  saldoExcedido: (prv: string, saldo: string) => `La cantidad a devolver de ${prv} supera su saldo (${saldo})`,
  lineaAjena: 'El ítem no pertenece a la asignación',
  stockYaSalio: (prv: string) => `No se puede eliminar la devolución: el stock devuelto de ${prv} ya no está en el almacén`,
} as const;

/** Types of the search (spec 2 §9): 1 asignaciones, 2 devoluciones; the default is 1. */
export const ASI_TIPO = { ASIGNACION: 1, DEVOLUCION: 2 } as const;
export const ASI_TIPOS = [
  { id: ASI_TIPO.ASIGNACION, nombre: 'Asignaciones' },
  { id: ASI_TIPO.DEVOLUCION, nombre: 'Devoluciones' },
] as const;

/**
 * Statuses. Stored: an assignment is asignado (12) or eliminado (24); a return registrado (2) or
 * eliminado (24). Shown: an assignment with a line past its estimated return days and a balance
 * is por devolver (23), one whose every line came back is completado (33, 'Devuelto').
 * Filter values: creado (3, the spec's default) is every live document (not deleted); asignado
 * (12) live assignments with something still to return; por devolver (23); eliminado (24).
 */
export const ASI_EST = {
  CREADO: EST.creado,
  REGISTRADO: EST.registrado,
  ASIGNADO: EST.asignado,
  POR_DEVOLVER: EST.por_devolver,
  ELIMINADO: EST.eliminado,
  DEVUELTO: EST.completado,
} as const;

/** The default status filter (spec 2 §9): 3, every live document. */
export const ASI_ESTADO_DEFECTO = ASI_EST.CREADO;

export interface AsiEstado {
  est_id: number;
  est_codigo: string;
  est_nombre: string;
  est_styles: string;
}

const estado = (id: number, nombre?: string): AsiEstado => {
  const e = ESTADOS.find((x) => x.est_id === id)!;
  return { est_id: e.est_id, est_codigo: e.est_codigo, est_nombre: nombre ?? e.est_nombre, est_styles: e.est_styles };
};

/** The statuses the filter offers for each type (the list comes from the server: spec 2 §2). */
export const ASI_ESTADOS_FILTRO: Record<1 | 2, AsiEstado[]> = {
  1: [estado(ASI_EST.CREADO, 'Creado'), estado(ASI_EST.ASIGNADO), estado(ASI_EST.POR_DEVOLVER), estado(ASI_EST.ELIMINADO)],
  2: [estado(ASI_EST.CREADO, 'Creado'), estado(ASI_EST.ELIMINADO)],
};

/** How a status shows in the lists. */
export const ASI_ESTADO_VISTA: Record<number, AsiEstado> = {
  [ASI_EST.ASIGNADO]: estado(ASI_EST.ASIGNADO),
  [ASI_EST.POR_DEVOLVER]: estado(ASI_EST.POR_DEVOLVER),
  [ASI_EST.DEVUELTO]: estado(ASI_EST.DEVUELTO, 'Devuelto'),
  [ASI_EST.REGISTRADO]: estado(ASI_EST.REGISTRADO),
  [ASI_EST.ELIMINADO]: estado(ASI_EST.ELIMINADO),
};

const ESTADOS_FILTRO_IDS = [ASI_EST.CREADO, ASI_EST.ASIGNADO, ASI_EST.POR_DEVOLVER, ASI_EST.ELIMINADO, ASI_EST.REGISTRADO] as const;

// ---- fields ----

/** A required `YYYY-MM-DD`; an ISO timestamp keeps its date part. */
const fecha = (falta: string) => z.string({ error: falta }).trim().min(1, { error: falta, abort: true }).max(40, ASI_MSG.fecha)
  .transform(toDate)
  .refine(isDate, ASI_MSG.fecha);

/** An optional filter date; empty is "any". */
const fechaFiltro = z.string().trim().max(40, ASI_MSG.fecha).nullish()
  .transform((v) => (v ? toDate(v) : null))
  .refine((v) => v === null || isDate(v), ASI_MSG.fecha);

/** Integer digits of a canonical decimal text. */
const integerDigits = (v: string) => v.split('.')[0].replace(/^0+(?=\d)/, '').length;

/** A positive quantity with up to 4 decimals, stored as NUMERIC(14,4): at most 10 integer digits. */
export const asiCantidad = OrdenCalculoItem.shape.cantidad.refine((v) => integerDigits(v) <= 10, ORDEN_CALCULO_MSG.cantidadMaxima);

const notas = z.string().trim().max(500, ASI_MSG.notas).nullish().transform((v) => v ?? '');
const optId = idSchema().nullish().transform((v) => v ?? null);
const texto = (max: number) => z.string().trim().max(max).nullish().transform((v) => v ?? '');
const tipo = z.union([z.literal(1), z.literal(2)], { error: 'El tipo no es válido' });
const estadoFiltro = z.number().int().refine((v) => (ESTADOS_FILTRO_IDS as readonly number[]).includes(v), 'El estado no es válido');

/** The lines of a document: 1 to 200, each `key` (stock row or assignment line) once. */
const lineas = <T extends z.ZodObject>(linea: T, key: keyof z.output<T>, falta: string, documento: string) =>
  z.array(linea, { error: falta }).min(1, falta).max(200, `Una ${documento} admite a lo más 200 ítems`)
    .refine((l) => new Set(l.map((x) => x[key])).size === l.length, ASI_MSG.productoRepetido);

// ---- assignments ----

/** A line of a new assignment: the stock row (`pal_id`, product and serial in the chosen warehouse) and the quantity (1 by default on the screen). */
export const AsignacionLinea = z.object({
  pal_id: idSchema(ASI_MSG.productoFalta),
  aid_cantidad: asiCantidad,
  aid_notas: notas,
});

/**
 * `/asignacionItems/registrar {asignacion_items}`. The checks run in the spec's order: warehouse,
 * requester, authoriser, registration date; an empty item list answers the date's message too (spec 2 §5).
 * The registrar is the caller and the project follows the rule of spec 2 §5 (server side).
 */
export const AsignacionRegistrar = z.object({
  asignacion_items: z.object({
    alm_id: idSchema(ASI_MSG.almacen),
    emp_solicitante: idSchema(ASI_MSG.solicitante),
    emp_autorizador: idSchema(ASI_MSG.autorizador),
    asi_fecha_registro: fecha(ASI_MSG.fechaRegistro),
    asi_notas: notas,
    detalle: lineas(AsignacionLinea, 'pal_id', ASI_MSG.fechaRegistro, 'asignación'),
    /** Accepted for compatibility, ignored: the registrar is the caller, the project follows the rule. */
    usu_registrador: z.unknown().optional(),
    pry_id: z.unknown().optional(),
  }, { error: ASI_MSG.almacen }),
}, { error: ASI_MSG.almacen });
export type AsignacionRegistrar = z.input<typeof AsignacionRegistrar>;
export type AsignacionDatos = z.output<typeof AsignacionRegistrar>['asignacion_items'];

/** `{asi_id}`: obtener, eliminar. */
export const AsignacionId = z.object({ asi_id: idSchema(ASI_MSG.asignacionFalta) }, { error: ASI_MSG.asignacionFalta });
export type AsignacionId = z.input<typeof AsignacionId>;

/** `/asignacionItems/buscarDetalle {asignacion_items:{asi_id}}`. */
export const AsignacionDetalleBuscar = z.object({
  asignacion_items: z.object({ asi_id: idSchema(ASI_MSG.asignacionFalta) }, { error: ASI_MSG.asignacionFalta }),
}, { error: ASI_MSG.asignacionFalta });
export type AsignacionDetalleBuscar = z.input<typeof AsignacionDetalleBuscar>;

/** Filters of tab 0: type 1 (default) lists assignments, 2 returns; status 3 by default. */
export const AsignacionFiltro = z.object({
  tipo: tipo.default(ASI_TIPO.ASIGNACION),
  est_id: estadoFiltro.nullish().transform((v) => (v === undefined ? ASI_ESTADO_DEFECTO : v)),
  alm_id: optId,
  emp_solicitante: optId,
  fecha_inicio: fechaFiltro,
  fecha_fin: fechaFiltro,
}).prefault({});
export type AsignacionFiltro = z.output<typeof AsignacionFiltro>;

/** `/asignacionItems/buscar {asignacion_items: filter, start, length}` → `{data, total}`. */
export const AsignacionBuscar = z.object({ asignacion_items: AsignacionFiltro, ...pageFields });
export type AsignacionBuscar = z.input<typeof AsignacionBuscar>;

/** `/devolucionItems/buscar {devolucion_items: filter, start, length}`: tab 0 with type 2. */
export const DevolucionBuscar = z.object({ devolucion_items: AsignacionFiltro, ...pageFields });
export type DevolucionBuscar = z.input<typeof DevolucionBuscar>;

/**
 * `/asignacionItems/buscarAsignacionesxItems {asignacion_items_detalle: {..., page {number, size}}}`:
 * assignment lines, one per item (tab 1 and the history popups). Status as tab 0 (3 live by default, null all).
 */
export const AsignacionesPorItem = z.object({
  asignacion_items_detalle: z.object({
    prv_nombre: texto(200),
    pal_id: optId,
    prv_id: optId,
    alm_id: optId,
    emp_solicitante: optId,
    est_id: estadoFiltro.nullish().transform((v) => (v === undefined ? ASI_ESTADO_DEFECTO : v)),
    page: PageQuery,
  }).prefault({}),
});
export type AsignacionesPorItem = z.input<typeof AsignacionesPorItem>;

// ---- returns ----

export const DevolucionLinea = z.object({
  aid_id: idSchema(ASI_MSG.lineaFalta),
  did_cantidad: asiCantidad,
  did_notas: notas,
});

/**
 * `/devolucionItems/registrar {devolucion_items: {asi_id, usu_registrador, detalle}}`. Each quantity
 * is at most the line's balance (checked on the server under lock); the date defaults to today (Lima).
 */
export const DevolucionRegistrar = z.object({
  devolucion_items: z.object({
    asi_id: idSchema(ASI_MSG.asignacionFalta),
    dei_fecha_registro: fechaFiltro,
    dei_notas: notas,
    detalle: lineas(DevolucionLinea, 'aid_id', ASI_MSG.devolverAlgo, 'devolución'),
    /** Accepted for compatibility, ignored: the registrar is the caller. */
    usu_registrador: z.unknown().optional(),
  }, { error: ASI_MSG.asignacionFalta }),
}, { error: ASI_MSG.asignacionFalta });
export type DevolucionRegistrar = z.input<typeof DevolucionRegistrar>;
export type DevolucionDatos = z.output<typeof DevolucionRegistrar>['devolucion_items'];

/** `{dei_id}`: obtener, eliminar. */
export const DevolucionId = z.object({ dei_id: idSchema(ASI_MSG.devolucionFalta) }, { error: ASI_MSG.devolucionFalta });
export type DevolucionId = z.input<typeof DevolucionId>;

/** `/devolucionItems/buscarDevolucionesxItems {devolucion_items_detalle: {aid_id?, pal_id?, ..., page}}`: live return lines. */
export const DevolucionesPorItem = z.object({
  devolucion_items_detalle: z.object({
    aid_id: optId,
    asi_id: optId,
    pal_id: optId,
    prv_id: optId,
    prv_nombre: texto(200),
    emp_solicitante: optId,
    page: PageQuery,
  }).prefault({}),
});
export type DevolucionesPorItem = z.input<typeof DevolucionesPorItem>;

// ---- lookups ----

/** `/asignacionItems/obtenerEstados {tipo?}`. */
export const AsignacionEstadosBuscar = z.object({ tipo: tipo.default(ASI_TIPO.ASIGNACION) }).prefault({});
export type AsignacionEstadosBuscar = z.input<typeof AsignacionEstadosBuscar>;

/** `/asignacionItems/obtenerAlmacenes {almacen: {pry_id?}}`: warehouses in scope, of one project when given. */
export const AsignacionAlmacenes = z.object({ almacen: z.object({ pry_id: optId }).prefault({}) }).prefault({});
export type AsignacionAlmacenes = z.input<typeof AsignacionAlmacenes>;

/** `/asignacionItems/buscarEmpleado`, `/devolucionItems/buscarEmpleadoxNombre {empleado: {emp_nombre, pry_id}}`. */
export const AsignacionEmpleadoBuscar = z.object({
  empleado: z.object({ emp_nombre: texto(100), pry_id: optId }).prefault({}),
}).prefault({});
export type AsignacionEmpleadoBuscar = z.input<typeof AsignacionEmpleadoBuscar>;

// ---- rows ----

/** What a row of the search shows of an assignment or a return: status, warehouse and project, requester, registrar. */
interface AsiDocumentoRow {
  asi_id: number;
  est_id: number;
  est_nombre: string;
  est_styles: string;
  alm_id: number;
  alm_nombre: string;
  alm_tipo: number;
  pry_id: number;
  pry_nombre: string;
  emp_solicitante: number;
  solicitante: string;
  usu_registrador: number;
  registrador: string;
  items: number;
}

/** A row of the assignment search (tab 0, type 1). Quantities are NUMERIC text. */
export interface AsignacionRow extends AsiDocumentoRow {
  asi_fecha_registro: string;
  emp_autorizador: number;
  autorizador: string;
  /** Units still with the employee over all lines. */
  saldo: string;
  /** Whether any live return exists: the screen then offers no delete. */
  con_devoluciones: boolean;
}

/** A line of an assignment (spec 2 §3 "Assignment" detail). */
export interface AsignacionDetalle {
  aid_id: number;
  asi_id: number;
  pal_id: number;
  prv_id: number;
  prv_nombre: string;
  pal_numero_serie: string;
  unm_simbolo: string;
  aid_cantidad: string;
  /** Returned by live returns. */
  did_cantidad_total: string;
  aid_saldo: string;
  aid_notas: string;
  prv_retorno_estimado: number | null;
  /** Lima date by which it should be back; null without estimated days. */
  fecha_retorno: string | null;
  por_devolver: boolean;
}

export interface Asignacion extends AsignacionRow {
  /** Spec 2 "Assignment" `asi_estado`: the status as shown, the same id as `est_id` (asignado, por devolver, devuelto, eliminado). */
  asi_estado: number;
  asi_notas: string;
  detalle: AsignacionDetalle[];
}

/** A row of the return search (tab 0, type 2). */
export interface DevolucionRow extends AsiDocumentoRow {
  dei_id: number;
  dei_fecha_registro: string;
  cantidad: string;
}

/** A line of a return (spec 2 §3 "Return" detail). */
export interface DevolucionDetalle {
  did_id: number;
  aid_id: number;
  pal_id: number;
  prv_id: number;
  prv_nombre: string;
  pal_numero_serie: string;
  unm_simbolo: string;
  /** Assigned on the assignment line. */
  aid_cantidad: string;
  did_cantidad: string;
  did_notas: string;
}

export interface Devolucion extends DevolucionRow {
  /** Spec 2 "Return" `dei_estado`: the same id as `est_id` (registrado or eliminado). */
  dei_estado: number;
  dei_notas: string;
  detalle: DevolucionDetalle[];
}

/** An assignment line in the per-item lists (tab 1, histories). */
export interface AsignacionItemRow extends AsignacionDetalle,
  Pick<AsignacionRow, 'asi_fecha_registro' | 'est_id' | 'est_nombre' | 'est_styles' | 'alm_id' | 'alm_nombre' | 'alm_tipo' | 'pry_nombre' | 'emp_solicitante' | 'solicitante'> {}

/** A return line in the per-item list. */
export interface DevolucionItemRow extends DevolucionDetalle {
  dei_id: number;
  dei_fecha_registro: string;
  asi_id: number;
  alm_nombre: string;
  alm_tipo: number;
  pry_nombre: string;
  solicitante: string;
  registrador: string;
}
