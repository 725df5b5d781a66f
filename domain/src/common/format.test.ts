import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatAmount, formatBytes, formatDate, formatDecimal, formatMoney, formatRate } from './format.ts';

describe('formatMoney', () => {
  it('puts the sign of a negative amount before the currency symbol', () => {
    expect(formatMoney('S/', '-843')).toBe('-S/ 843.00');
    expect(formatMoney('$', '-1234567.891')).toBe('-$ 1,234,567.89');
  });

  it('shows positive amounts and zero without a sign', () => {
    expect(formatMoney('S/', '843')).toBe('S/ 843.00');
    expect(formatMoney('S/', '-0.001')).toBe('S/ 0.00');
    expect(formatMoney('S/', 0)).toBe('S/ 0.00');
  });

  it('keeps a text that is not a decimal as it came', () => {
    expect(formatMoney('S/', 'abc')).toBe('S/ abc');
  });

  it('reads the same for an amount and its negative, except for the leading sign', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 ** 12 }), (cents) => {
        const text = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
        expect(formatMoney('S/', `-${text}`)).toBe(`-${formatMoney('S/', text)}`);
      }),
    );
  });
});

describe('formatAmount and the others', () => {
  it('rounds half-up with thousands separators', () => {
    expect(formatAmount('1234.565')).toBe('1,234.57');
    expect(formatAmount('-96')).toBe('-96.00');
  });

  it('formats decimals, rates, dates and byte sizes', () => {
    expect(formatDecimal('37.5000', 2)).toBe('37.50');
    expect(formatRate('0.18')).toBe('18');
    expect(formatDate('2026-11-24T10:20:30', true)).toBe('24/11/2026 10:20:30');
    expect(formatBytes(12345)).toBe('12.3 kB');
  });
});
