// `npm run files:to-s3`: copies DATA_DIR/files into the bucket of the S3_* settings (docs/operations.md,
// "Files in object storage"), checks every key, and exits with 1 if any failed. Run it with the
// same S3_* variables the server will have; STORAGE may still be local.
import { existsSync } from 'node:fs';
import { loadConfig, localFilesDir } from '../config.ts';
import { copyFolderToBucket } from './storage-copy.ts';
import { openS3Bucket } from './storage-s3.ts';

// The command reads no token or secret: placeholders keep loadConfig from generating them into DATA_DIR.
const config = loadConfig({ JWT_SECRET: 'x'.repeat(32), SECRETS_KEY: 'x'.repeat(32), ...process.env, STORAGE: 's3' });
if (config.storage.kind !== 's3') throw new Error('unreachable');
const s3 = config.storage;
const root = localFilesDir(config.dataDir);
const destino = `s3://${s3.bucket}/${s3.prefix}${s3.endpoint ? ` en ${s3.endpoint}` : ''}`;
if (!existsSync(root)) {
  process.stderr.write(`No existe la carpeta ${root}: revise DATA_DIR.\n`);
  process.exit(1);
}
process.stdout.write(`Copiando los archivos de ${root} a ${destino}…\n`);
const bucket = await openS3Bucket(s3);
try {
  const r = await copyFolderToBucket(root, bucket);
  for (const f of r.fallidos) process.stderr.write(`Falló ${f.clave}: ${f.error}\n`);
  process.stdout.write(`Copiados: ${r.copiados.length} · Ya estaban: ${r.yaEstaban.length} · Fallidos: ${r.fallidos.length}\n`);
  process.stdout.write(r.fallidos.length > 0
    ? 'Hubo archivos que no se copiaron: corrija la causa y vuelva a ejecutar el comando (lo ya copiado no se repite).\n'
    : 'Todos los archivos están en el bucket con el mismo contenido.\n');
  process.exitCode = r.fallidos.length > 0 ? 1 : 0;
} finally {
  bucket.close();
}
