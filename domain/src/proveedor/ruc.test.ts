import { describe, expect, it } from 'vitest';
import { isValidRuc, rucCheckDigit } from './ruc.ts';

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
});
