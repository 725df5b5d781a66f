import net from 'node:net';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../db/client.ts';
import { ADMIN, createTestContext, type TestContext } from '../test/harness.ts';
import { RETRY_AFTER_SECONDS, UNAVAILABLE, errorReply } from './error-reply.ts';
import { isConnectionError } from './errors.ts';

describe('connection failures are recognised in one place', () => {
  it('as outages (503, logged at warn), through the wrapping of drizzle and pg', () => {
    const wrapped = (cause: object) => Object.assign(new Error('Failed query: select 1'), { cause });
    for (const err of [
      wrapped(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' })),
      wrapped(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })),
      wrapped(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })),
      wrapped(Object.assign(new Error('the database system is starting up'), { code: '57P03' })),
      wrapped(Object.assign(new Error('connection failure'), { code: '08006' })),
      new Error('timeout exceeded when trying to connect'),
      new Error('Connection terminated unexpectedly'),
      Object.assign(new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })]), { code: undefined }),
    ]) {
      expect(isConnectionError(err), err.message).toBe(true);
      expect(errorReply(err)).toEqual({ status: 503, message: UNAVAILABLE, data: null, level: 'warn' });
    }
  });

  it('but not a client that hung up while sending its body (Fastify marks it 400)', () => {
    const aborted = Object.assign(new Error('aborted'), { code: 'ECONNRESET', statusCode: 400 });
    expect(errorReply(aborted)).toMatchObject({ status: 400, level: 'info' });
  });

  it('nor a failed statement or a bug', () => {
    for (const err of [
      wrapped23505(),
      new TypeError("Cannot read properties of undefined (reading 'x')"),
    ]) {
      expect(isConnectionError(err)).toBe(false);
      expect(errorReply(err).status).not.toBe(503);
    }
  });
});

function wrapped23505() {
  return Object.assign(new Error('Failed query'), { cause: Object.assign(new Error('duplicate key'), { code: '23505' }) });
}

/**
 * A TCP proxy in front of the PostgreSQL server of DATABASE_URL: closing it makes the
 * database unreachable for this test's app alone (connections reset, new ones refused),
 * without disturbing the server other test files use.
 */
function proxyTo(target: URL) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;
  const start = () => new Promise<void>((resolve) => {
    if (server) return resolve();
    server = net.createServer((client) => {
      const upstream = net.connect(Number(target.port || 5432), target.hostname);
      for (const s of [client, upstream]) {
        sockets.add(s);
        s.on('close', () => sockets.delete(s));
        s.on('error', () => {});
      }
      client.pipe(upstream).pipe(client);
    });
    server.listen(port, '127.0.0.1', () => {
      port = (server!.address() as net.AddressInfo).port;
      resolve();
    });
  });
  return {
    start,
    url: () => Object.assign(new URL(target.toString()), { host: `127.0.0.1:${port}` }).toString(),
    stop: () => new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      if (server) server.close(() => resolve());
      else resolve();
      server = null;
    }),
  };
}

const baseUrl = process.env.DATABASE_URL;

describe.skipIf(!baseUrl)('while PostgreSQL cannot be reached', () => {
  let ctx: TestContext;
  let admin: { authorization: string };
  const proxy = proxyTo(new URL(baseUrl ?? 'postgres://localhost'));

  beforeAll(async () => {
    await proxy.start();
    process.env.DATABASE_URL = proxy.url();
    try {
      ctx = await createTestContext();
    } finally {
      process.env.DATABASE_URL = baseUrl;
    }
    admin = await ctx.auth(ADMIN);
  });
  afterAll(async () => {
    await proxy.start();
    await ctx?.close();
    await proxy.stop();
  });

  const call = (url: string, payload: object, headers: object = admin) =>
    ctx.app.inject({ method: 'POST', url, headers: { ...headers, 'content-type': 'application/json' }, payload });

  it('answers 503 with a Spanish message and Retry-After, then serves again once it is back', async () => {
    expect((await call('/api/proveedor/list', {})).statusCode).toBe(200);
    await proxy.stop();
    try {
      for (const res of [
        await call('/api/proveedor/list', {}),
        await call('/api/marca/new', { marca: 'Marca en la caída' }),
      ]) {
        expect(res.statusCode, res.body).toBe(503);
        expect(res.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS));
        expect(res.json()).toEqual({ status: 'error', message: UNAVAILABLE, data: null });
      }
      const ready = await ctx.app.inject({ url: '/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS));
    } finally {
      await proxy.start();
    }
    const back = await call('/api/proveedor/list', {});
    expect(back.statusCode, back.body).toBe(200);
  }, 60_000);

  it("the access cache's LISTEN connection reports the outage and listens again once the database is back", async () => {
    // Listening (again: an earlier test took the database away too).
    await until(() => ctx.deps.profiles.listening);
    await proxy.stop();
    try {
      await until(() => !ctx.deps.profiles.listening);
    } finally {
      await proxy.start();
    }
    await until(() => ctx.deps.profiles.listening);
  }, 60_000);

  it('recognises a connection terminated by the server (pg_terminate_backend) as an outage', async () => {
    const [{ db }] = await selectRows<{ db: string }>(ctx.deps.database.db, sql`select current_database() as db`);
    const sleeping = selectRows(ctx.deps.database.db, sql`select pg_sleep(10)`).then(() => null, (e: unknown) => e);
    const killer = new pg.Client({ connectionString: baseUrl });
    await killer.connect();
    try {
      // Wait until the sleep runs, then end it from outside as an administrator would.
      for (let i = 0; i < 50; i++) {
        const r = await killer.query(`select pg_terminate_backend(pid) as t from pg_stat_activity where datname = $1 and query like '%pg_sleep(10)%' and pid <> pg_backend_pid()`, [db]);
        if (r.rows.length > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } finally {
      await killer.end();
    }
    const err = await sleeping;
    expect(isConnectionError(err), String(err)).toBe(true);
    // The pool replaces the lost connection: the next call is served.
    expect((await call('/api/proveedor/list', {})).statusCode).toBe(200);
  }, 60_000);
});

async function until(cond: () => boolean) {
  for (let i = 0; i < 600 && !cond(); i++) await new Promise((r) => setTimeout(r, 50));
  expect(cond()).toBe(true);
}
