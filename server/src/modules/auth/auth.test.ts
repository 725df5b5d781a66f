import { sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client.ts';
import { ADMIN, SUPPLIER, WEB_CLIENT, createTestContext, type TestContext } from '../../test/harness.ts';

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext(); });
afterAll(() => ctx.close());

const login = (username: string, password: string, opts: { client?: string; ip?: string } = {}) =>
  ctx.app.inject({
    method: 'POST', url: '/api/oauth/token', remoteAddress: opts.ip ?? '10.0.0.1',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: opts.client ?? WEB_CLIENT },
    payload: new URLSearchParams({ username, password, grant_type: 'password' }).toString(),
  });
const buscar = (authorization: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/usuario/buscar', headers: { authorization }, payload: {} });

describe('POST /api/oauth/token', () => {
  it('returns the session fields of spec 1 §7 for a good login', async () => {
    const res = await login(ADMIN, 'Demo.2026');
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(res.json().status).toBe('success');
    expect(d).toMatchObject({ id_usuario: expect.any(Number), usu_nombre: 'Administrador', usu_correo: ADMIN, usu_nivel: 1, roles: 'SUPER', pve_id: null, cli_id: null });
    for (const key of ['access_token', 'usu_nombre_completo', 'pry_id', 'opciones', 'modulo_grupos']) expect(d).toHaveProperty(key);
    expect(d.opciones.split(',')).toContain('aprobar_orden_compra');
    const menu = d.modulo_grupos.flatMap((g: { modulos: { mod_url: string }[] }) => g.modulos.map((m) => m.mod_url));
    expect(menu).toContain('/usuario');
    expect(menu).not.toContain(null);
  });

  it('appends the company domain to a name without @', async () => {
    const res = await login('gerencia', 'Demo.2026');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.usu_correo).toBe('gerencia@andina.pe');
  });

  it('answers the same "Credenciales incorrectas" for a wrong password and an unknown user', async () => {
    const wrong = await login(ADMIN, 'otra-cosa', { ip: '10.0.0.2' });
    const unknown = await login('nadie@andina.pe', 'Demo.2026', { ip: '10.0.0.2' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ status: 'error', message: 'Credenciales incorrectas', data: null });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('refuses a wrong web client with 401', async () => {
    const res = await login(ADMIN, 'Demo.2026', { client: `Basic ${Buffer.from('obra-web:mal').toString('base64')}` });
    expect(res.statusCode).toBe(401);
    expect(res.json().status).toBe('error');
  });

  it('answers 400 in Spanish when a field is missing', async () => {
    const res = await ctx.app.inject({
      method: 'POST', url: '/api/oauth/token', headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: WEB_CLIENT },
      payload: 'username=admin&grant_type=password',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('El campo es requerido');
  });

  it('answers 429 after 10 failures in a minute from one address, whatever the account', async () => {
    for (let i = 0; i < 10; i++) await login(`nadie${i}@andina.pe`, 'mala', { ip: '10.2.0.1' });
    expect((await login('tesoreria@andina.pe', 'Demo.2026', { ip: '10.2.0.1' })).statusCode).toBe(429);
    expect((await login('tesoreria@andina.pe', 'Demo.2026', { ip: '10.2.0.2' })).statusCode).toBe(200);
  });

  it('records every attempt without the password', async () => {
    const rows = await selectRows<{ aud_accion: string; aud_detalle: unknown }>(ctx.deps.database.db,
      sql`select aud_accion, aud_detalle from auditoria where aud_accion like 'login%'`);
    expect(rows.some((r) => r.aud_accion === 'login_ok')).toBe(true);
    expect(rows.some((r) => r.aud_accion === 'login_fallido')).toBe(true);
    expect(JSON.stringify(rows)).not.toContain('Demo.2026');
  });

  it('gives a supplier account only the portal module', async () => {
    const res = await login(SUPPLIER, 'Demo.2026');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.modulos).toBe('proveedor_orden_compra');
    expect(res.json().data.pve_id).toEqual(expect.any(Number));
  });

  it('refuses an inactive account and an unconfirmed supplier account', async () => {
    await selectRows(ctx.deps.database.db, sql`update usuario set usu_estado = 0 where usu_correo = 'inventario@andina.pe'`);
    expect((await login('inventario@andina.pe', 'Demo.2026')).statusCode).toBe(403);
    await selectRows(ctx.deps.database.db, sql`update usuario set usu_confirmado = false where usu_correo = ${SUPPLIER}`);
    const res = await login(SUPPLIER, 'Demo.2026');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Cuenta pendiente de confirmación');
    await selectRows(ctx.deps.database.db, sql`update usuario set usu_confirmado = true where usu_correo = ${SUPPLIER}`);
  });
});

describe('bearer tokens', () => {
  const key = () => new TextEncoder().encode(ctx.deps.config.jwtSecret);

  it('accepts the token a login gave', async () => {
    const token = (await login('logistica@andina.pe', 'Demo.2026')).json().data.access_token;
    expect((await ctx.app.inject({ method: 'POST', url: '/api/oauth/session', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(200);
  });

  it('refuses a token signed with another secret', async () => {
    const forged = await new SignJWT({ ver: 1 }).setProtectedHeader({ alg: 'HS256' }).setSubject('1').setIssuer('obra')
      .setExpirationTime('1h').sign(new TextEncoder().encode('y'.repeat(48)));
    expect((await buscar(`Bearer ${forged}`)).statusCode).toBe(401);
  });

  it('refuses alg none', async () => {
    const enc = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const none = `${enc({ alg: 'none', typ: 'JWT' })}.${enc({ sub: '1', ver: 1, iss: 'obra', exp: Math.floor(Date.now() / 1000) + 3600 })}.`;
    expect((await buscar(`Bearer ${none}`)).statusCode).toBe(401);
  });

  it('refuses an expired token', async () => {
    const expired = await new SignJWT({ ver: 1 }).setProtectedHeader({ alg: 'HS256' }).setSubject('1').setIssuer('obra')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200).setExpirationTime(Math.floor(Date.now() / 1000) - 3600).sign(key());
    expect((await buscar(`Bearer ${expired}`)).statusCode).toBe(401);
  });

  it('refuses a token issued before the password changed', async () => {
    const old = (await login(ADMIN, 'Demo.2026')).json().data.access_token;
    const change = await ctx.app.inject({
      method: 'POST', url: '/api/usuario/changePassword', headers: { authorization: `Bearer ${old}` },
      payload: { password_actual: 'Demo.2026', password_nuevo: 'Nueva.2026', password_confirmacion: 'Nueva.2026' },
    });
    expect(change.statusCode).toBe(200);
    expect((await buscar(`Bearer ${old}`)).statusCode).toBe(401);
    expect((await buscar(`Bearer ${change.json().data.access_token}`)).statusCode).toBe(200);
  });
});
