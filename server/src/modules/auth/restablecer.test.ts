import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client.ts';
import { WEB_CLIENT, createTestContext, type TestContext } from '../../test/harness.ts';
import { restablecerPassword } from './restablecer.ts';

/** '¿Olvidó su contraseña?' (issue 26): a single-use link valid 30 minutes, the same reply for any address. */
let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext({ PUBLIC_URL: 'https://obra.andina.pe' }); });
afterAll(() => ctx.close());

const CUENTA = 'tesoreria@andina.pe';
const NUEVA = 'Caja.Fuerte.2027';

// Each request from its own address: the route allows an address 5 a minute.
let direccion = 0;
const olvide = (usu_correo: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/oauth/olvidePassword', remoteAddress: `10.6.0.${++direccion}`, payload: { usu_correo } });
const restablecer = (token: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/oauth/restablecerPassword', payload: { token, password } });
const login = (username: string, password: string) =>
  ctx.app.inject({
    method: 'POST', url: '/api/oauth/token', remoteAddress: '10.7.0.1',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: WEB_CLIENT },
    payload: new URLSearchParams({ username, password, grant_type: 'password' }).toString(),
  });
const correos = (para: string) => selectRows<{ cos_texto: string }>(ctx.deps.database.db,
  sql`select cos_texto from correo_salida where cos_para = ${para} and cos_asunto like 'Restablecer%' order by cos_id`);

/** The token of the newest mail to an address, once the outbox holds it (the request does not wait for the mail). */
async function tokenEnviado(para: string, antes: number): Promise<string> {
  await expect.poll(async () => (await correos(para)).length).toBeGreaterThan(antes);
  const texto = (await correos(para)).at(-1)!.cos_texto;
  const m = /https:\/\/obra\.andina\.pe\/restablecerPassword#([A-Za-z0-9_-]+)/.exec(texto);
  expect(m, texto).not.toBeNull();
  return m![1];
}

describe('forgotten password', () => {
  it('answers the same for an unknown address, and mails nothing', async () => {
    const desconocida = await olvide('nadie@andina.pe');
    const conocida = await olvide('gerencia@andina.pe');
    expect(desconocida.statusCode).toBe(200);
    expect(desconocida.json()).toEqual(conocida.json());
    expect(desconocida.json().message).toContain('le enviamos un enlace');
    await tokenEnviado('gerencia@andina.pe', 0);
    expect(await correos('nadie@andina.pe')).toEqual([]);
  });

  it('resets with the mailed link once, ending older sessions', async () => {
    const sesion = { authorization: `Bearer ${await ctx.tokenFor(CUENTA)}` };
    const antes = (await correos(CUENTA)).length;
    await olvide(CUENTA);
    const token = await tokenEnviado(CUENTA, antes);
    const res = await restablecer(token, NUEVA);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ usu_correo: CUENTA });
    // The session opened before the reset no longer works; the new password does, the old one not.
    expect((await ctx.app.inject({ method: 'POST', url: '/api/oauth/session', headers: sesion })).statusCode).toBe(401);
    expect((await login(CUENTA, NUEVA)).statusCode).toBe(200);
    expect((await login(CUENTA, 'Demo.2026')).statusCode).toBe(401);
    // Used once.
    const otraVez = await restablecer(token, 'Otra.Clave.2028');
    expect(otraVez.statusCode).toBe(409);
    expect(otraVez.json().message).toBe('El enlace ya fue usado o fue reemplazado por uno más reciente; solicite otro');
  });

  it('retires an older link when a newer one is sent', async () => {
    const cuenta = 'contabilidad@andina.pe';
    await olvide(cuenta);
    const primero = await tokenEnviado(cuenta, 0);
    await olvide(cuenta);
    const segundo = await tokenEnviado(cuenta, 1);
    expect((await restablecer(primero, NUEVA)).statusCode).toBe(409);
    expect((await restablecer(segundo, NUEVA)).statusCode).toBe(200);
  });

  it('refuses an expired link with 410, an unknown one with 400, a weak password with the rule', async () => {
    const cuenta = 'logistica@andina.pe';
    await olvide(cuenta);
    const token = await tokenEnviado(cuenta, 0);
    const debil = await restablecer(token, 'corta');
    expect(debil.statusCode).toBe(400);
    const tarde = new Date(Date.now() + 31 * 60_000);
    await expect(restablecerPassword(ctx.deps, token, NUEVA, '10.7.0.1', tarde)).rejects.toMatchObject({ statusCode: 410 });
    const falso = await restablecer('x'.repeat(43), NUEVA);
    expect(falso.statusCode).toBe(400);
    expect(falso.json().message).toBe('El enlace para restablecer la contraseña no es válido');
    // Still valid within its 30 minutes.
    expect((await restablecer(token, NUEVA)).statusCode).toBe(200);
  });

  it('sends no link to a deactivated account', async () => {
    await ctx.deps.database.db.execute(sql`update usuario set usu_estado = 0 where usu_correo = 'visualizador@andina.pe'`);
    expect((await olvide('visualizador@andina.pe')).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 200));
    expect(await correos('visualizador@andina.pe')).toEqual([]);
  });
});
