/**
 * How the order PDF writes numbers and dates: as the order view shows them (spec 1 §9), so a
 * supplier reads the same figures the staff see. Amounts arrive as decimal texts and are
 * handled as scaled integers, never binary floats (the same rules as web/src/ui/format.ts).
 */

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/** `text` as an integer of `places` decimals, rounded half-up away from zero; null when not a decimal. */
function toScaled(text: string | null | undefined, places: number): bigint | null {
  const m = DECIMAL.exec(String(text ?? '').trim());
  if (!m) return null;
  const [, sign, int, frac = ''] = m;
  const kept = BigInt(int + frac.slice(0, places).padEnd(places, '0'));
  const abs = frac.length > places && Number(frac[places]) >= 5 ? kept + 1n : kept;
  return sign && abs !== 0n ? -abs : abs;
}

function fromScaled(value: bigint, places: number): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(places + 1, '0');
  const int = digits.slice(0, digits.length - places).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${int}${places ? `.${digits.slice(digits.length - places)}` : ''}`;
}

/** Two decimals with thousands separators: '1234.5' → '1,234.50'. */
export function amount(text: string | null | undefined): string {
  const s = toScaled(text, 2);
  return s === null ? String(text ?? '') : fromScaled(s, 2);
}

/** A quantity or price: at least `min` decimals, up to 4 when they matter ('2.0000' → '2'). */
export function decimal(text: string | null | undefined, min = 0): string {
  const s = toScaled(text, 4);
  if (s === null) return String(text ?? '');
  const [int, frac] = fromScaled(s, 4).split('.');
  const kept = frac.replace(/0+$/, '').padEnd(min, '0');
  return kept ? `${int}.${kept}` : int;
}

/** A rate kept as a fraction as a percentage: '0.18' → '18', '0.003' → '0.3'. */
export function rate(text: string | null | undefined): string {
  const s = toScaled(text, 6);
  return s === null ? String(text ?? '') : decimal(fromScaled(s, 4).replace(/,/g, ''));
}

/** Sum of amounts in cents. */
export const sumCents = (texts: readonly string[]) => texts.reduce((sum, t) => sum + (toScaled(t, 2) ?? 0n), 0n);

/** Cents back to an amount text. */
export const cents = (value: bigint) => fromScaled(value, 2);

/** Cents of an amount text (0 when it is not a decimal). */
export const toCents = (text: string | null | undefined) => toScaled(text, 2) ?? 0n;

/** `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM:SS` as `dd-mm-yyyy` (with `hh:mm` when `withTime`); a dash when empty. */
export function date(text: string | null | undefined, withTime = false): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}:\d{2}))?/.exec(text ?? '');
  if (!m) return text?.trim() ? text : '-';
  return `${m[3]}-${m[2]}-${m[1]}${withTime && m[4] ? ` ${m[4]}` : ''}`;
}

/** An empty text as a dash (spec 1 §9). */
export const orDash = (v: string | null | undefined) => (v?.trim() ? v.trim() : '-');
