/**
 * What an e-voucher declares (DECISIONS §6): the request built from a sales order, its lines and
 * buyer, and the issuer. Amounts are decimal texts with 2 decimals ('1180.00'), quantities decimal
 * texts ('10.0000' is fine), never floats (DECISIONS §2). Types only: every other file of `cpe/`
 * imports this one and it imports nothing.
 */

/** A voucher (01, 03) or a note that corrects one (07 credit, 08 debit; issue 23). */
export type TipoComprobante = 'factura' | 'boleta' | 'nota_credito' | 'nota_debito';

/** What a note (07, 08) modifies and why (issue 23). */
export interface NotaReferencia {
  /** The modified document: '01' factura or '03' boleta, its series and number, its issue date. */
  tipo: '01' | '03';
  serie: string;
  numero: number;
  fecha_emision: string;
  /** SUNAT catalogue 09 (credit notes) or 10 (debit notes), and the reason as the user wrote it. */
  motivo_codigo: string;
  motivo: string;
  /** The modified document's line (1-based) of each of the note's lines, in order; absent on a note of the whole document. */
  lineas_origen?: number[];
}

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
  /** Only on notes: the document modified and the reason. */
  nota?: NotaReferencia;
  /** How it is paid (issue 23); absent reads 'Contado' (documents issued before). */
  forma_pago?: 'Contado' | 'Credito';
  /** 'Credito' only: the instalments, amount (2 decimals) and due date YYYY-MM-DD, ascending; they add up to the net pending amount. */
  cuotas?: { monto: string; fecha: string }[];
}

/**
 * A summary SUNAT takes by ticket (issue 23): 'RA' comunicación de baja (facturas and their notes) or
 * 'RC' resumen diario (boletas and their notes). Every item is a document of one issue date.
 */
export interface ResumenItem {
  /** Catalogue 01 of the document: '01', '03', '07', '08'. */
  tipo: '01' | '03' | '07' | '08';
  serie: string;
  numero: number;
  /** Why it is cancelled (RA's VoidReasonDescription). */
  motivo: string;
  /** RC only: the buyer's document (catalogue 06) and the amounts as issued. */
  cliente_tipo_documento?: string;
  cliente_numero_documento?: string;
  moneda?: 'PEN' | 'USD';
  subtotal?: string;
  igv?: string;
  total?: string;
  /** RC only, notes: the boleta they modify. */
  referencia?: { tipo: '03'; serie: string; numero: number };
}

export interface ResumenSolicitud {
  tipo: 'RA' | 'RC';
  /** 'RA-20261128': the type and the day it is sent, as SUNAT names it. */
  serie: string;
  /** The day's correlative (1, 2, ...). */
  numero: number;
  /** YYYY-MM-DD: the issue date of the documents it lists (ReferenceDate). */
  fecha_referencia: string;
  /** YYYY-MM-DD, Lima: the day it is generated (IssueDate). */
  fecha_emision: string;
  items: ResumenItem[];
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

