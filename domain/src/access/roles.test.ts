import { describe, expect, it } from 'vitest';
import { ROLE_LABELS, ROLE_NAMES, rolEtiqueta } from './roles.ts';

describe('role labels', () => {
  it('names every role as people read it, lists too; an unknown code stays as it is', () => {
    expect(rolEtiqueta('JEFE_ALMACEN')).toBe('Jefe de almacén');
    expect(rolEtiqueta('LOGÍSTICA, TESORERIA')).toBe('Logística, Tesorería');
    expect(rolEtiqueta('OTRO')).toBe('OTRO');
    for (const id of Object.keys(ROLE_NAMES)) expect(ROLE_LABELS[Number(id)]).toMatch(/^[A-ZÁÉÍÓÚ][a-záéíóúñ ]+$/);
  });
});
