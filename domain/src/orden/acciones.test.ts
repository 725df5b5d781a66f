import { describe, expect, it } from 'vitest';
import { ROLE } from '../access/roles.ts';
import { accionesVisibles, motivosOrden } from './acciones.ts';
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

describe('Notificar (issue 9: from emitido on)', () => {
  it('is offered once the order is issued, never while it waits for approval or once cancelled', () => {
    const ofrecido = Object.values(ORE).filter((e) => accionesVisibles(orden(e), logistica, 'lista').notificar);
    expect(ofrecido.sort((a, b) => a - b)).toEqual(Object.values(ORE).filter((e) => ![ORE.CREADO, ORE.APROBACION_GERENCIA, ORE.ANULADO].includes(e as 1)).sort((a, b) => a - b));
    expect(accionesVisibles(orden(ORE.EMITIDO), viewer, 'lista').notificar).toBe(false);
  });
});

describe('motivosOrden (the reason a one-action screen shows on opening)', () => {
  const base = { ...orden(ORE.CREADO), rechazada: false, con_ingresos_o_pagos: false };
  it('approval: null when the order waits for the caller, else why not', () => {
    expect(motivosOrden(base, gerencia).aprobar).toBeNull();
    expect(motivosOrden(base, contabilidad).aprobar).toBe('La orden espera la Aprobación de Gerencia, que su usuario no puede dar');
    expect(motivosOrden({ ...base, id_orden_estado: ORE.EMITIDO }, gerencia).aprobar).toBe('Una orden en estado Emitido no espera aprobación');
    expect(motivosOrden({ ...base, rechazada: true }, gerencia).aprobar).toBe('La orden fue rechazada: podrá aprobarse de nuevo cuando Logística la modifique');
    expect(motivosOrden(base, viewer).aprobar).toBe('Tu rol solo permite consultar información');
    expect(accionesVisibles({ ...base, rechazada: true }, gerencia, 'vista').aprobarGerencia).toBe(false);
  });
  it('restart, import status and notify', () => {
    const emitido = { ...base, id_orden_estado: ORE.EMITIDO };
    expect(motivosOrden(emitido, superUser).reiniciar).toBeNull();
    expect(motivosOrden({ ...emitido, con_ingresos_o_pagos: true }, superUser).reiniciar).toBe('La orden tiene ingresos o pagos registrados y no puede reiniciarse');
    expect(motivosOrden(emitido, logistica).reiniciar).toBe('Solo los roles SUPER o ADMINISTRADOR pueden reiniciar una orden');
    expect(motivosOrden(emitido, logistica).actualizar_estado).toBe('Solo una orden de importación tiene estados de importación');
    expect(motivosOrden({ ...emitido, es_importacion: 1 }, logistica).actualizar_estado).toBeNull();
    expect(motivosOrden(base, logistica).notificar).toBe('Solo se puede notificar al proveedor una orden emitida: esta aún espera aprobación');
    expect(motivosOrden(emitido, logistica).notificar).toBeNull();
  });
});
