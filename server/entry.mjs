// dist/main.js, the compiled server's entry (server/build.mjs copies it there and fills in BUNDLE_ID):
// runs the bundle, dist/server.cjs, through a V8 code cache kept beside it, so a start does not
// parse and compile the bundle again (about 0.2 s of a start; bench/README.md, "Start-up").
// Node 22 does this for every module with module.enableCompileCache(); Node 20 has no such API.
// The cache is written once the server listens (main.ts emits 'obra:listening'), so it holds the
// functions compiled during start-up too. V8 rejects a cache made by another Node version or with
// other flags, and it is then written again; the file name carries the bundle's hash, and a new
// build empties dist/. Where dist/ cannot be written, the server runs without a cache.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import vm from 'node:vm';

// PGlite's WASM runs first in V8's baseline compiler, and a function is recompiled optimized on
// background threads once it has run enough (the tiering budget). With the default budget the
// start-up itself (PostgreSQL zeroing its buffers, the first catalog reads) sends hundreds of
// functions to the optimizer, whose threads take the second core from the start for about 0.4 s
// of CPU. Ten times the budget leaves the start in baseline code; the functions a running server
// repeats still get optimized within its first requests (bench/RESULTS.md, 2026-11-25 start-up).
v8.setFlagsFromString('--wasm-tiering-budget=18000000');

const BUNDLE_ID = 'development';
const dir = dirname(fileURLToPath(import.meta.url));
const file = join(dir, 'server.cjs');
const cacheFile = join(dir, `server-${BUNDLE_ID}.v8cache`);

let cachedData;
try {
  cachedData = readFileSync(cacheFile);
} catch {
  // First start of this build.
}
const script = new vm.Script(Module.wrap(readFileSync(file, 'utf8')), {
  filename: file,
  cachedData,
  importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
});
if (!cachedData || script.cachedDataRejected) {
  process.once('obra:listening', () => setImmediate(() => {
    try {
      const partial = `${cacheFile}.${process.pid}`;
      writeFileSync(partial, script.createCachedData());
      renameSync(partial, cacheFile);
    } catch {
      // A read-only dist/: start without a cache next time too.
    }
  }));
}
const module = new Module(file);
module.filename = file;
script.runInThisContext()(module.exports, createRequire(file), module, file, dir);
