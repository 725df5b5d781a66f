/**
 * A sending channel for signed e-vouchers (DECISIONS §6, issue 22): SUNAT's SOAP billService (beta,
 * production, or an OSE with the same contract), Nubefact, or the demo. The worker
 * (`../envio/worker.ts`) is the only caller: it never holds a database connection or lock while a
 * channel is awaited. A channel never throws: every outcome, a network failure included, is a
 * `Resultado` with a Spanish `descripcion`.
 */
import type { GuiaSolicitud } from '../guias/guia.ts';
import type { ComprobanteSolicitud, ResumenSolicitud } from '../tipos.ts';

/** What a stored document was built from (`comprobante.nco_datos`), by its type: vouchers and notes, summaries, guides. */
export type DatosCpe = ComprobanteSolicitud | ResumenSolicitud | GuiaSolicitud;

export type CanalNombre = 'demo' | 'sunat_beta' | 'sunat_produccion' | 'ose' | 'nubefact';

/** SUNAT catalogue 01 codes of what we send, plus the summaries. */
export type TipoDocumentoSunat = '01' | '03' | '07' | '08' | '09' | 'RC' | 'RA';

export interface DocumentoEnvio {
  /** The issuer's RUC. */
  ruc: string;
  tipo: TipoDocumentoSunat;
  serie: string;
  numero: number;
  /** SUNAT's file name without extension: 'RUC-TT-SERIE-NUMERO' ('20547812361-01-F001-00000001'). */
  nombre: string;
  /** The signed XML, exactly as stored. */
  xml: string;
  /** The request it was built from (by `tipo`): Nubefact issues from it (it signs on its side). */
  solicitud: DatosCpe;
  /** The ticket an earlier send got (summaries, guides): `consultar` asks for its outcome with it. */
  ticket: string | null;
}

/** One observation or error line of a CDR (`cbc:Note` '4233 - text') or of a local check. */
export interface NotaCdr {
  codigo: string;
  texto: string;
}

/** The `codigo` of an error the worker does not retry by itself: a person looks, then 'Reenviar' tries again. */
export const SIN_REINTENTO = 'REVISAR';

export type Resultado =
  /** SUNAT (or the OSE) answered with a CDR: ResponseCode 0 without notes, 0 with notes (4000+), or 2000-3999. */
  | { estado: 'aceptado' | 'observado' | 'rechazado'; codigo: string; descripcion: string; notas: NotaCdr[]; cdr: Buffer | null; hash?: string; codigo_qr?: string }
  /** Received, the answer comes later (a ticket, or Nubefact's "pending"): ask again with `consultar`. */
  | { estado: 'enviado'; ticket: string | null; descripcion: string }
  /** Only from `consultar`: the service has no record of the document, so it is safe to send it. */
  | { estado: 'no_existe'; descripcion: string }
  /** Demo: checked locally, never sent. `notas` carries what the local check found. */
  | { estado: 'demo'; descripcion: string; notas: NotaCdr[] }
  /** Not processed: network failure, timeout, SOAP fault 0100-1999, HTTP 5xx. The worker retries later. */
  | { estado: 'error'; codigo: string | null; descripcion: string };

export interface Canal {
  readonly nombre: CanalNombre;
  /** Sends the document once (sendBill, or Nubefact's generar_comprobante). */
  enviar(doc: DocumentoEnvio): Promise<Resultado>;
  /**
   * What the service knows of a document already sent or maybe sent (getStatusCdr; getStatus with the
   * ticket of a summary; Nubefact's consultar_comprobante): its CDR, 'enviado' while a ticket is still
   * being processed, 'no_existe' when it never arrived, or 'error'.
   */
  consultar(doc: DocumentoEnvio): Promise<Resultado>;
  /** 'Probar conexión': reaches the service with the credentials and says what it answered. */
  probar(ruc: string): Promise<{ ok: boolean; mensaje: string }>;
}
