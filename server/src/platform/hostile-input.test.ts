import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../app.ts';
import { ADMIN, createTestContext, type TestContext } from '../test/harness.ts';
import {
  HOSTILE_TEXTS, hostileValues, inUrl, jsonSchemaOf, leaves, plausible, withValue, type JsonSchema,
} from '../test/hostile.ts';

/**
 * Walks every registered /api route as the administrator and sends it malformed and hostile
 * input, derived from the route's own zod schemas so that every field, nested too, gets
 * NUL-bearing and huge texts, wrong types and out-of-range numbers. No reply may be a 5xx, and
 * every JSON reply is the `{status, message, data}` envelope. A route added later is covered
 * without anyone remembering.
 */
let ctx: TestContext;
let admin: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestContext({ RATE_LIMIT_PER_MINUTE: '1000000' });
  admin = await ctx.auth(ADMIN);
});
afterAll(() => ctx.close());

interface Sent {
  method: string;
  url: string;
  headers?: Record<string, string>;
  payload?: string;
  contentType?: string;
}

const failures: string[] = [];
let answered = 0;

/** The range-overflow safety net of errorReply: seeing it means a schema lacks a bound. */
const SAFETY_NET = /fuera del rango/;

async function send(route: RouteEntry, req: Sent, what: string) {
  const run = () => ctx.app.inject({
    method: req.method as 'POST',
    url: req.url,
    headers: { ...admin, ...(req.payload !== undefined ? { 'content-type': req.contentType ?? 'application/json' } : {}), ...req.headers },
    payload: req.payload,
  });
  let res = await run();
  // A walked call may sign the administrator out (logout, password, token version): sign in again.
  if (res.statusCode === 401 && !('public' in route.access)) {
    admin = await ctx.auth(ADMIN);
    res = await run();
  }
  answered++;
  const label = `${route.method} ${route.url} ${what}`;
  if (res.statusCode >= 500) failures.push(`${label} → ${res.statusCode} ${res.body.slice(0, 160)}`);
  if (String(res.headers['content-type'] ?? '').includes('application/json')) {
    const body = res.json() as Record<string, unknown>;
    const keys = Object.keys(body ?? {}).sort().join(',');
    if (keys !== 'data,message,status' || !['success', 'error'].includes(String(body.status))) {
      failures.push(`${label} → ${res.statusCode} fuera del sobre: ${res.body.slice(0, 120)}`);
    } else if (SAFETY_NET.test(String(body.message))) {
      failures.push(`${label} → sin límite en el esquema: ${String(body.message)}`);
    }
  } else if (res.statusCode >= 400) {
    failures.push(`${label} → ${res.statusCode} sin sobre JSON`);
  }
}

const pathOf = (url: string, value = '2') => url.replace(/:[^/]+/g, encodeURIComponent(value));
const routes = () => ctx.app.routeCatalog;
const schemaPart = (r: RouteEntry, part: 'body' | 'querystring' | 'headers' | 'params') =>
  jsonSchemaOf((r.schema as Record<string, unknown> | undefined)?.[part]);
const label = (path: (string | number)[], value: unknown) =>
  `${path.join('.') || '(cuerpo)'}=${JSON.stringify(value)?.slice(0, 30)}`;

function expectNoFailures() {
  const found = failures.splice(0);
  expect(found, `${found.length} respuestas indebidas:\n${found.slice(0, 200).join('\n')}`).toEqual([]);
}

