/**
 * The issuer's digital certificate: read the PKCS#12 file (.pfx/.p12) a certification authority
 * delivers, and make a self-signed test one for demos and tests. SUNAT requires RSA with SHA-256.
 * node-forge reads and writes PKCS#12 (Node's crypto cannot); Node's crypto generates the key (forge's
 * pure-JS RSA generation takes seconds) and reads the certificate's names and dates.
 */
import { X509Certificate, createPrivateKey, generateKeyPairSync, randomBytes } from 'node:crypto';
import forge from 'node-forge';

export interface CertificadoFirma {
  /** PKCS#8 PEM. */
  clavePrivadaPem: string;
  certificadoPem: string;
  /** 'CN=..., O=...', most specific name first (RFC 4514 order). */
  sujeto: string;
  emisor: string;
  /** Serial number, hexadecimal. */
  serie: string;
  validoDesde: Date;
  validoHasta: Date;
}

const NO_PKCS12 = 'El archivo no es un certificado PKCS#12 (.pfx o .p12) válido';
const CONTRASENA = 'La contraseña del certificado no es correcta';

/** Node prints a distinguished name one attribute per line, in certificate order. */
const nombreLegible = (dn: string) => dn.split('\n').filter(Boolean).reverse().join(', ');

const aBuffer = (bytes: string) => Buffer.from(bytes, 'binary');

function abrirPkcs12(p12: Buffer, password: string): forge.pkcs12.Pkcs12Pfx {
  let asn1: forge.asn1.Asn1;
  try {
    asn1 = forge.asn1.fromDer(forge.util.createBuffer(p12.toString('binary')));
  } catch (e) {
    throw new Error(NO_PKCS12, { cause: e });
  }
  try {
    return forge.pkcs12.pkcs12FromAsn1(asn1, password);
  } catch (e) {
    const texto = e instanceof Error ? e.message : String(e);
    if (/^Cannot read PKCS#12 PFX|^PKCS#12 PFX of version|^Invalid PKCS#12/.test(texto)) throw new Error(NO_PKCS12, { cause: e });
    // With a MAC a wrong password fails its check; without one, decrypting the key bag fails.
    if (/Invalid password|wrong password|Failed to decrypt/i.test(texto)) throw new Error(CONTRASENA, { cause: e });
    throw new Error(`No se pudo leer el certificado PKCS#12: ${texto}`, { cause: e });
  }
}

function bolsas(p: forge.pkcs12.Pkcs12Pfx, tipo: string): forge.pkcs12.Bag[] {
  return p.getBags({ bagType: tipo })[tipo] ?? [];
}

/**
 * The key and the certificate that belongs to it from a PKCS#12 file. The file may hold the CA
 * chain too: the certificate is the one whose public key matches the private key.
 */
export function leerPkcs12(p12: Buffer, password: string): CertificadoFirma {
  const pfx = abrirPkcs12(p12, password);
  const claves = [...bolsas(pfx, forge.pki.oids.pkcs8ShroudedKeyBag), ...bolsas(pfx, forge.pki.oids.keyBag)];
  if (claves.length === 0) throw new Error('El certificado no contiene la clave privada; exporte el .pfx incluyendo la clave privada');
  const rsa = claves.find((b) => b.key);
  if (!rsa?.key) throw new Error('La clave privada del certificado no es RSA; SUNAT solo acepta certificados RSA');
  const clave = createPrivateKey(forge.pki.privateKeyToPem(rsa.key));

  const certificados = bolsas(pfx, forge.pki.oids.certBag).flatMap((b) => {
    if (b.cert) return [new X509Certificate(aBuffer(forge.asn1.toDer(forge.pki.certificateToAsn1(b.cert)).getBytes()))];
    if (b.asn1) return [new X509Certificate(aBuffer(forge.asn1.toDer(b.asn1).getBytes()))];
    return [];
  });
  if (certificados.length === 0) throw new Error('El archivo no contiene ningún certificado');
  const propio = certificados.find((c) => c.checkPrivateKey(clave));
  if (!propio) throw new Error('Ningún certificado del archivo corresponde a su clave privada');

  return {
    clavePrivadaPem: clave.export({ type: 'pkcs8', format: 'pem' }).toString(),
    certificadoPem: propio.toString(),
    sujeto: nombreLegible(propio.subject),
    emisor: nombreLegible(propio.issuer),
    serie: propio.serialNumber,
    validoDesde: new Date(propio.validFrom),
    validoHasta: new Date(propio.validTo),
  };
}

/** X.509 caps the common name at 64 characters. */
const CN_MAX = 64;

/**
 * A self-signed RSA 2048 / SHA-256 certificate for `ruc`, valid ten years, whose name says it is a
 * test: documents signed with it pass an integrity check but SUNAT refuses them (not issued by an
 * accredited authority), so it can never pass for the real one.
 */
export function generarCertificadoPrueba(ruc: string, razonSocial: string, ahora = new Date()): { p12: Buffer; password: string } {
  const par = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
  });
  const clave = forge.pki.privateKeyFromPem(par.privateKey);
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(par.publicKey);
  // Positive and non-zero: a leading 01 keeps the top bit clear.
  cert.serialNumber = `01${randomBytes(15).toString('hex')}`;
  cert.validity.notBefore = new Date(ahora);
  const hasta = new Date(ahora);
  hasta.setUTCFullYear(hasta.getUTCFullYear() + 10);
  cert.validity.notAfter = hasta;
  // @types/node-forge types valueTagClass as an asn1.Class; forge reads it as the universal tag number.
  const utf8 = forge.asn1.Type.UTF8 as unknown as forge.asn1.Class;
  const nombre: forge.pki.CertificateField[] = [
    { shortName: 'C', value: 'PE' },
    { shortName: 'O', value: razonSocial, valueTagClass: utf8 },
    { shortName: 'OU', value: `RUC ${ruc}`, valueTagClass: utf8 },
    { type: '2.5.4.5', value: ruc },
    { shortName: 'CN', value: `PRUEBA - NO VÁLIDO PARA SUNAT - ${razonSocial}`.slice(0, CN_MAX), valueTagClass: utf8 },
  ];
  cert.setSubject(nombre);
  cert.setIssuer(nombre);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', critical: true, digitalSignature: true, nonRepudiation: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  cert.sign(clave, forge.md.sha256.create());

  const password = randomBytes(18).toString('base64url');
  const pfx = forge.pkcs12.toPkcs12Asn1(clave, [cert], password, { algorithm: 'aes256', generateLocalKeyId: true, friendlyName: `PRUEBA ${ruc}` });
  return { p12: aBuffer(forge.asn1.toDer(pfx).getBytes()), password };
}
