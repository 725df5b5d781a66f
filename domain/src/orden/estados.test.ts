import { describe, expect, it } from 'vitest';
import { ORDEN_ESTADOS } from '../common/statuses.ts';
import {
  ORDEN_ACCIONES, ORDEN_ESTADO_MSG, ORE, ORE_IMPORTACION, OrdenMassive, OrdenUpdateStatus, approvalFor, canTransition, rejectionOf, pendingApprovalOf, targetState,
  transitionError, type OrdenAccion,
} from './estados.ts';

const ALL = ORDEN_ESTADOS.map((e) => e.ore_id);

/** Every allowed (from, action, ctx) → to of docs/business-rules.md "Order states". */
const allowed = (from: number, action: OrdenAccion, ctx: { coc_id?: number; es_importacion?: boolean; hasta?: number }) =>
  canTransition(from, action, ctx);

describe('order state machine', () => {
  it('matches the seeded states', () => {
    expect(Object.values(ORE).sort((a, b) => a - b)).toEqual(ALL);
    expect(ORDEN_ESTADOS.find((e) => e.ore_id === ORE.ANULADO)?.ore_codigo).toBe('anulado');
    expect(ORDEN_ESTADOS.filter((e) => ORE_IMPORTACION.includes(e.ore_id)).map((e) => e.ore_codigo))
      .toEqual(['fabrica', 'puerto_origen', 'transito', 'puerto_destino', 'almacen_aduana']);
  });

  it('approves creado → aprobación gerencia → emitido only', () => {
    for (const from of ALL) {
      expect(allowed(from, 'aprobar_gerencia', {})).toBe(from === ORE.CREADO);
      expect(allowed(from, 'aprobar_contabilidad', {})).toBe(from === ORE.APROBACION_GERENCIA);
    }
    expect(targetState('aprobar_gerencia')).toBe(ORE.APROBACION_GERENCIA);
    expect(targetState('aprobar_contabilidad')).toBe(ORE.EMITIDO);
    expect(transitionError(ORE.EMITIDO, 'aprobar_gerencia')).toBe('No se puede aprobar (Gerencia) una orden en estado Emitido');
  });

  it('pays from emitido with any condition, from aprobación gerencia only contado or caja chica', () => {
    for (const coc of [1, 2, 3, 4, 5, 6]) {
      for (const from of ALL) {
        const expected = from === ORE.EMITIDO || (from === ORE.APROBACION_GERENCIA && (coc === 1 || coc === 6));
        expect(allowed(from, 'pagar', { coc_id: coc })).toBe(expected);
      }
    }
    expect(transitionError(ORE.APROBACION_GERENCIA, 'pagar', { coc_id: 2 })).toBe(ORDEN_ESTADO_MSG.pagoCondicion);
    expect(targetState('pagar')).toBe(ORE.PAGADO);
  });

  it('cancels from any state but anulado and those with stock or payments', () => {
    for (const from of ALL) {
      const blocked = [ORE.ANULADO, ORE.PAGADO, ORE.PAGO_PARCIAL, ORE.RECEPCIONADO, ORE.RECEPCIONADO_PARCIAL] as number[];
      expect(allowed(from, 'anular', {})).toBe(!blocked.includes(from));
    }
    expect(transitionError(ORE.ANULADO, 'anular')).toBe('La orden ya está anulada');
    expect(transitionError(ORE.PAGO_PARCIAL, 'anular')).toBe('La orden tiene ingresos o pagos registrados y no puede anularse');
  });

  it('moves an import order from emitido or an import state to another import state', () => {
    for (const from of ALL) {
      for (const hasta of ALL) {
        const expected = ORE_IMPORTACION.includes(hasta) && hasta !== from && (from === ORE.EMITIDO || ORE_IMPORTACION.includes(from));
        expect(allowed(from, 'actualizar_estado', { es_importacion: true, hasta })).toBe(expected);
        expect(allowed(from, 'actualizar_estado', { es_importacion: false, hasta })).toBe(false);
      }
    }
    expect(transitionError(ORE.FABRICA, 'actualizar_estado', { es_importacion: true, hasta: ORE.FABRICA })).toBe(ORDEN_ESTADO_MSG.mismoEstado);
    expect(transitionError(ORE.EMITIDO, 'actualizar_estado', { es_importacion: false, hasta: ORE.FABRICA })).toBe(ORDEN_ESTADO_MSG.noImportacion);
    expect(transitionError(ORE.EMITIDO, 'actualizar_estado', { es_importacion: true, hasta: ORE.PAGADO })).toBe(ORDEN_ESTADO_MSG.estadoImportacion);
    expect(transitionError(ORE.CREADO, 'actualizar_estado', { es_importacion: true, hasta: ORE.FABRICA }))
      .toBe('No se puede actualizar el estado de importación de una orden en estado Creado');
    expect(targetState('actualizar_estado', { hasta: ORE.TRANSITO })).toBe(ORE.TRANSITO);
  });

  it('restarts from any state but creado and those with stock or payments', () => {
    for (const from of ALL) {
      const blocked = [ORE.CREADO, ORE.PAGADO, ORE.PAGO_PARCIAL, ORE.RECEPCIONADO, ORE.RECEPCIONADO_PARCIAL] as number[];
      expect(allowed(from, 'reiniciar', {})).toBe(!blocked.includes(from));
    }
    expect(targetState('reiniciar')).toBe(ORE.CREADO);
  });

  it('maps approval targets and pending approvals', () => {
    expect(ALL.map(approvalFor).filter(Boolean)).toEqual(['aprobar_gerencia', 'aprobar_contabilidad']);
    expect(approvalFor(2)).toBe('aprobar_gerencia');
    expect(approvalFor(3)).toBe('aprobar_contabilidad');
    expect(pendingApprovalOf(1)).toBe('aprobar_gerencia');
    expect(pendingApprovalOf(2)).toBe('aprobar_contabilidad');
    expect(pendingApprovalOf(3)).toBeNull();
    expect(ORDEN_ACCIONES).toHaveLength(8);
    expect(ALL.map(rejectionOf).filter(Boolean)).toEqual(['rechazar_gerencia', 'rechazar_contabilidad']);
  });

  it('rejects at the level the order waits at, back to creado; a rejected order waits for logística first', () => {
    for (const from of ALL) {
      expect(allowed(from, 'rechazar_gerencia', {})).toBe(from === ORE.CREADO);
      expect(allowed(from, 'rechazar_contabilidad', {})).toBe(from === ORE.APROBACION_GERENCIA);
    }
    expect(transitionError(ORE.EMITIDO, 'rechazar_contabilidad')).toBe('No se puede rechazar (Contabilidad) una orden en estado Emitido');
    expect(targetState('rechazar_gerencia')).toBe(ORE.CREADO);
    expect(targetState('rechazar_contabilidad')).toBe(ORE.CREADO);
    for (const action of ['aprobar_gerencia', 'rechazar_gerencia'] as const) {
      expect(transitionError(ORE.CREADO, action, { rechazada: true })).toBe(ORDEN_ESTADO_MSG.rechazadaSinCambios);
    }
    expect(transitionError(ORE.APROBACION_GERENCIA, 'aprobar_contabilidad', { rechazada: true })).toBeNull();
  });

  it('refuses anular and reiniciar when the server found stock or payments, whatever the state', () => {
    expect(transitionError(ORE.EMITIDO, 'anular', { con_ingresos_o_pagos: true })).toBe(ORDEN_ESTADO_MSG.conIngresosOPagos);
    expect(transitionError(ORE.EMITIDO, 'reiniciar', { con_ingresos_o_pagos: true })).toBe(ORDEN_ESTADO_MSG.conIngresosOPagosReinicio);
    expect(transitionError(ORE.EMITIDO, 'actualizar_estado', { es_importacion: false })).toBe(ORDEN_ESTADO_MSG.noImportacion);
    expect(transitionError(ORE.EMITIDO, 'actualizar_estado', { es_importacion: true })).toBeNull();
  });

  it('parses the bodies', () => {
    expect(OrdenMassive.parse([3, { id_orden: 4 }, 3])).toEqual([3, 4]);
    expect(OrdenMassive.safeParse([]).success).toBe(false);
    expect(OrdenUpdateStatus.safeParse({ id_orden_estado: 6, descripcion: '  ' }).success).toBe(false);
    expect(OrdenUpdateStatus.safeParse({ id_orden_estado: 4, descripcion: 'x' }).success).toBe(false);
    expect(OrdenUpdateStatus.parse({ id_orden_estado: 8, descripcion: ' Zarpó ' })).toEqual({ id_orden_estado: 8, descripcion: 'Zarpó' });
  });
});
