import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cabeEnSaldo, calcularMontos, calcularSaldo, sistemaPagoNombre } from './calculo.ts';
import { OrdenPagoDepositar, OrdenPagoModificar, OrdenPagoRegistrar } from './schemas.ts';

describe('calcularMontos', () => {
  it('rounds the detracción to a whole number half-up and pays the rest', () => {
    // 1000 × 0.12 = 120 → 120; pago 880
    expect(calcularMontos('1000', '0.12')).toEqual({ opg_detraccion: '120.00', opg_pago: '880.00' });
    // 1187.50 × 0.12 = 142.5 → 143 (half-up); pago 1044.50
    expect(calcularMontos('1187.50', '0.12')).toEqual({ opg_detraccion: '143.00', opg_pago: '1044.50' });
    // 1183.33 × 0.12 = 141.9996 → 142
    expect(calcularMontos(1183.33, 0.12)).toEqual({ opg_detraccion: '142.00', opg_pago: '1041.33' });
    // 4.16 × 0.12 = 0.4992 → 0
    expect(calcularMontos('4.16', '0.12')).toEqual({ opg_detraccion: '0.00', opg_pago: '4.16' });
  });

  it('is 0 without a detracción rate', () => {
    for (const tasa of [null, undefined, '', '0']) expect(calcularMontos('350.25', tasa)).toEqual({ opg_detraccion: '0.00', opg_pago: '350.25' });
  });

  it('property: detracción is whole, within half a sol of total × rate, and detracción + pago = total', () => {
    fc.assert(fc.property(
      fc.bigInt({ min: 1n, max: 999_999_999_999n }), fc.integer({ min: 0, max: 1_000_000 }),
      (cents, micro) => {
        const total = new Decimal(cents.toString()).div(100);
        const rate = new Decimal(micro).div(1_000_000);
        const r = calcularMontos(total.toFixed(2), rate.toString());
        const d = new Decimal(r.opg_detraccion);
        expect(d.isInteger()).toBe(true);
        expect(d.minus(total.times(rate)).abs().lte(0.5)).toBe(true);
        expect(d.plus(r.opg_pago).eq(total)).toBe(true);
      },
    ));
  });
});

describe('calcularSaldo', () => {
  it('is the total minus what payment orders took, with its percentage', () => {
    expect(calcularSaldo('1180.00', '400')).toEqual({ saldo: '780.00', porcentaje: '66.10' });
    expect(calcularSaldo('1180.00', '0')).toEqual({ saldo: '1180.00', porcentaje: '100.00' });
    expect(calcularSaldo('1180.00', '1180')).toEqual({ saldo: '0.00', porcentaje: '0.00' });
    expect(cabeEnSaldo('780.00', '780')).toBe(true);
    expect(cabeEnSaldo('780.01', '780')).toBe(false);
  });
});

describe('payloads', () => {
  const valid = {
    ord_id: 5, opg_descripcion: 'Adelanto', opg_fecha_pago_programado: '2026-12-20', opg_pago_cierre: 0,
    opg_sistema_pago: 1, opg_total: '500.5', tid_id: 1, opg_comprobante: 'F001-9',
  };

  it('accepts a register and canonicalises the total', () => {
    const r = OrdenPagoRegistrar.parse({ orden_pago: { ...valid, opg_detraccion: '999', opg_creador: 77 } });
    expect(r.orden_pago).toMatchObject({ ord_id: 5, opg_total: '500.5', opg_pago_cierre: 0, tid_id: 1 });
  });

  it('answers a missing field with the spec texts (register and modify)', () => {
    for (const drop of ['opg_descripcion', 'opg_fecha_pago_programado', 'opg_pago_cierre', 'opg_sistema_pago', 'opg_total', 'ord_id']) {
      const body = { ...valid } as Record<string, unknown>;
      delete body[drop];
      const r = OrdenPagoRegistrar.safeParse({ orden_pago: body });
      expect({ drop, message: r.error?.issues[0].message }).toEqual({ drop, message: 'Falta ingresar datos para registrar la orden de pago' });
    }
    expect(OrdenPagoRegistrar.safeParse({}).error?.issues[0].message).toBe('Falta ingresar datos para registrar la orden de pago');
    const m = OrdenPagoModificar.safeParse({ orden_pago: { opg_id: 1, opg_version: 1, ...valid, opg_descripcion: ' ' } });
    expect(m.error?.issues[0].message).toBe('Falta ingresar datos para modificar la orden de pago');
  });

  it('refuses a bad total, date or payment system with their own texts', () => {
    const msg = (over: Record<string, unknown>) => OrdenPagoRegistrar.safeParse({ orden_pago: { ...valid, ...over } }).error?.issues[0].message;
    expect(msg({ opg_total: 0 })).toBe('El total debe ser mayor que 0, con hasta 2 decimales');
    expect(msg({ opg_total: '-5' })).toBe('El total debe ser mayor que 0, con hasta 2 decimales');
    expect(msg({ opg_total: '1.005' })).toBe('El total debe ser mayor que 0, con hasta 2 decimales');
    expect(msg({ opg_total: '1234567890123' })).toBe('El total es demasiado grande');
    expect(msg({ opg_fecha_pago_programado: '2026-02-30' })).toBe('Ingrese una fecha válida (dd-mm-aaaa)');
    expect(msg({ opg_sistema_pago: 9 })).toBe('Seleccione un sistema de pago válido');
  });

  it('deposit needs the operation number; the date is optional', () => {
    expect(OrdenPagoDepositar.parse({ orden_pago: { opg_id: 1, opg_numero_operacion: ' 123 ' } }).orden_pago)
      .toEqual({ opg_id: 1, opg_numero_operacion: '123', opg_fecha_deposito: null });
    expect(OrdenPagoDepositar.safeParse({ orden_pago: { opg_id: 1, opg_numero_operacion: '' } }).error?.issues[0].message)
      .toBe('Ingrese el número de operación del depósito');
  });

  it('names the payment systems', () => {
    expect([1, 2, 3, 4].map(sistemaPagoNombre)).toEqual(['Transferencia bancaria', 'Cheque', 'Efectivo', 'Carta de crédito']);
  });
});
