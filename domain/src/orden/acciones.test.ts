import { describe, expect, it } from 'vitest';
import { ROLE } from '../access/roles.ts';
import { accionesVisibles } from './acciones.ts';
import { ORE } from './estados.ts';

const ALL_OPTIONS = ['aprobar_orden_compra', 'aprobar_orden_compra_contable', 'pagar_orden_compra'];
const logistica = { options: [], roleIds: [ROLE.LOGISTICA] };
const gerencia = { options: ['aprobar_orden_compra'], roleIds: [ROLE.GERENCIA] };
const contabilidad = { options: ['aprobar_orden_compra_contable', 'pagar_orden_compra'], roleIds: [ROLE.CONTABILIDAD] };
const viewer = { options: ALL_OPTIONS, roleIds: [ROLE.VISUALIZADOR] };
const superUser = { options: ALL_OPTIONS, roleIds: [ROLE.SUPER] };
const orden = (estado: number, condicion = 2, importacion = 0) => ({ id_orden_estado: estado, id_condicion: condicion, es_importacion: importacion });

describe('accionesVisibles (spec 1 §2.9, §4.2)', () => {
  it('offers each approval only in its state and with its option', () => {
    expect(accionesVisibles(orden(ORE.CREADO), gerencia, 'vista').aprobarGerencia).toBe(true);
    expect(accionesVisibles(orden(ORE.CREADO), contabilidad, 'vista').aprobarGerencia).toBe(false);
    expect(accionesVisibles(orden(ORE.APROBACION_GERENCIA), gerencia, 'vista').aprobarGerencia).toBe(false);
    expect(accionesVisibles(orden(ORE.APROBACION_GERENCIA), contabilidad, 'vista').aprobarContabilidad).toBe(true);
    expect(accionesVisibles(orden(ORE.CREADO), contabilidad, 'vista').aprobarContabilidad).toBe(false);
  });

  it('pays from the list only contado or caja chica orders in aprobación gerencia or emitido', () => {
    expect(accionesVisibles(orden(ORE.APROBACION_GERENCIA, 1), contabilidad, 'lista').pagar).toBe(true);
    expect(accionesVisibles(orden(ORE.EMITIDO, 6), contabilidad, 'lista').pagar).toBe(true);
    expect(accionesVisibles(orden(ORE.EMITIDO, 2), contabilidad, 'lista').pagar).toBe(false);
    expect(accionesVisibles(orden(ORE.CREADO, 1), contabilidad, 'lista').pagar).toBe(false);
    // The view follows the state machine: any emitido order.
    expect(accionesVisibles(orden(ORE.EMITIDO, 2), contabilidad, 'vista').pagar).toBe(true);
    expect(accionesVisibles(orden(ORE.EMITIDO, 1), logistica, 'lista').pagar).toBe(false);
  });

  it('never offers a change to VISUALIZADOR, whatever its options', () => {
    for (const estado of Object.values(ORE)) {
      const a = accionesVisibles(orden(estado, 1, 1), viewer, 'lista');
      expect([a.aprobarGerencia, a.aprobarContabilidad, a.pagar, a.anular, a.actualizarEstado, a.reiniciar]).toEqual([false, false, false, false, false, false]);
    }
  });

  it('offers anular unless already anulado or paid or received', () => {
    expect(accionesVisibles(orden(ORE.EMITIDO), logistica, 'lista').anular).toBe(true);
    expect(accionesVisibles(orden(ORE.ANULADO), logistica, 'lista').anular).toBe(false);
    expect(accionesVisibles(orden(ORE.PAGO_PARCIAL), logistica, 'lista').anular).toBe(false);
  });

  it('offers payment orders for crédito and the advances only', () => {
    expect([1, 2, 3, 4, 5, 6].map((c) => accionesVisibles(orden(ORE.EMITIDO, c), viewer, 'lista').ordenesPago))
      .toEqual([false, true, true, true, true, false]);
  });

  it('offers the import status to import orders once emitido, and restart to SUPER or ADMINISTRADOR', () => {
    expect(accionesVisibles(orden(ORE.EMITIDO, 2, 1), logistica, 'lista').actualizarEstado).toBe(true);
    expect(accionesVisibles(orden(ORE.TRANSITO, 2, 1), logistica, 'lista').actualizarEstado).toBe(true);
    expect(accionesVisibles(orden(ORE.EMITIDO, 2, 0), logistica, 'lista').actualizarEstado).toBe(false);
    expect(accionesVisibles(orden(ORE.CREADO, 2, 1), logistica, 'lista').actualizarEstado).toBe(false);
    expect(accionesVisibles(orden(ORE.EMITIDO), superUser, 'lista').reiniciar).toBe(true);
    expect(accionesVisibles(orden(ORE.EMITIDO), { options: [], roleIds: [ROLE.ADMINISTRADOR] }, 'lista').reiniciar).toBe(true);
    expect(accionesVisibles(orden(ORE.EMITIDO), logistica, 'lista').reiniciar).toBe(false);
    expect(accionesVisibles(orden(ORE.CREADO), superUser, 'lista').reiniciar).toBe(false);
  });
});
