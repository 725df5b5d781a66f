import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../db/client.ts';
import { ADMIN, createTestContext, type TestContext } from '../test/harness.ts';
import { startS3, type FakeS3 } from '../test/s3.ts';
import { copyFolderToBucket } from './storage-copy.ts';
import { createLocalStorage } from './storage.ts';
import { openS3Bucket, type S3Settings } from './storage-s3.ts';

/** A 1×1 PNG. */
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000' + '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');
const root = fileURLToPath(new URL('../../..', import.meta.url));

describe('the server with STORAGE=s3', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // The harness starts a local S3-compatible server for the context and sets its S3_* settings.
    ctx = await createTestContext({ STORAGE: 's3', S3_PREFIX: 'obra' });
  });
  afterAll(() => ctx.close());

  it('stores a signature in the bucket, not in DATA_DIR, serves it back through the routes, and removes the one it replaces', async () => {
    const admin = await ctx.auth(ADMIN);
    const png = (extra: number) => Buffer.concat([PNG, Buffer.from(Array.from({ length: extra }, (_, i) => i % 256))]);
    const upload = async (content: Buffer) => {
      const boundary = '----obra-s3';
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="usu_id"\r\n\r\n2\r\n`),
        Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="firma"; filename="firma.png"\r\ncontent-type: image/png\r\n\r\n`),
        content, Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const res = await ctx.app.inject({ method: 'POST', url: '/api/usuario/adjuntarFirma', headers: { ...admin, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
      expect(res.statusCode, res.body).toBe(200);
      const [{ clave }] = await selectRows<{ clave: string }>(ctx.deps.database.db, sql`select usu_firma as clave from usuario where usu_id = 2`);
      return clave;
    };
    const download = () => ctx.app.inject({ method: 'POST', url: '/api/usuario/obtenerFirma', headers: admin, payload: { usuario: { usu_id: 2 } } });

    const first = png(256);
    const key = await upload(first);
    expect(key).toMatch(/^firmas\/[0-9a-f-]{36}\.png$/);
    expect(existsSync(join(ctx.deps.config.dataDir, 'files'))).toBe(false);
    const settings = ctx.deps.config.storage as S3Settings;
    expect(settings).toMatchObject({ kind: 's3', prefix: 'obra/' });
    const bucket = await openS3Bucket(settings);
    expect(await bucket.headObject(key)).toMatchObject({ size: first.length });
    const got = await download();
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.rawPayload.equals(first)).toBe(true);

    const second = png(1000);
    const replaced = await upload(second);
    expect(replaced).not.toBe(key);
    expect(await bucket.headObject(key)).toBeNull();
    expect((await download()).rawPayload.equals(second)).toBe(true);
    bucket.close();
  });
});

