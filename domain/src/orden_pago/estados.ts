import { hasOption, isReadOnly, isSuper, type AccessProfile } from '../access/session.ts';
import { ROLE } from '../access/roles.ts';
import { CONDICION } from '../common/catalogs.ts';
import { ESTADOS_DOCUMENTO } from '../common/statuses.ts';
import { ORE, estadoNombre } from '../orden/estados.ts';

/** Payment order state codes (spec 1 §4.3; seeded in `estado_documento` from ESTADOS_DOCUMENTO). */
export const OPG = {
  REGISTRADA: 'OPR',
  POR_APROBAR: 'OXA',
  APROBADA: 'OPA',
  DESAPROBADA: 'OPD',
  CANCELADA: 'OPC',
  DEPOSITADA: 'OPP',
} as const;
export type OpgEstado = (typeof OPG)[keyof typeof OPG];

export const opgEstadoNombre = (codigo: string) => ESTADOS_DOCUMENTO.find((e) => e.edo_codigo === codigo)?.edo_nombre ?? codigo;

/** What can be done to a payment order (spec 1 §4.3, DECISIONS §4). */
export const OPG_ACCIONES = ['modificar', 'adjuntar', 'solicitar_aprobacion', 'aprobar', 'desaprobar', 'eliminar', 'depositar'] as const;
export type OpgAccion = (typeof OPG_ACCIONES)[number];

/** States each action is allowed from. Nothing is allowed from OPC or OPP. */
const DESDE: Record<OpgAccion, readonly OpgEstado[]> = {
  modificar: [OPG.REGISTRADA, OPG.POR_APROBAR, OPG.DESAPROBADA],
  adjuntar: [OPG.REGISTRADA, OPG.POR_APROBAR, OPG.DESAPROBADA],
  solicitar_aprobacion: [OPG.REGISTRADA, OPG.DESAPROBADA],
  aprobar: [OPG.REGISTRADA, OPG.POR_APROBAR],
  desaprobar: [OPG.REGISTRADA, OPG.POR_APROBAR],
  eliminar: [OPG.REGISTRADA, OPG.POR_APROBAR, OPG.DESAPROBADA, OPG.APROBADA],
  depositar: [OPG.APROBADA],
};

/** The state an allowed action leads to; modify and attach keep it. */
export function opgDestino(accion: OpgAccion, desde: OpgEstado): OpgEstado {
  switch (accion) {
    case 'solicitar_aprobacion': return OPG.POR_APROBAR;
    case 'aprobar': return OPG.APROBADA;
    case 'desaprobar': return OPG.DESAPROBADA;
    case 'eliminar': return OPG.CANCELADA;
    case 'depositar': return OPG.DEPOSITADA;
    case 'modificar':
    case 'adjuntar':
      return desde;
  }
}

const ACCION_TEXTO: Record<OpgAccion, string> = {
  modificar: 'modificar',
  adjuntar: 'adjuntar un documento a',
  solicitar_aprobacion: 'solicitar la aprobación de',
  aprobar: 'aprobar',
  desaprobar: 'desaprobar',
  eliminar: 'eliminar',
  depositar: 'registrar el depósito de',
};

/** Commercial conditions whose orders are paid through payment orders: crédito and the advances (spec 1 §2.13). */
export const CONDICIONES_ORDEN_PAGO: readonly number[] = [CONDICION.CREDITO, CONDICION.ADELANTO_50, CONDICION.ADELANTO_15, CONDICION.ADELANTO];
/**
 * Order states that accept a new payment order: approved or issued (spec 1 §2.13), already partly paid, or with goods
 * received (partly or fully) before being paid: receiving a crédito order does not settle it.
 */
export const ORE_REGISTRO_PAGO: readonly number[] = [ORE.APROBACION_GERENCIA, ORE.EMITIDO, ORE.PAGO_PARCIAL, ORE.RECEPCIONADO_PARCIAL, ORE.RECEPCIONADO];
/** Order states in which its payment orders are frozen (only deleting them is allowed). */
export const ORE_PAGOS_BLOQUEADOS: readonly number[] = [ORE.CREADO, ORE.ANULADO];

/**
 * Texts of the payment order calls (spec 1 §5, §8; docs/business-rules.md "Payment orders"). The spec's
 * literal texts (the `falta*` and `confirmar*` ones) stay exactly as the spec writes them; our own carry their accents.
 */
