import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client.ts';
import { WEB_CLIENT, createTestContext, type TestContext } from '../../test/harness.ts';
import { CUENTA_BAJO_ATAQUE, esperaPorFallos } from './service.ts';

/**
 * DECISIONS §1 (issue 26): failures count per address and per account and address; failures for one account from
 * many addresses slow it down and alert the administrators, but never lock the owner out.
 */
let ctx: TestContext;
// A short ceiling keeps the test quick while still showing the wait.
beforeAll(async () => { ctx = await createTestContext({ LOGIN_DELAY_MAX_MS: '300' }); });
afterAll(() => ctx.close());

const login = (username: string, password: string, ip: string) =>
  ctx.app.inject({
    method: 'POST', url: '/api/oauth/token', remoteAddress: ip,
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: WEB_CLIENT },
    payload: new URLSearchParams({ username, password, grant_type: 'password' }).toString(),
  });

describe('login failure limits', () => {
  it('leaves the owner able to log in from their own address after failures from 50 others', async () => {
    const cuenta = 'contabilidad@andina.pe';
    for (let i = 0; i < 50; i++) expect((await login(cuenta, 'adivinanza', `10.9.${i}.1`)).statusCode).toBe(401);
    const inicio = Date.now();
    const owner = await login(cuenta, 'Demo.2026', '192.168.1.20');
    expect(owner.statusCode).toBe(200);
    // Slowed down, not refused.
    expect(Date.now() - inicio).toBeGreaterThanOrEqual(250);
  });

  it('alerts the administrators once, by mail and in the audit', async () => {
    const alertas = await selectRows<{ aud_usuario: string }>(ctx.deps.database.db,
      sql`select aud_usuario from auditoria where aud_accion = 'login_alerta'`);
    expect(alertas).toEqual([{ aud_usuario: 'contabilidad@andina.pe' }]);
    await expect.poll(async () => (await selectRows<{ cos_para: string }>(ctx.deps.database.db,
      sql`select cos_para from correo_salida where cos_asunto like 'Intentos fallidos%contabilidad@andina.pe'`)).map((r) => r.cos_para))
      .toContain('admin@andina.pe');
  });

  it('answers 429 to one address after 10 failures for one account, while the owner elsewhere gets in', async () => {
    const cuenta = 'tesoreria@andina.pe';
    for (let i = 0; i < 10; i++) await login(cuenta, 'mala', '10.8.0.1');
    const blocked = await login(cuenta, 'Demo.2026', '10.8.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('Demasiados intentos, intente nuevamente en unos minutos');
    expect((await login(cuenta, 'Demo.2026', '10.8.0.2')).statusCode).toBe(200);
  });

  it('waits longer with each failure past the threshold, up to the ceiling', () => {
    expect(esperaPorFallos(CUENTA_BAJO_ATAQUE - 1, 5000)).toBe(0);
    expect(esperaPorFallos(CUENTA_BAJO_ATAQUE, 5000)).toBe(250);
    expect(esperaPorFallos(CUENTA_BAJO_ATAQUE + 2, 5000)).toBe(1000);
    expect(esperaPorFallos(CUENTA_BAJO_ATAQUE + 40, 5000)).toBe(5000);
    expect(esperaPorFallos(1000, 0)).toBe(0);
  });
});
