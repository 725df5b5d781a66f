import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as domain from '../index.ts';
import { MAX_INT, coercedIdSchema, idSchema } from './ids.ts';

/** Every schema the domain exports, so a schema added later is covered too. */
const schemas = Object.entries(domain as Record<string, unknown>).filter((e): e is [string, z.ZodType] => e[1] instanceof z.ZodType);

const hostile: unknown[] = [
  undefined, null, {}, [], '', 'texto', 0, -1, 2 ** 31, 1e308, true,
  { __proto__: null }, { producto: null }, { producto: {} }, { producto: [] }, [{}], [null],
  JSON.parse('{"__proto__": {"x": 1}, "constructor": {"prototype": {}}}'),
];

describe('domain schemas under hostile input', () => {
  it('are found', () => {
    expect(schemas.length).toBeGreaterThan(40);
  });

  it('refuse a malformed payload with issues, never by throwing (refinements never read a field of undefined)', () => {
    for (const [name, schema] of schemas) {
      for (const value of hostile) {
        expect(() => schema.safeParse(value), `${name} ← ${JSON.stringify(value)}`).not.toThrow();
      }
    }
  });

  it("answer zod's own checks in Spanish", () => {
    const r = domain.GetByRol.safeParse({ id_role: 'x' });
    expect(r.error?.issues[0].message).toBe(domain.ID_MSG.integer);
    const union = z.union([z.literal(0), z.literal(1)]).safeParse('x');
    expect(union.error?.issues[0].message).toBe('Entrada inválida');
  });

  it('bound ids to the 32-bit integer columns, in bodies and in texts', () => {
    expect(idSchema().safeParse(MAX_INT).success).toBe(true);
    for (const bad of [MAX_INT + 1, 2 ** 53, 0, -1, 1.5, '1']) expect(idSchema().safeParse(bad).success, String(bad)).toBe(false);
    expect(coercedIdSchema().parse('2147483647')).toBe(MAX_INT);
    for (const bad of ['2147483648', '1e308', 'abc', '-1']) expect(coercedIdSchema().safeParse(bad).success, bad).toBe(false);
  });
});
