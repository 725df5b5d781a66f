import { describe, expect, it } from 'vitest';
import { PEI } from './estados.ts';
import { PEI_ACCIONES, PEI_ESTADOS, peiAcciones, peiDestino, peiTransicionError, todoComprado, type PeiAccion } from './transiciones.ts';

/** The request state machine (DECISIONS §7) over every state × action, written out independently of the table. */
const PERMITIDO: Record<string, PeiAccion[]> = {
  CREADO: ['modificar', 'solicitar_aprobacion', 'aprobar', 'eliminar'],
  POR_APROBAR: ['modificar', 'aprobar', 'eliminar'],
  APROBADO: ['completar'],
  ATENDIDO: [],
  ATENDIDO_PARCIAL: [],
  ELIMINADO: [],
};

describe('peiTransicionError', () => {
  const casos = PEI_ESTADOS.flatMap((estado) => PEI_ACCIONES.map((accion) => ({ estado, accion })));
  it.each(casos)('$accion from $estado', ({ estado, accion }) => {
    const error = peiTransicionError(estado, accion);
    if (PERMITIDO[estado].includes(accion)) expect(error).toBeNull();
    else expect(error).toMatch(/^No se puede .+ un pedido en estado /);
  });

  it('names the state in Spanish', () => {
    expect(peiTransicionError(PEI.APROBADO, 'eliminar')).toBe('No se puede eliminar un pedido en estado Aprobado');
    expect(peiTransicionError(PEI.POR_APROBAR, 'solicitar_aprobacion')).toBe('No se puede solicitar la aprobación de un pedido en estado Por aprobar');
  });
});

describe('peiDestino and todoComprado', () => {
  it('leads each action to its state; completar decides from the lines', () => {
    expect(peiDestino('solicitar_aprobacion', PEI.CREADO)).toBe(PEI.POR_APROBAR);
    expect(peiDestino('aprobar', PEI.POR_APROBAR)).toBe(PEI.APROBADO);
    expect(peiDestino('eliminar', PEI.CREADO)).toBe(PEI.ELIMINADO);
    expect(peiDestino('modificar', PEI.POR_APROBAR)).toBe(PEI.POR_APROBAR);
    expect(peiDestino('completar', PEI.APROBADO, true)).toBe(PEI.ATENDIDO);
    expect(peiDestino('completar', PEI.APROBADO, false)).toBe(PEI.ATENDIDO_PARCIAL);
  });

  it('everything bought when each line reached its approved quantity (0 approved counts as bought), compared as decimals', () => {
    expect(todoComprado([{ pid_cantidad_aprobada: '10.0000', oci_cantidad: '10' }, { pid_cantidad_aprobada: '0', oci_cantidad: '0' }])).toBe(true);
    expect(todoComprado([{ pid_cantidad_aprobada: '10.0001', oci_cantidad: '10' }])).toBe(false);
    expect(todoComprado([{ pid_cantidad_aprobada: '9999999999.9999', oci_cantidad: '9999999999.9998' }])).toBe(false);
  });
});

describe('peiAcciones', () => {
  it('offers by state, approval only with the option, nothing to a read-only role', () => {
    expect(peiAcciones(PEI.CREADO, { soloLectura: false, puedeAprobar: false })).toEqual({
      modificar: true, solicitar_aprobacion: true, aprobar: false, eliminar: true, completar: false,
    });
    expect(peiAcciones(PEI.POR_APROBAR, { soloLectura: false, puedeAprobar: true }).aprobar).toBe(true);
    expect(Object.values(peiAcciones(PEI.CREADO, { soloLectura: true, puedeAprobar: true })).some(Boolean)).toBe(false);
    expect(peiAcciones(PEI.APROBADO, { soloLectura: false, puedeAprobar: true })).toMatchObject({ completar: true, modificar: false });
  });
});
