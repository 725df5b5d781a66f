import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, SUPPLIER, createTestContext, type TestContext } from '../../test/harness.ts';

let ctx: TestContext;
beforeAll(async () => {
  const web = mkdtempSync(join(tmpdir(), 'obra-web-'));
  mkdirSync(join(web, 'assets'));
  writeFileSync(join(web, 'index.html'), '<!doctype html><title>Obra</title>');
  writeFileSync(join(web, 'assets', 'app.js'), 'export {}');
  ctx = await createTestContext({ WEB_DIST: web });
});
afterAll(() => ctx.close());

const getData = async (listas: unknown, who = ADMIN) =>
  ctx.app.inject({ method: 'POST', url: '/api/app/getData', headers: await ctx.auth(who), payload: { listas } });

describe('/api/app/getData', () => {
  it('returns each requested list by name', async () => {
    const res = await getData(['estados', 'orden_estados', 'distritos', 'bancos', 'tipos_documento', 'roles']);
    const d = res.json().data;
    expect(d.estados.find((e: { est_id: number }) => e.est_id === 25)).toMatchObject({ est_codigo: 'ingreso_confirmado' });
    expect(d.orden_estados).toHaveLength(13);
    expect(d.distritos.find((x: { ubi_id: string }) => x.ubi_id === '150122').ubi_nombre).toBe('Miraflores');
    expect(d.distritos.filter((x: { ubi_provincia: string }) => x.ubi_provincia === 'Callao')).toHaveLength(7);
    expect(d.tipos_documento.find((x: { tid_id: number }) => x.tid_id === 6).tid_codigo).toBe('RXH');
    expect(d.roles.map((r: { rol_nombre: string }) => r.rol_nombre)).toContain('VISUALIZADOR');
  });

  it('scopes projects and warehouses to the caller', async () => {
    const all = (await getData(['proyectos', 'almacenes'])).json().data;
    expect(all.proyectos).toHaveLength(2);
    const own = (await getData(['proyectos', 'almacenes'], 'almacen@andina.pe')).json().data;
    expect(own.proyectos).toHaveLength(1);
    expect(own.almacenes.every((a: { pry_id: number }) => a.pry_id === own.proyectos[0].pry_id)).toBe(true);
  });

  it('answers 400 for an unknown list and keeps staff lists from suppliers', async () => {
    const bad = await getData(['estados', 'secretos']);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Lista desconocida: secretos');
    // Names that exist on every object are not lists either.
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      const res = await getData([name]);
      expect(res.statusCode, name).toBe(400);
      expect(res.json()).toEqual({ status: 'error', message: `Lista desconocida: ${name}`, data: null });
    }
    expect((await getData(['estados'], SUPPLIER)).statusCode).toBe(200);
    expect((await getData(['roles'], SUPPLIER)).statusCode).toBe(403);
  });
});

describe('http basics', () => {
  it('answers health checks', async () => {
    expect((await ctx.app.inject({ url: '/health/live' })).statusCode).toBe(200);
    const ready = await ctx.app.inject({ url: '/health/ready' });
    expect(ready.json().data.database).toMatch(/pglite|postgres/);
  });

  it('answers unknown /api paths with 404 in the envelope', async () => {
    const res = await ctx.app.inject({ url: '/api/no/existe' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 'error', message: 'Ruta no encontrada', data: null });
  });

  it('serves index.html for screen routes (history mode) and the files themselves', async () => {
    for (const url of ['/', '/home', '/orden/view/12', '/login/ana@andina.pe']) {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>Obra</title>');
    }
    expect((await ctx.app.inject({ url: '/assets/app.js' })).headers['cache-control']).toContain('immutable');
  });

  it('answers malformed JSON with 400 and never shows a stack trace', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/usuario/buscar', headers: { ...(await ctx.auth(ADMIN)), 'content-type': 'application/json' }, payload: '{"search": ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().status).toBe('error');
    expect(res.body).not.toMatch(/at .*\.ts/);
  });

  it('answers a body over the limit with 413', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/usuario/buscar', headers: { ...(await ctx.auth(ADMIN)), 'content-type': 'application/json' }, payload: JSON.stringify({ search: 'x'.repeat(1_100_000) }) });
    expect(res.statusCode).toBe(413);
    expect(res.json().status).toBe('error');
  });

  it('publishes the OpenAPI document', async () => {
    const res = await ctx.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toContain('/api/usuario/registrar');
  });

  it('sets security headers', async () => {
    const res = await ctx.app.inject({ url: '/health/live' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBeDefined();
  });
});
