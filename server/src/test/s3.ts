/**
 * An S3-compatible server on 127.0.0.1 for tests of platform/storage-s3.ts: s3rver (in-process, its
 * objects in a temporary folder), with one bucket. It answers the S3 REST API as the AWS SDK calls
 * it (path-style PUT/GET/HEAD/DELETE/ListObjectsV2, NoSuchKey, 204 on deleting a missing key) and
 * refuses an access key id it does not know (InvalidAccessKeyId); it does not recompute AWS4
 * signatures, so a wrong secret key is not caught here (a real S3, MinIO or Ceph refuses it).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface FakeS3 {
  endpoint: string;
  bucket: string;
  /** The settings a server needs for this bucket (its only account: S3RVER / S3RVER). */
  env: Record<string, string>;
  /** The objects' folder (s3rver's layout). */
  directory: string;
  stop(): Promise<void>;
}

export async function startS3(bucket = 'obra-archivos'): Promise<FakeS3> {
  // Loaded here, not by every test file through the harness.
  const { default: S3rver } = await import('s3rver');
  const directory = mkdtempSync(join(tmpdir(), 'obra-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  let stopped = false;
  return {
    endpoint,
    bucket,
    directory,
    env: {
      STORAGE: 's3', S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER', S3_FORCE_PATH_STYLE: 'true',
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
