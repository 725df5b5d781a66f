import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decimalMenorIgual, precioConIgv, ventaSaldo, ventaTotales } from './calculo.ts';

/**
 * ventaTotales against an oracle in whole numbers (cents and ten-thousandths as bigint), so no
 * decimal or float library checks itself: a line's subtotal is price × quantity rounded half-up to
 * cents, its IGV the subtotal × 18 % rounded half-up, its total their sum; the order sums the lines.
 */

/** Half-up division of non-negative bigints. */
const divHalfUp = (n: bigint, d: bigint) => (n * 2n + d) / (2n * d);
const centsText = (c: bigint) => `${c / 100n}.${String(c % 100n).padStart(2, '0')}`;
const decText = (v: bigint, places: number) => {
  const s = v.toString().padStart(places + 1, '0');
  return `${s.slice(0, -places)}.${s.slice(-places)}`;
};

function oracle(lineas: { precioCents: bigint; cantidad10k: bigint }[]) {
  const montos = lineas.map(({ precioCents, cantidad10k }) => {
    const subtotal = divHalfUp(precioCents * cantidad10k, 10_000n);
    const igv = divHalfUp(subtotal * 18n, 100n);
    return { subtotal, igv, total: subtotal + igv };
  });
  const sum = (k: 'subtotal' | 'igv' | 'total') => montos.reduce((s, m) => s + m[k], 0n);
  return { montos, subtotal: sum('subtotal'), igv: sum('igv'), total: sum('total') };
}

const linea = fc.record({
  precioCents: fc.bigInt({ min: 0n, max: 99_999_999n }),
  cantidad10k: fc.bigInt({ min: 1n, max: 9_999_999_999n }),
});

