import { CLIENTE_MSG, DOCUMENTO_MSG, MSG, RUC_MSG, TDI, rucCheckDigit, type Cliente } from '@obra/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client.ts';
import { ADMIN, VIEWER, createTestContext, type TestContext } from '../../test/harness.ts';

type Headers = { authorization: string };
let ctx: TestContext;
let admin: Headers;

const post = (url: string, payload: object, headers: Headers = admin) =>
  ctx.app.inject({ method: 'POST', url: `/api/cliente/${url}`, headers, payload });
const rows = <T>(query: ReturnType<typeof sql>) => selectRows<T>(ctx.deps.database.db, query);
const ruc = (first10: string) => first10 + rucCheckDigit(first10);

const DIR_SURCO = { cde_alias: 'Obra Surco', cde_direccion: 'Av. Caminos del Inca 1450', cde_referencia: 'Frente al parque', ubi_id: '150140' };
const DIR_CALLAO = { cde_alias: 'Almacén Callao', cde_direccion: 'Av. Argentina 5120', cde_referencia: 'Portón verde', ubi_id: '070101' };
const nuevo = (over: Record<string, unknown> = {}) => ({
  cliente: {
    tdi_id: TDI.RUC, cli_documento_identidad: ruc('2061122334'), cli_nombre: 'Constructora Prueba Surco S.A.C.', cli_nombre_contacto: 'Ing. Ana Prado',
    cli_domicilio_fiscal: 'Av. Benavides 4500, Surco', cli_correo: 'compras@pruebasurco.pe', cli_telefono: '(01) 271-0000',
    lista_cliente_direccion_envio: [DIR_SURCO, DIR_CALLAO], ...over,
  },
});
/** The modify payload of a client as read, with changes. */
const modifyOf = (c: Cliente, over: Record<string, unknown> = {}) => ({
  cliente: {
    cli_id: c.cli_id, cli_version: c.cli_version, tdi_id: c.tdi_id, cli_documento_identidad: c.cli_documento_identidad, cli_nombre: c.cli_nombre,
    cli_nombre_contacto: c.cli_nombre_contacto, cli_domicilio_fiscal: c.cli_domicilio_fiscal, cli_correo: c.cli_correo, cli_telefono: c.cli_telefono,
    cli_especial: c.cli_especial, cli_estado: c.cli_estado,
    lista_cliente_direccion_envio: c.lista_cliente_direccion_envio.map(({ cde_id, cde_alias, cde_direccion, cde_referencia, ubi_id }) => ({ cde_id, cde_alias, cde_direccion, cde_referencia, ubi_id })),
    ...over,
  },
});
const obtener = async (cliId: number): Promise<Cliente> => (await post('obtener', { cliente: { cli_id: cliId } })).json().data;
const expectRefused = (res: { statusCode: number; json: () => { status: string; message: string } }, status: number, message: string) => {
  expect(res.json()).toMatchObject({ status: 'error', message });
  expect(res.statusCode).toBe(status);
};

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.auth(ADMIN);
});
afterAll(() => ctx.close());

