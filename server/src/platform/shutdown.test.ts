import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyDatabase, freePort, instancia, llamar, type Instancia } from '../test/instancia.ts';
import { WEB_CLIENT } from '../test/harness.ts';
import { DETENIENDO, createShutdown, registerStopping } from './shutdown.ts';

/**
 * Issue 28: on SIGTERM an instance says at once that it is not ready, keeps serving for its grace (so a balancer
 * polling every second or two moves away before anything is refused), then stops accepting, finishes what is in
 * flight while its workers finish their job, closes the pool and exits 0; never longer than grace + 10 s.
 */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A Fastify server as buildApp sets it up for stopping, with a request the test holds open. */
async function servidor() {
  const app = Fastify({ forceCloseConnections: 'idle' });
  registerStopping(app);
  let soltar: () => void = () => undefined;
  const retenida = new Promise<void>((resolve) => { soltar = resolve; });
  app.get('/health/ready', async (_req, reply) => (app.stopping ? reply.status(503).send({ message: DETENIENDO }) : { ok: true }));
  app.get('/api/x', async () => ({ ok: true }));
  app.get('/lento', async () => { await retenida; return { ok: true }; });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  return { app, url, soltar };
}

function pasos(app: FastifyInstance, graceMs: number, o: { workers?: () => Promise<void>; drainMs?: number; db?: () => Promise<void> } = {}) {
  const hechos: string[] = [];
  let salir: (code: number) => void = () => undefined;
  const salida = new Promise<number>((resolve) => { salir = resolve; });
  const shutdown = createShutdown({
    app, graceMs, drainMs: o.drainMs,
    log: { info: () => undefined, error: () => undefined },
    stopWorkers: async () => { await (o.workers?.() ?? Promise.resolve()); hechos.push('workers'); },
    closeDatabase: async () => { await (o.db?.() ?? Promise.resolve()); hechos.push('db'); },
    exit: (code) => { hechos.push(`exit ${code}`); salir(code); },
  });
  return { shutdown, hechos, salida };
}

describe('the shutdown sequence', () => {
  it('not ready at once, serving with Connection: close during the grace; then drained, workers stopped, pool closed, exit 0', async () => {
    const { app, url, soltar } = await servidor();
    // A balancer's idle keep-alive connection: closed by the server when it stops accepting, not waited for.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const previa = await llamar(`${url}/api/x`, { agent });
    expect(previa.headers.connection).toBe('keep-alive');
    await sleep(20);
    let ociosaCerrada = 0;
    for (const sockets of Object.values(agent.freeSockets)) for (const s of sockets ?? []) s.on('close', () => { ociosaCerrada = Date.now(); });

    const graceMs = 600;
    const { shutdown, hechos, salida } = pasos(app, graceMs);
    const inicio = Date.now();
    void shutdown.run('SIGTERM', { grace: true });
    const ready = await llamar(`${url}/health/ready`);
    expect(ready.status).toBe(503);
    expect(ready.json()).toEqual({ message: DETENIENDO });
    const normal = await llamar(`${url}/api/x`);
    expect(normal.status).toBe(200);
    expect(normal.headers.connection).toBe('close');
    const lenta = llamar(`${url}/lento`);
    await sleep(graceMs + 200 - (Date.now() - inicio));
    // Past the grace: no new connection is accepted, the held request still runs, nothing is closed under it.
    await expect(llamar(`${url}/api/x`)).rejects.toThrow(/ECONNREFUSED/);
    expect(hechos).toEqual(['workers']);
    expect(ociosaCerrada).toBeGreaterThanOrEqual(inicio + graceMs);
    soltar();
    expect((await lenta).status).toBe(200);
    expect(await salida).toBe(0);
    expect(hechos).toEqual(['workers', 'db', 'exit 0']);
    agent.destroy();
  });

  it('skips the grace when asked (Ctrl+C in a terminal), and a second signal ends a grace early', async () => {
    const a = await servidor();
    const sinGracia = pasos(a.app, 60_000);
    const inicio = Date.now();
    void sinGracia.shutdown.run('SIGINT', { grace: false });
    expect(await sinGracia.salida).toBe(0);
    expect(Date.now() - inicio).toBeLessThan(2000);

    const b = await servidor();
    const dos = pasos(b.app, 60_000);
    const t = Date.now();
    void dos.shutdown.run('SIGTERM', { grace: true });
    await sleep(100);
    expect((await llamar(`${b.url}/health/ready`)).status).toBe(503);
    void dos.shutdown.run('SIGTERM', { grace: true });
    expect(await dos.salida).toBe(0);
    expect(Date.now() - t).toBeLessThan(2000);
  });

  it('exits 1 when the drain outlasts its limit, or a step fails', async () => {
    const a = await servidor();
    const colgado = pasos(a.app, 50, { workers: () => new Promise(() => undefined), drainMs: 300 });
    const inicio = Date.now();
    void colgado.shutdown.run('SIGTERM', { grace: true });
    expect(await colgado.salida).toBe(1);
    expect(Date.now() - inicio).toBeGreaterThanOrEqual(340);
    expect(colgado.hechos).toEqual(['exit 1']);

    const b = await servidor();
    const falla = pasos(b.app, 0, { db: () => Promise.reject(new Error('x')) });
    void falla.shutdown.run('SIGTERM', { grace: true });
    expect(await falla.salida).toBe(1);
  });
});