describe('npm run files:to-s3', () => {
  let s3: FakeS3;
  let dataDir: string;
  const files: Record<string, Buffer> = {
    'ordenes-venta/3f1c2a9e-4b7d-4c1e-9a2b-1d2e3f4a5b6c.pdf': Buffer.from('%PDF-1.4 orden firmada\n'),
    'firmas/8a7b6c5d-1e2f-4a3b-9c8d-7e6f5a4b3c2d.png': Buffer.from(Array.from({ length: 256 }, (_, i) => 255 - i)),
    '0b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e.': Buffer.alloc(0),
  };
  const writeLocal = (key: string, content: Buffer) => {
    mkdirSync(join(dataDir, 'files', ...key.split('/').slice(0, -1)), { recursive: true });
    writeFileSync(join(dataDir, 'files', ...key.split('/')), content);
  };
  /** Runs the command as an operator would (from the root, through npm) or straight through tsx. */
  const run = (env: Record<string, string>, viaNpm = false) => new Promise<{ code: number; stdout: string; stderr: string }>((done) => {
    const [cmd, args] = viaNpm
      ? ['npm', ['run', '--silent', 'files:to-s3']]
      : [process.execPath, ['--import', 'tsx', join(root, 'server/src/platform/files-to-s3.ts')]];
    execFile(cmd, args, { cwd: root, env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, ...env } }, (err, stdout, stderr) => {
      done({ code: err ? Number(err.code ?? 1) : 0, stdout, stderr });
    });
  });
  const settings = (): S3Settings => ({
    kind: 's3', bucket: s3.bucket, endpoint: s3.endpoint, region: 'us-east-1', credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    forcePathStyle: true, prefix: '', timeoutMs: 10_000,
  });

  beforeAll(async () => {
    s3 = await startS3();
    dataDir = mkdtempSync(join(tmpdir(), 'obra-files-to-s3-'));
    for (const [k, v] of Object.entries(files)) writeLocal(k, v);
  });
  afterAll(async () => {
    await s3.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('copies every file under its key and checks it; a second run copies nothing', async () => {
    const first = await run(s3.env, true);
    expect(first.stdout).toContain(`Copiando los archivos de ${join(dataDir, 'files')} a s3://${s3.bucket}/ en ${s3.endpoint}`);
    expect(first.stdout).toContain('Copiados: 3 · Ya estaban: 0 · Fallidos: 0');
    expect(first.code).toBe(0);
    // What the server on the bucket reads under the database's keys is what the folder had.
    const bucket = await openS3Bucket(settings());
    const local = createLocalStorage(join(dataDir, 'files'));
    for (const [k, v] of Object.entries(files)) {
      expect((await bucket.getObject(k))!.equals(v), k).toBe(true);
      expect((await local.get(k))!.equals(v), k).toBe(true);
    }
    bucket.close();

    const again = await run(s3.env);
    expect(again.stdout).toContain('Copiados: 0 · Ya estaban: 3 · Fallidos: 0');
    expect(again.code).toBe(0);

    // Files uploaded meanwhile, and one changed, are copied on the next run; the rest are left alone.
    writeLocal('orden-archivos/5e6f7a8b-9c0d-4e1f-a2b3-c4d5e6f7a8b9.xml', Buffer.from('<Invoice/>'));
    writeLocal('firmas/8a7b6c5d-1e2f-4a3b-9c8d-7e6f5a4b3c2d.png', Buffer.from('otra firma'));
    const later = await run(s3.env);
    expect(later.stdout).toContain('Copiados: 2 · Ya estaban: 2 · Fallidos: 0');
    expect(later.code).toBe(0);
  });

  it('exits with 1 and names each key that failed: an unknown access key, a stopped server', async () => {
    const refused = await run({ ...s3.env, S3_ACCESS_KEY_ID: 'OTRA', S3_SECRET_ACCESS_KEY: 'OTRA' });
    expect(refused.code).toBe(1);
    expect(refused.stdout).toContain('Copiados: 0 · Ya estaban: 0 · Fallidos: 4');
    expect(refused.stdout).toContain('vuelva a ejecutar el comando');
    expect(refused.stderr).toContain('Falló ordenes-venta/3f1c2a9e-4b7d-4c1e-9a2b-1d2e3f4a5b6c.pdf: acceso denegado (HTTP 403): revise las credenciales y los permisos sobre el bucket');

    const stopped = await startS3();
    await stopped.stop();
    const down = await run({ ...stopped.env, S3_TIMEOUT_MS: '3000' });
    expect(down.code).toBe(1);
    expect(down.stdout).toContain('Fallidos: 4');
    expect(down.stderr).toContain('ECONNREFUSED');

    const noFolder = await run({ ...s3.env, DATA_DIR: join(dataDir, 'no-existe') });
    expect(noFolder.code).toBe(1);
    expect(noFolder.stderr).toContain(`No existe la carpeta ${join(dataDir, 'no-existe', 'files')}: revise DATA_DIR.`);
    expect(existsSync(join(dataDir, 'no-existe'))).toBe(false);

    const bad = await run({ ...s3.env, S3_BUCKET: 'Mal_Nombre' });
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain('S3_BUCKET: nombre de bucket inválido');
  });

  it('fails a file whose name cannot be a key, and copies the rest', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'obra-files-to-s3-'));
    writeFileSync(join(dir, 'con espacio.pdf'), 'x');
    writeFileSync(join(dir, 'bien.pdf'), 'y');
    const bucket = await openS3Bucket(settings());
    const r = await copyFolderToBucket(dir, bucket);
    bucket.close();
    rmSync(dir, { recursive: true, force: true });
    expect(r.copiados).toEqual(['bien.pdf']);
    expect(r.fallidos).toEqual([{ clave: 'con espacio.pdf', error: 'el nombre no sirve como clave (solo letras, dígitos, ".", "_" y "-")' }]);
  });
});
