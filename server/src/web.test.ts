import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { createTestContext, type TestContext } from './test/harness.ts';
import { registerSecurityHeaders } from './web.ts';

const INDEX = `<!doctype html><title>Obra</title>${'<!-- relleno -->'.repeat(50)}`;
const SCRIPT = `export const x = ${JSON.stringify('concreto premezclado '.repeat(200))};`;

/** A built web as the Vite plugin leaves it: each file with its .br and .gz beside it. */
function fakeDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'obra-web-'));
  mkdirSync(join(dir, 'assets'));
  for (const [name, text] of [['index.html', INDEX], ['assets/app-1a2b3c.js', SCRIPT]]) {
    writeFileSync(join(dir, name), text);
    writeFileSync(join(dir, `${name}.br`), brotliCompressSync(text));
    writeFileSync(join(dir, `${name}.gz`), gzipSync(text));
  }
  return dir;
}

let ctx: TestContext;
const warnings: Error[] = [];
const onWarning = (w: Error) => warnings.push(w);
beforeAll(async () => {
  ctx = await createTestContext({ WEB_DIST: fakeDist() });
  process.on('warning', onWarning);
});
afterAll(async () => {
  process.off('warning', onWarning);
  await ctx.close();
});

const get = (url: string, encoding?: string) =>
  ctx.app.inject({ url, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('the built web', () => {
  it('sends the brotli copy to a browser that accepts it, gzip to one that only takes gzip, the plain file otherwise', async () => {
    const br = await get('/assets/app-1a2b3c.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);

    const gz = await get('/assets/app-1a2b3c.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get('/assets/app-1a2b3c.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('caches hashed assets for a year and never caches index.html, also as the history-mode fallback', async () => {
    expect((await get('/assets/app-1a2b3c.js', 'br')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/', '/index.html', '/orden', '/orden/view/12']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(INDEX);
    }
  });

  it('serves the fallback without piling listeners on the response (no MaxListenersExceededWarning)', async () => {
    for (let i = 0; i < 3; i++) await get(`/orden/view/${i}`);
    expect(warnings.map((w) => w.name)).not.toContain('MaxListenersExceededWarning');
  });

  it('sends neither HSTS nor upgrade-insecure-requests by default, so plain http on the network works', async () => {
    const res = await get('/health/live');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    // No inline script may run: an injected <script> is refused by the browser.
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self'(;|$)/);
    expect(res.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    // Ignored on plain http, with a console error on every page: not sent.
    expect(res.headers['cross-origin-opener-policy']).toBeUndefined();
    expect(res.headers['origin-agent-cluster']).toBeUndefined();
  });
});

describe('HTTPS=true (behind a TLS reverse proxy)', () => {
  it('is off unless set, and turns on HSTS and upgrade-insecure-requests', async () => {
    const base = { DATA_DIR: tmpdir(), JWT_SECRET: 'x'.repeat(48) };
    expect(loadConfig(base).https).toBe(false);
    const config = loadConfig({ ...base, HTTPS: 'true' });
    expect(config.https).toBe(true);

    const app = Fastify();
    registerSecurityHeaders(app, config.https);
    app.get('/', async () => 'ok');
    const res = await app.inject({ url: '/' });
    await app.close();
    expect(res.headers['content-security-policy']).toContain('upgrade-insecure-requests');
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['origin-agent-cluster']).toBe('?1');
  });
});