describe('ventaTotales', () => {
  it('worked example: 8.5 m³ of f\'c 210 at S/ 310.00 and 2 h of pumping at S/ 180.50', () => {
    const r = ventaTotales([{ ovd_precio: '310.00', ovd_cantidad: '8.5' }, { ovd_precio: '180.50', ovd_cantidad: '2' }]);
    expect(r.lineas).toEqual([
      { ovd_subtotal: '2635.00', ovd_igv: '474.30', ovd_total: '3109.30' },
      { ovd_subtotal: '361.00', ovd_igv: '64.98', ovd_total: '425.98' },
    ]);
    expect(r).toMatchObject({ ovt_subtotal: '2996.00', ovt_igv_tasa: '0.18', ovt_igv: '539.28', ovt_total: '3535.28' });
  });

  it('rounds half-up where binary floats would round down', () => {
    // 1.15 × 3 is 3.4499999999999997 in floats; 0.01 × 0.5 = 0.005 → 0.01; 2.675 would drift too.
    expect(ventaTotales([{ ovd_precio: '1.15', ovd_cantidad: '3' }]).ovt_subtotal).toBe('3.45');
    expect(ventaTotales([{ ovd_precio: '0.01', ovd_cantidad: '0.5' }]).ovt_subtotal).toBe('0.01');
    expect(ventaTotales([{ ovd_precio: '10.70', ovd_cantidad: '0.25' }]).lineas[0]).toEqual({ ovd_subtotal: '2.68', ovd_igv: '0.48', ovd_total: '3.16' });
  });

  it('takes IGV on each line\'s subtotal, not on the order\'s', () => {
    // Two lines of 0.25: 0.045 → 0.05 each, 0.10 in all (0.50 × 0.18 would be 0.09).
    const r = ventaTotales([{ ovd_precio: '0.25', ovd_cantidad: '1' }, { ovd_precio: '0.05', ovd_cantidad: '5' }]);
    expect(r.lineas.map((l) => l.ovd_igv)).toEqual(['0.05', '0.05']);
    expect(r.ovt_igv).toBe('0.10');
  });

  it('an empty order is zero', () => {
    expect(ventaTotales([])).toMatchObject({ lineas: [], ovt_subtotal: '0.00', ovt_igv: '0.00', ovt_total: '0.00' });
  });

  it('property: every line and the order match the whole-number oracle (no float drift)', () => {
    fc.assert(fc.property(fc.array(linea, { minLength: 1, maxLength: 30 }), (ls) => {
      const r = ventaTotales(ls.map((l) => ({ ovd_precio: centsText(l.precioCents), ovd_cantidad: decText(l.cantidad10k, 4) })));
      const o = oracle(ls);
      r.lineas.forEach((m, i) => {
        expect(m).toEqual({ ovd_subtotal: centsText(o.montos[i].subtotal), ovd_igv: centsText(o.montos[i].igv), ovd_total: centsText(o.montos[i].total) });
      });
      expect(r.ovt_subtotal).toBe(centsText(o.subtotal));
      expect(r.ovt_igv).toBe(centsText(o.igv));
      expect(r.ovt_total).toBe(centsText(o.total));
    }), { numRuns: 500 });
  });

  it('property: the order\'s amounts are the sums of its lines and total = subtotal + IGV, in cents', () => {
    const cents = (t: string) => BigInt(t.replace('.', ''));
    fc.assert(fc.property(fc.array(linea, { maxLength: 20 }), (ls) => {
      const r = ventaTotales(ls.map((l) => ({ ovd_precio: centsText(l.precioCents), ovd_cantidad: decText(l.cantidad10k, 4) })));
      for (const m of r.lineas) expect(cents(m.ovd_total)).toBe(cents(m.ovd_subtotal) + cents(m.ovd_igv));
      expect(cents(r.ovt_subtotal)).toBe(r.lineas.reduce((s, m) => s + cents(m.ovd_subtotal), 0n));
      expect(cents(r.ovt_igv)).toBe(r.lineas.reduce((s, m) => s + cents(m.ovd_igv), 0n));
      expect(cents(r.ovt_total)).toBe(cents(r.ovt_subtotal) + cents(r.ovt_igv));
      for (const t of [r.ovt_subtotal, r.ovt_igv, r.ovt_total]) expect(t).toMatch(/^\d+\.\d{2}$/);
    }));
  });

  it('property: the order does not depend on the order of its lines', () => {
    fc.assert(fc.property(fc.array(linea, { minLength: 2, maxLength: 10 }), (ls) => {
      const a = ventaTotales(ls.map((l) => ({ ovd_precio: centsText(l.precioCents), ovd_cantidad: decText(l.cantidad10k, 4) })));
      const b = ventaTotales([...ls].reverse().map((l) => ({ ovd_precio: centsText(l.precioCents), ovd_cantidad: decText(l.cantidad10k, 4) })));
      expect([b.ovt_subtotal, b.ovt_igv, b.ovt_total]).toEqual([a.ovt_subtotal, a.ovt_igv, a.ovt_total]);
    }));
  });
});

describe('precioConIgv, ventaSaldo, decimalMenorIgual', () => {
  it('price with IGV is the maximum price × 1.18, 2 decimals half-up', () => {
    expect(precioConIgv('300')).toBe('354.00');
    expect(precioConIgv('0.25')).toBe('0.30');
    fc.assert(fc.property(fc.bigInt({ min: 0n, max: 99_999_999_999n }), (c) => {
      expect(precioConIgv(centsText(c))).toBe(centsText(divHalfUp(c * 118n, 100n)));
    }));
  });

  it('the balance is total − paid in cents; comparisons are exact', () => {
    fc.assert(fc.property(fc.bigInt({ min: 0n, max: 99_999_999_999n }), fc.bigInt({ min: 0n, max: 99_999_999_999n }), (t, p) => {
      const saldo = ventaSaldo(centsText(t), centsText(p));
      expect(saldo).toBe(t >= p ? centsText(t - p) : `-${centsText(p - t)}`);
      expect(decimalMenorIgual(centsText(p), centsText(t))).toBe(p <= t);
    }));
    expect(decimalMenorIgual('0.30', '0.1')).toBe(false);
    expect(decimalMenorIgual('300.00', '300')).toBe(true);
  });
});
