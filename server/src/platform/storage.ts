import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';

/**
 * Where uploaded and generated files live. Keys are generated here, never taken from a
 * client. The local folder is the default; the S3-compatible implementation of the same
 * interface (storage-s3.ts, `STORAGE=s3`) lets several instances share files.
 */
export interface Storage {
  put(folder: string, extension: string, content: Buffer): Promise<string>;
  get(key: string): Promise<Buffer | null>;
  remove(key: string): Promise<void>;
}

/** A new key, the same in every implementation: `folder/uuid.ext`, both parts reduced to safe characters. */
export function newKey(folder: string, extension: string): string {
  const dir = folder.replace(/[^a-z0-9_-]/gi, '');
  const name = `${randomUUID()}.${extension.replace(/[^a-z0-9]/gi, '')}`;
  return dir ? `${dir}/${name}` : name;
}

/**
 * A key as `newKey` writes them (and as `DATA_DIR/files` holds them): '/'-separated names of
 * letters, digits, '.', '_' and '-', none of them '.' or '..'. A key that is not cannot reach
 * outside the store, in a folder or in a bucket.
 */
export function isValidKey(key: string): boolean {
  return key.length > 0 && key.length <= 512
    && key.split('/').every((part) => /^[a-z0-9._-]+$/i.test(part) && part !== '.' && part !== '..');
}

export function createLocalStorage(root: string): Storage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    const full = resolve(base, key);
    if (!full.startsWith(base + sep)) throw new Error('clave de archivo inválida');
    return full;
  };
  return {
    async put(folder, extension, content) {
      const key = newKey(folder, extension);
      const full = pathOf(key);
      await mkdir(dirname(full), { recursive: true });
      await writeFile(full, content);
      return key;
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
