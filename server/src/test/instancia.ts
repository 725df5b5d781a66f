/**
 * Real server processes for the tests of several instances and of shutdown: `server/src/main.ts` run by Node
 * through tsx in a child process, on an empty database of the PostgreSQL server of DATABASE_URL, reached over
 * HTTP on 127.0.0.1; and a plain HTTP client that shows what a balancer sees (status, headers, a cut connection).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** A port free now on 127.0.0.1 (an instance restarted later listens on it again). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** An empty database on the server of `baseUrl`: the instances migrate and seed it themselves. */
export async function emptyDatabase(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `obra_inst_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = async (q: string) => {
    const c = new pg.Client({ connectionString: baseUrl });
    await c.connect();
    try { await c.query(q); } finally { await c.end(); }
  };
  await admin(`create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

export interface Respuesta {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  json<T = { status: string; message: string; data: never }>(): T;
}

export interface Llamada {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer | object;
  /** Default: a new connection each call (`false`). */
  agent?: http.Agent | false;
  timeoutMs?: number;
}

/** One HTTP call; rejects on a connection error or a timeout (what a balancer would count as lost). */
export function llamar(url: string, o: Llamada = {}): Promise<Respuesta> {
  const body = o.body === undefined ? undefined
    : typeof o.body === 'string' || Buffer.isBuffer(o.body) ? o.body : JSON.stringify(o.body);
  const headers: Record<string, string> = { ...(o.body !== undefined && !Buffer.isBuffer(o.body) && typeof o.body !== 'string' ? { 'content-type': 'application/json' } : {}), ...o.headers };
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: o.method ?? (body === undefined ? 'GET' : 'POST'), headers, agent: o.agent ?? false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const buf = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: buf, json: () => JSON.parse(buf.toString('utf8')) });
      });
    });
    req.setTimeout(o.timeoutMs ?? 30_000, () => req.destroy(new Error(`sin respuesta en ${o.timeoutMs ?? 30_000} ms`)));
    req.on('error', reject);
    req.end(body);
  });
}

export interface Instancia {
  readonly port: number;
  readonly url: string;
  /** The running process, if any. */
  readonly proceso: ChildProcess | null;
  /** Starts the process and resolves once `/health/ready` answers 200. */
  start(): Promise<void>;
  /** Sends the signal and resolves with the exit code once the process ended. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  /** The exit of the running process (its code; null when killed by a signal). */
  exited(): Promise<number | null>;
  /** The end of its output (JSON log lines), for a failure's message. */
  output(): string;
}

/**
 * A server process on `port` with `env` on top of the test's environment (LOG_FORMAT json; nothing else is
 * inherited that would change it: DATABASE_URL comes from `env`).
 */
export function instancia(port: number, env: Record<string, string>): Instancia {
  let proceso: ChildProcess | null = null;
  let salida: Promise<number | null> = Promise.resolve(null);
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString('utf8')).slice(-20_000);
  };
  const url = `http://127.0.0.1:${port}`;
  const self: Instancia = {
    port,
    url,
    get proceso() { return proceso; },
    async start() {
      const base = { ...process.env };
      delete base.DATABASE_URL;
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
        cwd: ROOT,
        env: { ...base, LOG_FORMAT: 'json', LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: String(port), ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      proceso = child;
      child.stdout.on('data', keep);
      child.stderr.on('data', keep);
      salida = new Promise((resolve) => child.on('exit', (code) => {
        if (proceso === child) proceso = null;
        resolve(code);
      }));
      const limite = Date.now() + 180_000;
      let terminado = false;
      void salida.then(() => { terminado = true; });
      while (Date.now() < limite && !terminado) {
        const r = await llamar(`${url}/health/ready`, { timeoutMs: 2000 }).catch(() => null);
        if (r?.status === 200) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`la instancia en ${port} no quedó lista${terminado ? ' (terminó)' : ''}:\n${log}`);
    },
    async stop(signal = 'SIGTERM') {
      const child = proceso;
      if (!child) return salida;
      child.kill(signal);
      return salida;
    },
    exited: () => salida,
    output: () => log,
  };
  return self;
}
