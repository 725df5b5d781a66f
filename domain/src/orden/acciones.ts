import type { AccessProfile } from '../access/session.ts';
import { hasOption, isReadOnly, isSuper } from '../access/session.ts';
import { ROLE } from '../access/roles.ts';
import { MSG } from '../common/messages.ts';
import { CONDICIONES_ORDEN_PAGO } from '../orden_pago/estados.ts';
import { ORDEN_DOC_MSG } from './documentos.ts';
import {
  CONDICIONES_PAGO_DIRECTO, ORDEN_ACCION_OPCION, ORDEN_ESTADO_MSG, ORE, ORE_IMPORTACION, PENDIENTE_DE, canTransition, pendingApprovalOf, transitionError,
} from './estados.ts';

/** What the buttons of an order depend on. */
export interface OrdenAccionesInput {
  id_orden_estado: number;
  id_condicion: number;
  es_importacion: number | boolean;
  /** Rejected and not saved since (docs/business-rules.md "Orders"); unknown in the list, where the server still refuses. */
  rechazada?: boolean;
}

/** States an order cannot be mailed to the supplier in: not yet issued, or cancelled. */
const ORE_SIN_NOTIFICAR: readonly number[] = [ORE.CREADO, ORE.APROBACION_GERENCIA];

/** Why the order cannot be mailed to its supplier (issue 9: from emitido on), or null. */
export function notificacionError(estado: number): string | null {
  if (estado === ORE.ANULADO) return ORDEN_DOC_MSG.notificarAnulada;
  return ORE_SIN_NOTIFICAR.includes(estado) ? ORDEN_DOC_MSG.notificarSinEmitir : null;
}

/** Restarting an order is for SUPER or ADMINISTRADOR (DECISIONS §4). */
export const puedeReiniciar = (user: Pick<AccessProfile, 'roleIds'>) => isSuper(user) || user.roleIds.includes(ROLE.ADMINISTRADOR);

/** Which order actions a user is offered (spec 1 §2.9 visibility rules, §2.10, §4.2, DECISIONS §4). */
export interface OrdenAccionesVisibles {
  aprobarGerencia: boolean;
  aprobarContabilidad: boolean;
  pagar: boolean;
  anular: boolean;
  ordenesPago: boolean;
  actualizarEstado: boolean;
  reiniciar: boolean;
  notificar: boolean;
}

/**
 * The buttons an order shows to `user` in the list (`lista`) or the view/approval screens (`vista`).
 * Only a guide for the screen: the server re-checks every one. Pay differs by place: the list offers
 * it for contado or caja chica orders in aprobación gerencia or emitido (spec 1 §2.9); the view for any
 * order the state machine lets pay (emitido, or those list cases).
 */
export function accionesVisibles(
  o: OrdenAccionesInput,
  user: Pick<AccessProfile, 'options' | 'roleIds'>,
  lugar: 'lista' | 'vista',
): OrdenAccionesVisibles {
  const escribe = !isReadOnly(user);
  const puede = (opcion: string | null) => escribe && (opcion === null || hasOption(user, opcion));
  const estado = o.id_orden_estado;
  const importacion = o.es_importacion === true || o.es_importacion === 1;
  const pagoDirecto = CONDICIONES_PAGO_DIRECTO.includes(o.id_condicion)
    && (estado === ORE.APROBACION_GERENCIA || estado === ORE.EMITIDO);
  const pagable = lugar === 'lista' ? pagoDirecto : canTransition(estado, 'pagar', { coc_id: o.id_condicion });
  return {
    aprobarGerencia: estado === ORE.CREADO && !o.rechazada && puede(ORDEN_ACCION_OPCION.aprobar_gerencia),
    aprobarContabilidad: estado === ORE.APROBACION_GERENCIA && puede(ORDEN_ACCION_OPCION.aprobar_contabilidad),
    pagar: pagable && puede(ORDEN_ACCION_OPCION.pagar),
    anular: escribe && canTransition(estado, 'anular'),
    ordenesPago: CONDICIONES_ORDEN_PAGO.includes(o.id_condicion),
    actualizarEstado: escribe && importacion && (estado === ORE.EMITIDO || ORE_IMPORTACION.includes(estado)),
    reiniciar: escribe && puedeReiniciar(user) && canTransition(estado, 'reiniciar'),
    notificar: escribe && notificacionError(estado) === null,
  };
}

/** What the reasons of an order depend on: its state and what the server reads besides. */
export interface OrdenMotivosInput extends OrdenAccionesInput {
  rechazada: boolean;
  /** Stock entered or a payment order approved or deposited. */
  con_ingresos_o_pagos: boolean;
}

/**
 * Why `user` cannot act on the order from the screens that exist for one action (issue 9: they
 * say it on opening), or null where they can. The server refuses with the same texts.
 */
export interface OrdenMotivos {
  /** Approve or reject (`/orden/approve/:id`): null when the order waits for the caller's approval. */
  aprobar: string | null;
  reiniciar: string | null;
  actualizar_estado: string | null;
  notificar: string | null;
  rechazada: boolean;
}

export function motivosOrden(o: OrdenMotivosInput, user: Pick<AccessProfile, 'options' | 'roleIds'>): OrdenMotivos {
  const estado = o.id_orden_estado;
  const soloLectura = isReadOnly(user) ? MSG.readOnly : null;
  const espera = pendingApprovalOf(estado);
  const opcion = espera && ORDEN_ACCION_OPCION[espera];
  const aprobar = !espera ? ORDEN_ESTADO_MSG.noEsperaAprobacion(estado)
    : opcion && !hasOption(user, opcion) ? ORDEN_ESTADO_MSG.esperaOtraAprobacion(PENDIENTE_DE[espera])
      : transitionError(estado, espera, { rechazada: o.rechazada });
  const importacion = o.es_importacion === true || o.es_importacion === 1;
  return {
    aprobar: soloLectura ?? aprobar,
    reiniciar: soloLectura ?? (puedeReiniciar(user) ? transitionError(estado, 'reiniciar', { con_ingresos_o_pagos: o.con_ingresos_o_pagos }) : ORDEN_ESTADO_MSG.reinicioRol),
    actualizar_estado: soloLectura ?? transitionError(estado, 'actualizar_estado', { es_importacion: importacion }),
    notificar: soloLectura ?? notificacionError(estado),
    // The mark only matters while the order waits in creado (an anulado order may still carry it).
    rechazada: o.rechazada && estado === ORE.CREADO,
  };
}
