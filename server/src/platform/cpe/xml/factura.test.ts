import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EMISOR, boletaEjemplo, facturaEjemplo } from '../ejemplo.test-data.ts';
import { FIRMA_ID } from '../firma/firmar.ts';
import { xmlTexto } from './escribir.ts';
import { facturaUbl } from './factura.ts';

const fixture = (name: string) => readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8');

describe('UBL 2.1 Invoice', () => {
  it('the worked factura matches the fixture written by hand, line by line', () => {
    const esperado = fixture('factura-F001-00000001.xml').split('\n');
    const obtenido = facturaUbl(EMISOR, facturaEjemplo()).split('\n');
    // Line by line first: a difference names the element instead of a whole-document diff.
    for (let i = 0; i < Math.max(esperado.length, obtenido.length); i++) expect(obtenido[i], `línea ${i + 1}`).toBe(esperado[i]);
  });

  it('a boleta is type 03 with the buyer DNI (scheme 1), its own quantities and words', () => {
    const xml = facturaUbl(EMISOR, boletaEjemplo());
    expect(xml).toContain('<cbc:ID>B001-00000042</cbc:ID>');
    expect(xml).toMatch(/<cbc:InvoiceTypeCode [^>]*>03<\/cbc:InvoiceTypeCode>/);
    expect(xml).toMatch(/<cbc:ID schemeID="1" [^>]*>45678912<\/cbc:ID>/);
    expect(xml).toContain('>1.5</cbc:InvoicedQuantity>');
    expect(xml).toContain('<cbc:Note languageLocaleID="1000">QUINIENTOS SESENTA Y SEIS CON 40/100 SOLES</cbc:Note>');
    // No address given: no empty RegistrationAddress for the buyer.
    expect(xml.split('<cac:RegistrationAddress>')).toHaveLength(2);
  });

  it('leaves room for the signature first and names it before the issuer, as UBL orders them', () => {
    const xml = facturaUbl(EMISOR, facturaEjemplo());
    expect(xml).toMatch(/<Invoice [^>]*>\n {2}<ext:UBLExtensions>\n {4}<ext:UBLExtension>\n {6}<ext:ExtensionContent\/>/);
    const firma = xml.indexOf('<cac:Signature>');
    expect(firma).toBeGreaterThan(xml.indexOf('<cac:OrderReference>'));
    expect(firma).toBeLessThan(xml.indexOf('<cac:AccountingSupplierParty>'));
    expect(xml).toContain(`<cbc:ID>${FIRMA_ID}</cbc:ID>`);
    expect(xml).toContain(`<cbc:URI>#${FIRMA_ID}</cbc:URI>`);
  });

  it('only a factura declares FormaPago Contado: the boleta rules would read it as a detracción (3128)', () => {
    expect(facturaUbl(EMISOR, facturaEjemplo())).toContain('<cbc:PaymentMeansID>Contado</cbc:PaymentMeansID>');
    expect(facturaUbl(EMISOR, boletaEjemplo())).not.toContain('<cac:PaymentTerms>');
  });

  it('references keep letters and digits only (SUNAT observations 4233, 4269), and go when nothing is left', () => {
    const f = facturaEjemplo();
    const xml = facturaUbl(EMISOR, { ...f, orden: 'OV-8' });
    expect(xml).toContain('<cac:OrderReference>\n    <cbc:ID>OV8</cbc:ID>');
    expect(xml).toContain('<cbc:ID>PV0002</cbc:ID>');
    expect(facturaUbl(EMISOR, { ...f, orden: '--' })).not.toContain('<cac:OrderReference>');
    expect(facturaUbl(EMISOR, { ...f, orden: 'OV-123456789012345678901' })).toContain('<cbc:ID>OV123456789012345678</cbc:ID>');
  });

  it('a boleta without document declares scheme 0 and number "-"; dollars read DÓLARES AMERICANOS', () => {
    const b = boletaEjemplo();
    const xml = facturaUbl(EMISOR, { ...b, moneda: 'USD', cliente: { ...b.cliente, tipo_documento: '0', numero_documento: '' } });
    expect(xml).toMatch(/<cbc:ID schemeID="0" [^>]*>-<\/cbc:ID>/);
    expect(xml).toContain('<cbc:TaxAmount currencyID="USD">86.40</cbc:TaxAmount>');
    expect(xml).toContain('CON 40/100 DÓLARES AMERICANOS</cbc:Note>');
  });

  it('escapes the five XML characters and drops control characters XML 1.0 forbids', () => {
    expect(xmlTexto(`a&b<c>d"e'f`)).toBe('a&amp;b&lt;c&gt;d&quot;e&apos;f');
    expect(xmlTexto('x\u0000y\u0007z\tw\n')).toBe('x y z\tw\n');
    const f = facturaEjemplo();
    const cliente = { ...f.cliente, nombre: 'A"/><x>' };
    const xml = facturaUbl(EMISOR, { ...f, cliente, lineas: [{ ...f.lineas[0], unidad: 'MTQ', descripcion: '</cbc:Description>&' }, f.lineas[1]] });
    expect(xml).toContain('<cbc:RegistrationName>A&quot;/&gt;&lt;x&gt;</cbc:RegistrationName>');
    expect(xml).toContain('<cbc:Description>&lt;/cbc:Description&gt;&amp;</cbc:Description>');
  });
});
