/**
 * An amount in Spanish words as SUNAT's legend 1000 and the printed 'SON: ...' carry it:
 * '1180.00' → 'MIL CIENTO OCHENTA CON 00/100 SOLES'. Works on the decimal text (BigInt), never a float.
 * The unit alone reads 'UNO' ('VEINTIUNO'); before 'MIL' or 'MILLONES' it is apocopated ('VEINTIÚN
 * MIL', 'UN MILLÓN'), as the RAE writes them.
 */

const UNIDADES = ['', 'UNO', 'DOS', 'TRES', 'CUATRO', 'CINCO', 'SEIS', 'SIETE', 'OCHO', 'NUEVE', 'DIEZ',
  'ONCE', 'DOCE', 'TRECE', 'CATORCE', 'QUINCE', 'DIECISÉIS', 'DIECISIETE', 'DIECIOCHO', 'DIECINUEVE', 'VEINTE',
  'VEINTIUNO', 'VEINTIDÓS', 'VEINTITRÉS', 'VEINTICUATRO', 'VEINTICINCO', 'VEINTISÉIS', 'VEINTISIETE', 'VEINTIOCHO', 'VEINTINUEVE'];
const DECENAS = ['', '', '', 'TREINTA', 'CUARENTA', 'CINCUENTA', 'SESENTA', 'SETENTA', 'OCHENTA', 'NOVENTA'];
const CENTENAS = ['', 'CIENTO', 'DOSCIENTOS', 'TRESCIENTOS', 'CUATROCIENTOS', 'QUINIENTOS', 'SEISCIENTOS', 'SETECIENTOS', 'OCHOCIENTOS', 'NOVECIENTOS'];

export const MONEDA_LETRAS = { PEN: 'SOLES', USD: 'DÓLARES AMERICANOS' } as const;

/** 1..999 in words; `apocope` for a group followed by MIL/MILLONES ('UN', 'VEINTIÚN', 'TREINTA Y UN'). */
function grupo(n: number, apocope: boolean): string {
  if (n === 100) return 'CIEN';
  const partes: string[] = [];
  const c = Math.floor(n / 100);
  const r = n % 100;
  if (c) partes.push(CENTENAS[c]);
  if (r > 0 && r < 30) partes.push(UNIDADES[r]);
  else if (r >= 30) partes.push(r % 10 ? `${DECENAS[Math.floor(r / 10)]} Y ${UNIDADES[r % 10]}` : DECENAS[r / 10]);
  const texto = partes.join(' ');
  if (!apocope) return texto;
  return texto.replace(/VEINTIUNO$/, 'VEINTIÚN').replace(/UNO$/, 'UN');
}

/** 0..999 999 in words. */
function hastaMillon(n: number, apocope: boolean): string {
  const miles = Math.floor(n / 1000);
  const resto = n % 1000;
  const partes: string[] = [];
  if (miles === 1) partes.push('MIL');
  else if (miles > 1) partes.push(`${grupo(miles, true)} MIL`);
  if (resto) partes.push(grupo(resto, apocope));
  return partes.join(' ');
}

/** A non-negative integer in words ('CERO', 'UN MILLÓN', 'MIL MILLONES'). */
export function enteroEnLetras(n: bigint): string {
  if (n < 0n) throw new RangeError('Monto negativo');
  if (n === 0n) return 'CERO';
  const millones = n / 1_000_000n;
  const resto = Number(n % 1_000_000n);
  const partes: string[] = [];
  if (millones === 1n) partes.push('UN MILLÓN');
  else if (millones > 1n) {
    if (millones >= 1_000_000n) throw new RangeError('Monto demasiado grande');
    partes.push(`${hastaMillon(Number(millones), true)} MILLONES`);
  }
  if (resto) partes.push(hastaMillon(resto, false));
  return partes.join(' ');
}

/** '2345678.90' → 'DOS MILLONES TRESCIENTOS CUARENTA Y CINCO MIL SEISCIENTOS SETENTA Y OCHO CON 90/100 SOLES'. */
export function montoEnLetras(monto: string, moneda: keyof typeof MONEDA_LETRAS = 'PEN'): string {
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(monto.trim());
  if (!m) throw new RangeError(`Monto no válido: ${monto}`);
  const centimos = (m[2] ?? '').padEnd(2, '0');
  return `${enteroEnLetras(BigInt(m[1]))} CON ${centimos}/100 ${MONEDA_LETRAS[moneda]}`;
}
