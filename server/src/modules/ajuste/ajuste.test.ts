import { AJUSTE_MSG, MSG, normalizarDireccionPublica } from '@obra/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client.ts';
import { createAjustes } from '../../platform/ajustes.ts';
import { ADMIN, VIEWER, createTestContext, type TestContext } from '../../test/harness.ts';

/** Administración → Ajustes (issue 24): the public address of mailed links. */

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext({ RATE_LIMIT_PER_MINUTE: '100000', HOST: '0.0.0.0', PORT: '3901' }); });
afterAll(() => ctx.close());

type Reply = { statusCode: number; body: string; json(): { status: string; message: string; data: Record<string, unknown> } };
const post = async (correo: string | null, url: string, payload: object = {}): Promise<Reply> =>
  ctx.app.inject({ method: 'POST', url: `/api${url}`, payload, headers: correo ? await ctx.auth(correo) : {} });
const guardar = (correo: string, direccion_publica: unknown) => post(correo, '/ajuste/guardar', { ajuste: { direccion_publica } });
const rows = <T>(q: ReturnType<typeof sql>) => selectRows<T>(ctx.deps.database.db, q);

/** The supplier sign-up of cuenta.test.ts, for one demo supplier without an account; the mail's link. */
async function enlaceDeConfirmacion(c: TestContext, ruc: string, correo: string): Promise<string> {
  const [p] = await selectRows<{ pve_id: number; pve_correo: string }>(c.deps.database.db, sql`select pve_id, pve_correo from proveedor where pve_ruc = ${ruc}`);
  const res = await c.app.inject({ method: 'POST', url: '/api/proveedor2/crearCuenta', payload: {
    proveedor: { pve_id: Number(p.pve_id) },
    usuario: { usu_correo: correo, usu_dni: '45678912', usu_nombre: 'Rosa', usu_apellido: 'Díaz', usu_password: 'Acero.Corrugado.2026', usu_confirmed_password: 'Acero.Corrugado.2026' },
  } });
  expect(res.statusCode, res.body).toBe(200);
  const [m] = await selectRows<{ cos_texto: string }>(c.deps.database.db, sql`
    select cos_texto from correo_salida where cos_para = ${p.pve_correo} order by cos_id desc limit 1`);
  return /\S+\/proveedor\/confirmarCuenta#/.exec(m.cos_texto)?.[0] ?? '';
}

