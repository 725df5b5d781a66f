import { hasOption, isReadOnly, isSuper, type AccessProfile } from '../access/session.ts';
import { ROLE } from '../access/roles.ts';
import { ESTADOS_DOCUMENTO } from '../common/statuses.ts';

/** Petty cash state codes (spec 2 §4; seeded in `estado_documento` from ESTADOS_DOCUMENTO). */
export const CAJ = {
  REGISTRADA: 'CRE',
  POR_APROBAR: 'CPA',
  APROBADA: 'CAP',
  DESAPROBADA: 'CDE',
  CANCELADA: 'CCA',
  DEPOSITADA: 'CDP',
  RENDICION_POR_APROBAR: 'RPA',
  RENDICION_APROBADA: 'RAP',
  RENDICION_DESAPROBADA: 'RDE',
  /** Closed: treasury paid the requester the balance in their favour. */
  REEMBOLSADA: 'CRB',
  /** Closed: the requester returned the unspent balance. */
  DEVUELTA: 'CDV',
} as const;
export type CajEstado = (typeof CAJ)[keyof typeof CAJ];
export const CAJ_ESTADOS: readonly CajEstado[] = Object.values(CAJ);

export const cajEstadoNombre = (codigo: string) => ESTADOS_DOCUMENTO.find((e) => e.edo_codigo === codigo)?.edo_nombre ?? codigo;

/**
 * The actions on a cash box, named as the `caj_opciones` flags of spec 2 §3. `agregar_rendicion`
 * registers (or replaces) the settlement's documents and attaches its PDF.
 */
export const CAJ_ACCIONES = [
  'editar_caja', 'solicitar_aprobacion_caja', 'aprobar_caja', 'desaprobar_caja', 'cancelar_caja', 'depositar_caja',
  'agregar_rendicion', 'solicitar_aprobacion_rendicion', 'aprobar_rendicion', 'desaprobar_rendicion',
  'reembolsar_caja', 'devolver_caja',
] as const;
export type CajAccion = (typeof CAJ_ACCIONES)[number];
export type CajOpciones = Record<CajAccion, boolean>;

/**
 * States each action is allowed from (DECISIONS §5). Nothing is allowed from CCA, CRB or CDV; from RAP
 * only closing the balance: the reimbursement when it is in the requester's favour, the return when
 * the requester owes it (docs/business-rules.md "Petty cash").
 */
const DESDE: Record<CajAccion, readonly CajEstado[]> = {
  editar_caja: [CAJ.REGISTRADA, CAJ.DESAPROBADA],
  solicitar_aprobacion_caja: [CAJ.REGISTRADA, CAJ.DESAPROBADA],
  aprobar_caja: [CAJ.POR_APROBAR],
  desaprobar_caja: [CAJ.POR_APROBAR],
  cancelar_caja: [CAJ.REGISTRADA, CAJ.POR_APROBAR, CAJ.DESAPROBADA],
  depositar_caja: [CAJ.APROBADA],
  agregar_rendicion: [CAJ.DEPOSITADA, CAJ.RENDICION_DESAPROBADA],
  solicitar_aprobacion_rendicion: [CAJ.DEPOSITADA, CAJ.RENDICION_DESAPROBADA],
  aprobar_rendicion: [CAJ.RENDICION_POR_APROBAR],
  desaprobar_rendicion: [CAJ.RENDICION_POR_APROBAR],
  reembolsar_caja: [CAJ.RENDICION_APROBADA],
  devolver_caja: [CAJ.RENDICION_APROBADA],
};