export const ORDEN_PAGO_MSG = {
  faltaRegistrar: 'Falta ingresar datos para registrar la orden de pago',
  faltaModificar: 'Falta ingresar datos para modificar la orden de pago',
  registrada: 'Se registró la orden de pago',
  modificada: 'Se modificó la orden de pago',
  solicitada: 'Se solicitó la aprobación de la orden de pago',
  aprobada: 'Se aprobó la orden de pago',
  desaprobada: 'Se desaprobó la orden de pago',
  eliminada: 'Se eliminó la orden de pago',
  depositada: 'Se registró el depósito de la orden de pago',
  adjuntado: 'Se adjuntó el documento de la orden de pago',
  confirmarAprobar: '¿Desea aprobar la orden de pago?',
  confirmarEliminar: '¿Desea eliminar la orden de pago?',
  confirmarSolicitar: '¿Desea solicitar la aprobación de la orden de pago?',
  confirmarDesaprobar: '¿Desea desaprobar la orden de pago?',
  notFound: 'No se encontró la orden de pago',
  ordenNotFound: 'No se encontró la orden',
  transicion: (accion: OpgAccion, desde: string) => `No se puede ${ACCION_TEXTO[accion]} una orden de pago en estado ${opgEstadoNombre(desde)}`,
  yaSolicitada: 'La aprobación de la orden de pago ya fue solicitada',
  soloTesoreria: 'Solo Tesorería puede registrar el depósito de una orden de pago',
  ordenEstado: (oreId: number) => `No se pueden registrar órdenes de pago de una orden en estado ${estadoNombre(oreId)}; debe estar aprobada o emitida`,
  ordenCondicion: 'Solo las órdenes al crédito o con adelanto se pagan con órdenes de pago',
  ordenBloqueada: (oreId: number) => `La orden está en estado ${estadoNombre(oreId)}: sus órdenes de pago solo pueden eliminarse`,
  saldoExcedido: (simbolo: string, saldo: string) => `El total excede el saldo de la orden (saldo disponible: ${simbolo} ${saldo})`,
  totalPositivo: 'El total debe ser mayor que 0, con hasta 2 decimales',
  totalMaximo: 'El total es demasiado grande',
  fecha: 'Ingrese una fecha válida (dd-mm-aaaa)',
  fechaDepositoFutura: 'La fecha de depósito no puede ser posterior a hoy',
  sistemaPago: 'Seleccione un sistema de pago válido',
  numeroOperacion: 'Ingrese el número de operación del depósito',
  sinArchivo: 'La orden de pago no tiene un documento adjunto',
  archivoTipo: 'El documento debe ser un PDF, JPG o PNG',
  archivoTamano: 'El documento no debe superar los 10 MB',
  archivoFalta: 'Debe seleccionar el documento a adjuntar',
  opgIdFalta: 'Debe indicar la orden de pago',
  estadoFiltro: 'Seleccione un estado de orden de pago válido',
  proveedorFiltro: 'Seleccione un proveedor válido',
  rangoFechas: 'La fecha de inicio no puede ser posterior a la fecha de fin',
} as const;

/** Why `accion` is refused to a payment order in state `desde` (state only), or null when allowed. */
export function opgTransitionError(desde: string, accion: OpgAccion): string | null {
  if (accion === 'solicitar_aprobacion' && desde === OPG.POR_APROBAR) return ORDEN_PAGO_MSG.yaSolicitada;
  return (DESDE[accion] as readonly string[]).includes(desde) ? null : ORDEN_PAGO_MSG.transicion(accion, desde);
}

/** Who may act: the caller's roles and option codes (the module itself is checked by the route gate). */
export type OpgPerfil = Pick<AccessProfile, 'roleIds' | 'options'>;

/** Treasury deposits (DECISIONS §4): role TESORERIA, or SUPER. */
export const esTesoreria = (p: Pick<AccessProfile, 'roleIds'>) => isSuper(p) || p.roleIds.includes(ROLE.TESORERIA);

/** Why the caller may not perform `accion` at all (403), or null. VISUALIZADOR changes nothing. */
export function opgPermisoError(accion: OpgAccion, p: OpgPerfil): string | null {
  if (isReadOnly(p)) return 'Tu rol solo permite consultar información';
  if ((accion === 'aprobar' || accion === 'desaprobar') && !hasOption(p, 'aprobar_orden_pago')) return 'No tiene permisos para realizar esta operación';
  if (accion === 'depositar' && !esTesoreria(p)) return ORDEN_PAGO_MSG.soloTesoreria;
  return null;
}

/** The actions the caller may take on a payment order in `estado` of an order in `oreId` (the screen shows these buttons). */
export function opgAccionesPermitidas(estado: string, oreId: number, p: OpgPerfil): OpgAccion[] {
  return OPG_ACCIONES.filter((a) =>
    opgTransitionError(estado, a) === null
    && opgPermisoError(a, p) === null
    && (a === 'eliminar' || !ORE_PAGOS_BLOQUEADOS.includes(oreId)));
}

/** Why an order accepts no new payment order (409), or null. */
export function registroOrdenError(o: { ore_id: number; coc_id: number }): string | null {
  if (!CONDICIONES_ORDEN_PAGO.includes(o.coc_id)) return ORDEN_PAGO_MSG.ordenCondicion;
  if (!ORE_REGISTRO_PAGO.includes(o.ore_id)) return ORDEN_PAGO_MSG.ordenEstado(o.ore_id);
  return null;
}

/**
 * What the payment-order inbox shows first: what waits for the caller. Approvers (option
 * `aprobar_orden_pago`) see those por aprobar, treasury those aprobadas (to deposit), anyone else every state (null).
 */
export function opgBandejaEstado(p: OpgPerfil): OpgEstado | null {
  if (hasOption(p, 'aprobar_orden_pago')) return OPG.POR_APROBAR;
  if (p.roleIds.includes(ROLE.TESORERIA)) return OPG.APROBADA;
  return null;
}
