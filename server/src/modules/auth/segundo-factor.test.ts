import { sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client.ts';
import { ADMIN, WEB_CLIENT, createTestContext, type TestContext } from '../../test/harness.ts';

/** The second factor (TOTP, issue 26): enrolment, login with a code, recovery codes once each, remembered browser, reset. */
let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext(); });
afterAll(() => ctx.close());

const CUENTA = 'tesoreria@andina.pe';
let ip = 0;
const token = (username: string, password: string, cookie?: string) => ctx.app.inject({
  method: 'POST', url: '/api/oauth/token', remoteAddress: `10.4.0.${++ip}`,
  headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: WEB_CLIENT, ...(cookie ? { cookie } : {}) },
  payload: new URLSearchParams({ username, password, grant_type: 'password' }).toString(),
});
const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url: `/api${url}`, payload, headers, remoteAddress: `10.4.1.${++ip}` });
/** The code an authenticator app shows `pasos` periods from now. */
const codigo = (secret: string, pasos = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + pasos * 30 });

let secreto = '';
let recuperacion: string[] = [];

describe('second factor', () => {
  it('enrols a signed-in user: QR, first code, ten recovery codes shown once', async () => {
    const yo = await ctx.auth(CUENTA);
    expect((await post('/segundoFactor/estado', {}, yo)).json().data).toEqual({ activo: false, requerido: false, codigos_restantes: 0 });
    const alta = (await post('/segundoFactor/iniciar', {}, yo)).json().data;
    expect(alta.uri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    expect(alta.qr).toMatch(/^data:image\/png;base64,/);
    secreto = alta.secreto;
    expect((await post('/segundoFactor/activar', { codigo: '000000' }, yo)).statusCode).toBe(400);
    const activar = await post('/segundoFactor/activar', { codigo: await codigo(secreto) }, yo);
    expect(activar.statusCode).toBe(200);
    recuperacion = activar.json().data.codigos_recuperacion;
    expect(recuperacion).toHaveLength(10);
    expect(new Set(recuperacion).size).toBe(10);
    // Only hashes are kept.
    const filas = await selectRows<{ usf_secreto: string }>(ctx.deps.database.db, sql`select usf_secreto from usuario_segundo_factor`);
    expect(filas).toHaveLength(1);
    expect(filas[0].usf_secreto).not.toContain(secreto);
  });

  it('asks the code after the password, with words a plain client understands, and accepts a code once', async () => {
    const res = await token(CUENTA, 'Demo.2026');
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Ingrese el código de 6 dígitos de su aplicación de autenticación');
    const { desafio, segundo_factor } = res.json().data;
    expect(segundo_factor).toBe('codigo');
    // A challenge is no access token.
    expect((await post('/oauth/session', {}, { authorization: `Bearer ${desafio}` })).statusCode).toBe(401);
    expect((await post('/oauth/segundoFactor', { desafio, codigo: '123456' })).statusCode).toBe(401);
    // The enrolment took this period's code: the next period's is the first to pass (the app's clock a little ahead).
    const bueno = await codigo(secreto, 1);
    const ok = await post('/oauth/segundoFactor', { desafio, codigo: bueno });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.access_token).toEqual(expect.any(String));
    // The same code again: refused (replay).
    const otra = (await token(CUENTA, 'Demo.2026')).json().data.desafio;
    expect((await post('/oauth/segundoFactor', { desafio: otra, codigo: bueno })).statusCode).toBe(401);
  });

  it('takes each recovery code once', async () => {
    const desafio = (await token(CUENTA, 'Demo.2026')).json().data.desafio;
    expect((await post('/oauth/segundoFactor', { desafio, codigo_recuperacion: recuperacion[0] })).statusCode).toBe(200);
    const otra = (await token(CUENTA, 'Demo.2026')).json().data.desafio;
    expect((await post('/oauth/segundoFactor', { desafio: otra, codigo_recuperacion: recuperacion[0] })).statusCode).toBe(401);
    expect((await post('/oauth/segundoFactor', { desafio: otra, codigo_recuperacion: recuperacion[1].toUpperCase() })).statusCode).toBe(200);
    expect((await post('/segundoFactor/estado', {}, await ctx.auth(CUENTA))).json().data.codigos_restantes).toBe(8);
  });

  it('remembers a browser for 30 days with an HttpOnly cookie', async () => {
    const desafio = (await token(CUENTA, 'Demo.2026')).json().data.desafio;
    // This period's and the next's codes are spent above; a recovery code signs in as well.
    const res = await post('/oauth/segundoFactor', { desafio, codigo_recuperacion: recuperacion[2], recordar: true });
    expect(res.statusCode).toBe(200);
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/^obra_recordar=[A-Za-z0-9_-]+; Path=\/api\/oauth; Max-Age=2592000; HttpOnly; SameSite=Strict/);
    const cookie = setCookie.split(';')[0];
    expect((await token(CUENTA, 'Demo.2026', cookie)).statusCode).toBe(200);
    // Another browser still needs the code; a wrong password is refused as ever.
    expect((await token(CUENTA, 'Demo.2026')).statusCode).toBe(401);
    expect((await token(CUENTA, 'mala', cookie)).json().message).toBe('Credenciales incorrectas');
  });

  it('lets an administrator reset a lost phone; a role that requires it makes the user enrol before anything else', async () => {
    const [u] = (await post('/usuario/buscar', { search: CUENTA }, await ctx.auth(ADMIN))).json().data.data as { usu_id: number }[];
    expect((await post('/usuario/segundoFactor/restablecer', { usuario: { usu_id: u.usu_id } }, await ctx.auth(ADMIN))).statusCode).toBe(200);
    expect((await token(CUENTA, 'Demo.2026')).statusCode).toBe(200);

    await ctx.deps.database.db.execute(sql`update rol set rol_requiere_segundo_factor = true where rol_nombre = 'TESORERIA'`);
    const res = await token(CUENTA, 'Demo.2026');
    expect(res.statusCode).toBe(401);
    expect(res.json().data.segundo_factor).toBe('enrolar');
    expect(res.json().message).toBe('Su rol exige un segundo factor: configúrelo para continuar');
    const { desafio } = res.json().data;
    const alta = (await post('/oauth/segundoFactor/enrolar', { desafio })).json().data;
    const activar = await post('/oauth/segundoFactor/activar', { desafio, codigo: await codigo(alta.secreto) });
    expect(activar.statusCode).toBe(200);
    expect(activar.json().data.access_token).toEqual(expect.any(String));
    expect(activar.json().data.codigos_recuperacion).toHaveLength(10);
    // Required: the user cannot turn it off.
    const sesion = { authorization: `Bearer ${activar.json().data.access_token as string}` };
    expect((await post('/segundoFactor/desactivar', { password: 'Demo.2026' }, sesion)).statusCode).toBe(409);
    await ctx.deps.database.db.execute(sql`update rol set rol_requiere_segundo_factor = false where rol_nombre = 'TESORERIA'`);
  });

  it('keeps the spec\'s plain login for users without a second factor', async () => {
    const res = await token('gerencia@andina.pe', 'Demo.2026');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.access_token).toEqual(expect.any(String));
  });
});
