import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { startS3, type FakeS3 } from '../test/s3.ts';
import { createLocalStorage, isValidKey, type Storage } from './storage.ts';
import { createS3Storage, openS3Bucket, type S3Settings } from './storage-s3.ts';

let s3: FakeS3;
const dataDir = mkdtempSync(join(tmpdir(), 'obra-storage-s3-'));
/** The settings as the server reads them, with `over` on top of the fake's. */
const settings = (over: Record<string, string> = {}): S3Settings => {
  const c = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(32), SECRETS_KEY: 'x'.repeat(32), ...s3.env, ...over });
  if (c.storage.kind !== 's3') throw new Error('STORAGE=s3 esperado');
  return c.storage;
};
/** Every key in the bucket, read with a client of its own. */
async function bucketKeys(): Promise<string[]> {
  const client = new S3Client({ endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
  const res = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
  client.destroy();
  return (res.Contents ?? []).map((o) => o.Key!).sort();
}

beforeAll(async () => {
  s3 = await startS3();
});
afterAll(async () => {
  await s3.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('S3 storage', () => {
  let storage: Storage;
  beforeAll(async () => {
    storage = await createS3Storage(settings({ S3_PREFIX: '/obra//archivos/' }));
  });

  it('stores, reads back and removes binary content under folder/uuid.ext, below the prefix', async () => {
    const every = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
    const big = randomBytes(3 * 1024 * 1024);
    const k1 = await storage.put('ordenes-venta', 'pdf', every);
    const k2 = await storage.put('orden-archivos', 'png', big);
    expect(k1).toMatch(/^ordenes-venta\/[0-9a-f-]{36}\.pdf$/);
    expect(k2).toMatch(/^orden-archivos\/[0-9a-f-]{36}\.png$/);
    expect((await storage.get(k1))!.equals(every)).toBe(true);
    expect((await storage.get(k2))!.equals(big)).toBe(true);
    expect(await bucketKeys()).toEqual(expect.arrayContaining([`obra/archivos/${k1}`, `obra/archivos/${k2}`]));
    const empty = await storage.put('correo', 'txt', Buffer.alloc(0));
    expect((await storage.get(empty))!.length).toBe(0);

    await storage.remove(k1);
    expect(await storage.get(k1)).toBeNull();
    expect(await bucketKeys()).not.toContain(`obra/archivos/${k1}`);
    await storage.remove(k2);
    await storage.remove(empty);
  });

  it('answers null for a missing key and removes a missing key without complaint', async () => {
    expect(await storage.get('ordenes-pago/00000000-0000-0000-0000-000000000000.pdf')).toBeNull();
    expect(await storage.get('nunca.pdf')).toBeNull();
    await expect(storage.remove('ordenes-pago/00000000-0000-0000-0000-000000000000.pdf')).resolves.toBeUndefined();
  });

  it('keeps keys in their folder: the folder and extension given are reduced, a crafted key is refused', async () => {
    const k = await storage.put('../../etc', 'p/d..f', Buffer.from('x'));
    expect(k).toMatch(/^etc\/[0-9a-f-]{36}\.pdf$/);
    expect(await storage.put('../..', 'pdf', Buffer.from('y'))).toMatch(/^[0-9a-f-]{36}\.pdf$/);
    for (const bad of ['../obra-archivos/x.pdf', 'a/../../b.pdf', '/etc/passwd', 'a//b.pdf', './a.pdf', 'a/./b.pdf', 'a\\b.pdf', '', 'a b.pdf', 'a/..']) {
      expect(isValidKey(bad), bad).toBe(false);
      await expect(storage.get(bad), bad).rejects.toThrow('clave de archivo inválida');
      await expect(storage.remove(bad), bad).rejects.toThrow('clave de archivo inválida');
    }
    // The local folder refuses the keys that would leave it just the same.
    const local = createLocalStorage(join(dataDir, 'files'));
    await expect(local.get('../jwt-secret')).rejects.toThrow('clave de archivo inválida');
    expect(await local.put('../../etc', 'p/d..f', Buffer.from('x'))).toMatch(/^etc\/[0-9a-f-]{36}\.pdf$/);
  });

  it('throws on errors other than a missing key: an unknown access key, a bucket that does not exist', async () => {
    const wrongKey = await createS3Storage(settings({ S3_ACCESS_KEY_ID: 'OTRA', S3_SECRET_ACCESS_KEY: 'OTRA' }));
    await expect(wrongKey.get('nunca.pdf')).rejects.toMatchObject({ name: 'InvalidAccessKeyId' });
    await expect(wrongKey.put('x', 'pdf', Buffer.from('x'))).rejects.toMatchObject({ name: 'InvalidAccessKeyId' });
    const noBucket = await createS3Storage(settings({ S3_BUCKET: 'no-existe' }));
    await expect(noBucket.get('nunca.pdf')).rejects.toMatchObject({ name: 'NoSuchBucket' });
  });

  it('gives up on a service that never answers, or stops halfway through a body, within S3_TIMEOUT_MS', async () => {
    let halfway = false;
    const sockets = new Set<Socket>();
    const hung = createServer((req, res) => {
      req.resume();
      // Silent, or the headers and 10 of the 100 bytes announced.
      if (halfway) {
        res.writeHead(200, { 'content-length': '100', 'content-type': 'application/pdf' });
        res.write('%PDF-1.4\n ');
      }
    });
    hung.on('connection', (s) => sockets.add(s));
    await new Promise<void>((ok) => hung.listen(0, '127.0.0.1', ok));
    const port = (hung.address() as AddressInfo).port;
    const bucket = await openS3Bucket(settings({ S3_ENDPOINT: `http://127.0.0.1:${port}`, S3_TIMEOUT_MS: '800' }));
    const within = async (call: () => Promise<unknown>) => {
      const started = Date.now();
      // ETIMEDOUT: answered 503 'Servicio no disponible temporalmente', as a refused connection is.
      await expect(call()).rejects.toMatchObject({ code: 'ETIMEDOUT' });
      expect(Date.now() - started).toBeLessThan(3000);
    };
    try {
      await within(() => bucket.getObject('a.pdf'));
      await within(() => bucket.putObject('a.pdf', Buffer.from('x')));
      await within(() => bucket.headObject('a.pdf'));
      halfway = true;
      await within(() => bucket.getObject('a.pdf'));
    } finally {
      bucket.close();
      for (const s of sockets) s.destroy();
      await new Promise((ok) => hung.close(ok));
    }
  });
});

describe('storage settings', () => {
  const load = (env: Record<string, string>) => () => loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(32), SECRETS_KEY: 'x'.repeat(32), ...env });

  it('defaults to the local folder DATA_DIR/files', () => {
    expect(load({})().storage).toEqual({ kind: 'local', root: join(dataDir, 'files') });
    expect(load({ S3_BUCKET: 'ignorado' })().storage.kind).toBe('local');
  });

  it('reads the bucket settings, with us-east-1, virtual-host style and 30 s by default', () => {
    expect(load({ STORAGE: 's3', S3_BUCKET: 'obra-prod' })().storage).toEqual({
      kind: 's3', bucket: 'obra-prod', endpoint: undefined, region: 'us-east-1', credentials: undefined,
      forcePathStyle: false, prefix: '', timeoutMs: 30_000,
    });
    expect(load({ ...s3.env, S3_PREFIX: 'obra' })().storage).toMatchObject({
      endpoint: s3.endpoint, forcePathStyle: true, prefix: 'obra/', credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
  });

  it('refuses incomplete or wrong settings at start, in Spanish', () => {
    expect(load({ STORAGE: 'ftp' })).toThrow('Configuración inválida: STORAGE: debe ser local o s3');
    expect(load({ STORAGE: 's3' })).toThrow('Configuración inválida: con STORAGE=s3 falta S3_BUCKET');
    expect(load({ STORAGE: 's3', S3_BUCKET: 'Mi_Bucket' })).toThrow('S3_BUCKET: nombre de bucket inválido');
    expect(load({ STORAGE: 's3', S3_BUCKET: 'obra', S3_ACCESS_KEY_ID: 'AKIA' })).toThrow('S3_ACCESS_KEY_ID y S3_SECRET_ACCESS_KEY se indican juntas');
    expect(load({ STORAGE: 's3', S3_BUCKET: 'obra', S3_ENDPOINT: 'minio:9000' })).toThrow('S3_ENDPOINT: debe ser una dirección http:// o https://');
    expect(load({ STORAGE: 's3', S3_BUCKET: 'obra', S3_PREFIX: '../otro' })).toThrow('S3_PREFIX: solo letras');
    expect(load({ STORAGE: 's3', S3_BUCKET: 'obra', S3_FORCE_PATH_STYLE: 'si' })).toThrow('S3_FORCE_PATH_STYLE');
  });
});