const baseUrl = process.env.DATABASE_URL;

// A real process starts in seconds on a PostgreSQL database; a new embedded store would take far longer (the
// sequence itself is tested above on any database).
describe.skipIf(!baseUrl)('a real server process on SIGTERM (PostgreSQL: DATABASE_URL)', () => {
  let db: Awaited<ReturnType<typeof emptyDatabase>>;
  let server: Instancia;
  const dataDir = mkdtempSync(join(tmpdir(), 'obra-shutdown-'));
  const graceMs = 1500;

  beforeAll(async () => {
    db = await emptyDatabase(baseUrl!);
    server = instancia(await freePort(), {
      DATABASE_URL: db.url, DATA_DIR: dataDir, SEED_DEMO: 'true', JWT_SECRET: 's'.repeat(48), SECRETS_KEY: 'k'.repeat(48),
      SHUTDOWN_GRACE_MS: String(graceMs),
    });
    await server.start();
  }, 240_000);
  afterAll(async () => {
    await server?.stop('SIGKILL');
    await db?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers ready 503 within about 100 ms, serves an API call during the grace, then exits 0', async () => {
    const login = await llamar(`${server.url}/api/oauth/token`, {
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: WEB_CLIENT },
      body: new URLSearchParams({ username: 'logistica', password: 'Demo.2026', grant_type: 'password' }).toString(),
    });
    expect(login.status, login.body.toString()).toBe(200);
    const authorization = `Bearer ${login.json<{ data: { access_token: string } }>().data.access_token}`;
    const agent = new http.Agent({ keepAlive: true });
    expect((await llamar(`${server.url}/api/orden/estado/list`, { headers: { authorization }, agent })).status).toBe(200);

    const inicio = Date.now();
    server.proceso!.kill('SIGTERM');
    let noLista = 0;
    while (Date.now() - inicio < 1000) {
      const r = await llamar(`${server.url}/health/ready`);
      if (r.status === 503) {
        noLista = Date.now() - inicio;
        expect(r.json().message).toBe(DETENIENDO);
        break;
      }
    }
    expect(noLista).toBeGreaterThan(0);
    expect(noLista).toBeLessThan(300);
    // Still served, on the kept-alive connection too, and told to close it.
    const durante = await llamar(`${server.url}/api/orden/estado/list`, { headers: { authorization }, agent });
    expect(durante.status).toBe(200);
    expect(durante.headers.connection).toBe('close');
    expect(Date.now() - inicio).toBeLessThan(graceMs);
    expect(await server.exited()).toBe(0);
    const total = Date.now() - inicio;
    expect(total).toBeGreaterThanOrEqual(graceMs);
    expect(total).toBeLessThan(graceMs + 5000);
    agent.destroy();
  }, 60_000);
});
