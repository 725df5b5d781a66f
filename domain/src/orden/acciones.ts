import type { AccessProfile } from '../access/session.ts';
import { hasOption, isReadOnly, isSuper } from '../access/session.ts';
import { ROLE } from '../access/roles.ts';
import { CONDICIONES_ORDEN_PAGO } from '../orden_pago/estados.ts';
import { CONDICIONES_PAGO_DIRECTO, ORDEN_ACCION_OPCION, ORE, ORE_IMPORTACION, canTransition } from './estados.ts';

/** What the buttons of an order depend on. */
export interface OrdenAccionesInput {
  id_orden_estado: number;
  id_condicion: number;
  es_importacion: number | boolean;
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
    aprobarGerencia: estado === ORE.CREADO && puede(ORDEN_ACCION_OPCION.aprobar_gerencia),
    aprobarContabilidad: estado === ORE.APROBACION_GERENCIA && puede(ORDEN_ACCION_OPCION.aprobar_contabilidad),
    pagar: pagable && puede(ORDEN_ACCION_OPCION.pagar),
    anular: escribe && canTransition(estado, 'anular'),
    ordenesPago: CONDICIONES_ORDEN_PAGO.includes(o.id_condicion),
    actualizarEstado: escribe && importacion && (estado === ORE.EMITIDO || ORE_IMPORTACION.includes(estado)),
    reiniciar: escribe && puedeReiniciar(user) && canTransition(estado, 'reiniciar'),
  };
}
