import { MSG, PASSWORD_MSG, PORTAL_MSG } from '@obra/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client.ts';
import { ADMIN, WEB_CLIENT, createTestContext, type TestContext } from '../../test/harness.ts';
import { startFakeSmtp } from '../../test/smtp.ts';

/** Supplier account creation and confirmation (spec 3 §2, §5; DECISIONS §7, §8; issue 15's guarantees). */

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext({ RATE_LIMIT_PER_MINUTE: '100000', PUBLIC_URL: 'https://obra.andina.pe/' }); });
afterAll(() => ctx.close());

/** Demo suppliers without a portal account (server/src/db/seed/demo/proveedores.ts). */
const CANTERAS = { ruc: '20602145736', correo: 'despachos@agregadoslurin.pe' };
const ADITIVOS = { ruc: '20487215962', correo: 'pedidos@aditivosconcreto.pe' };
const SIDERURGICA = { ruc: '20491837269' };
const LABORATORIO = { ruc: '20546178391' };
/** Inactive demo supplier. */
const CHILCA = { ruc: '20607123587' };
/** The demo supplier that already has its account (proveedor@andina.pe). */
const CON_CUENTA = { ruc: '20501234568' };

const rows = <T>(q: ReturnType<typeof sql>) => selectRows<T>(ctx.deps.database.db, q);
const post = (url: string, payload: object) => ctx.app.inject({ method: 'POST', url: `/api${url}`, payload });
const porRuc = (pve_ruc: string) => post('/proveedor2/obtenerDatosxRuc', { proveedor: { pve_ruc } });
const pveId = async (ruc: string) => Number((await rows<{ id: number }>(sql`select pve_id as id from proveedor where pve_ruc = ${ruc}`))[0].id);
const usuario = (correo: string, over: Record<string, unknown> = {}) => ({
  usu_correo: correo, usu_dni: '45678912', usu_nombre: 'Rosa', usu_apellido: 'Díaz Campos',
  usu_password: 'Acero.Corrugado.2026', usu_confirmed_password: 'Acero.Corrugado.2026', ...over,
});
const crear = async (ruc: string, correo: string, over: Record<string, unknown> = {}) =>
  post('/proveedor2/crearCuenta', { proveedor: { pve_id: await pveId(ruc) }, usuario: usuario(correo, over) });
const confirmar = (token: string) => post('/proveedor2/confirmarCuenta', { token });
const login = (username: string, password = 'Acero.Corrugado.2026') => ctx.app.inject({
  method: 'POST', url: '/api/oauth/token', headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: WEB_CLIENT },
  payload: new URLSearchParams({ username, password, grant_type: 'password' }).toString(),
});
/** The last mail of the outbox to `para`. */
const ultimoCorreo = async (para: string) =>
  (await rows<{ cos_para: string; cos_asunto: string; cos_texto: string; cos_estado: string }>(sql`
    select cos_para, cos_asunto, cos_texto, cos_estado from correo_salida where cos_para = ${para} order by cos_id desc limit 1`))[0];
const tokenDe = (texto: string) => /\/proveedor\/confirmarCuenta#([A-Za-z0-9_-]+)/.exec(texto)?.[1] ?? '';
const expectError = (res: { statusCode: number; json(): { status: string; message: string } }, status: number, message: string) => {
  expect(res.statusCode, JSON.stringify(res.json())).toBe(status);
  expect(res.json()).toMatchObject({ status: 'error', message });
};

describe('/proveedor2/obtenerDatosxRuc', () => {
  it('fills the company block of a registered supplier, its e-mail, phone and detraction account masked', async () => {
    const res = await porRuc(CANTERAS.ruc);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      pve_id: await pveId(CANTERAS.ruc), pve_ruc: CANTERAS.ruc, pve_razon_social: 'Canteras y Agregados Lurín S.A.C.',
      pve_telefono: '***875', pve_correo: 'd***@a***.pe', pve_direccion: 'Carretera Antigua Panamericana Sur km 38.5, Lurín',
      pve_especialidad: 'Arena gruesa, piedra chancada de 1/2" y 3/4", hormigón', pve_cuenta_detraccion: '***8736',
    });
    expect(res.body).not.toContain('agregadoslurin');
    expect(res.body).not.toContain('148736');
  });

  it('refuses an unknown RUC and an inactive supplier with the same message, a malformed RUC with its reason', async () => {
    expectError(await porRuc('20100070970'), 404, PORTAL_MSG.rucNoRegistrado('20100070970'));
    expectError(await porRuc(CHILCA.ruc), 404, PORTAL_MSG.rucNoRegistrado(CHILCA.ruc));
    expectError(await porRuc('20602145737'), 400, 'El RUC no es válido: el dígito verificador no corresponde');
    expectError(await porRuc(''), 400, PORTAL_MSG.rucFalta);
  });

  it('refuses a RUC whose supplier already has an account', async () => {
    expectError(await porRuc(CON_CUENTA.ruc), 409, PORTAL_MSG.yaTieneCuenta(CON_CUENTA.ruc));
  });
});

