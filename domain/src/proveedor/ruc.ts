const WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];
/** Taxpayer prefixes SUNAT assigns: persons (10, 15, 16, 17) and companies (20). */
export const RUC_PREFIXES = ['10', '15', '16', '17', '20'] as const;

/** SUNAT check digit of the first ten digits of a RUC (modulo 11). */
export function rucCheckDigit(first10: string): number {
  const sum = WEIGHTS.reduce((acc, w, i) => acc + w * Number(first10[i]), 0);
  const d = 11 - (sum % 11);
  return d === 10 ? 0 : d === 11 ? 1 : d;
}

export const RUC_MSG = {
  length: 'El RUC debe tener 11 dígitos',
  prefix: `El RUC debe empezar con ${RUC_PREFIXES.slice(0, -1).join(', ')} o ${RUC_PREFIXES.at(-1)}`,
  checkDigit: 'El RUC no es válido: el dígito verificador no corresponde',
} as const;

/** Why `ruc` is not a valid RUC (the first problem found), or null when it is valid. */
export function rucProblem(ruc: string): string | null {
  if (!/^\d{11}$/.test(ruc)) return RUC_MSG.length;
  if (!(RUC_PREFIXES as readonly string[]).includes(ruc.slice(0, 2))) return RUC_MSG.prefix;
  if (rucCheckDigit(ruc.slice(0, 10)) !== Number(ruc[10])) return RUC_MSG.checkDigit;
  return null;
}

/** 11 digits, a valid taxpayer prefix and the right check digit. */
export function isValidRuc(ruc: string): boolean {
  return rucProblem(ruc) === null;
}