describe('the public address', () => {
  it('accepts an http(s) server and port, written as its origin; refuses paths, queries and other schemes', () => {
    expect(normalizarDireccionPublica(' https://Obra.Andina.pe/ ')).toBe('https://obra.andina.pe');
    expect(normalizarDireccionPublica('http://192.168.1.20:3000')).toBe('http://192.168.1.20:3000');
    expect(normalizarDireccionPublica('https://obra.andina.pe:443')).toBe('https://obra.andina.pe');
    for (const bad of ['obra.andina.pe', 'ftp://obra.andina.pe', 'https://obra.andina.pe/login', 'https://obra.andina.pe/?a=1',
      'https://obra.andina.pe/#x', 'https://ana:clave@obra.andina.pe', 'javascript:alert(1)', 'https://', 'https://obra andina.pe']) {
      expect(normalizarDireccionPublica(bad), bad).toBeNull();
    }
  });

  it('unset while listening beyond loopback: links go to localhost and the screen warns', async () => {
    const res = await post(ADMIN, '/ajuste/obtener');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      direccion_publica: null, direccion_efectiva: 'http://localhost:3901', origen: 'predeterminada',
      advertencia: AJUSTE_MSG.sinConfigurar('http://localhost:3901'),
    });
    expect(await enlaceDeConfirmacion(ctx, '20602145736', 'rosa@canteras.pe')).toBe('http://localhost:3901/proveedor/confirmarCuenta#');
  });

  it('an administrator saves it (audited) and the next supplier confirmation mail carries it', async () => {
    const res = await guardar(ADMIN, 'http://Obra.LAN:3901/');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success', message: AJUSTE_MSG.guardado, data: {
      direccion_publica: 'http://obra.lan:3901', direccion_efectiva: 'http://obra.lan:3901', origen: 'ajuste', advertencia: null,
      usuario: 'Administrador del Sistema',
    } });
    expect(await enlaceDeConfirmacion(ctx, '20487215962', 'rosa@aditivos.pe')).toBe('http://obra.lan:3901/proveedor/confirmarCuenta#');
    const [audit] = await rows<{ aud_estado_http: number; aud_detalle: unknown }>(sql`
      select aud_estado_http, aud_detalle from auditoria where aud_ruta = '/api/ajuste/guardar' order by aud_id desc limit 1`);
    expect(audit).toMatchObject({ aud_estado_http: 200, aud_detalle: { ajuste: { direccion_publica: 'http://obra.lan:3901' } } });
  });

  it('refuses a bad address with its reason and keeps the saved one', async () => {
    for (const [value, message] of [['https://obra.andina.pe/login', AJUSTE_MSG.direccionInvalida], ['', AJUSTE_MSG.direccionFalta], [null, AJUSTE_MSG.direccionFalta]] as const) {
      const res = await guardar(ADMIN, value);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ status: 'error', message });
    }
    expect((await post(ADMIN, '/ajuste/obtener')).json().data.direccion_publica).toBe('http://obra.lan:3901');
  });

  it('only administrators: others 403, the viewer reads but cannot save, no session 401', async () => {
    for (const correo of ['logistica@andina.pe', 'almacen@andina.pe', 'proveedor@andina.pe']) {
      expect((await post(correo, '/ajuste/obtener')).statusCode, correo).toBe(403);
      expect((await guardar(correo, 'https://otra.pe')).statusCode, correo).toBe(403);
    }
    expect((await post(VIEWER, '/ajuste/obtener')).statusCode).toBe(200);
    const viewer = await guardar(VIEWER, 'https://otra.pe');
    expect(viewer.statusCode).toBe(403);
    expect(viewer.json().message).toBe(MSG.readOnly);
    expect((await post(null, '/ajuste/obtener')).statusCode).toBe(401);
    expect((await post(ADMIN, '/ajuste/obtener')).json().data.direccion_publica).toBe('http://obra.lan:3901');
  });

  it('never takes the address from the Host header', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/ajuste/obtener', payload: {},
      headers: { ...(await ctx.auth(ADMIN)), host: 'malicioso.example', 'x-forwarded-host': 'malicioso.example' } });
    expect(res.json().data.direccion_efectiva).toBe('http://obra.lan:3901');
  });

  it('another instance sees a change within its cache time', async () => {
    let clock = 0;
    const otra = createAjustes(ctx.deps.database.db, { publicUrl: null, host: '0.0.0.0', port: 3901, ttlMs: 1000 }, () => clock);
    expect((await otra.direccionPublica()).url).toBe('http://obra.lan:3901');
    await guardar(ADMIN, 'https://obra.andina.pe');
    clock = 999;
    expect((await otra.direccionPublica()).url).toBe('http://obra.lan:3901');
    clock = 1000;
    expect((await otra.direccionPublica()).url).toBe('https://obra.andina.pe');
  });

  it('a loopback address still warns; listening on loopback alone does not', async () => {
    await guardar(ADMIN, 'http://127.0.0.1:3901');
    expect((await post(ADMIN, '/ajuste/obtener')).json().data.advertencia).toBe(AJUSTE_MSG.soloEsteEquipo('http://127.0.0.1:3901'));
    const local = createAjustes(ctx.deps.database.db, { publicUrl: null, host: '127.0.0.1', port: 3901 });
    expect((await local.direccionPublica()).advertencia).toBeNull();
    const entorno = createAjustes(ctx.deps.database.db, { publicUrl: 'http://localhost:3901', host: '::', port: 3901 });
    expect(await entorno.direccionPublica()).toEqual({
      url: 'http://localhost:3901', origen: 'entorno', advertencia: AJUSTE_MSG.entornoSoloEsteEquipo('http://localhost:3901'),
    });
  });
});

describe('PUBLIC_URL set', () => {
  let env: TestContext;
  beforeAll(async () => { env = await createTestContext({ RATE_LIMIT_PER_MINUTE: '100000', HOST: '0.0.0.0', PUBLIC_URL: 'https://obra.andina.pe/' }); });
  afterAll(() => env.close());

  it('wins over a saved address, the screen says so and cannot change it', async () => {
    await selectRows(env.deps.database.db, sql`insert into ajuste (aju_clave, aju_valor) values ('direccion_publica', 'http://192.168.1.20:3000')`);
    const res = await env.app.inject({ method: 'POST', url: '/api/ajuste/obtener', payload: {}, headers: await env.auth(ADMIN) });
    expect(res.json().data).toMatchObject({ direccion_efectiva: 'https://obra.andina.pe', origen: 'entorno', advertencia: null });
    const save = await env.app.inject({ method: 'POST', url: '/api/ajuste/guardar', payload: { ajuste: { direccion_publica: 'http://obra.lan:3000' } },
      headers: await env.auth(ADMIN) });
    expect(save.statusCode).toBe(409);
    expect(save.json().message).toBe(AJUSTE_MSG.porEntorno);
    expect(await enlaceDeConfirmacion(env, '20602145736', 'rosa@canteras.pe')).toBe('https://obra.andina.pe/proveedor/confirmarCuenta#');
  });
});
