import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, VIEWER, createTestContext, type TestContext } from '../../test/harness.ts';

type Headers = { authorization: string };
interface Row { ven_id: number; ven_nombre: string; ven_documento_identidad: string; ven_correo: string; ven_telefono: string; est_id: number; est_nombre: string }

let ctx: TestContext;
let admin: Headers;

const call = (path: string, payload: unknown, headers: Headers = admin) =>
  ctx.app.inject({ method: 'POST', url: `/api/vendedor/${path}`, headers, payload: payload as object });
const buscar = async (f: Record<string, unknown> = {}) => (await call('buscar', { vendedor: f })).json().data as { data: Row[]; total: number };
const nuevo = (over: Record<string, unknown> = {}) => ({
  vendedor: { ven_nombre: 'Rosa Elena Ramírez Soto', ven_documento_identidad: '47123456', ven_correo: 'RRAMIREZ@andina.pe', ven_telefono: '+51 912 345 678', ...over },
});

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.auth(ADMIN);
});
afterAll(() => ctx.close());

describe('/vendedor/buscar', () => {
  it('pages the demo sellers 10 at a time by name, with their status name', async () => {
    const all = await buscar();
    expect(all.total).toBe(6);
    expect(all.data.map((r) => r.ven_nombre)).toEqual([...all.data.map((r) => r.ven_nombre)].sort((a, b) => a.localeCompare(b, 'es')));
    expect(all.data.find((r) => r.ven_documento_identidad === '42987651')).toMatchObject({ est_id: 0, est_nombre: 'Inactivo' });
    const second = await buscar({ page: { number: 2, size: 4 } });
    expect(second.data).toHaveLength(2);
    expect(second.data[0].ven_nombre).toBe(all.data[4].ven_nombre);
  });

  it('filters by id, name words, part of the document and status', async () => {
    const all = (await buscar()).data;
    const luis = all.find((r) => r.ven_nombre.startsWith('Luis'))!;
    expect((await buscar({ ven_id: luis.ven_id })).data).toEqual([luis]);
    expect((await buscar({ ven_id: String(luis.ven_id) })).data).toEqual([luis]);
    expect((await buscar({ ven_id: 'abc' })).total).toBe(0);
    expect((await buscar({ ven_nombre: 'paredes LUIS' })).data).toEqual([luis]);
    expect((await buscar({ ven_documento_identidad: '1235' })).data).toEqual([luis]);
    expect((await buscar({ est_id: 0 })).data.map((r) => r.ven_documento_identidad)).toEqual(['42987651']);
    expect((await buscar({ est_id: 1 })).total).toBe(5);
    expect((await buscar({ ven_nombre: '', ven_documento_identidad: null, est_id: null })).total).toBe(6);
  });

  it('accepts only activo and inactivo as status filter', async () => {
    const res = await call('buscar', { vendedor: { est_id: 3 } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('El estado del vendedor debe ser activo o inactivo');
  });
});

describe('register, read and modify', () => {
  let id = 0;

  it('registers an active seller, dropping ven_capacidad and ven_placa', async () => {
    const res = await call('registrar', nuevo({ ven_capacidad: '', ven_placa: null }));
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Se registró el vendedor correctamente');
    const v = res.json().data as Row;
    expect(v).toMatchObject({ ven_nombre: 'Rosa Elena Ramírez Soto', ven_correo: 'rramirez@andina.pe', ven_telefono: '+51 912 345 678', est_id: 1, est_nombre: 'Activo' });
    expect(v).not.toHaveProperty('ven_placa');
    id = v.ven_id;
    expect((await call('obtener', { vendedor: { ven_id: id } })).json().data).toEqual(v);
  });

  it('takes a RUC with its check digit and leaves e-mail and phone optional', async () => {
    const res = await call('registrar', { vendedor: { ven_nombre: '  Agente   Comercial  ', ven_documento_identidad: '10458712366' } });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ ven_nombre: 'Agente Comercial', ven_correo: '', ven_telefono: '' });
  });

  it.each([
    [{ ven_nombre: '' }, 'Ingrese el nombre del vendedor'],
    [{ ven_nombre: undefined }, 'Ingrese el nombre del vendedor'],
    [{ ven_documento_identidad: '' }, 'Ingrese el documento de identidad del vendedor'],
    [{ ven_documento_identidad: '1234567' }, 'El documento debe ser un DNI de 8 dígitos o un RUC de 11 dígitos'],
    [{ ven_documento_identidad: '4712345A' }, 'El documento debe ser un DNI de 8 dígitos o un RUC de 11 dígitos'],
    [{ ven_documento_identidad: '10458712367' }, 'El RUC no es válido: el dígito verificador no corresponde'],
    [{ ven_documento_identidad: '30458712366' }, 'El RUC debe empezar con 10, 15, 16, 17 o 20'],
    [{ ven_correo: 'rosa@' }, 'El campo debe ser un correo válido'],
    [{ ven_telefono: '987-654-321' }, 'El teléfono solo admite números, espacios y el signo + al inicio (de 6 a 15 dígitos)'],
    [{ ven_telefono: '12 34' }, 'El teléfono solo admite números, espacios y el signo + al inicio (de 6 a 15 dígitos)'],
  ])('refuses %o with its message', async (over, message) => {
    const res = await call('registrar', nuevo({ ven_documento_identidad: '48000001', ...over }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'error', message, data: null });
  });

  it('refuses a document already registered, also with spaces typed in it', async () => {
    const res = await call('registrar', nuevo({ ven_nombre: 'Otra Persona', ven_documento_identidad: '4712 3456' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Ya existe un vendedor con el documento 47123456');
  });

  it('modifies every field and the status, activo or inactivo only', async () => {
    const cambios = { ven_id: id, ven_nombre: 'Rosa Elena Ramírez Soto de Vega', ven_documento_identidad: '47123457', ven_correo: '', ven_telefono: '987654321', est_id: 0 };
    const res = await call('modificar', { vendedor: cambios });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Se modificó el vendedor correctamente');
    expect(res.json().data).toEqual({ ...cambios, est_nombre: 'Inactivo' });
    for (const est_id of [3, 5, -1, null]) {
      const bad = await call('modificar', { vendedor: { ...cambios, est_id } });
      expect(bad.statusCode, String(est_id)).toBe(400);
      expect(bad.json().message).toBe('El estado del vendedor debe ser activo o inactivo');
    }
  });

  it('refuses taking another seller\'s document and answers 404 for an unknown seller', async () => {
    const base = { ven_id: id, ven_nombre: 'X', ven_documento_identidad: '41235678', est_id: 1 };
    const taken = await call('modificar', { vendedor: base });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('Ya existe un vendedor con el documento 41235678');
    const missing = await call('modificar', { vendedor: { ...base, ven_id: 999999, ven_documento_identidad: '48888888' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('No se encontró el vendedor');
    expect((await call('obtener', { vendedor: { ven_id: 999999 } })).statusCode).toBe(404);
  });
});

describe('/vendedor/buscarRapido', () => {
  it('finds active sellers by name words, up to 20', async () => {
    const res = await call('buscarRapido', { vendedor: { ven_nombre: 'quispe' } });
    expect(res.json().data.map((r: Row) => r.ven_nombre)).toEqual(['José Antonio Quispe Mamani']);
    // The inactive demo seller is not offered for new orders.
    expect((await call('buscarRapido', { vendedor: { ven_nombre: 'Salinas' } })).json().data).toEqual([]);
  });

  it('ignores accents: chavez finds Chávez', async () => {
    const res = await call('buscarRapido', { vendedor: { ven_nombre: 'chavez' } });
    expect(res.json().data.map((r: Row) => r.ven_nombre)).toEqual(['María Fernanda Chávez Ruiz']);
  });

  it.each([{ vendedor: { ven_nombre: '   ' } }, { vendedor: {} }, {}])('answers the spec\'s text for an empty search %o', async (body) => {
    const res = await call('buscarRapido', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Debe ingresar alguna referencia del nombre el vendedor');
  });

  it('is open to the order desk (orden_venta) but not to logistics', async () => {
    const tesoreria = await ctx.auth('tesoreria@andina.pe');
    expect((await call('buscarRapido', { vendedor: { ven_nombre: 'luis' } }, tesoreria)).statusCode).toBe(200);
    expect((await call('buscar', {}, tesoreria)).statusCode).toBe(403);
    const logistica = await ctx.auth('logistica@andina.pe');
    const res = await call('buscarRapido', { vendedor: { ven_nombre: 'luis' } }, logistica);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('No tienes acceso a este módulo');
  });
});

describe('access', () => {
  it('refuses the module to logistica@ with 403', async () => {
    const logistica = await ctx.auth('logistica@andina.pe');
    for (const path of ['buscar', 'obtener', 'registrar', 'modificar']) {
      const res = await call(path, {}, logistica);
      expect(res.statusCode, path).toBe(403);
      expect(res.json().message).toBe('No tienes acceso a este módulo');
    }
  });

  it('lets VISUALIZADOR search and read but not register or modify', async () => {
    const viewer = await ctx.auth(VIEWER);
    expect((await call('buscar', {}, viewer)).statusCode).toBe(200);
    const reg = await call('registrar', nuevo({ ven_documento_identidad: '48111111' }), viewer);
    expect(reg.statusCode).toBe(403);
    expect(reg.json().message).toBe('Tu rol solo permite consultar información');
    expect((await call('modificar', { vendedor: { ven_id: 1, ven_nombre: 'X', ven_documento_identidad: '48111111', est_id: 1 } }, viewer)).statusCode).toBe(403);
    expect((await buscar({ ven_documento_identidad: '48111111' })).total).toBe(0);
  });

  it('answers administracion@ (ADMINISTRADOR) in full', async () => {
    const adm = await ctx.auth('administracion@andina.pe');
    expect((await call('registrar', nuevo({ ven_nombre: 'Nuevo Vendedor', ven_documento_identidad: '48222222' }), adm)).statusCode).toBe(201);
  });
});
