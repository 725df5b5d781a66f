import { describe, expect, it } from 'vitest';
import { ROLE } from '../access/roles.ts';
import { ORE } from '../orden/estados.ts';
import {
  OPG, OPG_ACCIONES, opgAccionesPermitidas, opgBandejaEstado, opgDestino, opgPermisoError, opgTransitionError, registroOrdenError, type OpgAccion,
} from './estados.ts';

const ALL = Object.values(OPG);
/** Spec 1 §4.3 + DECISIONS §4, written out as a table: the states each action is allowed from. */
const ALLOWED: Record<OpgAccion, string[]> = {
  modificar: ['OPR', 'OXA', 'OPD'],
  adjuntar: ['OPR', 'OXA', 'OPD'],
  solicitar_aprobacion: ['OPR', 'OPD'],
  aprobar: ['OPR', 'OXA'],
  desaprobar: ['OPR', 'OXA'],
  eliminar: ['OPR', 'OXA', 'OPD', 'OPA'],
  depositar: ['OPA'],
};

const gerencia = { roleIds: [ROLE.GERENCIA], options: ['aprobar_orden_pago'] };
const logistica = { roleIds: [ROLE.LOGISTICA], options: [] };
const tesoreria = { roleIds: [ROLE.TESORERIA], options: ['pagar_orden_compra'] };
const superUser = { roleIds: [ROLE.SUPER], options: ['aprobar_orden_pago'] };
const viewer = { roleIds: [ROLE.VISUALIZADOR], options: [] };

describe('payment order state machine', () => {
  it('allows each action exactly from the states of the table', () => {
    for (const accion of OPG_ACCIONES) {
      for (const desde of ALL) {
        expect({ accion, desde, ok: opgTransitionError(desde, accion) === null }).toEqual({ accion, desde, ok: ALLOWED[accion].includes(desde) });
      }
    }
  });

  it('allows nothing from OPC or OPP', () => {
    for (const accion of OPG_ACCIONES) {
      expect(opgTransitionError('OPC', accion)).toMatch(/en estado Cancelada$/);
      expect(opgTransitionError('OPP', accion)).toMatch(/en estado Depositada$/);
    }
  });

  it('answers an approval already requested with its own text', () => {
    expect(opgTransitionError('OXA', 'solicitar_aprobacion')).toBe('La aprobación de la orden de pago ya fue solicitada');
    expect(opgTransitionError('OPA', 'aprobar')).toBe('No se puede aprobar una orden de pago en estado Aprobada');
  });

  it('leads to the states of DECISIONS §4', () => {
    expect(opgDestino('solicitar_aprobacion', 'OPD')).toBe('OXA');
    expect(opgDestino('aprobar', 'OPR')).toBe('OPA');
    expect(opgDestino('desaprobar', 'OXA')).toBe('OPD');
    expect(opgDestino('eliminar', 'OPA')).toBe('OPC');
    expect(opgDestino('depositar', 'OPA')).toBe('OPP');
    expect(opgDestino('modificar', 'OPD')).toBe('OPD');
    expect(opgDestino('adjuntar', 'OXA')).toBe('OXA');
  });
});

describe('who may act', () => {
  it('approve and disapprove need aprobar_orden_pago; deposit needs TESORERIA or SUPER; VISUALIZADOR nothing', () => {
    expect(opgPermisoError('aprobar', gerencia)).toBeNull();
    expect(opgPermisoError('aprobar', logistica)).not.toBeNull();
    expect(opgPermisoError('desaprobar', tesoreria)).not.toBeNull();
    expect(opgPermisoError('depositar', tesoreria)).toBeNull();
    expect(opgPermisoError('depositar', superUser)).toBeNull();
    expect(opgPermisoError('depositar', gerencia)).toBe('Solo Tesorería puede registrar el depósito de una orden de pago');
    for (const a of OPG_ACCIONES) expect(opgPermisoError(a, viewer)).toBe('Tu rol solo permite consultar información');
    for (const a of ['modificar', 'adjuntar', 'solicitar_aprobacion', 'eliminar'] as const) expect(opgPermisoError(a, logistica)).toBeNull();
  });

  it('lists the buttons of a row from state, order state and caller', () => {
    expect(opgAccionesPermitidas('OPR', ORE.EMITIDO, logistica)).toEqual(['modificar', 'adjuntar', 'solicitar_aprobacion', 'eliminar']);
    expect(opgAccionesPermitidas('OXA', ORE.EMITIDO, gerencia)).toEqual(['modificar', 'adjuntar', 'aprobar', 'desaprobar', 'eliminar']);
    expect(opgAccionesPermitidas('OPA', ORE.EMITIDO, tesoreria)).toEqual(['eliminar', 'depositar']);
    expect(opgAccionesPermitidas('OPA', ORE.EMITIDO, gerencia)).toEqual(['eliminar']);
    expect(opgAccionesPermitidas('OPP', ORE.PAGADO, superUser)).toEqual([]);
    expect(opgAccionesPermitidas('OXA', ORE.EMITIDO, viewer)).toEqual([]);
    // An order cancelled or restarted freezes its payment orders: they can only be deleted.
    expect(opgAccionesPermitidas('OXA', ORE.ANULADO, superUser)).toEqual(['eliminar']);
    expect(opgAccionesPermitidas('OPR', ORE.CREADO, superUser)).toEqual(['eliminar']);
  });
});

describe('which orders take payment orders', () => {
  it('approved, issued, partly paid or received orders with crédito or an advance', () => {
    for (const ore_id of Object.values(ORE)) {
      for (const coc_id of [1, 2, 3, 4, 5, 6]) {
        const ok = [2, 3, 5, 12, 13].includes(ore_id) && [2, 3, 4, 5].includes(coc_id);
        expect({ ore_id, coc_id, ok: registroOrdenError({ ore_id, coc_id }) === null }).toEqual({ ore_id, coc_id, ok });
      }
    }
    expect(registroOrdenError({ ore_id: 1, coc_id: 2 })).toBe('No se pueden registrar órdenes de pago de una orden en estado Creado; debe estar aprobada o emitida');
    expect(registroOrdenError({ ore_id: 3, coc_id: 1 })).toBe('Solo las órdenes al crédito o con adelanto se pagan con órdenes de pago');
  });
});

describe('opgBandejaEstado', () => {
  it('opens the inbox on what waits for the caller', () => {
    const gerencia = { roleIds: [ROLE.GERENCIA], options: ['aprobar_orden_pago'] };
    expect(opgBandejaEstado(gerencia)).toBe(OPG.POR_APROBAR);
    // An approver who is also treasury approves first.
    expect(opgBandejaEstado({ roleIds: [ROLE.GERENCIA, ROLE.TESORERIA], options: ['aprobar_orden_pago'] })).toBe(OPG.POR_APROBAR);
    expect(opgBandejaEstado({ roleIds: [ROLE.TESORERIA], options: ['pagar_orden_compra'] })).toBe(OPG.APROBADA);
    for (const rol of [ROLE.LOGISTICA, ROLE.CONTABILIDAD, ROLE.ADMINISTRADOR, ROLE.VISUALIZADOR]) {
      expect(opgBandejaEstado({ roleIds: [rol], options: [] })).toBeNull();
    }
  });
});
