/**
 * A factura or boleta as SUNAT receives it: the UBL XML of the request, signed with the issuer's
 * certificate, its digest ("valor resumen") and the QR content that carries it. Used by the issue
 * (right after the number is committed) and by the worker (for a document the issue could not sign).
 */
import { codigoQr } from '../solicitud.ts';
import type { ComprobanteSolicitud, EmisorComprobantes } from '../tipos.ts';
import { facturaUbl } from '../xml/factura.ts';
import type { CertificadoFirma } from './certificado.ts';
import { firmarXml } from './firmar.ts';

export interface DocumentoFirmado {
  xml: string;
  digest: string;
  codigoQr: string;
}

export function firmarComprobante(emisor: EmisorComprobantes, firma: CertificadoFirma, s: ComprobanteSolicitud): DocumentoFirmado {
  const { xml, digest } = firmarXml(facturaUbl(emisor, s), firma);
  return { xml, digest, codigoQr: codigoQr(emisor.ruc, s, digest) };
}
