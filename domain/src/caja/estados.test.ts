import { describe, expect, it } from 'vitest';
import { ROLE } from '../access/roles.ts';
import { CAJ_ACCIONES, CAJ_ESTADOS, CAJA_MSG, cajAccionError, cajDestino, cajOpciones, type CajAccion, type CajaPartes, type CajEstado, type CajPerfil } from './estados.ts';

/**
 * DECISIONS §5 written out again, independently of estados.ts, and every (state, action, role)
 * checked against it: the allowed ones lead to the right state, the others are refused with 403
 * (who) before 409 (state).
 */

/** action → [allowed from, leads to] (null: the state stays). */
const MAQUINA: Record<CajAccion, [CajEstado[], CajEstado | null]> = {
  editar_caja: [['CRE', 'CDE'], null],
  solicitar_aprobacion_caja: [['CRE', 'CDE'], 'CPA'],
  aprobar_caja: [['CPA'], 'CAP'],
  desaprobar_caja: [['CPA'], 'CDE'],
  cancelar_caja: [['CRE', 'CPA', 'CDE'], 'CCA'],
  depositar_caja: [['CAP'], 'CDP'],
  agregar_rendicion: [['CDP', 'RDE'], null],
  solicitar_aprobacion_rendicion: [['CDP', 'RDE'], 'RPA'],
  aprobar_rendicion: [['RPA'], 'RAP'],
  desaprobar_rendicion: [['RPA'], 'RDE'],
  reembolsar_caja: [['RAP'], 'CRB'],
  devolver_caja: [['RAP'], 'CDV'],
};

const SOLICITANTE = 10;
const GERENTE = 20;
const CREADOR = 25;
const partes = (caj_estado: string, saldo_a_favor: CajaPartes['saldo_a_favor'] = null): CajaPartes =>
  ({ caj_estado, usu_solicitante: SOLICITANTE, usu_gerente: GERENTE, usu_creador: CREADOR, saldo_a_favor });
/** The balance each closing action needs (the matrix gives it; the balance's own refusals are tested apart). */
const SALDO: Partial<Record<CajAccion, CajaPartes['saldo_a_favor']>> = { reembolsar_caja: 'solicitante', devolver_caja: 'empresa' };

type Rol = 'solicitante' | 'creador' | 'gerente' | 'aprobador' | 'tesoreria' | 'visualizador' | 'ajeno' | 'super';
const PERFILES: Record<Rol, CajPerfil> = {
  solicitante: { usu_id: SOLICITANTE, roleIds: [ROLE.ESTANDAR], options: [] },
  creador: { usu_id: CREADOR, roleIds: [ROLE.ESTANDAR], options: [] },
  // The cash's manager without the option: being its manager is enough.
  gerente: { usu_id: GERENTE, roleIds: [ROLE.CONTABILIDAD], options: [] },
  aprobador: { usu_id: 30, roleIds: [ROLE.GERENCIA], options: ['aprobar_caja'] },
  tesoreria: { usu_id: 40, roleIds: [ROLE.TESORERIA], options: [] },
  // A viewer changes nothing, even holding the option.
  visualizador: { usu_id: 50, roleIds: [ROLE.VISUALIZADOR], options: ['aprobar_caja'] },
  ajeno: { usu_id: 60, roleIds: [ROLE.ESTANDAR, ROLE.ADMINISTRADOR], options: [] },
  super: { usu_id: 70, roleIds: [ROLE.SUPER], options: [] },
};

/** Who may do each kind of action (DECISIONS §5, domain texts of the 403). */
const QUIEN: Record<CajAccion, [Rol[], string]> = {
  editar_caja: [['solicitante', 'creador', 'super'], CAJA_MSG.soloSolicitante],
  solicitar_aprobacion_caja: [['solicitante', 'creador', 'super'], CAJA_MSG.soloSolicitante],
  cancelar_caja: [['solicitante', 'creador', 'super'], CAJA_MSG.soloSolicitante],
  agregar_rendicion: [['solicitante', 'creador', 'super'], CAJA_MSG.soloSolicitante],
  solicitar_aprobacion_rendicion: [['solicitante', 'creador', 'super'], CAJA_MSG.soloSolicitante],
  aprobar_caja: [['gerente', 'aprobador', 'super'], CAJA_MSG.soloAprobador],
  desaprobar_caja: [['gerente', 'aprobador', 'super'], CAJA_MSG.soloAprobador],
  aprobar_rendicion: [['gerente', 'aprobador', 'super'], CAJA_MSG.soloAprobador],
  desaprobar_rendicion: [['gerente', 'aprobador', 'super'], CAJA_MSG.soloAprobador],
  depositar_caja: [['tesoreria', 'super'], CAJA_MSG.soloTesoreria],
  reembolsar_caja: [['tesoreria', 'super'], CAJA_MSG.soloTesoreriaReembolso],
  devolver_caja: [['solicitante', 'creador', 'tesoreria', 'super'], CAJA_MSG.soloDevolucion],
};

