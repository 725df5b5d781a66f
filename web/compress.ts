import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|svg|html|json)$/;
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/**
 * Writes `x.br` (brotli, maximum quality) and `x.gz` beside every text file of the build, once,
 * so the server sends them as they are (@fastify/static `preCompressed`) instead of compressing
 * each reply. A variant that would not be smaller is not written; the plain file is served then.
 */
export function compressAssets(): Plugin {
  return {
    name: 'obra-compress-assets',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir!;
      const files = Object.keys(bundle).filter((name) => COMPRESSIBLE.test(name));
      await Promise.all(files.map(async (name) => {
        const path = join(dir, name);
        const raw = await readFile(path);
        const variants: [string, Buffer][] = [
          ['.br', await brotli(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } })],
          ['.gz', await gz(raw, { level: constants.Z_BEST_COMPRESSION })],
        ];
        await Promise.all(variants.filter(([, data]) => data.length < raw.length).map(([ext, data]) => writeFile(path + ext, data)));
      }));
    },
  };
}
