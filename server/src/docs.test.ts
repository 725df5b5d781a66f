import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './test/harness.ts';

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext(); });
afterAll(async () => { await ctx.close(); });

/** Swagger UI loads on the first visit (docs.ts); what it serves is what it served when registered at start. */
describe('/api/docs', () => {
  it('serves the UI page, its assets and the document, with the app security headers', async () => {
    const page = await ctx.app.inject({ url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    const css = await ctx.app.inject({ url: '/api/docs/static/swagger-ui.css' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toMatch(/text\/css/);
    expect(Number(css.headers['content-length'])).toBe(css.rawPayload.length);
    const again = await ctx.app.inject({ url: '/api/docs/static/swagger-ui.css', headers: { 'if-none-match': String(css.headers.etag) } });
    expect(again.statusCode).toBe(304);
    const index = await ctx.app.inject({ url: '/api/docs/static/index.html' });
    expect(index.statusCode).toBe(302);
    expect(index.headers.location).toBe('/api/docs/');
    expect(index.headers['content-type']).toBeUndefined();
    const head = await ctx.app.inject({ method: 'HEAD', url: '/api/docs/static/swagger-ui.css' });
    expect(head.headers['content-length']).toBe(css.headers['content-length']);
    expect(head.body).toBe('');
    const yaml = await ctx.app.inject({ url: '/api/docs/yaml' });
    expect(yaml.body).toContain('/api/usuario/registrar');
  });

  it('lists the API routes but not its own', async () => {
    const paths = Object.keys((await ctx.app.inject({ url: '/api/docs/json' })).json().paths);
    expect(paths).toContain('/api/usuario/registrar');
    expect(paths.filter((p) => p.startsWith('/api/docs'))).toEqual([]);
  });

  it('answers a missing file in the envelope', async () => {
    const res = await ctx.app.inject({ url: '/api/docs/static/no-existe.js' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 'error', message: 'Ruta no encontrada' });
  });
});
