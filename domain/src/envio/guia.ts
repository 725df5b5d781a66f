import { fromScaled, toScaled } from '../common/format.ts';

/**
 * The sender guide's data a person sees and the server checks (guía de remisión remitente, SUNAT
 * type 09; issue 23): the driver's identity document and licence as SUNAT's GRE rules take them
 * (2569, 2571, 2573), the gross weight's units (2523) and its default, quantity × the sale product's
 * weight per unit (`pvt_peso`, kg), which the guide popup shows and the server computes the same way.
 */

/** SUNAT catalogue 06 for a driver (never a RUC: rule 2571). */
export const CONDUCTOR_TIPOS_DOCUMENTO = { '1': 'DNI', '4': 'Carné de extranjería', '7': 'Pasaporte' } as const;
export type ConductorTipoDocumento = keyof typeof CONDUCTOR_TIPOS_DOCUMENTO;
export const esTipoDocumentoConductor = (v: string): v is ConductorTipoDocumento => v in CONDUCTOR_TIPOS_DOCUMENTO;

/** Gross weight units SUNAT accepts: kilograms, metric tonnes. */
export const GUIA_UNIDADES_PESO = { KGM: 'Kilogramos (kg)', TNE: 'Toneladas (t)' } as const;
export type GuiaUnidadPeso = keyof typeof GUIA_UNIDADES_PESO;

/** A licence as SUNAT takes it: letters and digits only, upper case ('q-40211873' → 'Q40211873'). */
export const licenciaNormalizada = (v: string) => v.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
/** SUNAT 2573: 9 or 10 letters and digits, not all zeros. */
export const licenciaValida = (v: string) => /^(?!0+$)[0-9A-Z]{9,10}$/.test(licenciaNormalizada(v));
/** A plate as SUNAT takes it (2567): 'AXK-714' → 'AXK714'; stored as typed, sent like this. */
export const placaNormalizada = (v: string) => v.replace(/[^0-9A-Za-z]/g, '').toUpperCase();

/**
 * A licence typed where the plate goes (issue 24). Until issue 23 the plate field, the only one the
 * spec's driver has, held the licence, and a client sending the spec's payload may still put it there.
 * Peruvian plates have 6 letters and digits ('AXK-714'); 9 or 10 that make a valid licence
 * ('Q40211873') are a licence, never a plate.
 */
export const esLicenciaEnPlaca = (placa: string) => placaNormalizada(placa).length >= 9 && licenciaValida(placa);

/** What a driver's Licencia and Placa are: a licence left in the plate field shows as the licence (when there is none) and not as a plate. */
export function licenciaYPlaca(c: { cdt_placa: string; cdt_licencia: string }): { licencia: string; placa: string } {
  if (!esLicenciaEnPlaca(c.cdt_placa)) return { licencia: c.cdt_licencia, placa: c.cdt_placa };
  return { licencia: c.cdt_licencia || licenciaNormalizada(c.cdt_placa), placa: '' };
}

/** SUNAT 2569: a DNI has 8 digits; other documents up to 15 letters and digits. */
export function documentoConductorValido(tipo: string, numero: string): boolean {
  if (tipo === '1') return /^\d{8}$/.test(numero);
  return esTipoDocumentoConductor(tipo) && /^[A-Za-z0-9]{1,15}$/.test(numero);
}

const PESO = 3;

/**
 * The guide's default gross weight in kg: quantity × weight per unit, 3 decimals half up (SUNAT
 * 2523); null when the product has no weight (the person types it, or the guide cannot be issued).
 */
export function pesoBrutoGuia(cantidad: string, pesoUnidad: string | null | undefined): string | null {
  const q = toScaled(cantidad, 4);
  const p = toScaled(pesoUnidad ?? '', PESO);
  if (q === null || p === null || p <= 0n || q <= 0n) return null;
  // 4 + 3 decimals → 3, half up.
  const producto = q * p;
  const redondeado = (producto + 5_000n) / 10_000n;
  return fromScaled(redondeado, PESO).replace(/,/g, '');
}

/** The weight as SUNAT writes it: 3 decimals, no separators ('16800' → '16800.000'); null when it is not a positive decimal. */
export function pesoTexto(peso: string): string | null {
  const v = toScaled(peso, PESO);
  return v === null || v <= 0n ? null : fromScaled(v, PESO).replace(/,/g, '');
}
