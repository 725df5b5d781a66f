import { rucProblem } from '../proveedor/ruc.ts';

/** `tipo_documento_identidad` ids a client may have (spec 3 §3 `cli_tipo_documento_identidad`). */
export const TDI = { DNI: 1, RUC: 2, CE: 3 } as const;

/** The document types offered for a client, with the names of the reference table. */
export const CLIENTE_TIPOS_DOCUMENTO = [
  { tdi_id: TDI.DNI, tdi_nombre: 'DNI', longitud: 8 },
  { tdi_id: TDI.RUC, tdi_nombre: 'RUC', longitud: 11 },
  { tdi_id: TDI.CE, tdi_nombre: 'Carnet de Extranjería', longitud: 12 },
] as const;

export const DOCUMENTO_MSG = {
  tipo: 'El tipo de documento debe ser DNI, RUC o Carnet de Extranjería',
  dni: 'El DNI debe tener 8 dígitos',
  ce: 'El Carnet de Extranjería debe tener de 9 a 12 letras y números',
} as const;

/** The name of a client document type ('RUC'), or 'documento' for an unknown id. */
export const tipoDocumentoNombre = (tdiId: number): string =>
  CLIENTE_TIPOS_DOCUMENTO.find((t) => t.tdi_id === tdiId)?.tdi_nombre ?? 'documento';

/**
 * Why `documento` is not a valid document of type `tdiId` (the first problem found), or null:
 * DNI 8 digits; RUC 11 digits with a SUNAT prefix and check digit; Carnet de Extranjería 9 to 12
 * letters and digits (the card's number has been 9 digits, older ones carry letters).
 */
export function documentoProblem(tdiId: number, documento: string): string | null {
  switch (tdiId) {
    case TDI.DNI:
      return /^\d{8}$/.test(documento) ? null : DOCUMENTO_MSG.dni;
    case TDI.RUC:
      return rucProblem(documento);
    case TDI.CE:
      return /^[A-Z0-9]{9,12}$/.test(documento) ? null : DOCUMENTO_MSG.ce;
    default:
      return DOCUMENTO_MSG.tipo;
  }
}
