import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { isValidKey } from './storage.ts';
import type { S3Bucket } from './storage-s3.ts';

export interface CopyResult {
  /** Keys written to the bucket (and read back equal). */
  copiados: string[];
  /** Keys the bucket already had with the same size and content: left alone. */
  yaEstaban: string[];
  fallidos: { clave: string; error: string }[];
}

/** What went wrong with one key, for the operator. */
function describeError(err: unknown): string {
  const e = err as { name?: string; code?: string; message?: string; $metadata?: { httpStatusCode?: number } };
  const status = e?.$metadata?.httpStatusCode;
  if (e?.name === 'NoSuchBucket') return 'el bucket no existe (NoSuchBucket): revise S3_BUCKET';
  if (e?.name === 'InvalidAccessKeyId' || e?.name === 'SignatureDoesNotMatch') return `credenciales rechazadas (${e.name}): revise S3_ACCESS_KEY_ID y S3_SECRET_ACCESS_KEY`;
  if (status === 403) return `acceso denegado (HTTP 403${e.name && e.name !== 'Unknown' ? `, ${e.name}` : ''}): revise las credenciales y los permisos sobre el bucket`;
  const what = [e?.name && e.name !== 'Error' ? e.name : null, e?.code && e.code !== e.name ? e.code : null, status ? `HTTP ${status}` : null].filter(Boolean).join(', ');
  const message = e?.message && e.message !== e.name ? e.message : '';
  return [what ? `(${what})` : '', message].filter(Boolean).join(' ') || String(err);
}

/** Every file under `root`, as the key it is stored under ('/'-separated relative path). */
async function localKeys(root: string): Promise<string[]> {
  const keys: string[] = [];
  for (const rel of (await readdir(root, { recursive: true })).sort()) {
    if ((await stat(join(root, rel))).isFile()) keys.push(rel.split(sep).join('/'));
  }
  return keys;
}

/**
 * `npm run files:to-s3` (platform/files-to-s3.ts): copies the local store into the bucket under the
 * same keys, so the database's keys keep working. A key already there with the same size and
 * content is skipped, so the command can be run again (after a failure, or to take the files
 * uploaded since, right before switching to `STORAGE=s3`). Every key is checked afterwards: same
 * size and an ETag equal to the file's MD5, or, where the service's ETag is not an MD5 (KMS
 * encryption), the object read back byte for byte.
 */
export async function copyFolderToBucket(root: string, bucket: S3Bucket, concurrency = 4): Promise<CopyResult> {
  const result: CopyResult = { copiados: [], yaEstaban: [], fallidos: [] };
  const keys = await localKeys(root);
  const same = async (key: string, content: Buffer, md5: string) => {
    const head = await bucket.headObject(key);
    if (!head || head.size !== content.length) return false;
    if (head.etag === md5) return true;
    const back = await bucket.getObject(key);
    return back !== null && back.equals(content);
  };
  const copy = async (key: string) => {
    try {
      if (!isValidKey(key)) throw new Error('el nombre no sirve como clave (solo letras, dígitos, ".", "_" y "-")');
      const content = await readFile(join(root, ...key.split('/')));
      const md5 = createHash('md5').update(content).digest('hex');
      if (await same(key, content, md5)) {
        result.yaEstaban.push(key);
        return;
      }
      await bucket.putObject(key, content);
      if (!(await same(key, content, md5))) throw new Error('el objeto del bucket no coincide con el archivo tras copiarlo');
      result.copiados.push(key);
    } catch (err) {
      result.fallidos.push({ clave: key, error: describeError(err) });
    }
  };
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(concurrency, keys.length) }, async () => {
    while (next < keys.length) await copy(keys[next++]);
  }));
  return result;
}
