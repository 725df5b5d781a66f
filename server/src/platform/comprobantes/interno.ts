/**
 * The built-in e-voucher provider (DECISIONS §6, the embedded default): checks the request, builds
 * SUNAT's UBL 2.1 XML, answers it with its digest and SUNAT's QR content, and renders the PDF. It
 * keeps nothing itself: the caller stores the XML, hash and QR in its `comprobante` row and asks
 * for the PDF again with the same request when someone opens it.
 */
import { createHash } from 'node:crypto';
import { GUIA_DEMORA_MS, emitirGuiaInterno, guiaPdf } from './guia.ts';
import { comprobantePdf } from './pdf.ts';
import type { ComprobanteEmitido, ComprobanteSolicitud, EmisorComprobantes, ProveedorComprobantes } from './provider.ts';
import { TITULO_TIPO, codigoQr, problemaSolicitud, rechazo, serieNumero } from './solicitud.ts';
import { facturaUbl } from './ubl.ts';

/**
 * SHA-256 of the XML in base64: it identifies the stored document like the DigestValue of a signed
 * one would (which, once signed, is what SUNAT's QR carries as "valor resumen").
 */
export const resumenXml = (xml: string) => createHash('sha256').update(xml, 'utf8').digest('base64');

export function emitirInterno(emisor: EmisorComprobantes, s: ComprobanteSolicitud): ComprobanteEmitido {
  const problema = problemaSolicitud(s);
  if (problema) return rechazo(problema);
  const xml = facturaUbl(emisor, s);
  const hash = resumenXml(xml);
  return {
    aceptado: true,
    estado_sunat: 'aceptado',
    mensaje: `La ${TITULO_TIPO[s.tipo].toLowerCase()} ${serieNumero(s)} ha sido emitida`,
    enlace_pdf: null,
    xml,
    hash,
    codigo_qr: codigoQr(emisor.ruc, s, hash),
  };
}

export function crearProveedorInterno(emisor: EmisorComprobantes, guiaDemoraMs = GUIA_DEMORA_MS): ProveedorComprobantes {
  return {
    nombre: 'interno',
    emitir: (s) => Promise.resolve(emitirInterno(emisor, s)),
    pdf: (s, emitido) => comprobantePdf(emisor, s, emitido),
    emitirGuia: (g) => Promise.resolve(emitirGuiaInterno(emisor, g, new Date(), guiaDemoraMs)),
    guiaPdf: (g) => guiaPdf(emisor, g),
  };
}
