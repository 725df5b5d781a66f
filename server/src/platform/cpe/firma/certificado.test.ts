import { X509Certificate, createPrivateKey } from 'node:crypto';
import forge from 'node-forge';
import { describe, expect, it } from 'vitest';
import { EMISOR } from '../ejemplo.test-data.ts';
import { generarCertificadoPrueba, leerPkcs12 } from './certificado.ts';

const ahora = new Date('2026-11-27T15:00:00Z');
const prueba = generarCertificadoPrueba(EMISOR.ruc, EMISOR.razon_social, ahora);
const otro = generarCertificadoPrueba('20100070970', 'Autoridad de Prueba S.A.', ahora);
const der = (asn1: forge.asn1.Asn1) => Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');

describe('issuer certificate (PKCS#12)', () => {
  it('a test certificate reads back: RSA key and certificate that match, a name that says PRUEBA, ten years', () => {
    const c = leerPkcs12(prueba.p12, prueba.password);
    expect(c.sujeto).toContain('CN=PRUEBA - NO VÁLIDO PARA SUNAT - Concretera Andina S.A.C.');
    expect(c.sujeto).toContain(`serialNumber=${EMISOR.ruc}`);
    expect(c.sujeto).toContain('O=Concretera Andina S.A.C.');
    // Self-signed.
    expect(c.emisor).toBe(c.sujeto);
    expect(c.serie).toMatch(/^[0-9A-F]+$/);
    expect(c.validoDesde.toISOString()).toBe('2026-11-27T15:00:00.000Z');
    expect(c.validoHasta.toISOString()).toBe('2036-11-27T15:00:00.000Z');
    expect(c.clavePrivadaPem).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    const x509 = new X509Certificate(c.certificadoPem);
    expect(x509.checkPrivateKey(createPrivateKey(c.clavePrivadaPem))).toBe(true);
    expect(x509.publicKey.asymmetricKeyDetails?.modulusLength).toBe(2048);
    expect(prueba.password.length).toBeGreaterThanOrEqual(16);
  });

  it('refuses a wrong password in Spanish', () => {
    expect(() => leerPkcs12(prueba.p12, 'otra')).toThrow('La contraseña del certificado no es correcta');
  });

  it('refuses a file that is not PKCS#12, garbage or another DER structure', () => {
    const mensaje = 'El archivo no es un certificado PKCS#12 (.pfx o .p12) válido';
    expect(() => leerPkcs12(Buffer.from('esto no es un certificado'), 'x')).toThrow(mensaje);
    expect(() => leerPkcs12(Buffer.alloc(0), 'x')).toThrow(mensaje);
    const certificadoDer = new X509Certificate(leerPkcs12(prueba.p12, prueba.password).certificadoPem).raw;
    expect(() => leerPkcs12(certificadoDer, 'x')).toThrow(mensaje);
  });

  it('from a file that carries a chain, takes the certificate of its private key', () => {
    const propio = leerPkcs12(prueba.p12, prueba.password);
    const ajeno = leerPkcs12(otro.p12, otro.password);
    // The foreign certificate first, as a CA chain often comes.
    const p12 = forge.pkcs12.toPkcs12Asn1(
      forge.pki.privateKeyFromPem(propio.clavePrivadaPem),
      [forge.pki.certificateFromPem(ajeno.certificadoPem), forge.pki.certificateFromPem(propio.certificadoPem)],
      'clave',
      { algorithm: '3des' },
    );
    const leido = leerPkcs12(der(p12), 'clave');
    expect(leido.sujeto).toBe(propio.sujeto);
    expect(leido.serie).toBe(propio.serie);
  });

  it('refuses a file without private key, and one whose certificates are not of its key', () => {
    const propio = leerPkcs12(prueba.p12, prueba.password);
    const ajeno = leerPkcs12(otro.p12, otro.password);

    const soloCertificado = forge.pkcs12.toPkcs12Asn1(null, [forge.pki.certificateFromPem(propio.certificadoPem)], 'clave');
    expect(() => leerPkcs12(der(soloCertificado), 'clave')).toThrow('El certificado no contiene la clave privada');

    const cruzado = forge.pkcs12.toPkcs12Asn1(forge.pki.privateKeyFromPem(propio.clavePrivadaPem), [forge.pki.certificateFromPem(ajeno.certificadoPem)], 'clave');
    expect(() => leerPkcs12(der(cruzado), 'clave')).toThrow('Ningún certificado del archivo corresponde a su clave privada');
  });
});
