import { z } from 'zod';
import type { OptionCode } from '../access/options.ts';
import { CONDICION } from '../common/catalogs.ts';
import { listFields } from '../common/envelope.ts';
import { MSG } from '../common/messages.ts';
import { ORDEN_ESTADOS } from '../common/statuses.ts';
import { coercedIdSchema, idSchema, intSchema } from '../common/ids.ts';

/** Order state ids (spec 1 §4.1; the `orden_estado` seed is ORDEN_ESTADOS). */
export const ORE = {
  CREADO: 1,
  APROBACION_GERENCIA: 2,
  EMITIDO: 3,
  PAGADO: 4,
  RECEPCIONADO: 5,
  FABRICA: 6,
  PUERTO_ORIGEN: 7,
  TRANSITO: 8,
  PUERTO_DESTINO: 9,
  ALMACEN_ADUANA: 10,
  ANULADO: 11,
  RECEPCIONADO_PARCIAL: 12,
  PAGO_PARCIAL: 13,
} as const;

/** The five import states an import order moves through with "update status" (spec 1 §2.12, §4.2). */
export const ORE_IMPORTACION: readonly number[] = [ORE.FABRICA, ORE.PUERTO_ORIGEN, ORE.TRANSITO, ORE.PUERTO_DESTINO, ORE.ALMACEN_ADUANA];

/**
 * States that mean stock entered or money was paid (DECISIONS §4): such an order can be neither
 * cancelled nor restarted. For now the rule reads the order state only; once transfers and payment
 * orders exist their rows are checked too (server: modules/orden/estados.ts).
 */
export const ORE_CON_INGRESOS_O_PAGOS: readonly number[] = [ORE.PAGADO, ORE.RECEPCIONADO, ORE.RECEPCIONADO_PARCIAL, ORE.PAGO_PARCIAL];

/** Commercial conditions whose order may be paid straight from aprobación gerencia (spec 1 §2.9, §4.2). */
export const CONDICIONES_PAGO_DIRECTO: readonly number[] = [CONDICION.CONTADO, CONDICION.CAJA_CHICA];

/** The actions between order states (spec 1 §4.2, DECISIONS §4). */
export const ORDEN_ACCIONES = [
  'aprobar_gerencia', 'aprobar_contabilidad', 'rechazar_gerencia', 'rechazar_contabilidad', 'pagar', 'anular', 'actualizar_estado', 'reiniciar',
] as const;
export type OrdenAccion = (typeof ORDEN_ACCIONES)[number];

/** The option an action needs besides the orden_compra module; `reiniciar` needs a role (SUPER or ADMINISTRADOR). */
export const ORDEN_ACCION_OPCION: Record<OrdenAccion, OptionCode | null> = {
  aprobar_gerencia: 'aprobar_orden_compra',
  aprobar_contabilidad: 'aprobar_orden_compra_contable',
  rechazar_gerencia: 'aprobar_orden_compra',
  rechazar_contabilidad: 'aprobar_orden_compra_contable',
  pagar: 'pagar_orden_compra',
  anular: null,
  actualizar_estado: null,
  reiniciar: null,
};

const ACCION_TEXTO: Record<OrdenAccion, string> = {
  aprobar_gerencia: 'aprobar (Gerencia)',
  aprobar_contabilidad: 'aprobar (Contabilidad)',
  rechazar_gerencia: 'rechazar (Gerencia)',
  rechazar_contabilidad: 'rechazar (Contabilidad)',
  pagar: 'pagar',
  anular: 'anular',
  actualizar_estado: 'actualizar el estado de importación de',
  reiniciar: 'reiniciar',
};

export const estadoNombre = (oreId: number) => ORDEN_ESTADOS.find((e) => e.ore_id === oreId)?.ore_descripcion ?? String(oreId);

/** Texts of the state calls (spec 1 §8, DECISIONS §4, docs/business-rules.md "Order states"). */
export const ORDEN_ESTADO_MSG = {
  aprobado: 'Se aprobó la Orden',
  aprobadas: 'Se aprobaron las órdenes',
  masivaError: 'Hubo un error al aprobar las órdenes',
  pagado: 'Se pago la Orden',
  anulado: 'Se anulo la orden',
  estadoActualizado: 'Se actualizó el estado de la orden',
  reiniciado: 'Se reinicio la orden',
  transicion: (accion: OrdenAccion, desde: number) => `No se puede ${ACCION_TEXTO[accion]} una orden en estado ${estadoNombre(desde)}`,
  noAprobable: 'El estado indicado no corresponde a una aprobación',
  noEsperaAprobacion: (desde: number) => `Una orden en estado ${estadoNombre(desde)} no espera aprobación`,
  yaAnulada: 'La orden ya está anulada',
  conIngresosOPagos: 'La orden tiene ingresos o pagos registrados y no puede anularse',
  conIngresosOPagosReinicio: 'La orden tiene ingresos o pagos registrados y no puede reiniciarse',
  pagoCondicion: 'Solo una orden al contado o de caja chica puede pagarse antes de ser emitida',
  noImportacion: 'Solo una orden de importación tiene estados de importación',
  estadoImportacion: 'Seleccione un estado de importación: Fábrica, Puerto Origen, Tránsito, Puerto Destino o Almacén Aduana',
  mismoEstado: 'El nuevo estado debe ser distinto del actual',
  yaCreada: 'La orden ya está en estado Creado',
  codigoDistinto: 'El código no coincide con el de la orden',
  reinicioRol: 'Solo los roles SUPER o ADMINISTRADOR pueden reiniciar una orden',
  esperaOtraAprobacion: (pendiente: string) => `La orden espera la ${pendiente}, que su usuario no puede dar`,
  rechazadaSinCambios: 'La orden fue rechazada: podrá aprobarse de nuevo cuando Logística la modifique',
} as const;

