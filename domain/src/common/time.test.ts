import { describe, expect, it } from 'vitest';
import { isDate, limaDate, limaYear, toDate } from './time.ts';

describe('business time is Lima time (DECISIONS §2)', () => {
  it('the Lima date of an instant is the UTC date five hours earlier', () => {
    expect(limaDate(new Date('2026-11-25T04:59:59Z'))).toBe('2026-11-24');
    expect(limaDate(new Date('2026-11-25T05:00:00Z'))).toBe('2026-11-25');
    expect(limaYear(new Date('2027-01-01T01:00:00Z'))).toBe(2026);
  });

  it.each([
    // An instant (it names its zone) is dated where the business is.
    ['2026-11-25T00:30:00.000Z', '2026-11-24'],
    ['2026-11-25T04:59:59Z', '2026-11-24'],
    ['2026-11-25T05:00:00Z', '2026-11-25'],
    ['2026-11-24T23:30:00-05:00', '2026-11-24'],
    ['2026-11-25T01:00:00+0100', '2026-11-24'],
    // Midnight UTC is a date written as a timestamp (JavaScript, spreadsheets): its date stays.
    ['2026-11-01T00:00:00.000Z', '2026-11-01'],
    ['2026-11-01T00:00:00Z', '2026-11-01'],
    ['2026-11-01T00:00:00+00:00', '2026-11-01'],
    ['2026-11-01T00:00:00.001Z', '2026-10-31'],
    // A wall-clock time without a zone keeps the date written.
    ['2026-11-25T00:30:00', '2026-11-25'],
    ['2026-11-25T23:59', '2026-11-25'],
    // A plain date, or anything else, comes back as it is.
    ['2026-11-25', '2026-11-25'],
    ['25/11/2026', '25/11/2026'],
    ['2026-02-30T10:00:00Z', '2026-02-30'],
  ])('toDate(%s) is %s', (v, fecha) => {
    expect(toDate(v)).toBe(fecha);
  });

  it('an impossible date stays impossible after toDate, so the schemas still reject it', () => {
    expect(isDate(toDate('2026-02-30T10:00:00Z'))).toBe(false);
    expect(isDate(toDate('2026-11-25T00:30:00.000Z'))).toBe(true);
  });
});
