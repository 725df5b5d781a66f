import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows, type ListenHandlers } from '../../db/client.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createProfileCache } from './profile-cache.ts';

/**
 * The guard serves profiles from memory, so these check that every kind of access change still
 * takes effect: through the API (this instance forgets at once) and straight in the database, as
 * another instance's write would arrive (the triggers' notification makes this one forget).
 */
let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext(); });
afterAll(async () => { await ctx?.close(); });

const db = () => ctx.deps.database.db;
const LIST = { search: '', year: 2026, start: 0, length: 10 };
const listOrders = (authorization: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/orden/get-orden-list', headers: { authorization }, payload: LIST });

/** Retries until the reply has the status: a notification is delivered after the commit, within milliseconds. */
async function eventually(call: () => Promise<{ statusCode: number }>, status: number) {
  let last = 0;
  for (let i = 0; i < 100; i++) {
    last = (await call()).statusCode;
    if (last === status) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  expect(last).toBe(status);
}


describe('access guard profile cache', () => {
  it('listens for access changes once started', () => {
    expect(ctx.deps.profiles.listening).toBe(true);
  });

  it('answers from memory once a profile is known (no query per request)', async () => {
    const authorization = `Bearer ${await ctx.tokenFor('administracion@andina.pe')}`;
    expect((await listOrders(authorization)).statusCode).toBe(200);
    // A write that bypasses the triggers is the one change the cache cannot hear of.
    await db().execute(sql`alter table usuario disable trigger usuario_acceso`);
    await db().execute(sql`update usuario set usu_estado = 0 where usu_correo = 'administracion@andina.pe'`);
    expect((await listOrders(authorization)).statusCode).toBe(200);
    await db().execute(sql`alter table usuario enable trigger usuario_acceso`);
    await db().execute(sql`update usuario set usu_estado = 0 where usu_correo = 'administracion@andina.pe'`);
    await eventually(() => listOrders(authorization), 401);
    await db().execute(sql`update usuario set usu_estado = 1 where usu_correo = 'administracion@andina.pe'`);
  });

  it('refuses the old token at once after a password change through the API', async () => {
    const authorization = `Bearer ${await ctx.tokenFor('logistica@andina.pe')}`;
    expect((await listOrders(authorization)).statusCode).toBe(200);
    const changed = await ctx.app.inject({
      method: 'POST', url: '/api/usuario/changePassword', headers: { authorization },
      payload: { password_actual: 'Demo.2026', password_nuevo: 'Otra.Clave.2026', password_confirmacion: 'Otra.Clave.2026' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await listOrders(authorization)).statusCode).toBe(401);
    expect((await listOrders(`Bearer ${changed.json().data.access_token}`)).statusCode).toBe(200);
  });

  it('refuses a user deactivated by a write it did not make (another instance)', async () => {
    const authorization = `Bearer ${await ctx.tokenFor('gerencia@andina.pe')}`;
    expect((await listOrders(authorization)).statusCode).toBe(200);
    await db().execute(sql`update usuario set usu_estado = 0 where usu_correo = 'gerencia@andina.pe'`);
    await eventually(() => listOrders(authorization), 401);
    await db().execute(sql`update usuario set usu_estado = 1 where usu_correo = 'gerencia@andina.pe'`);
    await eventually(() => listOrders(authorization), 200);
  });

  it("applies a change of a role's modules to every user of the role", async () => {
    const authorization = `Bearer ${await ctx.tokenFor('contabilidad@andina.pe')}`;
    expect((await listOrders(authorization)).statusCode).toBe(200);
    const [grant] = await selectRows<{ rol_id: number; mod_id: number }>(db(), sql`
      select rm.rol_id, rm.mod_id from rol_modulo rm join modulo m on m.mod_id = rm.mod_id
        join usuario_rol ur on ur.rol_id = rm.rol_id join usuario u on u.usu_id = ur.usu_id
      where m.mod_codigo = 'orden_compra' and u.usu_correo = 'contabilidad@andina.pe'`);
    await db().execute(sql`delete from rol_modulo where rol_id = ${grant.rol_id} and mod_id = ${grant.mod_id}`);
    await eventually(() => listOrders(authorization), 403);
    await db().execute(sql`insert into rol_modulo (rol_id, mod_id) values (${grant.rol_id}, ${grant.mod_id})`);
    await eventually(() => listOrders(authorization), 200);
  });

  it('applies a role taken from the user', async () => {
    const authorization = `Bearer ${await ctx.tokenFor('tesoreria@andina.pe')}`;
    expect((await listOrders(authorization)).statusCode).toBe(200);
    const [u] = await selectRows<{ usu_id: number }>(db(), sql`select usu_id from usuario where usu_correo = 'tesoreria@andina.pe'`);
    const roles = await selectRows<{ rol_id: number }>(db(), sql`select rol_id from usuario_rol where usu_id = ${u.usu_id}`);
    await db().execute(sql`delete from usuario_rol where usu_id = ${u.usu_id}`);
    await eventually(() => listOrders(authorization), 403);
    for (const r of roles) await db().execute(sql`insert into usuario_rol (usu_id, rol_id) values (${u.usu_id}, ${r.rol_id})`);
    await eventually(() => listOrders(authorization), 200);
  });

  it('serves nothing from memory while the listening connection is down, and listens again', async () => {
    const database = ctx.deps.database;
    let handlers: ListenHandlers | undefined;
    const cache = await createProfileCache({ ...database, listen: (channel, h) => { handlers = h; return database.listen(channel, h); } });
    const [{ usu_id }] = await selectRows<{ usu_id: number }>(db(), sql`select usu_id from usuario where usu_correo = 'visualizador@andina.pe'`);
    const estado = async () => (await cache.get(usu_id))?.usu_estado;
    try {
      expect(await estado()).toBe(1);
      handlers!.onState(false);
      // A change no notification tells of (triggers off): with no listener, the database is read.
      await db().execute(sql`alter table usuario disable trigger usuario_acceso`);
      await db().execute(sql`update usuario set usu_estado = 0 where usu_id = ${usu_id}`);
      expect(await estado()).toBe(0);
      await db().execute(sql`update usuario set usu_estado = 1 where usu_id = ${usu_id}`);
      handlers!.onState(true);
      expect(await estado()).toBe(1);
    } finally {
      await db().execute(sql`alter table usuario enable trigger usuario_acceso`);
      await cache.close();
    }
  });
});
