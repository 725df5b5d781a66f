import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, WEB_CLIENT, createTestContext, type TestContext } from '../../test/harness.ts';

/** Sessions (issue 26): the user sees and closes theirs; an administrator closes all of a user's. */
let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext(); });
afterAll(() => ctx.close());

const login = async (username: string, password: string, agent: string, ip: string) => {
  const res = await ctx.app.inject({
    method: 'POST', url: '/api/oauth/token', remoteAddress: ip,
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: WEB_CLIENT, 'user-agent': agent },
    payload: new URLSearchParams({ username, password, grant_type: 'password' }).toString(),
  });
  expect(res.statusCode).toBe(200);
  return { authorization: `Bearer ${res.json().data.access_token as string}` };
};
const post = (url: string, headers: Record<string, string>, payload: object = {}, ip = '127.0.0.1') =>
  ctx.app.inject({ method: 'POST', url: `/api${url}`, headers, payload, remoteAddress: ip });
const vivo = async (headers: Record<string, string>) => (await post('/oauth/session', headers)).statusCode === 200;
type Fila = { ses_id: string; ses_dispositivo: string; ses_ip: string; actual: boolean };
const sesiones = async (headers: Record<string, string>, ip?: string) => (await post('/sesion/buscar', headers, {}, ip)).json().data as Fila[];

describe('sessions', () => {
  it('lists the user\'s sessions with device and address, marking the current one', async () => {
    const oficina = await login('tesoreria@andina.pe', 'Demo.2026', 'Firefox en la oficina', '10.5.0.1');
    await login('tesoreria@andina.pe', 'Demo.2026', 'Chrome en el celular', '10.5.0.2');
    const filas = await sesiones(oficina, '10.5.0.1');
    expect(filas.map((f) => [f.ses_dispositivo, f.ses_ip, f.actual]).sort()).toEqual([
      ['Chrome en el celular', '10.5.0.2', false], ['Firefox en la oficina', '10.5.0.1', true],
    ]);
  });

  it('closes one session: its token stops working, the others go on; another user\'s is 404', async () => {
    const a = await login('contabilidad@andina.pe', 'Demo.2026', 'Equipo A', '10.5.1.1');
    const b = await login('contabilidad@andina.pe', 'Demo.2026', 'Equipo B', '10.5.1.2');
    const otra = (await sesiones(a)).find((f) => !f.actual)!;
    const ajeno = await login('gerencia@andina.pe', 'Demo.2026', 'Equipo C', '10.5.1.3');
    expect((await post('/sesion/cerrar', ajeno, { sesion: { ses_id: otra.ses_id } })).statusCode).toBe(404);
    const cerrar = await post('/sesion/cerrar', a, { sesion: { ses_id: otra.ses_id } });
    expect(cerrar.statusCode).toBe(200);
    expect(cerrar.json().message).toBe('Se cerró la sesión');
    expect(await vivo(b)).toBe(false);
    expect(await vivo(a)).toBe(true);
    expect((await sesiones(a)).map((f) => f.ses_dispositivo)).toEqual(['Equipo A']);
  });

  it('keeps the current session through a password change and ends the others', async () => {
    const actual = await login('logistica@andina.pe', 'Demo.2026', 'Escritorio', '10.5.2.1');
    const otra = await login('logistica@andina.pe', 'Demo.2026', 'Portátil', '10.5.2.2');
    const res = await post('/usuario/changePassword', actual, { password_actual: 'Demo.2026', password_nuevo: 'Mezcla.Lurin.2026', password_confirmacion: 'Mezcla.Lurin.2026' });
    expect(res.statusCode).toBe(200);
    const nuevo = { authorization: `Bearer ${res.json().data.access_token as string}` };
    expect(await vivo(otra)).toBe(false);
    expect((await sesiones(nuevo)).map((f) => [f.ses_dispositivo, f.actual])).toEqual([['Escritorio', true]]);
  });

  it('lets an administrator close all of a user\'s sessions, not their own', async () => {
    const usuario = await login('almacen@andina.pe', 'Demo.2026', 'Tableta del almacén', '10.5.3.1');
    const admin = await ctx.auth(ADMIN);
    const [fila] = (await post('/usuario/buscar', admin, { search: 'almacen@andina.pe' })).json().data.data as { usu_id: number }[];
    const res = await post('/usuario/cerrarSesiones', admin, { usuario: { usu_id: fila.usu_id } });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Se cerraron todas las sesiones del usuario');
    expect(await vivo(usuario)).toBe(false);
    const [yo] = (await post('/usuario/buscar', admin, { search: ADMIN })).json().data.data as { usu_id: number }[];
    expect((await post('/usuario/cerrarSesiones', admin, { usuario: { usu_id: yo.usu_id } })).statusCode).toBe(400);
    // A user without the users module may not.
    expect((await post('/usuario/cerrarSesiones', await ctx.auth('tesoreria@andina.pe'), { usuario: { usu_id: fila.usu_id } })).statusCode).toBe(403);
  });
});
