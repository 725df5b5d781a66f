// Compiles the server to one ES module, server/dist/main.js, so production starts without a
// TypeScript loader. @obra/domain exports .ts files, so it is bundled in; every other package
// stays in node_modules. The SQL migrations are copied beside the bundle, where the database
// client looks for them (./migrations relative to its module).
import { cpSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));
const dist = here('./dist');

/** Bare imports stay external, except our own domain package. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@obra/domain') ? undefined : { path: args.path, external: true }));
  },
};

rmSync(dist, { recursive: true, force: true });
await build({
  entryPoints: [here('./src/main.ts')],
  outfile: `${dist}/main.js`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [externalPackages],
});
cpSync(here('./src/db/migrations'), `${dist}/migrations`, { recursive: true });
