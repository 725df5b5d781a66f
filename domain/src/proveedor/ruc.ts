const WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];
const PREFIXES = ['10', '15', '16', '17', '20'];

/** SUNAT check digit of the first ten digits of a RUC (modulo 11). */
export function rucCheckDigit(first10: string): number {
  const sum = WEIGHTS.reduce((acc, w, i) => acc + w * Number(first10[i]), 0);
  const d = 11 - (sum % 11);
  return d === 10 ? 0 : d === 11 ? 1 : d;
}

/** 11 digits, a valid taxpayer prefix and the right check digit. */
export function isValidRuc(ruc: string): boolean {
  if (!/^\d{11}$/.test(ruc) || !PREFIXES.includes(ruc.slice(0, 2))) return false;
  return rucCheckDigit(ruc.slice(0, 10)) === Number(ruc[10]);
}
