import { MSG, PROVEEDOR_MSG, RUC_MSG, rucCheckDigit } from '@obra/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, SUPPLIER, VIEWER, createTestContext, type TestContext } from '../../test/harness.ts';

let ctx: TestContext;
let admin: { authorization: string };
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.auth(ADMIN);
});
afterAll(() => ctx.close());

type Headers = { authorization: string };
const call = (method: 'POST' | 'DELETE', url: string, payload: object, headers: Headers = admin) =>
  ctx.app.inject({ method, url: `/api/${url}`, headers, payload });

const ruc = (first10: string) => first10 + rucCheckDigit(first10);
const DEMO_RUC = '20501234568';
const base = {
  razon_social: 'Concretera Prueba del Norte S.A.C.', direccion: 'Av. Túpac Amaru 3500, Comas',
  email: 'Compras@ConcreteraNorte.pe', telefono: '(01) 555-1234', especialidad: 'Cemento y agregados',
};
const NEW_RUC = ruc('2061234567');
// BCP: its CCIs start with 002.
const account = { id_banco: 1, id_moneda: 1, tipo_cuenta: 1, cuenta: '191-1234567-0-11', cci: '00219100123456701118' };

describe('/proveedor/save (register)', () => {
  it('registers a national supplier with Perú as its country whatever was sent', async () => {
    const res = await call('POST', 'proveedor/save', { ...base, ruc: NEW_RUC, id_pais: 14, es_critico: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success', message: PROVEEDOR_MSG.added, data: { razon_social: base.razon_social } });
    const id = res.json().data.id_proveedor;
    const detail = (await call('POST', 'proveedor/obtener', { id_proveedor: id })).json().data;
    expect(detail).toEqual({
      id_proveedor: id, ruc: NEW_RUC, ...base, email: 'compras@concreteranorte.pe', cuenta_detraccion: '',
      es_activo: 1, es_critico: 1, es_nacional: 1, id_pais: 1, pais: 'Perú', version: 1,
    });
  });

  it('answers 400 with the spec message for each missing field', async () => {
    for (const field of ['razon_social', 'direccion', 'email', 'telefono', 'especialidad'] as const) {
      const res = await call('POST', 'proveedor/save', { ...base, ruc: ruc('2061111111'), [field]: '  ' });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().message, field).toBe(MSG.required);
    }
    const noRuc = await call('POST', 'proveedor/save', base);
    expect(noRuc.statusCode).toBe(400);
    expect(noRuc.json().message).toBe(MSG.required);
  });

  it('refuses a RUC with a wrong check digit, a wrong prefix or not 11 digits', async () => {
    const good = ruc('2061111111');
    const badDigit = good.slice(0, 10) + ((Number(good[10]) + 1) % 10);
    const cases: [string, string][] = [[badDigit, RUC_MSG.checkDigit], ['30111111110', RUC_MSG.prefix], ['2061111111', RUC_MSG.length], ['2061111111X', RUC_MSG.length]];
    for (const [value, message] of cases) {
      const res = await call('POST', 'proveedor/save', { ...base, ruc: value });
      expect(res.statusCode, value).toBe(400);
      expect(res.json().message, value).toBe(message);
    }
  });

  it('refuses a malformed e-mail and a phone with letters', async () => {
    const email = await call('POST', 'proveedor/save', { ...base, ruc: ruc('2061111111'), email: 'compras@concretera' });
    expect(email.statusCode).toBe(400);
    expect(email.json().message).toBe(MSG.email);
    const phone = await call('POST', 'proveedor/save', { ...base, ruc: ruc('2061111111'), telefono: 'sin teléfono' });
    expect(phone.json().message).toBe(PROVEEDOR_MSG.phone);
  });

  it('needs a country other than Perú for a foreign supplier, and one that exists', async () => {
    const foreign = { ...base, ruc: ruc('2062222222'), razon_social: 'Mischtechnik Bayern GmbH', es_nacional: 0 };
    expect((await call('POST', 'proveedor/save', foreign)).json().message).toBe(MSG.required);
    expect((await call('POST', 'proveedor/save', { ...foreign, id_pais: 1 })).json().message).toBe(PROVEEDOR_MSG.foreignInPeru);
    const unknown = await call('POST', 'proveedor/save', { ...foreign, id_pais: 99999 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(PROVEEDOR_MSG.unknownCountry);
    const ok = await call('POST', 'proveedor/save', { ...foreign, id_pais: 2 });
    expect(ok.statusCode).toBe(200);
    const detail = (await call('POST', 'proveedor/obtener', { id_proveedor: ok.json().data.id_proveedor })).json().data;
    expect(detail).toMatchObject({ es_nacional: 0, id_pais: 2, pais: 'Alemania' });
  });

  it('answers 409 for a RUC registered twice and writes nothing', async () => {
    const res = await call('POST', 'proveedor/save', { ...base, ruc: DEMO_RUC, razon_social: 'Duplicado S.A.C.' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(`Ya existe un proveedor registrado con el RUC ${DEMO_RUC}`);
    expect((await call('POST', 'proveedor/list', { search: 'Duplicado' })).json().data.total).toBe(0);
  });

  it('answers 400, never 500, for wrongly typed input', async () => {
    for (const payload of [{ ...base, ruc: 20611111111 }, { ...base, ruc: NEW_RUC, es_activo: 'si' }, { ...base, ruc: NEW_RUC, id_proveedor: 'x' }]) {
      expect((await call('POST', 'proveedor/save', payload)).statusCode).toBe(400);
    }
    expect((await call('POST', 'proveedor/obtener', {})).statusCode).toBe(400);
  });
});

describe('/proveedor/list and /proveedor/obtener', () => {
  it('pages in SQL and searches by razón social or RUC', async () => {
    const page = (await call('POST', 'proveedor/list', { start: 0, length: 10 })).json().data;
    expect(page.data).toHaveLength(10);
    expect(page.total).toBeGreaterThan(10);
    const next = (await call('POST', 'proveedor/list', { start: 10, length: 10 })).json().data;
    expect(next.data.length).toBe(page.total - 10);
    expect(next.data.map((p: { id_proveedor: number }) => p.id_proveedor)).not.toContain(page.data[0].id_proveedor);
    // The next page by key (razón social, then id) is the same as by position.
    const byKey = (await call('POST', 'proveedor/list', { start: 10, length: 10, despues: page.siguiente, contar: false })).json().data;
    expect(byKey.data).toEqual(next.data);

    const byName = (await call('POST', 'proveedor/list', { search: 'CONCRETERA prueba' })).json().data;
    expect(byName.data.map((p: { ruc: string }) => p.ruc)).toEqual([NEW_RUC]);
    const byRuc = (await call('POST', 'proveedor/list', { search: DEMO_RUC.slice(2, 8) })).json().data;
    expect(byRuc.data.map((p: { ruc: string }) => p.ruc)).toEqual([DEMO_RUC]);
    expect((await call('POST', 'proveedor/list', { search: '100%_' })).json().data.total).toBe(0);
  });

  it('answers 404 for a supplier that does not exist', async () => {
    const res = await call('POST', 'proveedor/obtener', { id_proveedor: 99999 });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(PROVEEDOR_MSG.notFound);
  });
});

describe('/proveedor/save (modify)', () => {
  let id: number;
  beforeAll(async () => {
    id = (await call('POST', 'proveedor/list', { search: NEW_RUC })).json().data.data[0].id_proveedor;
  });

  it('modifies with the version read and refuses a stale one', async () => {
    const first = await call('POST', 'proveedor/save', { ...base, id_proveedor: id, version: 1, ruc: NEW_RUC, telefono: '999 888 777', es_activo: 0 });
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe(PROVEEDOR_MSG.updated);
    const stale = await call('POST', 'proveedor/save', { ...base, id_proveedor: id, version: 1, ruc: NEW_RUC, telefono: '111 222 333' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(MSG.conflict);
    const detail = (await call('POST', 'proveedor/obtener', { id_proveedor: id })).json().data;
    expect(detail).toMatchObject({ telefono: '999 888 777', es_activo: 0, version: 2 });
  });

  it('refuses a changed RUC and a missing version', async () => {
    const changed = await call('POST', 'proveedor/save', { ...base, id_proveedor: id, version: 2, ruc: ruc('2069999999') });
    expect(changed.statusCode).toBe(400);
    expect(changed.json().message).toBe(PROVEEDOR_MSG.rucLocked);
    const noVersion = await call('POST', 'proveedor/save', { ...base, id_proveedor: id, ruc: NEW_RUC });
    expect(noVersion.statusCode).toBe(400);
    expect(noVersion.json().message).toBe(PROVEEDOR_MSG.versionMissing);
    expect((await call('POST', 'proveedor/obtener', { id_proveedor: id })).json().data).toMatchObject({ ruc: NEW_RUC, version: 2 });
  });

  it('answers 404 when modifying a supplier that does not exist', async () => {
    expect((await call('POST', 'proveedor/save', { ...base, id_proveedor: 99999, version: 1, ruc: NEW_RUC })).statusCode).toBe(404);
  });
});

describe('/proveedor/get-proveedor', () => {
  it('lists active suppliers matching RUC or name, at most 20', async () => {
    const all = (await call('POST', 'proveedor/get-proveedor', {})).json().data;
    expect(all.length).toBeGreaterThan(5);
    expect(all.length).toBeLessThanOrEqual(20);
    expect(all[0]).toEqual({ id_proveedor: expect.any(Number), ruc: expect.any(String), razon_social: expect.any(String), es_nacional: expect.any(Number), id_pais: expect.any(Number) });
    const byRuc = (await call('POST', 'proveedor/get-proveedor', { razon_social: DEMO_RUC })).json().data;
    expect(byRuc.map((p: { ruc: string }) => p.ruc)).toEqual([DEMO_RUC]);
    // Deactivated above: it no longer appears for new orders.
    expect((await call('POST', 'proveedor/get-proveedor', { razon_social: 'concretera prueba' })).json().data).toEqual([]);
  });

  it('is open to staff without the suppliers module but not to supplier accounts', async () => {
    const tesoreria = await ctx.auth('tesoreria@andina.pe');
    expect((await call('POST', 'proveedor/list', {}, tesoreria)).statusCode).toBe(403);
    expect((await call('POST', 'proveedor/get-proveedor', { razon_social: 'cemento' }, tesoreria)).statusCode).toBe(200);
    expect((await call('POST', 'proveedor/get-proveedor', {}, await ctx.auth(SUPPLIER))).statusCode).toBe(403);
  });
});

describe('/cuenta-proveedor', () => {
  let pveId: number;
  let cuentaId: number;
  beforeAll(async () => {
    pveId = (await call('POST', 'proveedor/list', { search: NEW_RUC })).json().data.data[0].id_proveedor;
  });

  it('adds an account, keeping the CCI digits, and lists it', async () => {
    const res = await call('POST', 'cuenta-proveedor/add', { ...account, id_proveedor: pveId, cci: '002-191-001234567011-18' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(PROVEEDOR_MSG.accountAdded);
    cuentaId = res.json().data.id_cuenta_proveedor;
    const list = (await call('POST', 'cuenta-proveedor/list', { id_proveedor: pveId })).json().data;
    expect(list).toEqual([{
      id_cuenta_proveedor: cuentaId, id_proveedor: pveId, id_banco: 1, banco: 'Banco de Crédito del Perú (BCP)', id_moneda: 1,
      moneda: 'Soles', moneda_simbolo: 'S/', tipo_cuenta: 1, tipo_cuenta_descripcion: 'Corriente', cuenta: account.cuenta, cci: account.cci,
    }]);
  });

  it('answers the spec messages for missing fields and a CCI without 20 digits', async () => {
    for (const field of ['id_banco', 'id_moneda', 'tipo_cuenta', 'cuenta', 'cci'] as const) {
      const { [field]: _omit, ...rest } = account;
      const res = await call('POST', 'cuenta-proveedor/add', { ...rest, id_proveedor: pveId });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().message, field).toBe(MSG.required);
    }
    for (const cci of ['0021910012345670111', '002191001234567011188', '00219100123456701A18']) {
      const res = await call('POST', 'cuenta-proveedor/add', { ...account, id_proveedor: pveId, cci });
      expect(res.statusCode, cci).toBe(400);
      expect(res.json().message, cci).toBe(PROVEEDOR_MSG.cciLength);
    }
  });

  it('refuses the same CCI twice on one supplier, a CCI of another bank and unknown references', async () => {
    const dup = await call('POST', 'cuenta-proveedor/add', { ...account, id_proveedor: pveId, cuenta: '191-999' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(PROVEEDOR_MSG.cciTaken(account.cci));
    const otherBank = await call('POST', 'cuenta-proveedor/add', { ...account, id_proveedor: pveId, id_banco: 2 });
    expect(otherBank.statusCode).toBe(400);
    expect(otherBank.json().message).toBe(PROVEEDOR_MSG.cciBank('003'));
    expect((await call('POST', 'cuenta-proveedor/add', { ...account, id_proveedor: pveId, id_banco: 999 })).json().message).toBe(PROVEEDOR_MSG.unknownBank);
    const currency = await call('POST', 'cuenta-proveedor/add', { ...account, id_proveedor: pveId, id_moneda: 99, cci: '00219100123456701119' });
    expect(currency.statusCode).toBe(400);
    expect(currency.json().message).toBe(PROVEEDOR_MSG.unknownReference);
    expect((await call('POST', 'cuenta-proveedor/add', { ...account, id_proveedor: 99999 })).statusCode).toBe(404);
    expect((await call('POST', 'cuenta-proveedor/list', { id_proveedor: pveId })).json().data).toHaveLength(1);
  });

  it('lets another supplier hold the same CCI number', async () => {
    const other = (await call('POST', 'proveedor/list', { search: DEMO_RUC })).json().data.data[0].id_proveedor;
    expect((await call('POST', 'cuenta-proveedor/add', { ...account, id_proveedor: other })).statusCode).toBe(200);
  });

  it('deletes an account, and answers 404 for one that does not exist', async () => {
    const res = await call('DELETE', 'cuenta-proveedor/delete', { id_cuenta_proveedor: cuentaId });
    expect(res.json()).toMatchObject({ status: 'success', message: PROVEEDOR_MSG.accountDeleted });
    expect((await call('POST', 'cuenta-proveedor/list', { id_proveedor: pveId })).json().data).toEqual([]);
    const again = await call('DELETE', 'cuenta-proveedor/delete', { id_cuenta_proveedor: cuentaId });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(PROVEEDOR_MSG.accountNotFound);
    expect((await call('POST', 'cuenta-proveedor/list', { id_proveedor: 99999 })).statusCode).toBe(404);
  });
});

describe('/proveedor/delete', () => {
  it('deletes a supplier together with its accounts', async () => {
    const id = (await call('POST', 'proveedor/save', { ...base, ruc: ruc('2063333333'), razon_social: 'Para Borrar S.A.C.' })).json().data.id_proveedor;
    await call('POST', 'cuenta-proveedor/add', { ...account, id_proveedor: id });
    const res = await call('DELETE', 'proveedor/delete', { id_proveedor: id });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Se eliminó al proveedor Para Borrar S.A.C.');
    expect((await call('POST', 'proveedor/obtener', { id_proveedor: id })).statusCode).toBe(404);
    expect((await call('DELETE', 'proveedor/delete', { id_proveedor: id })).statusCode).toBe(404);
  });

  it('refuses to delete a supplier that has a portal user, and suggests deactivating it', async () => {
    const demo = (await call('POST', 'proveedor/list', { search: DEMO_RUC })).json().data.data[0];
    const res = await call('DELETE', 'proveedor/delete', { id_proveedor: demo.id_proveedor });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Ocurrio un problema al eliminar al proveedor: tiene usuarios del portal de proveedores; puede desactivarlo');
    expect((await call('POST', 'proveedor/obtener', { id_proveedor: demo.id_proveedor })).statusCode).toBe(200);
    expect((await call('POST', 'cuenta-proveedor/list', { id_proveedor: demo.id_proveedor })).json().data.length).toBeGreaterThan(0);
  });
});

describe('access', () => {
  const mutations: [method: 'POST' | 'DELETE', url: string, body: object][] = [
    ['POST', 'proveedor/save', { ...base, ruc: ruc('2064444444') }],
    ['DELETE', 'proveedor/delete', { id_proveedor: 1 }],
    ['POST', 'cuenta-proveedor/add', { ...account, id_proveedor: 1 }],
    ['DELETE', 'cuenta-proveedor/delete', { id_cuenta_proveedor: 1 }],
  ];
  const reads: [method: 'POST', url: string, body: object][] = [
    ['POST', 'proveedor/list', {}], ['POST', 'proveedor/obtener', { id_proveedor: 1 }], ['POST', 'cuenta-proveedor/list', { id_proveedor: 1 }],
  ];

  it('refuses every call to a user without the suppliers module', async () => {
    const inventario = await ctx.auth('inventario@andina.pe');
    for (const [method, url, body] of [...reads, ...mutations]) {
      const res = await call(method, url, body, inventario);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message, url).toBe(MSG.noModuleAccess);
    }
  });

  it('lets VISUALIZADOR read but change nothing', async () => {
    const viewer = await ctx.auth(VIEWER);
    for (const [method, url, body] of reads) expect((await call(method, url, body, viewer)).statusCode, url).toBe(200);
    for (const [method, url, body] of mutations) {
      const res = await call(method, url, body, viewer);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message, url).toBe(MSG.readOnly);
    }
    expect((await call('POST', 'proveedor/list', { search: ruc('2064444444') })).json().data.total).toBe(0);
  });

  it('keeps supplier accounts out, even for their own supplier', async () => {
    const supplier = await ctx.auth(SUPPLIER);
    for (const [method, url, body] of [...reads, ...mutations]) {
      expect((await call(method, url, body, supplier)).statusCode, url).toBe(403);
    }
  });

  it('lets a purchasing role (LOGÍSTICA) maintain suppliers', async () => {
    const logistica = await ctx.auth('logistica@andina.pe');
    const res = await call('POST', 'proveedor/save', { ...base, ruc: ruc('2065555555'), razon_social: 'Logística Registra S.A.C.' }, logistica);
    expect(res.statusCode).toBe(200);
  });
});
