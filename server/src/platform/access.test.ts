import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../db/client.ts';
import { ADMIN, SUPPLIER, VIEWER, createTestContext, type TestContext } from '../test/harness.ts';

/**
 * Walks every registered /api route, so a route added later is covered without anyone
 * remembering: anonymous → 401, without the module → 403, VISUALIZADOR on a mutation → 403,
 * an identity header that disagrees with the token → 403.
 */
let ctx: TestContext;
let noModules: { authorization: string };

beforeAll(async () => {
  ctx = await createTestContext();
  // A staff account with no roles: it holds no module at all.
  await selectRows(ctx.deps.database.db, sql`
    insert into usuario (usu_nombre, usu_apellido, usu_dni, usu_correo, usu_password_hash, usu_nivel)
    values ('Sin', 'Roles', '49999999', 'sinroles@andina.pe', 'x', 1)`);
  noModules = await ctx.auth('sinroles@andina.pe');
});
afterAll(() => ctx.close());

const path = (url: string) => url.replace(/:[^/]+/g, '1');
const call = (method: string, url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: method as 'POST', url: path(url), headers: { 'content-type': 'application/json', ...headers }, payload: method === 'GET' ? undefined : '{}' });

describe('every /api route', () => {
  it('declares its access and there are routes to check', () => {
    expect(ctx.app.routeCatalog.length).toBeGreaterThan(10);
  });

  it('answers 401 in the envelope to an anonymous caller unless public', async () => {
    for (const r of ctx.app.routeCatalog.filter((r) => !('public' in r.access))) {
      const res = await call(r.method, r.url);
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
      expect(res.json()).toMatchObject({ status: 'error', data: null });
    }
  });

  it('answers 403 "No tienes acceso a este módulo" to a user without the module', async () => {
    for (const r of ctx.app.routeCatalog) {
      if ('public' in r.access || r.access.module === null) continue;
      const res = await call(r.method, r.url, noModules);
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(403);
      expect(res.json().message).toBe('No tienes acceso a este módulo');
    }
  });

  it('refuses every mutation of every module to VISUALIZADOR', async () => {
    const viewer = await ctx.auth(VIEWER);
    const mutations = ctx.app.routeCatalog.filter((r) => !('public' in r.access) && r.access.module !== null && !r.access.read);
    expect(mutations.length).toBeGreaterThan(0);
    for (const r of mutations) {
      const res = await call(r.method, r.url, viewer);
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(403);
    }
  });

  it('answers 403 when a usuId, pveId or cliId header disagrees with the token', async () => {
    const admin = await ctx.auth(ADMIN);
    for (const r of ctx.app.routeCatalog.filter((r) => !('public' in r.access))) {
      for (const header of ['usuId', 'pveId', 'cliId']) {
        const res = await call(r.method, r.url, { ...admin, [header]: '999' });
        expect(res.statusCode, `${r.method} ${r.url} ${header}`).toBe(403);
      }
    }
  });

  it('lets supplier accounts reach only the portal and the routes open to them', async () => {
    const supplier = await ctx.auth(SUPPLIER);
    for (const r of ctx.app.routeCatalog) {
      if ('public' in r.access || r.access.module === 'proveedor_orden_compra' || r.access.suppliers) continue;
      const res = await call(r.method, r.url, supplier);
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(403);
    }
  });

  it('records denied access in the audit table', async () => {
    await call('POST', '/api/usuario/buscar', noModules);
    const rows = await selectRows<{ n: number }>(ctx.deps.database.db,
      sql`select count(*)::int as n from auditoria where aud_accion = 'acceso_denegado' and aud_ruta = '/api/usuario/buscar'`);
    expect(rows[0].n).toBeGreaterThan(0);
  });
});
