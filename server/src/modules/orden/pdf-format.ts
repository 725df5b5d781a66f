/**
 * How the order PDF writes dates and empty values. Amounts and quantities use the view's own rules
 * (domain/src/common/format.ts), so a supplier reads the same figures the staff see.
 */

/** `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM:SS` as `dd-mm-yyyy` (with `hh:mm` when `withTime`); a dash when empty. */
export function date(text: string | null | undefined, withTime = false): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}:\d{2}))?/.exec(text ?? '');
  if (!m) return text?.trim() ? text : '-';
  return `${m[3]}-${m[2]}-${m[1]}${withTime && m[4] ? ` ${m[4]}` : ''}`;
}

/** An empty text as a dash (spec 1 §9). */
export const orDash = (v: string | null | undefined) => (v?.trim() ? v.trim() : '-');