const casos = CAJ_ESTADOS.flatMap((estado) => CAJ_ACCIONES.flatMap((accion) =>
  (Object.keys(PERFILES) as Rol[]).map((rol) => ({ estado, accion, rol }))));

describe('cajAccionError and cajDestino over every (state, action, role)', () => {
  it('covers the 11 states × 12 actions × 8 roles', () => {
    expect(casos).toHaveLength(11 * 12 * 8);
  });

  it.each(casos)('$accion from $estado as $rol', ({ estado, accion, rol }) => {
    const [desde, hacia] = MAQUINA[accion];
    const [quienes, mensaje403] = QUIEN[accion];
    const error = cajAccionError(accion, partes(estado, SALDO[accion]), PERFILES[rol]);
    if (rol === 'visualizador') {
      expect(error).toEqual({ status: 403, message: CAJA_MSG.soloLectura });
    } else if (!quienes.includes(rol)) {
      expect(error).toEqual({ status: 403, message: mensaje403 });
    } else if (!desde.includes(estado)) {
      expect(error?.status).toBe(409);
      expect(error?.message).toMatch(/^(No se puede |La aprobación de la |La rendición está aprobada)/);
    } else {
      expect(error).toBeNull();
      expect(cajDestino(accion, estado)).toBe(hacia ?? estado);
    }
    // The flags sent with each row say exactly the same.
    expect(cajOpciones(partes(estado, SALDO[accion]), PERFILES[rol])[accion]).toBe(error === null);
  });
});

describe('refusals name the state', () => {
  it('a second request of approval says it was already requested', () => {
    expect(cajAccionError('solicitar_aprobacion_caja', partes('CPA'), PERFILES.solicitante)).toEqual({ status: 409, message: CAJA_MSG.yaSolicitada });
    expect(cajAccionError('solicitar_aprobacion_rendicion', partes('RPA'), PERFILES.solicitante)).toEqual({ status: 409, message: CAJA_MSG.rendicionYaSolicitada });
  });

  it('an approved settlement is locked for documents', () => {
    expect(cajAccionError('agregar_rendicion', partes('RAP'), PERFILES.solicitante)).toEqual({ status: 409, message: CAJA_MSG.pdfBloqueado });
  });

  it('a cancelled or closed cash box allows nothing, to anyone', () => {
    for (const estado of ['CCA', 'CRB', 'CDV']) {
      for (const rol of Object.keys(PERFILES) as Rol[]) {
        for (const saldo of ['solicitante', 'empresa', null] as const) {
          expect(Object.values(cajOpciones(partes(estado, saldo), PERFILES[rol])).some(Boolean)).toBe(false);
        }
      }
    }
  });

  it('an approved settlement is closed by the reimbursement or the return that its balance calls for, and only that', () => {
    expect(cajAccionError('reembolsar_caja', partes('RAP', 'empresa'), PERFILES.tesoreria)).toEqual({ status: 409, message: CAJA_MSG.sinSaldoReembolso });
    expect(cajAccionError('reembolsar_caja', partes('RAP', null), PERFILES.tesoreria)).toEqual({ status: 409, message: CAJA_MSG.sinSaldoReembolso });
    expect(cajAccionError('devolver_caja', partes('RAP', 'solicitante'), PERFILES.solicitante)).toEqual({ status: 409, message: CAJA_MSG.sinSaldoDevolucion });
    expect(cajAccionError('devolver_caja', partes('RAP', null), PERFILES.tesoreria)).toEqual({ status: 409, message: CAJA_MSG.sinSaldoDevolucion });
    const aFavor = cajOpciones(partes('RAP', 'solicitante'), PERFILES.tesoreria);
    expect([aFavor.reembolsar_caja, aFavor.devolver_caja]).toEqual([true, false]);
    const debe = cajOpciones(partes('RAP', 'empresa'), PERFILES.solicitante);
    expect([debe.reembolsar_caja, debe.devolver_caja]).toEqual([false, true]);
    // Who is checked before the balance: the requester never reimburses themselves.
    expect(cajAccionError('reembolsar_caja', partes('RAP', 'solicitante'), PERFILES.solicitante)).toEqual({ status: 403, message: CAJA_MSG.soloTesoreriaReembolso });
  });

  it('a reimbursement refused to an open settlement names the state', () => {
    expect(cajAccionError('reembolsar_caja', partes('RPA', 'solicitante'), PERFILES.tesoreria))
      .toEqual({ status: 409, message: 'No se puede registrar el reembolso de una caja en estado Rendición por aprobar' });
  });

  it('a deposit refused to the wrong state names the state', () => {
    expect(cajAccionError('depositar_caja', partes('CPA'), PERFILES.tesoreria)).toEqual({ status: 409, message: 'No se puede registrar el depósito de una caja en estado Por aprobar' });
  });
});