/** What a transition depends on besides the current state. */
export interface OrdenTransicionContexto {
  /** Commercial condition (pagar from aprobación gerencia). */
  coc_id?: number;
  /** Import order (actualizar_estado). */
  es_importacion?: boolean;
  /** Chosen state (actualizar_estado); without it only the order's own conditions are checked. */
  hasta?: number;
  /** Rejected and not saved since (docs/business-rules.md "Orders"): gerencia neither approves nor rejects it again. */
  rechazada?: boolean;
  /** Stock entered or a payment order approved or deposited (anular, reiniciar): read from the database by the server. */
  con_ingresos_o_pagos?: boolean;
}

/**
 * Why `action` is refused for an order in state `from`, or null when allowed
 * (spec 1 §4.2, DECISIONS §4; decisions in docs/business-rules.md "Order states").
 */
export function transitionError(from: number, action: OrdenAccion, ctx: OrdenTransicionContexto = {}): string | null {
  const refused = ORDEN_ESTADO_MSG.transicion(action, from);
  const conIngresosOPagos = ctx.con_ingresos_o_pagos === true || ORE_CON_INGRESOS_O_PAGOS.includes(from);
  switch (action) {
    case 'aprobar_gerencia':
    case 'rechazar_gerencia':
      if (from !== ORE.CREADO) return refused;
      return ctx.rechazada ? ORDEN_ESTADO_MSG.rechazadaSinCambios : null;
    case 'aprobar_contabilidad':
    case 'rechazar_contabilidad':
      return from === ORE.APROBACION_GERENCIA ? null : refused;
    case 'pagar':
      if (from === ORE.EMITIDO) return null;
      if (from === ORE.APROBACION_GERENCIA) return CONDICIONES_PAGO_DIRECTO.includes(ctx.coc_id ?? 0) ? null : ORDEN_ESTADO_MSG.pagoCondicion;
      return refused;
    case 'anular':
      if (from === ORE.ANULADO) return ORDEN_ESTADO_MSG.yaAnulada;
      return conIngresosOPagos ? ORDEN_ESTADO_MSG.conIngresosOPagos : null;
    case 'actualizar_estado':
      if (ctx.hasta !== undefined && !ORE_IMPORTACION.includes(ctx.hasta)) return ORDEN_ESTADO_MSG.estadoImportacion;
      if (!ctx.es_importacion) return ORDEN_ESTADO_MSG.noImportacion;
      if (ctx.hasta === from) return ORDEN_ESTADO_MSG.mismoEstado;
      return from === ORE.EMITIDO || ORE_IMPORTACION.includes(from) ? null : refused;
    case 'reiniciar':
      if (from === ORE.CREADO) return ORDEN_ESTADO_MSG.yaCreada;
      return conIngresosOPagos ? ORDEN_ESTADO_MSG.conIngresosOPagosReinicio : null;
  }
}

export const canTransition = (from: number, action: OrdenAccion, ctx: OrdenTransicionContexto = {}): boolean =>
  transitionError(from, action, ctx) === null;

/** The state an allowed action leads to. */
export function targetState(action: OrdenAccion, ctx: OrdenTransicionContexto = {}): number {
  switch (action) {
    case 'aprobar_gerencia': return ORE.APROBACION_GERENCIA;
    case 'aprobar_contabilidad': return ORE.EMITIDO;
    case 'rechazar_gerencia':
    case 'rechazar_contabilidad': return ORE.CREADO;
    case 'pagar': return ORE.PAGADO;
    case 'anular': return ORE.ANULADO;
    case 'reiniciar': return ORE.CREADO;
    case 'actualizar_estado':
      if (ctx.hasta === undefined) throw new Error('actualizar_estado needs ctx.hasta');
      return ctx.hasta;
  }
}

