import { describe, expect, it } from 'vitest';
import { limaDate, limaYear } from '../common/time.ts';
import { OrdenSave, allowedTaxTypes, orderAmountsFit } from './schemas.ts';
import { calculateOrder } from './calculo.ts';

const base = {
  tipo_orden: 1,
  centro_costo: { id_centro_costo: 1 },
  proveedor: { id_proveedor: 1 },
  moneda: { id_moneda: 1 },
  condicion_comercial: { id_condicion: 1 },
  metodo_pago: { id_metodo: 1 },
  tipo_documento: { id_tipo_documento: 1 },
  fecha_pago: '2026-03-01',
  lugar_entrega: 'Planta',
  contabilidad: { id_usuario: 1 },
  administrador: { id_usuario: 2 },
  gerencia: { id_usuario: 3 },
  referencia: 'Ref',
  orden_items: [{ descripcion: 'Arena', marca: { id_marca: 0 }, unidad: { id_unidad: 1 }, cantidad: '1,5', precio_unitario: 10, precio_fob: 9 }],
};

describe('order save schema', () => {
  it('normalises what the screen may send', () => {
    const v = OrdenSave.parse({ ...base, carta_credito: 'LC-1', ord_porcentaje_adelanto: 30, pais: { id_pais: 2 }, fecha_pago: '2026-03-01T05:00:00.000Z' });
    expect(v.orden_items[0]).toMatchObject({ cantidad: '1.5', marca: null, precio_fob: null });
    // Letter of credit only with payment method 2, country only for imports, advance only for advance conditions.
    expect(v).toMatchObject({ carta_credito: '', pais: null, ord_porcentaje_adelanto: null, es_importacion: false, fecha_pago: '2026-03-01', descuento: '0', tipo_descuento: 1 });
    expect(OrdenSave.parse({ ...base, condicion_comercial: { id_condicion: 4 } }).ord_porcentaje_adelanto).toBe('15');
    expect(OrdenSave.parse({ ...base, condicion_comercial: { id_condicion: 5 }, ord_porcentaje_adelanto: '12.50' }).ord_porcentaje_adelanto).toBe('12.5');
  });

  it('allows the tax types of each kind of order', () => {
    expect(allowedTaxTypes(1, false)).toEqual([1, 3]);
    expect(allowedTaxTypes(1, true)).toEqual([1, 3, 5, 6, 7, 8]);
    expect(allowedTaxTypes(2, false)).toEqual([1, 2, 4]);
  });

  it('tells when the amounts exceed the NUMERIC(14,2) columns', () => {
    expect(orderAmountsFit(calculateOrder({ items: [{ cantidad: '9999999', precio_unitario: '99999' }] }))).toBe(true);
    expect(orderAmountsFit(calculateOrder({ items: [{ cantidad: '9999999999', precio_unitario: '9999' }] }))).toBe(false);
  });
});

describe('Lima time', () => {
  it('takes the date and year in America/Lima (UTC−5)', () => {
    expect(limaDate(new Date('2027-01-01T04:59:59Z'))).toBe('2026-12-31');
    expect(limaYear(new Date('2027-01-01T04:59:59Z'))).toBe(2026);
    expect(limaYear(new Date('2027-01-01T05:00:00Z'))).toBe(2027);
  });
});
