// Compiles the server for production start, without a TypeScript loader (bench/README.md, "Start-up"):
// - dist/server.cjs: server/src, @obra/domain and the packages in one CommonJS bundle, so a start
//   does not resolve and compile hundreds of package files. Packages stay in node_modules when
//   they load files of their own at run time: PGlite (its WASM and data files), the Swagger UI
//   (static assets; loaded on the first visit to /api/docs), pino and its transports (worker
//   threads), argon2 (native), and exceljs, pdfkit and nodemailer (loaded on first use, large), and
//   the AWS S3 client (loaded at start only with STORAGE=s3, large).
// - dist/main.js: server/entry.mjs, which runs the bundle through a V8 code cache.
// - dist/migrations: the SQL migrations, where the database client looks for them.
// - dist/store-template.tar.gz: a migrated embedded store, where a new store begins (below).
import { createHash } from 'node:crypto';
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));
const dist = here('./dist');
const external = ['@electric-sql/pglite', '@fastify/swagger-ui', 'pino', 'pino-pretty', 'thread-stream', '@node-rs/argon2', 'exceljs', 'pdfkit', 'nodemailer', '@aws-sdk/client-s3', 'pg-native'];

rmSync(dist, { recursive: true, force: true });
await build({
  entryPoints: [here('./src/main.ts')],
  outfile: `${dist}/server.cjs`,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20.19',
  sourcemap: true,
  logLevel: 'warning',
  external: external.flatMap((p) => [p, `${p}/*`]),
  // import.meta.url of the sources (migrations, web/dist) is the bundle's own URL.
  define: { 'import.meta.url': '__obraModuleUrl' },
  banner: { js: "var __obraModuleUrl = require('node:url').pathToFileURL(__filename).href;" },
  // import('exceljs') and the like become require(): the packages are CommonJS, and the bundle
  // runs as a vm.Script.
  supported: { 'dynamic-import': false },
});
const bundleId = createHash('sha256').update(readFileSync(`${dist}/server.cjs`)).digest('hex').slice(0, 16);
const entry = readFileSync(here('./entry.mjs'), 'utf8');
if (!entry.includes("const BUNDLE_ID = 'development';")) throw new Error('server/entry.mjs: BUNDLE_ID not found');
writeFileSync(`${dist}/main.js`, entry.replace("const BUNDLE_ID = 'development';", `const BUNDLE_ID = '${bundleId}';`));
cpSync(here('./src/db/migrations'), `${dist}/migrations`, { recursive: true });

// dist/store-template.tar.gz: an embedded store with every migration applied, from which a first
// start on an empty DATA_DIR begins instead of running PGlite's initdb and the migrations (about
// 4.4 s against 2 s; bench/RESULTS.md, 2026-11-25 start-up). Written from this build's migrations
// by this PGlite, so it always matches them.
const { PGlite } = await import('@electric-sql/pglite');
const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
const { unaccent } = await import('@electric-sql/pglite/contrib/unaccent');
const { drizzle } = await import('drizzle-orm/pglite');
const { migrate } = await import('drizzle-orm/pglite/migrator');
const store = await PGlite.create({ extensions: { pg_trgm, unaccent } });
await migrate(drizzle({ client: store }), { migrationsFolder: `${dist}/migrations` });
await store.exec('checkpoint');
writeFileSync(`${dist}/store-template.tar.gz`, Buffer.from(await (await store.dumpDataDir('gzip')).arrayBuffer()));
await store.close();
