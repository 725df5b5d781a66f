/**
 * Checks an e-voucher's enveloped signature with the certificate inside its own ds:KeyInfo: the
 * document was not changed after signing and the signature value matches that certificate. It says
 * nothing about who the certificate belongs to (SUNAT checks that against its register).
 */
import { DOMParser } from '@xmldom/xmldom';
import { SignedXml } from 'xml-crypto';

export interface FirmaVerificada {
  valida: boolean;
  /** Spanish, shown as it is. */
  motivo: string;
  /** The signed DigestValue (base64), null when there is no signature. */
  digest: string | null;
}

const DS = 'http://www.w3.org/2000/09/xmldsig#';
const EXT = 'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2';

function esElemento(n: Node | null, nombre: string, ns: string): boolean {
  const e = n as Element | null;
  return e?.nodeType === 1 && e.localName === nombre && e.namespaceURI === ns;
}

/** Whether the signature sits where SUNAT looks: /*\/ext:UBLExtensions/ext:UBLExtension/ext:ExtensionContent. */
function enSuLugar(firma: Element, doc: Document): boolean {
  const contenido = firma.parentNode;
  const extension = contenido?.parentNode ?? null;
  const extensiones = extension?.parentNode ?? null;
  return esElemento(contenido, 'ExtensionContent', EXT) && esElemento(extension, 'UBLExtension', EXT)
    && esElemento(extensiones, 'UBLExtensions', EXT) && extensiones?.parentNode === doc.documentElement;
}

const texto = (padre: Element, nombre: string) => padre.getElementsByTagNameNS(DS, nombre)[0]?.textContent?.trim() || null;

export function verificarFirma(xml: string): FirmaVerificada {
  const errores: string[] = [];
  const doc = new DOMParser({ errorHandler: { error: (m) => errores.push(m), fatalError: (m) => errores.push(m) } }).parseFromString(xml, 'text/xml');
  if (errores.length > 0 || !doc.documentElement) return { valida: false, motivo: 'El XML no está bien formado', digest: null };

  const firmas = doc.getElementsByTagNameNS(DS, 'Signature');
  if (firmas.length === 0) return { valida: false, motivo: 'El XML no contiene firma digital', digest: null };
  const firma = firmas[0];
  const digest = texto(firma, 'DigestValue');
  // One signature only: a second one could make a wrapped copy pass for the signed content.
  if (firmas.length > 1) return { valida: false, motivo: 'El XML contiene más de una firma digital', digest };
  if (!enSuLugar(firma, doc)) {
    return { valida: false, motivo: 'La firma no está en ext:UBLExtensions/ext:UBLExtension/ext:ExtensionContent', digest };
  }
  if (!texto(firma, 'X509Certificate')) return { valida: false, motivo: 'La firma no incluye el certificado (ds:X509Certificate)', digest };

  const verificador = new SignedXml({ getCertFromKeyInfo: SignedXml.getCertFromKeyInfo });
  try {
    verificador.loadSignature(firma);
    const referencias = verificador.getReferences();
    // SUNAT signs the whole document; a reference to a part would leave the rest unprotected.
    if (referencias.length !== 1 || referencias[0].uri !== '') {
      return { valida: false, motivo: 'La firma no cubre el documento completo (se espera una sola referencia URI="")', digest };
    }
    if (!verificador.checkSignature(xml)) return { valida: false, motivo: 'La firma no corresponde al contenido: el documento cambió después de firmarse', digest };
  } catch (e) {
    const detalle = e instanceof Error ? e.message : String(e);
    if (/signature value .* is incorrect/.test(detalle)) {
      return { valida: false, motivo: 'El valor de la firma no corresponde al certificado incluido (SignedInfo alterado o certificado distinto)', digest };
    }
    return { valida: false, motivo: `La firma no se pudo verificar: ${detalle}`, digest };
  }
  return { valida: true, motivo: 'La firma es válida', digest };
}
