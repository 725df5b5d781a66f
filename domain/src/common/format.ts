/**
 * Display of the server's decimal texts and dates. Amounts arrive as decimal strings
 * ('1234.5', '-96.00'); they are handled as scaled integers (BigInt), never binary floats.
 */

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/** `text` as an integer of `places` decimals, rounded half-up away from zero; null when not a decimal. */
export function toScaled(text: string | number | null | undefined, places: number): bigint | null {
  const m = DECIMAL.exec(String(text ?? '').trim());
  if (!m) return null;
  const [, sign, int, frac = ''] = m;
  const kept = BigInt(int + frac.slice(0, places).padEnd(places, '0'));
  const roundUp = frac.length > places && Number(frac[places]) >= 5;
  const abs = roundUp ? kept + 1n : kept;
  return sign && abs !== 0n ? -abs : abs;
}

/** A scaled integer back to text with exactly `places` decimals and thousands separators. */
export function fromScaled(value: bigint, places: number): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(places + 1, '0');
  const int = digits.slice(0, digits.length - places).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const frac = digits.slice(digits.length - places);
  return `${negative ? '-' : ''}${int}${places ? `.${frac}` : ''}`;
}

/** An amount with 2 decimals ('1,234.50'); the text as it came when it is not a decimal. */
export function formatAmount(text: string | number | null | undefined): string {
  const scaled = toScaled(text, 2);
  return scaled === null ? String(text ?? '') : fromScaled(scaled, 2);
}

/** An amount with its currency symbol: 'S/ 1,234.50'; the sign goes before the symbol: '-S/ 843.00'. */
export function formatMoney(symbol: string, text: string | number | null | undefined): string {
  const amount = formatAmount(text);
  return amount.startsWith('-') ? `-${symbol} ${amount.slice(1)}` : `${symbol} ${amount}`;
}

/**
 * A quantity or unit price: at least `min` decimals, up to 4 when they matter
 * ('2.0000' → '2', '37.5000' with min 2 → '37.50', '1.2345' → '1.2345').
 */
export function formatDecimal(text: string | number | null | undefined, min = 0): string {
  const scaled = toScaled(text, 4);
  if (scaled === null) return String(text ?? '');
  const full = fromScaled(scaled, 4);
  const [int, frac] = full.split('.');
  const trimmed = frac.replace(/0+$/, '').padEnd(min, '0');
  return trimmed ? `${int}.${trimmed}` : int;
}

/** A rate stored as a fraction ('0.18', '0.003') as a percentage text ('18', '0.3'), exactly. */
export function formatRate(text: string | number | null | undefined): string {
  const scaled = toScaled(text, 6);
  if (scaled === null) return String(text ?? '');
  // fraction × 100 with 6 decimals = the percentage with 4 decimals.
  return formatDecimal(fromScaled(scaled, 4).replace(/,/g, ''));
}

/** Sum of decimal texts, as a 2-decimal scaled integer (cents). */
export const sumCents = (texts: readonly string[]) => texts.reduce((s, t) => s + (toScaled(t, 2) ?? 0n), 0n);

/**
 * `YYYY-MM-DD` (or an ISO date-time) as `dd/mm/yyyy`, the one display format of screens, PDFs and messages
 * (issue 24: 27/11/2026, as Peruvian papers write it; spec 1 §9 wrote dd-mm-yyyy, which the API keeps in its
 * payloads); with the time when `withTime`.
 */
export function formatDate(text: string | null | undefined, withTime = false): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}:\d{2}:\d{2}))?/.exec(text ?? '');
  if (!m) return text ?? '';
  const date = `${m[3]}/${m[2]}/${m[1]}`;
  return withTime && m[4] ? `${date} ${m[4]}` : date;
}

const UNITS = ['B', 'kB', 'MB', 'GB', 'TB'];

/** A byte size in base 1000 with one decimal from kB up (spec 1 §9): 950 → '950 B', 12345 → '12.3 kB'. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '-';
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit++;
  }
  if (unit === 0) return `${bytes} B`;
  // 999.95 kB would print as "1000.0 kB": carry it to the next unit.
  const rounded = Math.round(value * 10) / 10;
  if (rounded >= 1000 && unit < UNITS.length - 1) return `1.0 ${UNITS[unit + 1]}`;
  return `${rounded.toFixed(1)} ${UNITS[unit]}`;
}
