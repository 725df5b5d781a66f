// Run by `npm start`: builds the web (web/dist) and the server (server/dist/main.js) when either
// is missing or older than its sources, so the README's two commands stay enough.
// `node scripts/ensure-built.mjs server` checks only the server.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

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
  { name: 'web', output: 'web/dist/index.html', sources: ['web/src', 'web/index.html', 'web/vite.config.ts', 'web/compress.ts', 'domain/src'] },
  { name: 'server', output: 'server/dist/main.js', sources: ['server/src', 'server/build.mjs', 'server/entry.mjs', 'domain/src'] },
];
const only = process.argv[2];

for (const t of targets.filter((x) => !only || x.name === only)) {
  const output = join(root, t.output);
  if (existsSync(output) && statSync(output).mtimeMs >= newest(t.sources)) continue;
  process.stdout.write(t.name === 'web' ? 'Construyendo la web...\n' : 'Compilando el servidor...\n');
  execSync(`npm run build --workspace ${t.name}`, { stdio: 'inherit', cwd: root });
}