/** The approval `/orden/approve` performs for a target state, or null when the target is not an approval. */
export const approvalFor = (target: number): 'aprobar_gerencia' | 'aprobar_contabilidad' | null =>
  target === ORE.APROBACION_GERENCIA ? 'aprobar_gerencia' : target === ORE.EMITIDO ? 'aprobar_contabilidad' : null;

/** The approval an order in `from` is waiting for (mass approval), or null. */
export const pendingApprovalOf = (from: number): 'aprobar_gerencia' | 'aprobar_contabilidad' | null =>
  from === ORE.CREADO ? 'aprobar_gerencia' : from === ORE.APROBACION_GERENCIA ? 'aprobar_contabilidad' : null;

/** The rejection of the level an order in `from` waits at, or null when it waits for no approval. */
export const rejectionOf = (from: number): 'rechazar_gerencia' | 'rechazar_contabilidad' | null =>
  from === ORE.CREADO ? 'rechazar_gerencia' : from === ORE.APROBACION_GERENCIA ? 'rechazar_contabilidad' : null;

/**
 * What the pending list says an order waits for (issue 9): worded as the approval still missing,
 * so that it cannot be read as the state 'Aprobación Gerencia', which means gerencia already approved.
 */
export const PENDIENTE_DE: Record<'aprobar_gerencia' | 'aprobar_contabilidad', string> = {
  aprobar_gerencia: 'Aprobación de Gerencia',
  aprobar_contabilidad: 'Aprobación de Contabilidad',
};

const idOrden = idSchema(MSG.required);

/** `/orden/approve` body: the target state (2 gerencia, 3 contabilidad). */
export const OrdenApprove = z.object({ id_orden_estado: intSchema(0, MSG.required) });
export type OrdenApprove = z.input<typeof OrdenApprove>;

/** `/orden/approve/pending` body; `id_usuario` is accepted for compatibility, identity comes from the token. */
export const OrdenPending = z.object({
  id_usuario: intSchema().nullish(),
  start: intSchema().default(0),
  length: z.number().int().min(1).max(100).default(100),
  ...listFields,
});
export type OrdenPending = z.input<typeof OrdenPending>;

/** The most orders one mass approval takes. */
export const MAX_APROBACION_MASIVA = 100;

/** `/orden/approve/massive` body: order ids, or orders as `{id_orden}` (the old screen sent rows). */
export const OrdenMassive = z.array(z.union([idOrden, z.object({ id_orden: idOrden }).transform((o) => o.id_orden)]), { error: MSG.required })
  .min(1, 'Seleccione al menos una orden')
  .max(MAX_APROBACION_MASIVA, `Se pueden aprobar como máximo ${MAX_APROBACION_MASIVA} órdenes a la vez`)
  .transform((ids) => [...new Set(ids)]);
export type OrdenMassive = z.input<typeof OrdenMassive>;

/** `/orden/delete-orden` body (anular). */
export const OrdenAnular = z.object({ id_orden: idOrden });

/** `/orden/update-status` body: one of the five import states and a required comment. */
export const OrdenUpdateStatus = z.object({
  id_orden_estado: intSchema(0, MSG.required)
    .refine((v) => ORE_IMPORTACION.includes(v), ORDEN_ESTADO_MSG.estadoImportacion),
  descripcion: z.string({ error: MSG.required }).trim().min(1, MSG.required).max(500, 'El comentario no debe superar 500 caracteres'),
});
export type OrdenUpdateStatus = z.input<typeof OrdenUpdateStatus>;

/** `/orden/restart` body: the order and its code typed again as confirmation (DECISIONS §4). */
export const OrdenRestart = z.object({
  id_orden: coercedIdSchema(MSG.required),
  codigo: z.string({ error: MSG.required }).trim().min(1, MSG.required).max(60),
});
export type OrdenRestart = z.input<typeof OrdenRestart>;

/** A row of `/orden/approve/pending`; `codigo` is the order code (spec 1 §2.12). */
export interface OrdenPendienteRow {
  id_orden: number;
  codigo: string;
  tipo_orden: number;
  fecha_orden: string;
  proveedor: string;
  centro_costo: string;
  id_condicion: number;
  condicion_comercial: string;
  mon_simbolo: string;
  monto_con_impuesto: string;
  referencia: string;
  id_orden_estado: number;
  estado: string;
  /** The approval it waits for. */
  aprobacion: 'aprobar_gerencia' | 'aprobar_contabilidad';
  gerencia: string;
}

/** A line of the order's state history (`historial` of `/orden/get-orden-detail`). */
export interface OrdenHistorialRow {
  id: number;
  desde: { id_orden_estado: number; descripcion: string } | null;
  hasta: { id_orden_estado: number; descripcion: string };
  usuario: { id_usuario: number; nombre: string; apellido: string };
  comentario: string;
  fecha: string;
}

/** What a state call answers. */
export interface OrdenEstadoResultado {
  id_orden: number;
  codigo: string;
  estado: { id_orden_estado: number; descripcion: string };
  version: number;
}