/** The state an allowed action leads to; editing and registering documents keep it. */
export function cajDestino(accion: CajAccion, desde: CajEstado): CajEstado {
  switch (accion) {
    case 'solicitar_aprobacion_caja': return CAJ.POR_APROBAR;
    case 'aprobar_caja': return CAJ.APROBADA;
    case 'desaprobar_caja': return CAJ.DESAPROBADA;
    case 'cancelar_caja': return CAJ.CANCELADA;
    case 'depositar_caja': return CAJ.DEPOSITADA;
    case 'solicitar_aprobacion_rendicion': return CAJ.RENDICION_POR_APROBAR;
    case 'aprobar_rendicion': return CAJ.RENDICION_APROBADA;
    case 'desaprobar_rendicion': return CAJ.RENDICION_DESAPROBADA;
    case 'reembolsar_caja': return CAJ.REEMBOLSADA;
    case 'devolver_caja': return CAJ.DEVUELTA;
    case 'editar_caja':
    case 'agregar_rendicion':
      return desde;
  }
}

const ACCION_TEXTO: Record<CajAccion, string> = {
  editar_caja: 'editar',
  solicitar_aprobacion_caja: 'solicitar la aprobación de',
  aprobar_caja: 'aprobar',
  desaprobar_caja: 'desaprobar',
  cancelar_caja: 'cancelar',
  depositar_caja: 'registrar el depósito de',
  agregar_rendicion: 'registrar documentos en la rendición de',
  solicitar_aprobacion_rendicion: 'solicitar la aprobación de la rendición de',
  aprobar_rendicion: 'aprobar la rendición de',
  desaprobar_rendicion: 'desaprobar la rendición de',
  reembolsar_caja: 'registrar el reembolso de',
  devolver_caja: 'registrar la devolución de',
};

/** The parties of a cash box that decide who may act (DECISIONS §5). */
export interface CajaPartes {
  caj_estado: string;
  usu_gerente: number;
  usu_solicitante: number;
  usu_creador: number;
  /**
   * Who the settlement's balance (amount − total) favours: 'solicitante' when the company owes the
   * requester, 'empresa' when the requester owes it, null when zero. Only the closing actions read it.
   */
  saldo_a_favor?: 'solicitante' | 'empresa' | null;
}

/** Who may act: the caller's id, roles and option codes (the module itself is checked by the route gate). */
export type CajPerfil = Pick<AccessProfile, 'usu_id' | 'roleIds' | 'options'>;

/**
 * Texts of the petty cash and settlement calls (spec 2 §5, §8; docs/business-rules.md "Petty cash").
 * The spec's literal texts stay as it writes them; our own carry their accents.
 */
