import { Input, type InputProps } from 'antd';
import type { Rule } from 'antd/es/form';
import { useState } from 'react';

/**
 * The counter of a text with a limit (`count={limite(500)}` on an Input or TextArea): '12 / 500'
 * while typing, red past the limit. Never `maxLength`: the browser would cut a pasted text
 * silently; past the limit the form's schema (and the server) refuse it with the field's message.
 */
export const limite = (max: number) => ({ show: true, max });

type NumberValue = string | number | null | undefined;

interface NumberInputProps extends Omit<InputProps, 'value' | 'onChange' | 'type' | 'count' | 'maxLength'> {
  value?: NumberValue;
  /** The text as typed ('' → null); `valueType="number"` gives a number when the text is one. */
  onChange?: (value: string | number | null) => void;
  /** What the form holds: the typed text (default, the decimal text the schemas take) or a number. */
  valueType?: 'string' | 'number';
  /** Decimals a value set from outside keeps when shown (2 for amounts: '370.00'); trailing zeros past them go. */
  decimales?: number;
}

/**
 * A value set from outside as it is shown, with at least `min` decimals: NUMERIC text from the server
 * '100.0000' as '100', '370.00' with 2 as '370.00'. What the user types is never reformatted.
 */
const shown = (v: NumberValue, min = 0) => {
  if (v === null || v === undefined) return '';
  const t = String(v);
  const m = /^(-?\d+)\.(\d+)$/.exec(t);
  if (!m) return t;
  const frac = m[2].replace(/0+$/, '').padEnd(min, '0');
  return frac ? `${m[1]}.${frac}` : m[1];
};

/**
 * The one numeric field of every form (issue 24). It never rewrites what was typed: no clamping
 * to a minimum or maximum, no rounding to decimals, no reverting an unreadable text on blur
 * (antd's InputNumber does all three). The range is the form's: a rule (`hasta`) or the domain
 * schema says why next to the field and the form does not save; the server refuses with the same words.
 */
export function NumberInput({ value, onChange, valueType = 'string', decimales = 0, style, ...rest }: NumberInputProps) {
  const [text, setText] = useState(shown(value, decimales));
  // A value set from outside (a reset, a default) replaces the text; one the typing produced keeps it ('1.' stays '1.').
  const parsed = (t: string): string | number | null => {
    const s = t.trim();
    if (s === '') return null;
    if (valueType === 'number' && /^-?\d+(\.\d+)?$/.test(s)) return Number(s);
    return t;
  };
  const [last, setLast] = useState<NumberValue>(value);
  if (value !== last) {
    setLast(value);
    if (value !== parsed(text)) setText(shown(value, decimales));
  }
  return (
    <Input
      inputMode="decimal"
      autoComplete="off"
      {...rest}
      style={{ textAlign: 'right', ...style }}
      value={text}
      onChange={(e) => {
        const t = e.target.value;
        const v = parsed(t);
        setText(t);
        setLast(v);
        onChange?.(v);
      }}
    />
  );
}

/** A typed number ('1,5' reads as 1.5); NaN when the text is not one (the schema says why). */
export const numero = (v: NumberValue) => Number(String(v ?? '').trim().replace(',', '.'));

/**
 * A field rule: the typed quantity may not be above `max`; `mensaje` is what the server answers
 * for the same value ('Solo hay 30 en Almacén Central'). Below 0 or not a number is the schema's.
 */
export const hasta = (max: NumberValue, mensaje: string): Rule => ({
  validator: async (_rule, v: NumberValue) => {
    if (max === null || max === undefined || String(v ?? '').trim() === '') return;
    const n = numero(v);
    if (!Number.isNaN(n) && n > numero(max)) throw new Error(mensaje);
  },
});

/** A field rule: the typed quantity is a number above 0 (else `mensaje`), not silently raised to a minimum. */
export const positivo = (mensaje: string): Rule => ({
  validator: async (_rule, v: NumberValue) => {
    if (String(v ?? '').trim() === '') return;
    const n = numero(v);
    if (Number.isNaN(n) || n <= 0) throw new Error(mensaje);
  },
});

/** A field rule: the typed quantity is a number not below 0 (else `mensaje`). */
export const noNegativo = (mensaje: string): Rule => ({
  validator: async (_rule, v: NumberValue) => {
    if (String(v ?? '').trim() === '') return;
    const n = numero(v);
    if (Number.isNaN(n) || n < 0) throw new Error(mensaje);
  },
});