describe('cliente searches', () => {
  it('buscar pages every client by name, 10 a page, in the spec page shape', async () => {
    const res = await post('buscar', { cliente: {} });
    expect(res.statusCode).toBe(200);
    const { page } = res.json().data;
    expect(page).toMatchObject({ total: 13, size: 10, number: 1 });
    expect(page.list).toHaveLength(10);
    const names = page.list.map((c: { cli_nombre: string }) => c.cli_nombre);
    expect(names[0]).toBe('Andrés Felipe Restrepo Gómez');
    expect(page.list[0]).toMatchObject({ tdi_id: TDI.CE, cli_tipo_documento_identidad: TDI.CE, tdi_nombre: 'Carnet de Extranjería', cli_estado: 1, cli_especial: 0 });
    const second = (await post('buscar', { cliente: { page: { number: 2, size: 10 } } })).json().data.page;
    expect(second.list).toHaveLength(3);
    expect(second.number).toBe(2);
  });

  it('buscar finds by document or by name words in any order, inactive clients too', async () => {
    const byRuc = (await post('buscar', { cliente: { cli_search: '2054812' } })).json().data.page;
    expect(byRuc.list.map((c: { cli_nombre: string }) => c.cli_nombre)).toEqual(['Constructora Los Andes del Pacífico S.A.C.']);
    const byWords = (await post('buscar', { cliente: { cli_search: 'ATE civiles' } })).json().data.page;
    expect(byWords.list).toHaveLength(1);
    expect(byWords.list[0]).toMatchObject({ cli_nombre: 'Ingenieros Civiles Asociados Ate S.A.C.', cli_estado: 0 });
    const none = (await post('buscar', { cliente: { cli_search: '100%_x' } })).json().data.page;
    expect(none).toMatchObject({ list: [], total: 0 });
  });

  it("buscarRapido needs a text ('Debe ingresar alguna referencia del empleado') and answers active clients only", async () => {
    expectRefused(await post('buscarRapido', { cliente: { cli_search: '  ' } }), 400, CLIENTE_MSG.emptySearch);
    expectRefused(await post('buscarRapido', {}), 400, CLIENTE_MSG.emptySearch);
    const sac = (await post('buscarRapido', { cliente: { cli_search: 's.a.c' } })).json().data;
    expect(sac.some((c: { cli_nombre: string }) => c.cli_nombre.startsWith('Ingenieros Civiles'))).toBe(false);
    const grupo = (await post('buscarRapido', { cliente: { cli_search: 'andina grupo' } })).json().data;
    expect(grupo).toEqual([{
      cli_id: expect.any(Number), tdi_id: TDI.RUC, cli_tipo_documento_identidad: TDI.RUC, cli_documento_identidad: '20606147385',
      cli_nombre: 'Inmobiliaria Andina del Grupo S.A.C.', cli_nombre_contacto: 'Sr. Ernesto Valdivia Luna', cli_correo: 'proyectos@inmobiliariaandina.pe',
      cli_telefono: '(01) 430-2200', cli_especial: 1,
    }]);
  });

  it('obtener and obtenerDirecciones answer the addresses with the district name; an unknown client is 404', async () => {
    const [{ cli_id }] = (await post('buscar', { cliente: { cli_search: '20603415290' } })).json().data.page.list;
    const c = await obtener(cli_id);
    expect(c).toMatchObject({ cli_nombre: 'Inmobiliaria Miraflores Real Estate S.A.C.', cli_domicilio_fiscal: 'Av. José Larco 1150 Of. 702, Miraflores', cli_version: 1 });
    expect(c.lista_cliente_direccion_envio.map((d) => [d.cde_sequence, d.cde_alias, d.ubi_nombre])).toEqual([
      [1, 'Edificio Alcanfores', 'Miraflores'], [2, 'Edificio Barranco Mar', 'Barranco'], [3, 'Condominio Surquillo', 'Surquillo'],
    ]);
    const dirs = (await post('obtenerDirecciones', { cliente_direccion_envio: { cli_id } })).json().data;
    expect(dirs).toEqual(c.lista_cliente_direccion_envio);
    expectRefused(await post('obtener', { cliente: { cli_id: 999_999 } }), 404, CLIENTE_MSG.notFound);
    expectRefused(await post('obtenerDirecciones', { cliente_direccion_envio: { cli_id: 999_999 } }), 404, CLIENTE_MSG.notFound);
  });
});