describe('/proveedor2/crearCuenta and the confirmation link', () => {
  let token = '';

  it('creates a pending PROVEEDOR account and mails the link to the registered e-mail, not the typed one', async () => {
    const res = await crear(CANTERAS.ruc, 'Rosa.Diaz@Gmail.com');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'success', message: PORTAL_MSG.cuentaCreada('d***@a***.pe'), data: { usu_correo: 'rosa.diaz@gmail.com', correo_confirmacion: 'd***@a***.pe' },
    });
    const [u] = await rows<{ tiu_id: number; pve_id: number; usu_confirmado: boolean; usu_estado: number; roles: number[] }>(sql`
      select tiu_id, pve_id, usu_confirmado, usu_estado, array(select rol_id from usuario_rol r where r.usu_id = u.usu_id) as roles
      from usuario u where usu_correo = 'rosa.diaz@gmail.com'`);
    expect(u).toMatchObject({ tiu_id: 3, pve_id: await pveId(CANTERAS.ruc), usu_confirmado: false, usu_estado: 1 });
    expect(u.roles.map(Number)).toEqual([10]);
    expect(await ultimoCorreo('rosa.diaz@gmail.com')).toBeUndefined();
    const mail = await ultimoCorreo(CANTERAS.correo);
    expect(mail).toMatchObject({ cos_estado: 'pendiente' });
    expect(mail.cos_texto).toContain('Canteras y Agregados Lurín S.A.C.');
    expect(mail.cos_texto).toContain('Usuario: rosa.diaz@gmail.com');
    expect(mail.cos_texto).toMatch(/https:\/\/obra\.andina\.pe\/proveedor\/confirmarCuenta#[A-Za-z0-9_-]{43}\n/);
    token = tokenDe(mail.cos_texto);
    // Only the token's SHA-256 is kept.
    const links = await rows<{ cfc_token_hash: string }>(sql`select cfc_token_hash from cuenta_confirmacion`);
    expect(links.map((l) => l.cfc_token_hash).join()).not.toContain(token);
    expect(links.every((l) => /^[0-9a-f]{64}$/.test(l.cfc_token_hash))).toBe(true);
  });

  it("answers 'Cuenta pendiente de confirmación' to a login before confirming", async () => {
    expectError(await login('rosa.diaz@gmail.com'), 403, 'Cuenta pendiente de confirmación');
  });

  it('refuses a second account while the first waits for its link', async () => {
    expectError(await porRuc(CANTERAS.ruc), 409, PORTAL_MSG.cuentaPendiente);
    expectError(await crear(CANTERAS.ruc, 'otra.persona@gmail.com'), 409, PORTAL_MSG.cuentaPendiente);
  });

  it('confirms once through the mailed link; the account logs in; the link never works again', async () => {
    const ok = await confirmar(token);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ message: PORTAL_MSG.cuentaConfirmada, data: { usu_correo: 'rosa.diaz@gmail.com' } });
    const session = await login('rosa.diaz@gmail.com');
    expect(session.statusCode, session.body).toBe(200);
    expect(session.json().data).toMatchObject({ pve_id: await pveId(CANTERAS.ruc), roles: 'PROVEEDOR' });
    expectError(await confirmar(token), 409, PORTAL_MSG.enlaceUsado);
    expectError(await porRuc(CANTERAS.ruc), 409, PORTAL_MSG.yaTieneCuenta(CANTERAS.ruc));
    expectError(await crear(CANTERAS.ruc, 'otra.persona@gmail.com'), 409, PORTAL_MSG.yaTieneCuenta(CANTERAS.ruc));
  });

  it('refuses an unknown token and one that is not a token at all', async () => {
    expectError(await confirmar('A'.repeat(43)), 400, PORTAL_MSG.enlaceInvalido);
    expectError(await confirmar('../../etc/passwd'), 400, PORTAL_MSG.enlaceInvalido);
  });

  it('refuses an expired link; a new request then takes the pending account over and the old link is replaced', async () => {
    expect((await crear(ADITIVOS.ruc, 'compras.aditivos@gmail.com')).statusCode).toBe(200);
    const viejo = tokenDe((await ultimoCorreo(ADITIVOS.correo)).cos_texto);
    await rows(sql`update cuenta_confirmacion set cfc_expira = now() - interval '1 minute'
      where usu_id = (select usu_id from usuario where usu_correo = 'compras.aditivos@gmail.com')`);
    expectError(await confirmar(viejo), 410, PORTAL_MSG.enlaceVencido);
    expectError(await login('compras.aditivos@gmail.com'), 403, 'Cuenta pendiente de confirmación');

    const again = await crear(ADITIVOS.ruc, 'logistica.aditivos@gmail.com', { usu_nombre: 'Luis' });
    expect(again.statusCode, again.body).toBe(200);
    const cuentas = await rows<{ usu_correo: string }>(sql`
      select usu_correo from usuario where pve_id = ${await pveId(ADITIVOS.ruc)} and tiu_id = 3`);
    expect(cuentas).toEqual([{ usu_correo: 'logistica.aditivos@gmail.com' }]);
    expectError(await confirmar(viejo), 409, PORTAL_MSG.enlaceReemplazado);
    const nuevo = tokenDe((await ultimoCorreo(ADITIVOS.correo)).cos_texto);
    expect((await confirmar(nuevo)).statusCode).toBe(200);
    expect((await login('logistica.aditivos@gmail.com')).statusCode).toBe(200);
  });

  it('creates exactly one account under concurrent tries for one supplier', async () => {
    const id = await pveId(SIDERURGICA.ruc);
    const tries = await Promise.all(Array.from({ length: 8 }, (_, i) =>
      post('/proveedor2/crearCuenta', { proveedor: { pve_id: id }, usuario: usuario(`intento${i}@sidercentro.com.pe`) })));
    expect(tries.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of tries.filter((t) => t.statusCode !== 200)) expectError(r, 409, PORTAL_MSG.cuentaPendiente);
    const cuentas = await rows<{ n: number }>(sql`select count(*)::int as n from usuario where pve_id = ${id} and tiu_id = 3`);
    expect(cuentas[0].n).toBe(1);
    const links = await rows<{ n: number }>(sql`select count(*)::int as n from cuenta_confirmacion c join usuario u on u.usu_id = c.usu_id where u.pve_id = ${id}`);
    expect(links[0].n).toBe(1);
  });

  it("refuses an e-mail another user logs in with, and checks the user block as spec 3 §5 says", async () => {
    expectError(await crear(LABORATORIO.ruc, ADMIN), 409, MSG.emailTaken);
    expectError(await crear(LABORATORIO.ruc, 'lab@geocontrol.pe', { usu_dni: '' }), 400, PORTAL_MSG.faltanDatosUsuario);
    expectError(await crear(LABORATORIO.ruc, 'lab@geocontrol.pe', { usu_confirmed_password: 'Acero.Corrugado.2027' }), 400, PORTAL_MSG.passwordNoCoincide);
    expectError(await crear(LABORATORIO.ruc, 'lab@geocontrol.pe', { usu_password: 'corta', usu_confirmed_password: 'corta' }), 400, PASSWORD_MSG.corta);
    expectError(await crear(LABORATORIO.ruc, 'lab@geocontrol.pe', { usu_password: 'Password.2026', usu_confirmed_password: 'Password.2026' }), 400, PASSWORD_MSG.comun);
    expectError(await post('/proveedor2/crearCuenta', { proveedor: { pve_id: 999999 }, usuario: usuario('x@y.pe') }), 404, PORTAL_MSG.proveedorNoEncontrado);
    expectError(await crear(CHILCA.ruc, 'chilca@gmail.com'), 404, PORTAL_MSG.proveedorNoEncontrado);
    const n = await rows<{ n: number }>(sql`select count(*)::int as n from usuario where pve_id = ${await pveId(LABORATORIO.ruc)}`);
    expect(n[0].n).toBe(0);
  });
});

