// Cold start: milliseconds from spawning the server until /health/live answers, on an existing
// embedded database and on a fresh one. Usage: node scripts/measure-start.mjs [runs]
// (bench/RESULTS.md, "Assets and start-up"). Needs server/dist (npm run build --workspace server).
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

const runs = Number(process.argv[2] ?? 5);
const port = 3299;
const dataDir = '/tmp/obra-measure-start';
const commands = {
  'node server/dist/main.js': ['node', ['server/dist/main.js']],
  'tsx server/src/main.ts': ['node', ['node_modules/.bin/tsx', 'server/src/main.ts']],
};

async function once([cmd, args]) {
  const started = performance.now();
  const child = spawn(cmd, args, { env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn' }, stdio: 'ignore' });
  for (;;) {
    const up = await fetch(`http://127.0.0.1:${port}/health/live`).then(() => true, () => false);
    if (up) break;
    await sleep(20);
  }
  const ms = performance.now() - started;
  const exited = new Promise((resolve) => child.on('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  return Math.round(ms);
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
rmSync(dataDir, { recursive: true, force: true });
await once(commands['node server/dist/main.js']); // creates and seeds the database
for (const [name, command] of Object.entries(commands)) {
  const existing = [];
  for (let i = 0; i < runs; i++) existing.push(await once(command));
  rmSync(dataDir, { recursive: true, force: true });
  const fresh = await once(command);
  process.stdout.write(`${name}: existing database median ${median(existing)} ms (${existing.join(', ')}); fresh database ${fresh} ms\n`);
}
rmSync(dataDir, { recursive: true, force: true });
