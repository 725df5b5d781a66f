// Compiles the server to one ES module, server/dist/main.js, so production starts without a
// TypeScript loader and without resolving and compiling hundreds of package files (bundling the
// packages saves about 0.1 s of start-up and 0.3 s of CPU; bench/README.md, "Start-up").
// Packages stay in node_modules when they load files of their own at run time: PGlite (its WASM
// and data files), the Swagger UI (static assets), pino and its transports (worker threads),
// argon2 (native), and exceljs and pdfkit (loaded on first use, large). Bundled CommonJS code
// gets `require` from a createRequire banner. The SQL migrations are copied beside the bundle,
// where the database client looks for them (./migrations relative to its module).
import { cpSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));
const dist = here('./dist');
const external = ['@electric-sql/pglite', '@fastify/swagger-ui', 'pino', 'pino-pretty', 'thread-stream', '@node-rs/argon2', 'exceljs', 'pdfkit', 'pg-native'];

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
  external: external.flatMap((p) => [p, `${p}/*`]),
  banner: { js: "import { createRequire as __obraCreateRequire } from 'node:module'; const require = __obraCreateRequire(import.meta.url);" },
});
cpSync(here('./src/db/migrations'), `${dist}/migrations`, { recursive: true });
