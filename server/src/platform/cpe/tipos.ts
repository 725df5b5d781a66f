/**
 * What an e-voucher declares (DECISIONS §6): the request built from a sales order, its lines and
 * buyer, and the issuer. Amounts are decimal texts with 2 decimals ('1180.00'), quantities decimal
 * texts ('10.0000' is fine), never floats (DECISIONS §2). Types only: every other file of `cpe/`
 * imports this one and it imports nothing.
 */

export type TipoComprobante = 'factura' | 'boleta';

/** SUNAT catalogue 06 (identity document): '6' RUC, '1' DNI, '4' carné de extranjería, '0' none. */
export type TipoDocumentoCliente = '6' | '1' | '4' | '0';

export interface ComprobanteLinea {
  /** Our product code. */
  codigo: string;
  descripcion: string;
  /** UN/ECE recommendation 20: 'MTQ' m³, 'HUR' hour, 'NIU' unit. */
  unidad: string;
  cantidad: string;
  /** Unit value without IGV. */
  valor_unitario: string;
  /** Unit price with IGV. */
  precio_unitario: string;
  /** cantidad × valor_unitario, 2 decimals (domain ventaTotales). */
  subtotal: string;
  igv: string;
  total: string;
}

export interface ComprobanteCliente {
  tipo_documento: TipoDocumentoCliente;
  numero_documento: string;
  nombre: string;
  direccion: string;
  correo?: string;
}

export interface ComprobanteSolicitud {
  tipo: TipoComprobante;
  /** 'F001' for facturas, 'B001' for boletas. */
  serie: string;
  numero: number;
  /** YYYY-MM-DD, Lima. */
  fecha_emision: string;
  /** HH:mm:ss, Lima. */
  hora_emision: string;
  moneda: 'PEN' | 'USD';
  cliente: ComprobanteCliente;
  lineas: ComprobanteLinea[];
  subtotal: string;
  igv: string;
  /** As a fraction, '0.18' (domain IGV_TASA). */
  igv_tasa: string;
  total: string;
  observaciones?: string;
  /** Our reference, e.g. 'OV-123'. */
  orden: string;
}

/** The issuer as printed and declared (the company of config). */
export interface EmisorComprobantes {
  ruc: string;
  razon_social: string;
  /** The trade name printed and declared (cac:PartyName); empty when none. */
  nombre_comercial?: string;
  direccion: string;
  /** INEI ubigeo of the fiscal address (6 digits). */
  ubigeo: string;
  /** SUNAT's code of the establishment that issues: '0000' the fiscal address. */
  establecimiento?: string;
}