export const CAJA_MSG = {
  faltaRegistrar: 'Falta ingresar datos para registrar la caja',
  faltaEditar: 'Falta ingresar datos para editar la caja',
  confirmarCancelar: '¿Está seguro de cancelar la caja?',
  registrada: (codigo: string) => `Se registró la caja ${codigo}`,
  editada: 'Se editó la caja',
  solicitada: 'Se solicitó la aprobación de la caja',
  aprobada: 'Se aprobó la caja',
  desaprobada: 'Se desaprobó la caja',
  cancelada: 'Se canceló la caja',
  depositada: 'Se registró el depósito de la caja',
  rendicionRegistrada: 'Se registraron los documentos de la rendición',
  rendicionSolicitada: 'Se solicitó la aprobación de la rendición',
  rendicionAprobada: 'Se aprobó la rendición',
  rendicionDesaprobada: 'Se desaprobó la rendición',
  pdfAdjuntado: 'Se adjuntó el PDF de la rendición',
  notFound: 'No se encontró la caja',
  cajIdFalta: 'Debe indicar la caja',
  transicion: (accion: CajAccion, desde: string) => `No se puede ${ACCION_TEXTO[accion]} una caja en estado ${cajEstadoNombre(desde)}`,
  yaSolicitada: 'La aprobación de la caja ya fue solicitada',
  rendicionYaSolicitada: 'La aprobación de la rendición ya fue solicitada',
  soloLectura: 'Tu rol solo permite consultar información',
  soloAprobador: 'Solo el gerente de la caja o un aprobador de caja chica puede aprobarla o desaprobarla',
  soloTesoreria: 'Solo Tesorería puede registrar el depósito de una caja',
  soloSolicitante: 'Solo el solicitante o quien registró la caja puede realizar esta operación',
  sinDocumentos: 'Debe registrar al menos un documento antes de solicitar la aprobación de la rendición',
  versionCambiada: 'La caja fue modificada por otro usuario; vuelva a abrirla',
  montoPositivo: 'El monto debe ser mayor que 0, con hasta 2 decimales',
  montoMaximo: 'El monto es demasiado grande',
  descripcionMaxima: 'La descripción no debe superar 400 caracteres',
  tituloMaximo: 'El título no debe superar 150 caracteres',
  observacionMaxima: 'La observación no debe superar 400 caracteres',
  numeroOperacionMaximo: 'El número de operación no debe superar 60 caracteres',
  fecha: 'Ingrese una fecha válida (dd-mm-aaaa)',
  fechaDepositoFutura: 'La fecha de depósito no puede ser posterior a hoy',
  fechaDepositoAnterior: 'La fecha de depósito no puede ser anterior al registro de la caja',
  rangoFechas: 'La fecha de inicio no puede ser posterior a la fecha de fin',
  centroCosto: 'Seleccione un centro de costo activo de su proyecto',
  gerente: 'Seleccione un gerente válido',
  solicitante: 'Seleccione un solicitante válido',
  gerenteSolicitante: 'El gerente que aprueba la caja no puede ser su solicitante',
  tipoCaja: 'Seleccione un tipo de caja válido',
  moneda: 'Seleccione una moneda válida',
  pdfBloqueado: 'La rendición está aprobada: no se pueden cambiar sus documentos ni su PDF',
  pdfTipo: 'El archivo debe ser un PDF',
  pdfTamano: 'El PDF no debe superar los 20 MB',
  pdfFalta: 'Debe seleccionar el PDF a adjuntar',
  sinPdf: 'La rendición no tiene un PDF adjunto',
  reembolsada: 'Se registró el reembolso y la caja quedó cerrada',
  devuelta: 'Se registró la devolución y la caja quedó cerrada',
  soloTesoreriaReembolso: 'Solo Tesorería puede registrar el reembolso de una caja',
  soloDevolucion: 'Solo el solicitante, quien registró la caja o Tesorería puede registrar la devolución',
  sinSaldoReembolso: 'La rendición no tiene saldo a favor del solicitante que reembolsar',
  sinSaldoDevolucion: 'La rendición no tiene saldo que devolver',
  montoCierreFalta: 'Debe ingresar el monto',
  montoCierre: (saldo: string) => `El monto debe ser igual al saldo de la rendición: ${saldo}`,
  fechaCierre: 'Ingrese una fecha de operación válida',
  fechaCierreFutura: 'La fecha de la operación no puede ser posterior a hoy',
  fechaCierreAnterior: 'La fecha de la operación no puede ser anterior a la aprobación de la rendición',
  voucherFalta: 'Debe adjuntar el voucher de la operación',
  voucherTipo: 'El voucher debe ser un PDF o una imagen JPG o PNG',
  voucherTamano: 'El voucher no debe superar los 20 MB',
  sinVoucher: 'La caja no tiene un voucher adjunto',
  gerenteProyecto: 'Seleccione un gerente que pueda aprobar cajas del proyecto del centro de costo',
  confirmarReembolso: (monto: string, solicitante: string) => `¿Confirma el reembolso de ${monto} a ${solicitante}? La caja quedará cerrada.`,
  confirmarDevolucion: (monto: string, solicitante: string) => `¿Confirma la devolución de ${monto} por ${solicitante}? La caja quedará cerrada.`,
} as const;

/** Treasury deposits (DECISIONS §5): role TESORERIA, or SUPER. */
const esTesoreria = (p: CajPerfil) => isSuper(p) || p.roleIds.includes(ROLE.TESORERIA);
/** The cash's manager approves, or anyone with option `aprobar_caja` (DECISIONS §5). */
const esAprobador = (c: CajaPartes, p: CajPerfil) => isSuper(p) || c.usu_gerente === p.usu_id || hasOption(p, 'aprobar_caja');
/** The requester (or whoever registered the cash for them) edits, requests, cancels and settles. */
const esSolicitante = (c: CajaPartes, p: CajPerfil) => isSuper(p) || c.usu_solicitante === p.usu_id || c.usu_creador === p.usu_id;

