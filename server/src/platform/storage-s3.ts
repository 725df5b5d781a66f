import { createHash } from 'node:crypto';
import type { S3Client } from '@aws-sdk/client-s3';
import type { Config } from '../config.ts';
import { isValidKey, newKey, type Storage } from './storage.ts';

export type S3Settings = Extract<Config['storage'], { kind: 's3' }>;

/** What HEAD says of an object: its size and ETag (without quotes; the MD5 in hex for a single PUT without KMS). */
export interface S3Head {
  size: number;
  etag: string;
}

/**
 * One bucket (and prefix) through the AWS SDK: the operations `Storage` and `npm run files:to-s3`
 * need, each bounded by `timeoutMs` with its retries and its body (a hung service fails the
 * request instead of holding it), keys checked with `isValidKey` before they reach a URL.
 */
export interface S3Bucket {
  putObject(key: string, content: Buffer): Promise<void>;
  getObject(key: string): Promise<Buffer | null>;
  headObject(key: string): Promise<S3Head | null>;
  deleteObject(key: string): Promise<void>;
  close(): void;
}

/**
 * A key that is not there: GET says NoSuchKey; HEAD has no body to say it in, so a 404 (a missing
 * bucket is then found by the PUT that follows). Any other 404, NoSuchBucket above all, is an error:
 * a wrong bucket must not look like files gone missing.
 */
const errorName = (err: unknown) => (err as { name?: string })?.name;
const isNoSuchKey = (err: unknown) => errorName(err) === 'NoSuchKey';
const isHeadNotFound = (err: unknown) =>
  errorName(err) !== 'NoSuchBucket' && (err as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode === 404;

export async function openS3Bucket(s: S3Settings): Promise<S3Bucket> {
  // Loaded on use: a server on the local folder never reads the SDK (server/build.mjs keeps it external).
  const sdk = await import('@aws-sdk/client-s3');
  const client: S3Client = new sdk.S3Client({
    region: s.region,
    endpoint: s.endpoint,
    forcePathStyle: s.forcePathStyle,
    credentials: s.credentials,
    maxAttempts: 3,
    requestHandler: { connectionTimeout: Math.min(5000, s.timeoutMs), requestTimeout: s.timeoutMs, throwOnRequestTimeout: true, socketTimeout: s.timeoutMs },
    // Checksums only where S3 requires them: some S3-compatible services (older MinIO and Ceph
    // releases among them) refuse the CRC headers the SDK adds by default since 2025. Uploads carry
    // Content-MD5 instead (below), which S3 and the compatible services check.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const objectKey = (key: string) => {
    if (!isValidKey(key)) throw new Error('clave de archivo inválida');
    return s.prefix + key;
  };
  /**
   * One operation under the deadline. Running out of it is an outage, not a bug: the error carries
   * ETIMEDOUT, which the error reply answers with 503 (platform/errors.ts isConnectionError), as it
   * does a refused connection.
   */
  const bounded = async <T>(op: (options: { abortSignal: AbortSignal }) => Promise<T>): Promise<T> => {
    const abortSignal = AbortSignal.timeout(s.timeoutMs);
    try {
      return await op({ abortSignal });
    } catch (err) {
      if (abortSignal.aborted) throw Object.assign(new Error(`el almacenamiento S3 no respondió en ${s.timeoutMs} ms`), { code: 'ETIMEDOUT', cause: err });
      throw err;
    }
  };

  return {
    async putObject(key, content) {
      const ContentMD5 = createHash('md5').update(content).digest('base64');
      const command = new sdk.PutObjectCommand({ Bucket: s.bucket, Key: objectKey(key), Body: content, ContentMD5, ContentLength: content.length });
      await bounded((options) => client.send(command, options));
    },
    async getObject(key) {
      const command = new sdk.GetObjectCommand({ Bucket: s.bucket, Key: objectKey(key) });
      try {
        return await bounded(async (options) => {
          const res = await client.send(command, options);
          // The body is read under the same deadline: aborting destroys the connection it comes on.
          return res.Body ? Buffer.from(await res.Body.transformToByteArray()) : Buffer.alloc(0);
        });
      } catch (err) {
        if (isNoSuchKey(err)) return null;
        throw err;
      }
    },
    async headObject(key) {
      const command = new sdk.HeadObjectCommand({ Bucket: s.bucket, Key: objectKey(key) });
      try {
        const res = await bounded((options) => client.send(command, options));
        return { size: res.ContentLength ?? 0, etag: (res.ETag ?? '').replace(/"/g, '') };
      } catch (err) {
        if (isHeadNotFound(err)) return null;
        throw err;
      }
    },
    async deleteObject(key) {
      // S3 answers 204 for a key that is not there.
      const command = new sdk.DeleteObjectCommand({ Bucket: s.bucket, Key: objectKey(key) });
      await bounded((options) => client.send(command, options));
    },
    close() {
      client.destroy();
    },
  };
}

/** `Storage` on a bucket: the same keys as the local folder (`newKey`), so a store moves as it is. */
export async function createS3Storage(s: S3Settings): Promise<Storage> {
  const bucket = await openS3Bucket(s);
  return {
    async put(folder, extension, content) {
      const key = newKey(folder, extension);
      await bucket.putObject(key, content);
      return key;
    },
    get: (key) => bucket.getObject(key),
    remove: (key) => bucket.deleteObject(key),
  };
}