describe('cliente registrar', () => {
  it('registers the client and its addresses numbered 1, 2 (201), and returns it whole', async () => {
    const res = await post('registrar', nuevo());
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(CLIENTE_MSG.registered);
    const c: Cliente = res.json().data;
    expect(c).toMatchObject({ cli_nombre: 'Constructora Prueba Surco S.A.C.', cli_especial: 0, cli_estado: 1, cli_version: 1, tdi_nombre: 'RUC' });
    expect(c.lista_cliente_direccion_envio.map((d) => [d.cde_sequence, d.cde_alias, d.ubi_nombre])).toEqual([[1, 'Obra Surco', 'Santiago de Surco'], [2, 'Almacén Callao', 'Callao']]);
    expect(await obtener(c.cli_id)).toEqual(c);
  });

  it('answers the spec messages for missing client and address data', async () => {
    expectRefused(await post('registrar', {}), 400, CLIENTE_MSG.missingRegister);
    expectRefused(await post('registrar', nuevo({ cli_correo: '' })), 400, CLIENTE_MSG.missingRegister);
    expectRefused(await post('registrar', nuevo({ tdi_id: null })), 400, CLIENTE_MSG.missingRegister);
    for (const field of ['cde_alias', 'cde_direccion', 'cde_referencia', 'ubi_id']) {
      const res = await post('registrar', nuevo({ cli_documento_identidad: ruc('2061122335'), lista_cliente_direccion_envio: [{ ...DIR_SURCO, [field]: ' ' }] }));
      expectRefused(res, 400, CLIENTE_MSG.missingAddress);
    }
    // A client may be registered without addresses; they are required on modify.
    const sin = await post('registrar', nuevo({ cli_documento_identidad: ruc('2061122336'), lista_cliente_direccion_envio: [] }));
    expect(sin.statusCode).toBe(201);
  });

  it('checks each document type: RUC check digit, DNI 8 digits, Carnet de Extranjería 9 to 12', async () => {
    expectRefused(await post('registrar', nuevo({ cli_documento_identidad: '20548127362' })), 400, RUC_MSG.checkDigit);
    expectRefused(await post('registrar', nuevo({ tdi_id: TDI.DNI, cli_documento_identidad: '4182736' })), 400, DOCUMENTO_MSG.dni);
    expectRefused(await post('registrar', nuevo({ tdi_id: TDI.CE, cli_documento_identidad: '12345' })), 400, DOCUMENTO_MSG.ce);
    expectRefused(await post('registrar', nuevo({ tdi_id: 4, cli_documento_identidad: 'X1234567' })), 400, DOCUMENTO_MSG.tipo);
    expectRefused(await post('registrar', nuevo({ cli_correo: 'compras@' })), 400, MSG.email);
    const dni = await post('registrar', nuevo({ tdi_id: TDI.DNI, cli_documento_identidad: '70112233', cli_nombre: 'Rosa Huanca Mamani' }));
    expect(dni.statusCode).toBe(201);
    const ce = await post('registrar', nuevo({ tdi_id: TDI.CE, cli_documento_identidad: 'e00998877', cli_nombre: 'Luis Cárdenas' }));
    expect(ce.json().data.cli_documento_identidad).toBe('E00998877');
  });

  it('a district must be a Lima or Callao ubigeo of the reference list', async () => {
    const other = ruc('2061122337');
    expectRefused(await post('registrar', nuevo({ cli_documento_identidad: other, lista_cliente_direccion_envio: [{ ...DIR_SURCO, ubi_id: '040101' }] })), 400, CLIENTE_MSG.district);
    expectRefused(await post('registrar', nuevo({ cli_documento_identidad: other, lista_cliente_direccion_envio: [{ ...DIR_SURCO, ubi_id: '150199' }] })), 400, CLIENTE_MSG.unknownDistrict);
    expect((await rows<{ n: number }>(sql`select count(*)::int as n from cliente where cli_documento_identidad = ${other}`))[0].n).toBe(0);
  });

  it('a document already registered answers 409 naming the client; the same digits under another type are another client', async () => {
    const res = await post('registrar', nuevo({ cli_documento_identidad: '20548127361', cli_nombre: 'Copia S.A.C.' }));
    expectRefused(res, 409, 'Ya existe un cliente registrado con el RUC 20548127361: Constructora Los Andes del Pacífico S.A.C.');
    expectRefused(await post('registrar', nuevo({ tdi_id: TDI.DNI, cli_documento_identidad: '41827365' })), 409,
      'Ya existe un cliente registrado con el DNI 41827365: María Elena Quispe Condori');
    // Two registrations of one new document at once: one wins, the other is the same 409.
    const doc = ruc('2061122338');
    const both = await Promise.all([post('registrar', nuevo({ cli_documento_identidad: doc })), post('registrar', nuevo({ cli_documento_identidad: doc }))]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(both.find((r) => r.statusCode === 409)!.json().message).toContain(`RUC ${doc}`);
  });
});

describe('cliente modificar', () => {
  let base: Cliente;
  beforeAll(async () => {
    base = (await post('registrar', nuevo({ cli_documento_identidad: ruc('2061199001'), cli_nombre: 'Obras Modificables S.A.C.' }))).json().data;
  });

  it('updates kept addresses, adds new ones after the last sequence and removes the others (cde_estado 0, never deleted)', async () => {
    const [surco, callao] = base.lista_cliente_direccion_envio;
    const payload = modifyOf(base, {
      cli_nombre: 'Obras Modificadas S.A.C.', cli_especial: 1,
      lista_cliente_direccion_envio: [
        { cde_id: surco.cde_id, cde_alias: 'Obra Surco II', cde_direccion: surco.cde_direccion, cde_referencia: 'Puerta 2', ubi_id: '150140' },
        { cde_alias: 'Obra Lurín', cde_direccion: 'Av. San Pedro 100', cde_referencia: 'Km 32', ubi_id: '150119' },
      ],
    });
    const res = await post('modificar', payload);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(CLIENTE_MSG.modified);
    const c: Cliente = res.json().data;
    expect(c).toMatchObject({ cli_nombre: 'Obras Modificadas S.A.C.', cli_especial: 1, cli_version: 2 });
    expect(c.lista_cliente_direccion_envio.map((d) => [d.cde_id, d.cde_sequence, d.cde_alias, d.cde_referencia, d.ubi_nombre])).toEqual([
      [surco.cde_id, 1, 'Obra Surco II', 'Puerta 2', 'Santiago de Surco'], [expect.any(Number), 3, 'Obra Lurín', 'Km 32', 'Lurín'],
    ]);
    const removed = await rows<{ cde_estado: number }>(sql`select cde_estado from cliente_direccion_envio where cde_id = ${callao.cde_id}`);
    expect(removed).toEqual([{ cde_estado: 0 }]);
    // A removed address cannot come back by its id; it is added again as a new one.
    const back = modifyOf(c, { lista_cliente_direccion_envio: [...modifyOf(c).cliente.lista_cliente_direccion_envio, { ...DIR_CALLAO, cde_id: callao.cde_id }] });
    expectRefused(await post('modificar', back), 400, CLIENTE_MSG.addressForeign);
    base = c;
  });

  it('a stale version answers 409; two modifies of one version at once: exactly one wins', async () => {
    expectRefused(await post('modificar', modifyOf(base, { cli_version: base.cli_version - 1 })), 409, MSG.conflict);
    const both = await Promise.all([post('modificar', modifyOf(base, { cli_telefono: '999 111 222' })), post('modificar', modifyOf(base, { cli_telefono: '999 333 444' }))]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    base = await obtener(base.cli_id);
    expect(base.cli_version).toBe(3);
  });

  it("needs at least one address ('Falta ingresar datos para modificar al cliente') and complete ones", async () => {
    expectRefused(await post('modificar', modifyOf(base, { lista_cliente_direccion_envio: [] })), 400, CLIENTE_MSG.missingModify);
    expectRefused(await post('modificar', modifyOf(base, { cli_domicilio_fiscal: '' })), 400, CLIENTE_MSG.missingModify);
    const incomplete = [...modifyOf(base).cliente.lista_cliente_direccion_envio, { cde_alias: 'Nueva', cde_direccion: 'Jr. Uno 1', cde_referencia: '', ubi_id: '150101' }];
    expectRefused(await post('modificar', modifyOf(base, { lista_cliente_direccion_envio: incomplete })), 400, CLIENTE_MSG.missingAddress);
    expect((await obtener(base.cli_id)).cli_version).toBe(base.cli_version);
  });

  it("refuses another client's address, another client's document and an unknown client; nothing is written", async () => {
    const [otro] = (await post('buscar', { cliente: { cli_search: '20519076846' } })).json().data.page.list;
    const ajena = (await obtener(otro.cli_id)).lista_cliente_direccion_envio[0];
    const withForeign = modifyOf(base, { cli_nombre: 'No debe quedar', lista_cliente_direccion_envio: [{ ...DIR_SURCO, cde_id: ajena.cde_id }] });
    expectRefused(await post('modificar', withForeign), 400, CLIENTE_MSG.addressForeign);
    expect((await obtener(base.cli_id)).cli_nombre).toBe(base.cli_nombre);
    expectRefused(await post('modificar', modifyOf(base, { cli_documento_identidad: '20519076846' })), 409,
      'Ya existe un cliente registrado con el RUC 20519076846: Consorcio Vial Lima Norte');
    expectRefused(await post('modificar', modifyOf(base, { cli_id: 999_999 })), 404, CLIENTE_MSG.notFound);
  });

  it('deactivating a client takes it out of the quick search, not out of the list', async () => {
    const res = await post('modificar', modifyOf(base, { cli_estado: 0 }));
    expect(res.json().data.cli_estado).toBe(0);
    expect((await post('buscarRapido', { cliente: { cli_search: 'Obras Modificadas' } })).json().data).toEqual([]);
    expect((await post('buscar', { cliente: { cli_search: 'Obras Modificadas' } })).json().data.page.total).toBe(1);
  });
});

describe('cliente access', () => {
  it('refuses users without the module (403) and every change by VISUALIZADOR', async () => {
    const logistica = await ctx.auth('logistica@andina.pe');
    for (const [url, body] of [['buscar', { cliente: {} }], ['obtener', { cliente: { cli_id: 1 } }], ['buscarRapido', { cliente: { cli_search: 'andes' } }],
      ['obtenerDirecciones', { cliente_direccion_envio: { cli_id: 1 } }], ['registrar', nuevo()], ['modificar', { cliente: {} }]] as const) {
      expectRefused(await post(url, body, logistica), 403, MSG.noModuleAccess);
    }
    // TESORERIA holds orden_venta only: the order popup's two calls, nothing else.
    const tesoreria = await ctx.auth('tesoreria@andina.pe');
    expect((await post('buscarRapido', { cliente: { cli_search: 'andes' } }, tesoreria)).json().data).toHaveLength(1);
    expect((await post('obtenerDirecciones', { cliente_direccion_envio: { cli_id: 1 } }, tesoreria)).statusCode).toBe(200);
    expectRefused(await post('buscar', { cliente: {} }, tesoreria), 403, MSG.noModuleAccess);
    expectRefused(await post('registrar', nuevo(), tesoreria), 403, MSG.noModuleAccess);
    const viewer = await ctx.auth(VIEWER);
    expect((await post('buscar', { cliente: {} }, viewer)).statusCode).toBe(200);
    const doc = ruc('2061199002');
    expect((await post('registrar', nuevo({ cli_documento_identidad: doc }), viewer)).statusCode).toBe(403);
    const c = await obtener((await post('buscar', { cliente: { cli_search: '20548127361' } })).json().data.page.list[0].cli_id);
    expect((await post('modificar', modifyOf(c, { cli_nombre: 'Cambio' }), viewer)).statusCode).toBe(403);
    expect((await obtener(c.cli_id)).cli_version).toBe(1);
    // CONTABILIDAD holds the module: it registers.
    expect((await post('registrar', nuevo({ cli_documento_identidad: doc }), await ctx.auth('contabilidad@andina.pe'))).statusCode).toBe(201);
  });

  it('hostile input is a 400 in the envelope, never a 500', async () => {
    expectRefused(await post('registrar', nuevo({ cli_nombre: 'Obra\u0000' })), 400, MSG.nulCharacter);
    expect((await post('registrar', nuevo({ cli_nombre: 'x'.repeat(5000) }))).statusCode).toBe(400);
    expect((await post('buscar', { cliente: { cli_search: 'x'.repeat(101) } })).statusCode).toBe(400);
    expect((await post('modificar', { cliente: { cli_id: 2 ** 40 } })).statusCode).toBe(400);
    expect((await post('registrar', nuevo({ lista_cliente_direccion_envio: Array.from({ length: 51 }, (_, i) => ({ ...DIR_SURCO, cde_alias: `A${i}` })) }))).statusCode).toBe(400);
  });
});