describe('hostile input on every /api route', () => {
  it('finds routes to walk', () => {
    expect(routes().length).toBeGreaterThan(100);
  });

  it('answers malformed bodies with a 4xx in the envelope', async () => {
    const bodies = ['', '{"a": ', '[]', 'null', '"texto"', '12', '{}', '{"__proto__": {"polluted": 1}}',
      '{"constructor": {"prototype": {"polluted": 1}}}', `{"x": "${'y'.repeat(100_000)}"}`, '[{"a": 1}]',
      `${'['.repeat(10_000)}${']'.repeat(10_000)}`, `${'{"a":'.repeat(50)}1${'}'.repeat(50)}`];
    for (const r of routes().filter((x) => x.method !== 'GET')) {
      for (const payload of bodies) await send(r, { method: r.method, url: pathOf(r.url), payload }, payload.slice(0, 30));
      const body = schemaPart(r, 'body');
      if (body) {
        const base = plausible(body);
        await send(r, { method: r.method, url: pathOf(r.url), payload: JSON.stringify(base) }, 'plausible');
        if (base && typeof base === 'object' && !Array.isArray(base)) {
          const poisoned = `{"__proto__": {"isAdmin": true}, ${JSON.stringify(base).slice(1)}`;
          await send(r, { method: r.method, url: pathOf(r.url), payload: poisoned.replace(', }', '}') }, '__proto__+plausible');
        }
      }
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expectNoFailures();
  }, 300_000);

  it('answers hostile values in every body field with a 4xx (or a success), never a 5xx', async () => {
    for (const r of routes().filter((x) => x.method !== 'GET')) {
      const body = schemaPart(r, 'body');
      if (!body) continue;
      const base = plausible(body);
      for (const leaf of leaves(body)) {
        for (const value of hostileValues(leaf.kinds)) {
          await send(r, { method: r.method, url: pathOf(r.url), payload: JSON.stringify(withValue(base, leaf.path, value)) }, label(leaf.path, value));
        }
      }
    }
    expectNoFailures();
  }, 600_000);

  it('answers hostile query strings, path parameters and id headers in the envelope', async () => {
    for (const r of routes()) {
      const params = r.url.includes(':');
      for (const text of params ? [...HOSTILE_TEXTS, 'z'.repeat(10_000)] : []) {
        const url = r.url.replace(/:[^/]+/g, inUrl(text));
        await send(r, { method: r.method, url, payload: r.method === 'GET' ? undefined : '{}' }, `param=${text.slice(0, 12)}`);
      }
      const query = schemaPart(r, 'querystring') as JsonSchema | null;
      for (const name of Object.keys(query?.properties ?? {})) {
        for (const text of [...HOSTILE_TEXTS, 'x'.repeat(100_000)]) {
          await send(r, { method: r.method, url: `${pathOf(r.url)}?${name}=${inUrl(text)}`, payload: r.method === 'GET' ? undefined : '{}' }, `?${name}=${text.slice(0, 12)}`);
        }
      }
      const headers = schemaPart(r, 'headers') as JsonSchema | null;
      for (const name of [...Object.keys(headers?.properties ?? {}), 'idOrden']) {
        for (const text of HOSTILE_TEXTS.filter((t) => !t.startsWith('%'))) {
          await send(r, { method: r.method, url: pathOf(r.url), headers: { [name]: text }, payload: r.method === 'GET' ? undefined : '{}' }, `${name}: ${text.slice(0, 12)}`);
        }
      }
    }
    expectNoFailures();
  }, 300_000);

  it('answers a multipart request without a boundary, and other content types, with a 4xx on every route', async () => {
    for (const r of routes().filter((x) => x.method !== 'GET')) {
      await send(r, { method: r.method, url: pathOf(r.url), payload: 'sin límite', contentType: 'multipart/form-data' }, 'multipart sin boundary');
      await send(r, { method: r.method, url: pathOf(r.url), payload: '--x\r\nbasura', contentType: 'multipart/form-data; boundary=x' }, 'multipart truncado');
      for (const contentType of ['text/plain', 'application/xml', 'application/x-www-form-urlencoded', 'application/json; charset=latin1']) {
        await send(r, { method: r.method, url: pathOf(r.url), payload: 'a=%00&b=1', contentType }, contentType);
      }
    }
    expectNoFailures();
  }, 120_000);

  it('keeps the walk honest: requests were answered', () => {
    expect(answered).toBeGreaterThan(routes().length * 10);
  });
});
