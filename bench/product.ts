/**
 * The product as a separate process, started from any checkout (this one, or a worktree of an
 * older commit for a before/after run): `node --import tsx src/main.ts` in its `server/`, with
 * the bench's settings. On PostgreSQL it preloads bench/capture-sql.mjs, so the harness can
 * record the SQL of one request and hand the same statements to pgbench.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ADMIN_LOGIN } from './workloads.ts';

const CAPTURE = new URL('./capture-sql.mjs', import.meta.url).href;
const WEB_CLIENT = `Basic ${Buffer.from('obra-web:obra').toString('base64')}`;

export interface Target {
  /** A PostgreSQL server; without it the product opens the PGlite store in `dataDir`. */
  databaseUrl?: string;
  dataDir?: string;
}

/** One statement of a request, its parameters as node-postgres sent them (text). */
export interface Statement {
  text: string;
  name: string | null;
  values: (string | null)[];
}

export interface Product {
  base: string;
  pid: number;
  token: string;
  /** Runs `send` (one request) with recording on and returns the statements it caused. */
  record(send: () => Promise<void>): Promise<Statement[]>;
  stop(): Promise<void>;
}

async function waitReady(base: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the product stopped during start-up (code ${child.exitCode})`);
    try {
      const res = await fetch(`${base}/health/ready`);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(200);
  }
  throw new Error(`the product did not answer ${base}/health/ready within ${timeoutMs / 1000} s`);
}

/** A user's access token from the product at `base` (the admin's by default). */
export async function login(base: string, user: { username: string; password: string } = ADMIN_LOGIN): Promise<string> {
  const res = await fetch(`${base}/api/oauth/token`, {
    method: 'POST',
    headers: { authorization: WEB_CLIENT, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...user, grant_type: 'password' }).toString(),
  });
  const body = (await res.json()) as { data?: { access_token?: string }; message?: string };
  if (!res.ok || !body.data?.access_token) throw new Error(`login of ${user.username} failed: HTTP ${res.status} ${body.message ?? ''}`);
  return body.data.access_token;
}

/** Waits until the last line of the log is `marker` (the server saw the signal). */
async function waitMarker(log: string, marker: string): Promise<void> {
  for (let i = 0; i < 500; i++) {
    const lines = existsSync(log) ? readFileSync(log, 'utf8').trimEnd().split('\n') : [];
    if (lines[lines.length - 1] === marker) return;
    await sleep(10);
  }
  throw new Error(`the product did not switch SQL recording (${marker})`);
}

export async function startProduct(checkout: string, port: number, target: Target): Promise<Product> {
  const sqlLog = join('/tmp', `obra-bench-sql-${port}.log`);
  rmSync(sqlLog, { force: true });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'true',
    RATE_LIMIT_PER_MINUTE: '100000000',
    // Nothing balances here: stopped at once, without the SIGTERM grace.
    SHUTDOWN_GRACE_MS: '0',
    NODE_ENV: 'production',
  };
  if (target.databaseUrl) {
    env.DATABASE_URL = target.databaseUrl;
    env.BENCH_SQL_LOG = sqlLog;
  } else if (target.dataDir) {
    env.DATA_DIR = target.dataDir;
  }
  // BENCH_NODE_ARGS: more Node flags for the product (`--cpu-prof --cpu-prof-dir=/tmp/prof`, which NODE_OPTIONS refuses).
  const extra = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const args = [...extra, '--import', 'tsx', ...(target.databaseUrl ? ['--import', CAPTURE] : []), 'src/main.ts'];
  const child = spawn(process.execPath, args, { cwd: join(checkout, 'server'), env, stdio: ['ignore', 'ignore', 'inherit'] });
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  try {
    await waitReady(base, child, 180_000);
    const token = await login(base);
    const record = async (send: () => Promise<void>): Promise<Statement[]> => {
      if (!target.databaseUrl) return [];
      const from = existsSync(sqlLog) ? readFileSync(sqlLog, 'utf8').length : 0;
      child.kill('SIGUSR2');
      await waitMarker(sqlLog, '#on');
      await send();
      child.kill('SIGUSR2');
      await waitMarker(sqlLog, '#off');
      return readFileSync(sqlLog, 'utf8').slice(from).split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as Statement);
    };
    return { base, pid: child.pid ?? 0, token, record, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
