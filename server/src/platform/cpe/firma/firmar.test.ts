import { describe, expect, it } from 'vitest';
import { EMISOR, boletaEjemplo, facturaEjemplo } from '../ejemplo.test-data.ts';
import { facturaUbl } from '../xml/factura.ts';
import { generarCertificadoPrueba, leerPkcs12 } from './certificado.ts';
import { FIRMA_ID, firmarXml } from './firmar.ts';
import { verificarFirma } from './verificar.ts';

const certificado = (ruc: string, nombre: string) => {
  const { p12, password } = generarCertificadoPrueba(ruc, nombre);
  return leerPkcs12(p12, password);
};
const cert = certificado(EMISOR.ruc, EMISOR.razon_social);
const otroCert = certificado('20100070970', 'Otra Empresa S.A.');
const base64 = (pem: string) => pem.replace(/-----[^-]+-----|\s/g, '');
const factura = facturaUbl(EMISOR, facturaEjemplo());
const firmada = firmarXml(factura, cert);

describe('text that C14N escapes otherwise', () => {
  // Quotes, apostrophes, >, &, CR and tabs in what the client typed: the signature still verifies.
  const raro = {
    ...facturaEjemplo(),
    cliente: { ...facturaEjemplo().cliente, nombre: `O'Brien & "Hijos" <S.A.C.> \t tab`, direccion: 'Línea 1\r\nLínea 2 > 3 ñ €' },
    observaciones: 'a\rb',
  };
  it('signs and verifies a factura and a boleta holding it', () => {
    for (const xml of [facturaUbl(EMISOR, raro), facturaUbl(EMISOR, { ...boletaEjemplo(), cliente: raro.cliente })]) {
      expect(verificarFirma(firmarXml(xml, cert).xml).valida).toBe(true);
    }
  });
});

describe('enveloped XML signature', () => {
  it('signs the factura where SUNAT looks, with its algorithms, and the signature verifies', () => {
    expect(firmada.xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<Invoice ')).toBe(true);
    expect(firmada.xml).toMatch(new RegExp(`<ext:UBLExtensions>\\s*<ext:UBLExtension>\\s*<ext:ExtensionContent><ds:Signature Id="${FIRMA_ID}"`));
    expect(firmada.xml).toContain('<ds:CanonicalizationMethod Algorithm="http://www.w3.org/TR/2001/REC-xml-c14n-20010315"/>');
    expect(firmada.xml).toContain('<ds:SignatureMethod Algorithm="http://www.w3.org/2001/04/xmldsig-more#rsa-sha256"/>');
    expect(firmada.xml).toContain('<ds:Reference URI=""><ds:Transforms><ds:Transform Algorithm="http://www.w3.org/2000/09/xmldsig#enveloped-signature"/></ds:Transforms>');
    expect(firmada.xml).toContain('<ds:DigestMethod Algorithm="http://www.w3.org/2001/04/xmlenc#sha256"/>');
    expect(firmada.xml).toContain(`<ds:KeyInfo><ds:X509Data><ds:X509Certificate>${base64(cert.certificadoPem)}</ds:X509Certificate></ds:X509Data></ds:KeyInfo>`);
    expect(verificarFirma(firmada.xml)).toEqual({ valida: true, motivo: 'La firma es válida', digest: firmada.digest });
  });

  it('the digest is the signed DigestValue, a SHA-256 in base64', () => {
    expect(firmada.digest).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    expect(firmada.xml).toContain(`<ds:DigestValue>${firmada.digest}</ds:DigestValue>`);
  });

  it('the same content gives the same digest, whoever signs it', () => {
    expect(firmarXml(factura, cert).digest).toBe(firmada.digest);
    const otra = firmarXml(factura, otroCert);
    expect(otra.digest).toBe(firmada.digest);
    expect(otra.xml).not.toBe(firmada.xml);
    expect(verificarFirma(otra.xml).valida).toBe(true);
    expect(firmarXml(facturaUbl(EMISOR, boletaEjemplo()), cert).digest).not.toBe(firmada.digest);
  });

  it('a changed amount no longer matches the signature', () => {
    expect(firmada.xml).toContain('<cbc:PayableAmount currencyID="PEN">4366.00</cbc:PayableAmount>');
    const alterada = firmada.xml.replace('<cbc:PayableAmount currencyID="PEN">4366.00', '<cbc:PayableAmount currencyID="PEN">4.00');
    expect(verificarFirma(alterada)).toEqual({
      valida: false,
      motivo: 'La firma no corresponde al contenido: el documento cambió después de firmarse',
      digest: firmada.digest,
    });
  });

  it('another certificate in KeyInfo does not match the signature value', () => {
    const cambiada = firmada.xml.replace(/<ds:X509Certificate>[^<]+</, `<ds:X509Certificate>${base64(otroCert.certificadoPem)}<`);
    const r = verificarFirma(cambiada);
    expect(r.valida).toBe(false);
    expect(r.motivo).toMatch(/^El valor de la firma no corresponde al certificado incluido/);
  });

  it('an unsigned document, one with a second signature or with it out of place is not valid', () => {
    expect(verificarFirma(factura)).toEqual({ valida: false, motivo: 'El XML no contiene firma digital', digest: null });
    expect(verificarFirma('<Invoice><sin cerrar>')).toMatchObject({ valida: false, motivo: 'El XML no está bien formado' });
    const firma = /<ds:Signature [\s\S]*<\/ds:Signature>/.exec(firmada.xml)?.[0] ?? '';
    const doble = firmada.xml.replace('</Invoice>', `<cac:Extra>${firma}</cac:Extra></Invoice>`);
    expect(verificarFirma(doble)).toMatchObject({ valida: false, motivo: 'El XML contiene más de una firma digital' });
    const fuera = firmada.xml.replace(firma, '').replace('</Invoice>', `${firma}</Invoice>`);
    expect(verificarFirma(fuera)).toMatchObject({ valida: false, motivo: 'La firma no está en ext:UBLExtensions/ext:UBLExtension/ext:ExtensionContent' });
  });

  it('signs any UBL root with an empty ExtensionContent; refuses a document without one or signed already', () => {
    const nota = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<CreditNote xmlns="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2" xmlns:ext="urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2">',
      '  <ext:UBLExtensions><ext:UBLExtension><ext:ExtensionContent/></ext:UBLExtension></ext:UBLExtensions>',
      '  <cbc:ID>FC01-00000001</cbc:ID>',
      '</CreditNote>',
      '',
    ].join('\n');
    expect(verificarFirma(firmarXml(nota, cert).xml).valida).toBe(true);
    const sinDeclaracion = firmarXml(nota.slice(nota.indexOf('\n') + 1), cert).xml;
    expect(sinDeclaracion.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<CreditNote ')).toBe(true);
    expect(verificarFirma(sinDeclaracion).valida).toBe(true);
    expect(() => firmarXml(nota.replace(/ {2}<ext:UBLExtensions>.*\n/, ''), cert)).toThrow('El documento no tiene ext:UBLExtensions/ext:UBLExtension/ext:ExtensionContent donde colocar la firma');
    expect(() => firmarXml(firmada.xml, cert)).toThrow('El documento ya está firmado');
  });
});
