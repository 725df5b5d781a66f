// Run by `npm start` (scripts/start.mjs): builds the web (web/dist) and the server (server/dist/main.js) when either
// is missing or older than its sources, so the README's two commands stay enough. The builds run
// behind one progress line (build-progress.mjs); their output is shown only when one fails.
// `node scripts/ensure-built.mjs server` checks only the server.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { runSteps } from './build-progress.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Newest modification time under the given files and folders. */
function newest(paths) {
  return paths.reduce((max, p) => {
    const full = join(root, p);
    if (!statSync(full).isDirectory()) return Math.max(max, statSync(full).mtimeMs);
    return Math.max(max, newest(readdirSync(full).map((name) => join(p, name))));
  }, 0);
}

const targets = [
  { name: 'web', label: 'la web', output: 'web/dist/index.html', sources: ['web/src', 'web/index.html', 'web/vite.config.ts', 'web/compress.ts', 'domain/src'] },
  { name: 'server', label: 'el servidor', output: 'server/dist/main.js', sources: ['server/src', 'server/build.mjs', 'server/entry.mjs', 'domain/src'] },
];
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Builds the targets (`only`: one of them) whose output is missing or older than a source; exits 1 when a build fails. */
export async function ensureBuilt(only) {
  const stale = targets
    .filter((x) => !only || x.name === only)
    .filter((t) => !(existsSync(join(root, t.output)) && statSync(join(root, t.output)).mtimeMs >= newest(t.sources)));
  try {
    await runSteps(stale.map((t) => ({ label: t.label, command: npm, args: ['run', 'build', '--workspace', t.name], cwd: root })));
  } catch (err) {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await ensureBuilt(process.argv[2]);
