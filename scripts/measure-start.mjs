// Cold start on an existing embedded database and on a fresh one: wall time from spawning the
// server until it listens (measured outside), and the process's own figures from its start-up
// log line (wall and CPU time from process start). CPU time barely moves with the machine's load.
// Usage: node scripts/measure-start.mjs [runs]. Needs server/dist (npm run build --workspace server).
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createInterface } from 'node:readline';

const runs = Number(process.argv[2] ?? 5);
const dataDir = '/tmp/obra-measure-start';
const commands = {
  'node server/dist/main.js': ['node', ['server/dist/main.js']],
  'tsx server/src/main.ts': ['node', ['node_modules/.bin/tsx', 'server/src/main.ts']],
};

/** Starts the server, waits for its "escuchando" line, stops it. */
async function once([cmd, args]) {
  const started = performance.now();
  const env = { ...process.env, DATA_DIR: dataDir, PORT: '3299', LOG_LEVEL: 'info', LOG_FORMAT: 'json' };
  const child = spawn(cmd, args, { env, stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  for await (const line of createInterface({ input: child.stdout })) {
    const entry = JSON.parse(line);
    if (entry.startupMs === undefined) continue;
    const result = { outside: Math.round(performance.now() - started), wall: entry.startupMs, cpu: entry.startupCpuMs };
    child.kill('SIGTERM');
    await exited;
    return result;
  }
  throw new Error('el servidor terminó sin escuchar');
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const show = (rs) => ['outside', 'wall', 'cpu'].map((k) => `${k} ${median(rs.map((r) => r[k]))} ms`).join(', ');
rmSync(dataDir, { recursive: true, force: true });
await once(commands['node server/dist/main.js']); // creates and seeds the database
const results = Object.fromEntries(Object.keys(commands).map((name) => [name, []]));
for (let i = 0; i < runs; i++) {
  // Interleaved, so both commands see the same load.
  for (const [name, command] of Object.entries(commands)) results[name].push(await once(command));
}
for (const [name, command] of Object.entries(commands)) {
  rmSync(dataDir, { recursive: true, force: true });
  const fresh = await once(command);
  process.stdout.write(`${name}: existing database (median of ${runs}) ${show(results[name])}; fresh database ${show([fresh])}\n`);
}
rmSync(dataDir, { recursive: true, force: true });
