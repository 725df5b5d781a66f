import { describe, expect, it } from 'vitest';
import { decimalText } from './decimal-text.ts';

const rule = { decimales: 4, enteros: 10, faltan: 'falta', invalido: 'invalido', maximo: 'maximo' };
const err = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('decimalText', () => {
  it('answers canonical text: no leading or trailing zeros, comma as point', () => {
    const s = decimalText({ ...rule, positiva: true });
    expect(s.parse('012,500')).toBe('12.5');
    expect(s.parse(3)).toBe('3');
    expect(s.parse(' 0.0001 ')).toBe('0.0001');
    expect(s.parse('1.50000')).toBe('1.5');
  });
  it('refuses empty, negative, too many decimals, zero where positive, too many digits', () => {
    const s = decimalText({ ...rule, positiva: true });
    expect(err(s.safeParse(''))).toBe('falta');
    expect(err(s.safeParse(null))).toBe('falta');
    expect(err(s.safeParse('-1'))).toBe('invalido');
    expect(err(s.safeParse('1.00001'))).toBe('invalido');
    expect(err(s.safeParse('0.000'))).toBe('invalido');
    expect(err(s.safeParse('12345678901'))).toBe('maximo');
    expect(decimalText({ ...rule, positiva: false }).parse('0.000')).toBe('0');
  });
});
