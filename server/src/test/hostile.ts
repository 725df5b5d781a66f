import { z } from 'zod';

/**
 * Values for the hostile-input walk (platform/hostile-input.test.ts), derived from a route's
 * zod schema through its JSON Schema: a plausible value that passes most checks, so that a
 * hostile value put in one field at a time reaches the service and the database.
 */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  minItems?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
}

export type Leaf = 'string' | 'number' | 'boolean' | 'any';
export type Path = (string | number)[];

/** The JSON Schema of a zod schema as the client sends it (before transforms), or null. */
export function jsonSchemaOf(schema: unknown): JsonSchema | null {
  if (!(schema instanceof z.ZodType)) return null;
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

const typesOf = (s: JsonSchema): string[] => [s.type ?? []].flat().filter((t) => t !== 'null');

/** The option a plausible value takes: a number where text or number is accepted (amounts), else the first typed one. */
function choice(s: JsonSchema): JsonSchema {
  const options = s.anyOf ?? s.oneOf;
  if (!options) return s;
  const typed = options.filter((o) => typesOf(o).length > 0 || o.enum || o.const !== undefined || o.anyOf);
  const numeric = typed.find((o) => typesOf(o).some((t) => t === 'number' || t === 'integer'));
  return choice((typed.some((o) => typesOf(o).includes('string')) && numeric) || typed[0] || options[0] || {});
}

/** Texts whose field name says what they hold (the schemas check them with refinements). */
const BY_NAME: [RegExp, string][] = [
  [/fecha/i, '24-11-2026'], [/correo|email/i, 'prueba@andina.pe'], [/dni/i, '40000099'],
  [/password/i, 'Clave.2026x'], [/cci/i, '00219100123456789012'], [/cuenta/i, '191-2345678-0-12'],
  [/celular|telefono/i, '987654321'], [/despues|cursor/i, ''],
];

function plausibleString(s: JsonSchema, name: string): string {
  const hint = BY_NAME.find(([re]) => re.test(name));
  if (hint) return hint[1];
  if (s.format === 'date') return '2026-11-24';
  if (s.format === 'date-time') return '2026-11-24T10:00:00.000Z';
  if (s.format === 'email') return 'prueba@andina.pe';
  const digits = s.pattern?.match(/^\^\\d\{(\d+)(?:,\d*)?\}\$$/);
  if (digits) return '2'.repeat(Number(digits[1]));
  const text = 'Prueba'.padEnd(Math.max(1, s.minLength ?? 1), 'a');
  return s.maxLength !== undefined ? text.slice(0, s.maxLength) : text;
}

/**
 * A value the schema most likely accepts: required fields only (an optional one is set when it
 * gets its hostile value), ids and numbers 2 (the administrator is user 1).
 */
export function plausible(schema: JsonSchema, name = ''): unknown {
  const s = choice(schema);
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  if (s.allOf?.length) return plausible(s.allOf[0], name);
  const [type] = typesOf(s);
  switch (type) {
    case 'object': {
      const required = new Set(s.required ?? []);
      return Object.fromEntries(Object.entries(s.properties ?? {}).filter(([k]) => required.has(k)).map(([k, v]) => [k, plausible(v, k)]));
    }
    case 'array': {
      if (s.prefixItems) return s.prefixItems.map((p) => plausible(p, name));
      return Array.from({ length: Math.max(1, s.minItems ?? 1) }, () => plausible(s.items ?? {}, name));
    }
    case 'string':
      return plausibleString(s, name);
    case 'integer':
    case 'number': {
      const value = Math.max(2, s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : 2));
      return s.maximum !== undefined ? Math.min(value, s.maximum) : value;
    }
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return 'Prueba';
  }
}

/** Every scalar field of the schema, nested ones too, with the kinds of value it takes. */
export function leaves(schema: JsonSchema, path: Path = []): { path: Path; kinds: Leaf[] }[] {
  const s = choice(schema);
  const [type] = typesOf(s);
  if (type === 'object' && s.properties) return Object.entries(s.properties).flatMap(([k, v]) => leaves(v, [...path, k]));
  if (type === 'array') return [...leaves(s.prefixItems?.[0] ?? s.items ?? {}, [...path, 0]), { path, kinds: ['any'] }];
  const all = (schema.anyOf ?? schema.oneOf ?? [schema]).flatMap(typesOf);
  const kinds = new Set<Leaf>();
  for (const t of all) {
    if (t === 'string') kinds.add('string');
    else if (t === 'integer' || t === 'number') kinds.add('number');
    else if (t === 'boolean') kinds.add('boolean');
  }
  if (kinds.size === 0) kinds.add('any');
  return [{ path, kinds: [...kinds] }];
}

export const NUL_TEXT = 'a\u0000b';
export const HUGE_TEXT = 'x'.repeat(100_000);

/** Hostile values for a field of each kind: NUL, huge, out of range, wrong types. */
export function hostileValues(kinds: Leaf[]): unknown[] {
  const values: unknown[] = [null, { __proto__: null, constructor: 'x' }, ['a']];
  if (kinds.includes('string') || kinds.includes('any')) values.push(NUL_TEXT, HUGE_TEXT, 12345, true);
  if (kinds.includes('number') || kinds.includes('any')) {
    values.push(2 ** 31, 2 ** 53, 1e308, -1, -(2 ** 31) - 1, 1.5, 'abc', '2147483648', '1e308', '99999999999999999999.99');
  }
  if (kinds.includes('boolean')) values.push('true', 2);
  return values;
}

/** A copy of `value` with the field at `path` replaced. */
export function withValue(value: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  if (Array.isArray(value)) return value.map((v, i) => (i === head ? withValue(v, rest, replacement) : v));
  const copy: Record<string, unknown> = { ...(value as object) };
  copy[head] = withValue(copy[head], rest, replacement);
  return copy;
}

/** Path and header texts a client may send where an id or a number is expected. */
export const HOSTILE_TEXTS = ['2147483648', '9007199254740993', '-1', '0', '1e308', '1.5', 'abc', '', '%00', '%E0%A4%A', 'x'.repeat(10_000)];

/** Texts starting with '%' are sent as they are (a NUL, a broken percent-encoding); the others encoded. */
export const inUrl = (text: string) => (text.startsWith('%') ? text : encodeURIComponent(text));