describe('with an SMTP server', () => {
  it('queues the link with the account and mails it after the commit; a refused mail waits in the outbox for Reenviar', async () => {
    const smtp = await startFakeSmtp();
    const other = await createTestContext({ SMTP_URL: smtp.url, RATE_LIMIT_PER_MINUTE: '100000' });
    try {
      const [{ id }] = await selectRows<{ id: number }>(other.deps.database.db, sql`select pve_id as id from proveedor where pve_ruc = ${CANTERAS.ruc}`);
      const send = () => other.app.inject({ method: 'POST', url: '/api/proveedor2/crearCuenta', payload: { proveedor: { pve_id: Number(id) }, usuario: usuario('rosa@gmail.com') } });
      smtp.refuse.on = true;
      // The request does not wait for SMTP: the account and its queued mail are committed together.
      expect((await send()).statusCode).toBe(200);
      expect(smtp.messages).toHaveLength(0);
      const [cola] = await selectRows<{ cos_id: number; cos_estado: string }>(other.deps.database.db,
        sql`select cos_id, cos_estado from correo_salida where cos_para = ${CANTERAS.correo} order by cos_id desc limit 1`);
      expect(cola.cos_estado).toBe('pendiente');
      expect(await other.deps.mailer.entregar()).toBe(0);
      const [rehusado] = await selectRows<{ cos_estado: string; cos_error: string }>(other.deps.database.db, sql`select cos_estado, cos_error from correo_salida where cos_id = ${cola.cos_id}`);
      expect(rehusado).toMatchObject({ cos_estado: 'error', cos_error: expect.stringContaining('550') });
      // The account waits for its confirmation; an administrator's Reenviar sends the same link once SMTP accepts.
      smtp.refuse.on = false;
      expect((await other.deps.mailer.resend(other.deps.database.db, cola.cos_id)).estado).toBe('pendiente');
      expect(await other.deps.mailer.entregar()).toBe(1);
      expect(smtp.messages.at(-1)!.to).toEqual([CANTERAS.correo]);
      // Quoted-printable breaks long lines with a trailing '='.
      expect(smtp.messages.at(-1)!.data.replace(/=\n/g, '')).toContain('/proveedor/confirmarCuenta#');
    } finally {
      await other.close();
      await smtp.close();
    }
  });
});
