import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';

/**
 * Where uploaded and generated files live. Keys are generated here, never taken from a
 * client. The local folder is the default; an object-storage implementation of the same
 * interface lets several instances share files.
 */
export interface Storage {
  put(folder: string, extension: string, content: Buffer): Promise<string>;
  get(key: string): Promise<Buffer | null>;
  remove(key: string): Promise<void>;
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
      const key = join(folder.replace(/[^a-z0-9_-]/gi, ''), `${randomUUID()}.${extension.replace(/[^a-z0-9]/gi, '')}`);
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
