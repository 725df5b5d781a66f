import { describe, expect, it } from 'vitest';
import { enteroEnLetras, montoEnLetras } from './letras.ts';

describe('montoEnLetras', () => {
  it.each([
    ['0.50', 'CERO CON 50/100 SOLES'],
    ['1', 'UNO CON 00/100 SOLES'],
    ['1.00', 'UNO CON 00/100 SOLES'],
    ['15', 'QUINCE CON 00/100 SOLES'],
    ['16', 'DIECISÉIS CON 00/100 SOLES'],
    ['21', 'VEINTIUNO CON 00/100 SOLES'],
    ['22.5', 'VEINTIDÓS CON 50/100 SOLES'],
    ['30', 'TREINTA CON 00/100 SOLES'],
    ['31', 'TREINTA Y UNO CON 00/100 SOLES'],
    ['99', 'NOVENTA Y NUEVE CON 00/100 SOLES'],
    ['100', 'CIEN CON 00/100 SOLES'],
    ['101', 'CIENTO UNO CON 00/100 SOLES'],
    ['115.07', 'CIENTO QUINCE CON 07/100 SOLES'],
    ['500', 'QUINIENTOS CON 00/100 SOLES'],
    ['1000', 'MIL CON 00/100 SOLES'],
    ['1001', 'MIL UNO CON 00/100 SOLES'],
    ['1180.00', 'MIL CIENTO OCHENTA CON 00/100 SOLES'],
    ['2000', 'DOS MIL CON 00/100 SOLES'],
    ['4366.00', 'CUATRO MIL TRESCIENTOS SESENTA Y SEIS CON 00/100 SOLES'],
    ['21000', 'VEINTIÚN MIL CON 00/100 SOLES'],
    ['21021', 'VEINTIÚN MIL VEINTIUNO CON 00/100 SOLES'],
    ['31000', 'TREINTA Y UN MIL CON 00/100 SOLES'],
    ['100000', 'CIEN MIL CON 00/100 SOLES'],
    ['101000', 'CIENTO UN MIL CON 00/100 SOLES'],
    ['777777.77', 'SETECIENTOS SETENTA Y SIETE MIL SETECIENTOS SETENTA Y SIETE CON 77/100 SOLES'],
    ['1000000', 'UN MILLÓN CON 00/100 SOLES'],
    ['1001001', 'UN MILLÓN MIL UNO CON 00/100 SOLES'],
    ['2345678.90', 'DOS MILLONES TRESCIENTOS CUARENTA Y CINCO MIL SEISCIENTOS SETENTA Y OCHO CON 90/100 SOLES'],
    ['21000000', 'VEINTIÚN MILLONES CON 00/100 SOLES'],
    ['1000000000', 'MIL MILLONES CON 00/100 SOLES'],
  ])('%s → %s', (monto, letras) => {
    expect(montoEnLetras(monto)).toBe(letras);
  });

  it('dollars, and refuses what is not an amount', () => {
    expect(montoEnLetras('1180.00', 'USD')).toBe('MIL CIENTO OCHENTA CON 00/100 DÓLARES AMERICANOS');
    expect(() => montoEnLetras('-1')).toThrow(RangeError);
    expect(() => montoEnLetras('1.005')).toThrow(RangeError);
    expect(() => montoEnLetras('1e3')).toThrow(RangeError);
  });

  it('zero, and beyond what an amount column holds', () => {
    expect(enteroEnLetras(0n)).toBe('CERO');
    expect(enteroEnLetras(999_999_999_999n)).toBe(
      'NOVECIENTOS NOVENTA Y NUEVE MIL NOVECIENTOS NOVENTA Y NUEVE MILLONES NOVECIENTOS NOVENTA Y NUEVE MIL NOVECIENTOS NOVENTA Y NUEVE',
    );
    expect(() => enteroEnLetras(1_000_000_000_000n)).toThrow(RangeError);
  });
});