/** Why the caller may not perform `accion` on this cash box at all (403), or null. VISUALIZADOR changes nothing. */
export function cajPermisoError(accion: CajAccion, c: CajaPartes, p: CajPerfil): string | null {
  if (isReadOnly(p)) return CAJA_MSG.soloLectura;
  switch (accion) {
    case 'aprobar_caja':
    case 'desaprobar_caja':
    case 'aprobar_rendicion':
    case 'desaprobar_rendicion':
      return esAprobador(c, p) ? null : CAJA_MSG.soloAprobador;
    case 'depositar_caja':
      return esTesoreria(p) ? null : CAJA_MSG.soloTesoreria;
    case 'reembolsar_caja':
      return esTesoreria(p) ? null : CAJA_MSG.soloTesoreriaReembolso;
    case 'devolver_caja':
      return esSolicitante(c, p) || esTesoreria(p) ? null : CAJA_MSG.soloDevolucion;
    default:
      return esSolicitante(c, p) ? null : CAJA_MSG.soloSolicitante;
  }
}

/**
 * Why `accion` is refused to a cash box in state `desde` (state only, 409), or null when allowed. The
 * closing actions also need the balance on the right side (`saldo`, see CajaPartes).
 */
export function cajTransicionError(desde: string, accion: CajAccion, saldo?: CajaPartes['saldo_a_favor']): string | null {
  if (accion === 'reembolsar_caja' && desde === CAJ.RENDICION_APROBADA && saldo !== 'solicitante') return CAJA_MSG.sinSaldoReembolso;
  if (accion === 'devolver_caja' && desde === CAJ.RENDICION_APROBADA && saldo !== 'empresa') return CAJA_MSG.sinSaldoDevolucion;
  if (accion === 'solicitar_aprobacion_caja' && desde === CAJ.POR_APROBAR) return CAJA_MSG.yaSolicitada;
  if (accion === 'solicitar_aprobacion_rendicion' && desde === CAJ.RENDICION_POR_APROBAR) return CAJA_MSG.rendicionYaSolicitada;
  if (accion === 'agregar_rendicion' && desde === CAJ.RENDICION_APROBADA) return CAJA_MSG.pdfBloqueado;
  return (DESDE[accion] as readonly string[]).includes(desde) ? null : CAJA_MSG.transicion(accion, desde);
}

/** Why the caller may not do `accion` now: 403 for who they are, 409 for the state; null when allowed. */
export function cajAccionError(accion: CajAccion, c: CajaPartes, p: CajPerfil): { status: 403 | 409; message: string } | null {
  const permiso = cajPermisoError(accion, c, p);
  if (permiso) return { status: 403, message: permiso };
  const transicion = cajTransicionError(c.caj_estado, accion, c.saldo_a_favor);
  return transicion ? { status: 409, message: transicion } : null;
}

/** `caj_opciones`: the flags of spec 2 §3 for the calling user, computed on the server from the rules above. */
export function cajOpciones(c: CajaPartes, p: CajPerfil): CajOpciones {
  return Object.fromEntries(CAJ_ACCIONES.map((a) => [a, cajAccionError(a, c, p) === null])) as CajOpciones;
}

/** Settlement states: the documents exist from the deposit on (the settlement screen opens from CDP). */
export const CAJ_CON_RENDICION: readonly CajEstado[] = [
  CAJ.DEPOSITADA, CAJ.RENDICION_POR_APROBAR, CAJ.RENDICION_APROBADA, CAJ.RENDICION_DESAPROBADA, CAJ.REEMBOLSADA, CAJ.DEVUELTA,
];

/** Closed by the reimbursement or the return: the balance is zero and nothing more is allowed. */
export const CAJ_CERRADA: readonly CajEstado[] = [CAJ.REEMBOLSADA, CAJ.DEVUELTA];
