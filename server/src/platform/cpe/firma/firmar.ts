/**
 * SUNAT's enveloped XML signature (XMLDSig) of an e-voucher: RSA-SHA256 over the whole document
 * (Reference URI=""), inclusive C14N, the certificate in KeyInfo, placed in the root's
 * ext:UBLExtensions/ext:UBLExtension/ext:ExtensionContent. The same for every document type
 * (Invoice, CreditNote, DebitNote, DespatchAdvice, SummaryDocuments, VoidedDocuments); the builders
 * leave that ExtensionContent empty and point their cac:Signature at `#${FIRMA_ID}`.
 */
import { createHash, createPrivateKey, sign, type KeyObject } from 'node:crypto';
import { canonizar, canonizarEn } from './canonico.ts';

/** The ds:Signature's Id, which cac:Signature/cbc:ID and its ExternalReference URI name. */
export const FIRMA_ID = 'SignatureSP';

const DS = 'http://www.w3.org/2000/09/xmldsig#';
const C14N = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';
const RSA_SHA256 = 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256';
const SHA256 = 'http://www.w3.org/2001/04/xmlenc#sha256';
const ENVELOPED = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature';
const DECLARACION = '<?xml version="1.0" encoding="UTF-8"?>';
/** Where the signature goes: the empty extension our builders leave (`../xml/factura.ts` EXTENSIONES). */
const HUECO = /<ext:ExtensionContent\s*\/>|<ext:ExtensionContent>\s*<\/ext:ExtensionContent>/;

/** Parsing a PEM key costs more than the RSA signature itself (about 2.5 ms against 0.7): each key is parsed once. */
const claves = new Map<string, KeyObject>();
function claveDe(pem: string): KeyObject {
  let k = claves.get(pem);
  if (!k) {
    if (claves.size >= 8) claves.clear();
    k = createPrivateKey(pem);
    claves.set(pem, k);
  }
  return k;
}

/** The base64 body of a PEM certificate, as X509Certificate carries it. */
const cuerpoPem = (pem: string) => pem.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');

/** SignedInfo of an enveloped signature of the whole document (Reference URI=""), written canonically. */
const signedInfo = (digest: string) => '<ds:SignedInfo>'
  + `<ds:CanonicalizationMethod Algorithm="${C14N}"></ds:CanonicalizationMethod>`
  + `<ds:SignatureMethod Algorithm="${RSA_SHA256}"></ds:SignatureMethod>`
  + '<ds:Reference URI=""><ds:Transforms>'
  + `<ds:Transform Algorithm="${ENVELOPED}"></ds:Transform>`
  + `</ds:Transforms><ds:DigestMethod Algorithm="${SHA256}"></ds:DigestMethod><ds:DigestValue>${digest}</ds:DigestValue></ds:Reference>`
  + '</ds:SignedInfo>';

/**
 * `xml` signed with the issuer's certificate, and the digest printed on the PDF and in the QR. The
 * document must be one our builders wrote (see `canonico.ts`), with its empty ext:ExtensionContent.
 * Throws when that extension is missing or the document is signed already.
 */
export function firmarXml(xml: string, cert: { clavePrivadaPem: string; certificadoPem: string }): { xml: string; digest: string } {
  if (/<(?:\w+:)?SignatureValue[\s>]/.test(xml)) throw new Error('El documento ya está firmado');
  const hueco = HUECO.exec(xml);
  if (!hueco) throw new Error('El documento no tiene ext:UBLExtensions/ext:UBLExtension/ext:ExtensionContent donde colocar la firma');
  // The enveloped transform digests the document without its signature: the document as it is now.
  const { texto, espacios } = canonizar(xml);
  const digest = createHash('sha256').update(texto, 'utf8').digest('base64');
  const info = signedInfo(digest);
  // SignedInfo is signed in context: with every namespace in scope where it sits (the root's and ds).
  const infoCanonica = canonizarEn(info, [...espacios, { nombre: 'xmlns:ds', valor: DS }]);
  const valor = sign('sha256', Buffer.from(infoCanonica, 'utf8'), claveDe(cert.clavePrivadaPem)).toString('base64');
  const firma = `<ds:Signature xmlns:ds="${DS}" Id="${FIRMA_ID}">${info}<ds:SignatureValue>${valor}</ds:SignatureValue>`
    + `<ds:KeyInfo><ds:X509Data><ds:X509Certificate>${cuerpoPem(cert.certificadoPem)}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></ds:Signature>`;
  let firmado = `${xml.slice(0, hueco.index)}<ext:ExtensionContent>${firma}</ext:ExtensionContent>${xml.slice(hueco.index + hueco[0].length)}`;
  // SUNAT expects the declaration even if the caller left it out.
  if (!firmado.startsWith('<?xml')) firmado = `${DECLARACION}\n${firmado}`;
  return { xml: firmado, digest };
}
