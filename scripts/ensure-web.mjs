// Builds the web before `npm start` when web/dist is missing or older than its sources.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const dist = 'web/dist/index.html';
const newest = (dir) =>
  readdirSync(dir, { withFileTypes: true }).reduce((max, e) => {
    const p = join(dir, e.name);
    return Math.max(max, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }, 0);
const sources = Math.max(newest('web/src'), newest('domain/src'), statSync('web/index.html').mtimeMs);

if (!existsSync(dist) || statSync(dist).mtimeMs < sources) {
  process.stdout.write('Construyendo la web...\n');
  execSync('npm run build --workspace web', { stdio: 'inherit' });
}
