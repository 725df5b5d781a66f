import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './test/harness.ts';

let ctx: TestContext;
beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'obra-web-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Obra</title>');
  writeFileSync(join(dist, 'assets/app-1a2b3c.js'), 'export {};');
  ctx = await createTestContext({ WEB_DIST: dist, RATE_LIMIT_PER_MINUTE: '5' });
});
afterAll(() => ctx.close());

describe('rate limit', () => {
  it('counts API calls of an address, not the web files a page loads', async () => {
    for (let i = 0; i < 20; i++) {
      expect((await ctx.app.inject({ url: '/assets/app-1a2b3c.js', remoteAddress: '10.9.0.1' })).statusCode).toBe(200);
      expect((await ctx.app.inject({ url: '/orden', remoteAddress: '10.9.0.1' })).statusCode).toBe(200);
    }
    const headers = await ctx.auth('logistica@andina.pe');
    const api = [];
    for (let i = 0; i < 7; i++) api.push((await ctx.app.inject({ url: '/api/orden/estado/list', headers, remoteAddress: '10.9.0.1' })).statusCode);
    expect(api.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(api.slice(5)).toEqual([429, 429]);
  });
});
