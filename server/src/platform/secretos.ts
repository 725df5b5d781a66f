import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Secrets stored at rest (issue 22: the issuer's certificate and its password, the SOL password,
 * Nubefact's token): AES-256-GCM under the instance's secrets key (config `secretsKey`: SECRETS_KEY,
 * or a key generated once in DATA_DIR). Several instances share one key, like JWT_SECRET. A stored
 * value reads 'v1:' + base64(iv | tag | ciphertext); a value altered or sealed with another key
 * does not open (GCM's tag), and `abrir` says so instead of answering garbage.
 */
export interface Secretos {
  cerrar(valor: Buffer | string): string;
  abrir(sellado: string): Buffer;
  abrirTexto(sellado: string): string;
}

export function crearSecretos(clave: string): Secretos {
  const key = createHash('sha256').update(clave, 'utf8').digest();
  const abrir = (sellado: string): Buffer => {
    if (!sellado.startsWith('v1:')) throw new Error('El secreto guardado no tiene un formato conocido');
    const raw = Buffer.from(sellado.slice(3), 'base64');
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    try {
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]);
    } catch {
      throw new Error('No se pudo descifrar un secreto guardado: la clave de secretos (SECRETS_KEY) no es la misma con que se guardó');
    }
  };
  return {
    cerrar(valor) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(typeof valor === 'string' ? Buffer.from(valor, 'utf8') : valor), cipher.final()]);
      return `v1:${Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64')}`;
    },
    abrir,
    abrirTexto: (sellado) => abrir(sellado).toString('utf8'),
  };
}
