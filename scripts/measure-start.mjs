// Cold start: from spawning the server until /health/ready first answers (measured outside), and
// the process's own figures from its start-up log line (wall and CPU time from process start, and the
// end of each step: imports, database open + migrations, deps = reference data + demo check +
// access cache LISTEN, app = buildApp). CPU time barely moves with the machine's load.
//
// Usage: node scripts/measure-start.mjs [runs] [options]   (from the repository root)
//   --fresh <n>          also n starts on a fresh embedded store each (default 1; 0 to skip)
//   --tsx                also measure `tsx server/src/main.ts`, interleaved with the compiled one
//   --entry <file>       the compiled entry to run (default server/dist/main.js); repeat it to
//                        compare builds, interleaved
//   --database-url <url> a PostgreSQL database instead of PGlite (already migrated and seeded
//                        after the first start; no fresh runs)
//   --data-dir <dir>     DATA_DIR of the measured server, emptied first (default /tmp/obra-measure-start)
// PORT in the environment sets the port (default 3299).
// Needs server/dist (npm run build --workspace server). Prints medians and minimums.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';

const { values: opts, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    fresh: { type: 'string', default: '1' },
    tsx: { type: 'boolean', default: false },
    entry: { type: 'string', multiple: true, default: ['server/dist/main.js'] },
    'database-url': { type: 'string' },
    'data-dir': { type: 'string', default: '/tmp/obra-measure-start' },
  },
});
const runs = Number(positionals[0] ?? 5);
const dataDir = opts['data-dir'];
const databaseUrl = opts['database-url'];
const commands = Object.fromEntries(opts.entry.map((e) => [`node ${e}`, ['node', [e]]]));
if (opts.tsx) commands['tsx server/src/main.ts'] = ['node', ['node_modules/.bin/tsx', 'server/src/main.ts']];

/** Starts the server, waits for its "escuchando" line, stops it. */
async function once([cmd, args]) {
  const started = performance.now();
  // Nothing balances here: stopped at once, without the SIGTERM grace.
  const env = { ...process.env, DATA_DIR: dataDir, PORT: process.env.PORT ?? '3299', LOG_LEVEL: 'info', LOG_FORMAT: 'json', SHUTDOWN_GRACE_MS: '0' };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  const child = spawn(cmd, args, { env, stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  // "ready": from spawning to the first 200 of /health/ready, asked every 10 ms (what a browser
  // opened at start waits; work the server does right after listening delays it).
  let ready;
  const readyAt = (async () => {
    while (ready === undefined && child.exitCode === null) {
      try {
        if ((await fetch(`http://127.0.0.1:${env.PORT}/health/ready`)).ok) ready = Math.round(performance.now() - started);
      } catch {
        await new Promise((r) => setTimeout(r, 10));
      }
    }
  })();
  for await (const line of createInterface({ input: child.stdout })) {
    const entry = JSON.parse(line);
    if (entry.startupMs === undefined) continue;
    await readyAt;
    const result = { ready, wall: entry.startupMs, cpu: entry.startupCpuMs };
    // Each step's own duration, from the ends the server logs (older builds log none).
    let previous = 0;
    for (const [step, end] of Object.entries({ ...entry.startupSteps, listen: entry.startupMs })) {
      if (!entry.startupSteps) break;
      result[step] = end - previous;
      previous = end;
    }
    child.kill('SIGTERM');
    await exited;
    return result;
  }
  throw new Error('el servidor terminó sin escuchar');
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const show = (rs) => Object.keys(rs[0]).map((k) => {
  const xs = rs.map((r) => r[k]);
  return rs.length > 1 ? `${k} ${median(xs)} (min ${Math.min(...xs)})` : `${k} ${xs[0]}`;
}).join(', ');

const load = () => `load average ${loadavg().map((x) => x.toFixed(2)).join(' ')}`;
process.stdout.write(`${load()}\n`);
rmSync(dataDir, { recursive: true, force: true });
await once(Object.values(commands)[0]); // creates (or migrates) and seeds the database
const results = Object.fromEntries(Object.keys(commands).map((name) => [name, []]));
for (let i = 0; i < runs; i++) {
  // Interleaved, so every command sees the same load.
  for (const [name, command] of Object.entries(commands)) results[name].push(await once(command));
}
for (const [name] of Object.entries(commands)) {
  process.stdout.write(`${name}, existing ${databaseUrl ? 'PostgreSQL database' : 'PGlite store'} (ms, median of ${runs}):\n  ${show(results[name])}\n`);
}
const freshRuns = databaseUrl ? 0 : Number(opts.fresh);
for (const [name, command] of Object.entries(commands)) {
  if (freshRuns === 0) break;
  const fresh = [];
  for (let i = 0; i < freshRuns; i++) {
    rmSync(dataDir, { recursive: true, force: true });
    fresh.push(await once(command));
  }
  process.stdout.write(`${name}, fresh PGlite store (ms, ${freshRuns > 1 ? `median of ${freshRuns}` : 'one start'}):\n  ${show(fresh)}\n`);
}
process.stdout.write(`${load()}\n`);
rmSync(dataDir, { recursive: true, force: true });
