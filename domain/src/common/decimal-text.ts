import { z } from 'zod';

/** What a decimal field accepts and the messages it answers. */
export interface DecimalTextRule {
  /** Most decimals (4 for NUMERIC(14,4), 2 for NUMERIC(14,2)); trailing zeros do not count. */
  decimales: number;
  /** Most integer digits (10 for NUMERIC(14,4), 12 for NUMERIC(14,2)). */
  enteros: number;
  /** true: greater than 0; false: 0 allowed. */
  positiva: boolean;
  /** Empty text. */
  faltan: string;
  /** Not a number, too many decimals, or 0 where it must be positive. */
  invalido: string;
  /** Too many integer digits. */
  maximo: string;
}

/**
 * A decimal sent as text or number ('12,5' reads as 12.5), never negative, as canonical text: no
 * leading zeros, no trailing zeros after the point ('012.500' → '12.5', '3.0' → '3').
 */
export const decimalText = (r: DecimalTextRule) =>
  z.union([z.string(), z.number()], { error: r.faltan }).transform((raw, ctx) => {
    const t = String(raw).trim().replace(',', '.');
    if (t === '') {
      ctx.addIssue({ code: 'custom', message: r.faltan });
      return z.NEVER;
    }
    const m = /^(\d+)(?:\.(\d+))?$/.exec(t);
    const dec = (m?.[2] ?? '').replace(/0+$/, '');
    const int = (m?.[1] ?? '').replace(/^0+(?=\d)/, '');
    if (!m || dec.length > r.decimales || (r.positiva && int === '0' && dec === '')) {
      ctx.addIssue({ code: 'custom', message: r.invalido });
      return z.NEVER;
    }
    if (int.length > r.enteros) {
      ctx.addIssue({ code: 'custom', message: r.maximo });
      return z.NEVER;
    }
    return `${int}${dec ? `.${dec}` : ''}`;
  });
