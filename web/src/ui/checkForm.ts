import { MSG } from '@obra/domain';
import type { FormInstance } from 'antd';
import { toast } from '../base/toast';

interface Issue {
  path: PropertyKey[];
  message: string;
  code?: string;
  origin?: string;
  minimum?: unknown;
}

const key = (name: PropertyKey[] | string | number) => JSON.stringify(Array.isArray(name) ? name : [name]);

/** A blank field: no value at all, or an empty text or list where one is needed. */
const isBlank = (i: Issue) =>
  i.code === 'invalid_type' || (i.code === 'too_small' && Number(i.minimum) === 1 && (i.origin === 'string' || i.origin === 'array'));

/**
 * What a field shows: a blank one says what it lacks ('El campo es requerido', spec 1 §5);
 * the form-level text a schema gives blanks ('Faltan ingresar datos') is toasted once instead
 * of repeated under every field. Format rules keep their own text ('El campo debe ser un correo válido').
 */
const fieldMessage = (i: Issue) => (isBlank(i) ? MSG.required : i.message);

/** What a domain zod schema offers; structural, so the web needs no zod import of its own. */
export interface SafeParser<T> {
  safeParse(input: unknown): { success: true; data: T } | { success: false; error: { issues: Issue[] } };
}

/**
 * Validates a payload with its domain schema (ARCHITECTURE convention 2). On failure the first
 * issue's message is toasted once and every failing field of `form` is marked with what it
 * lacks; `at` is the payload wrapper the form's field names sit under (`['usuario']` for `{usuario: {...}}`).
 */
export function checkForm<T>(schema: SafeParser<T>, payload: unknown, form?: FormInstance, at: string[] = []): T | null {
  const result = schema.safeParse(payload);
  if (result.success) return result.data;
  const { issues } = result.error;
  toast.error(issues[0]?.message ?? MSG.badRequest);
  // One message per field: its first issue (blank before a format rule). A line of a list
  // (`detalle[2].aid_cantidad`) is marked on its own field when the form has one.
  const registered = new Set(form?.getFieldsError().map((f) => key(f.name)) ?? []);
  const byField = new Map<string, { name: (string | number)[]; message: string }>();
  issues
    .filter((i) => i.path.length > at.length)
    .forEach((i) => {
      const rest = i.path.slice(at.length).map((p) => (typeof p === 'number' ? p : String(p)));
      let name = rest.slice(0, 1);
      for (let n = rest.length; n > 1; n--) {
        if (registered.has(key(rest.slice(0, n)))) {
          name = rest.slice(0, n);
          break;
        }
      }
      if (!byField.has(key(name))) byField.set(key(name), { name, message: fieldMessage(i) });
    });
  form?.setFields([...byField.values()].map(({ name, message }) => ({ name, errors: [message] })));
  return null;
}

/**
 * `onValuesChange` handler that clears the marks `checkForm` set on the fields just edited
 * (fields without antd rules are never validated again on their own), a list's line fields too.
 */
export function clearMarksOnChange(form: FormInstance) {
  return (changed: object) => {
    const names: (string | number)[][] = [];
    const walk = (value: unknown, path: (string | number)[]) => {
      names.push(path);
      if (Array.isArray(value)) value.forEach((v, i) => v !== undefined && walk(v, [...path, i]));
      else if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
        Object.entries(value).forEach(([k, v]) => walk(v, [...path, k]));
      }
    };
    Object.entries(changed).forEach(([k, v]) => walk(v, [k]));
    // A field with a rule of its own (a range) is checked again right after, by antd.
    form.setFields(names.map((name) => ({ name, errors: [] })));
  };
}
