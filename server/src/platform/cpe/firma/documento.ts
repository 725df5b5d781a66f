/**
 * A document as SUNAT receives it: the UBL XML of the request, signed with the issuer's certificate,
 * its digest ("valor resumen") and the QR content that carries it. Used by the issue (right after
 * the number is committed) and by the worker (for a document the issue could not sign).
 */
import { codigoQr } from '../solicitud.ts';
import type { ComprobanteSolicitud, EmisorComprobantes, ResumenSolicitud } from '../tipos.ts';
import type { GuiaSolicitud } from '../guias/guia.ts';
import { facturaUbl } from '../xml/factura.ts';
import { guiaUbl } from '../xml/guia.ts';
import { notaUbl } from '../xml/nota.ts';
import { resumenUbl } from '../xml/resumen.ts';
import type { CertificadoFirma } from './certificado.ts';
import { firmarXml } from './firmar.ts';

export interface DocumentoFirmado {
  xml: string;
  digest: string;
  /** SUNAT's QR content; '' for what carries none (summaries; a guide's comes with SUNAT's answer). */
  codigoQr: string;
}

/** A factura, boleta or note (01, 03, 07, 08). */
export function firmarComprobante(emisor: EmisorComprobantes, firma: CertificadoFirma, s: ComprobanteSolicitud): DocumentoFirmado {
  const ubl = s.nota ? notaUbl(emisor, s) : facturaUbl(emisor, s);
  const { xml, digest } = firmarXml(ubl, firma);
  return { xml, digest, codigoQr: codigoQr(emisor.ruc, s, digest) };
}

/** Any document the worker sends, by its SUNAT type (`comprobante.nco_tipo`) and stored request (`nco_datos`). */
export function firmarDocumento(tipo: string, emisor: EmisorComprobantes, firma: CertificadoFirma, datos: unknown): DocumentoFirmado {
  switch (tipo) {
    case '01': case '03': case '07': case '08':
      return firmarComprobante(emisor, firma, datos as ComprobanteSolicitud);
    case 'RA': case 'RC': {
      const { xml, digest } = firmarXml(resumenUbl(emisor, datos as ResumenSolicitud), firma);
      return { xml, digest, codigoQr: '' };
    }
    case '09': {
      const { xml, digest } = firmarXml(guiaUbl(emisor, datos as GuiaSolicitud), firma);
      return { xml, digest, codigoQr: '' };
    }
    default:
      throw new Error(`Tipo de documento desconocido: ${tipo}`);
  }
}
