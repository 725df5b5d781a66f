/**
 * E-vouchers (comprobantes electrónicos) behind one provider interface (DECISIONS §6, issue 13).
 *
 * The caller (the sales order service) owns the numbering (series counter F001/B001 taken with
 * platform/counters.ts nextNumber inside its transaction), when to issue and the storage of the
 * `comprobante` row; a provider only produces the document: `emitir` issues it (the built-in
 * provider builds SUNAT's UBL 2.1 XML; Nubefact issues it through their JSON API) and `pdf` gives
 * its A4 representation. A provider never throws for a business or network failure: it answers
 * `aceptado: false` with a Spanish `mensaje`, so the caller leaves the order unchanged and shows it.
 *
 * Sender guides (guía de remisión remitente, series T001, issue 14) go through the same interface
 * with two more members, added then: `emitirGuia(g: GuiaSolicitud): Promise<ComprobanteEmitido>`
 * (UBL DespatchAdvice, type 09; first answered with estado_sunat 'pendiente') and
 * `consultar(ref: { tipo; serie; numero; emitido_en }): Promise<ComprobanteEmitido>` asking for the
 * state later (the built-in provider accepts a guide a few seconds after issuing it, so the "aún no
 * ha sido aceptada" path of DECISIONS §6 is real; Nubefact has `generar_guia`/`consultar_guia`).
 * Facturas and boletas are accepted or refused at once by the built-in provider.
 *
 * Amounts are decimal texts with 2 decimals ('1180.00'), quantities decimal texts ('10.0000' is
 * fine), never floats (DECISIONS §2).
 */
import type { GuiaEmitida, GuiaSolicitud } from './guia.ts';
import { crearProveedorInterno } from './interno.ts';
import { crearProveedorNubefact } from './nubefact.ts';

export { problemaSolicitud } from './solicitud.ts';
export type { GuiaEmitida, GuiaSolicitud } from './guia.ts';

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

export interface ComprobanteEmitido {
  /** The document was issued: the caller stores it. False: refused, nothing issued, the order stays as it was. */
  aceptado: boolean;
  /**
   * SUNAT's state, for `comprobante.nco_estado_sunat`: 'aceptado'; 'pendiente' when issued but SUNAT
   * has not answered yet (Nubefact sends asynchronously; guides later); 'rechazado' with aceptado false.
   */
  estado_sunat: 'aceptado' | 'pendiente' | 'rechazado';
  /** Spanish; on a refusal the provider's own text. */
  mensaje: string;
  /** The provider's PDF link (Nubefact); null for the built-in provider (the caller serves `pdf`). */
  enlace_pdf: string | null;
  /** The UBL 2.1 XML (built-in provider) or null when the provider keeps it. */
  xml: string | null;
  /** Digest of the document (base64), null when the provider gave none. */
  hash: string | null;
  /** SUNAT's QR content 'RUC|TIPO|SERIE|NUMERO|IGV|TOTAL|FECHA|TIPO_DOC|NUM_DOC|'; '' when refused. */
  codigo_qr: string;
}

export interface ProveedorComprobantes {
  readonly nombre: 'interno' | 'nubefact';
  emitir(s: ComprobanteSolicitud): Promise<ComprobanteEmitido>;
  /** The A4 PDF: the built-in provider renders it; Nubefact's is fetched from `enlace_pdf`. Throws on failure. */
  pdf(s: ComprobanteSolicitud, emitido: ComprobanteEmitido): Promise<Buffer>;
  /**
   * Issues a sender guide (issue 14). The answer says when SUNAT accepted it (`aceptada_en`, in the
   * future for the built-in provider); the caller stores that and shows no link before it. Never
   * throws for a refusal (aceptado false with a Spanish `mensaje`).
   */
  emitirGuia(g: GuiaSolicitud): Promise<GuiaEmitida>;
  /** The guide's A4 PDF, from the stored request. Throws on failure. */
  guiaPdf(g: GuiaSolicitud, emitida: GuiaEmitida): Promise<Buffer>;
}

/** The issuer as printed and declared (the company of config). */
export interface EmisorComprobantes {
  ruc: string;
  razon_social: string;
  direccion: string;
  /** INEI ubigeo of the fiscal address (6 digits). */
  ubigeo: string;
}

export interface ComprobantesConfig {
  company: { name: string; ruc: string; address: string; ubigeo: string };
  /** Set when NUBEFACT_URL and NUBEFACT_TOKEN both are. */
  nubefact: { url: string; token: string; timeoutMs: number } | null;
  /** How long the built-in provider takes to accept a sender guide (default guia.ts GUIA_DEMORA_MS). */
  guiaDemoraMs?: number;
}

export function emisorDe(config: ComprobantesConfig): EmisorComprobantes {
  const c = config.company;
  return { ruc: c.ruc, razon_social: c.name, direccion: c.address, ubigeo: c.ubigeo };
}

/** Nubefact when its URL and token are configured, otherwise the built-in provider. */
export function crearProveedorComprobantes(config: ComprobantesConfig): ProveedorComprobantes {
  const emisor = emisorDe(config);
  return config.nubefact ? crearProveedorNubefact(config.nubefact, emisor) : crearProveedorInterno(emisor, config.guiaDemoraMs);
}
