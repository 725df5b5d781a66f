import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RUC_MSG, isValidRuc, rucCheckDigit, rucProblem } from './ruc.ts';

describe('RUC', () => {
  it('accepts real RUCs and computes their check digit', () => {
    expect(isValidRuc('20100070970')).toBe(true);
    expect(rucCheckDigit('2010007097')).toBe(0);
    expect(isValidRuc('20501234568')).toBe(true);
  });

  it('refuses a wrong check digit, a wrong prefix or a wrong length', () => {
    expect(isValidRuc('20100070971')).toBe(false);
    expect(isValidRuc('30100070970')).toBe(false);
    expect(isValidRuc('2010007097')).toBe(false);
    expect(isValidRuc('2010007097A')).toBe(false);
  });

  it('names the first problem of an invalid RUC', () => {
    expect(rucProblem('20100070970')).toBeNull();
    expect(rucProblem('2010007097')).toBe(RUC_MSG.length);
    expect(rucProblem('201000709701')).toBe(RUC_MSG.length);
    expect(rucProblem('2010007097A')).toBe(RUC_MSG.length);
    expect(rucProblem('30100070970')).toBe(RUC_MSG.prefix);
    expect(rucProblem('20100070971')).toBe(RUC_MSG.checkDigit);
    expect(RUC_MSG.prefix).toBe('El RUC debe empezar con 10, 15, 16, 17 o 20');
  });

  it('accepts exactly one check digit for every valid prefix and body', () => {
    const body = fc.tuple(fc.constantFrom('10', '15', '16', '17', '20'), fc.stringMatching(/^\d{8}$/)).map(([p, b]) => p + b);
    fc.assert(fc.property(body, (first10) => {
      const valid = [...'0123456789'].filter((d) => isValidRuc(first10 + d));
      expect(valid).toEqual([String(rucCheckDigit(first10))]);
    }));
  });
});
