import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, SUPPLIER, VIEWER, createTestContext, type TestContext } from '../../test/harness.ts';

let ctx: TestContext;
let admin: { authorization: string };
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.auth(ADMIN);
});
afterAll(() => ctx.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = admin) =>
  ctx.app.inject({ method: 'POST', url: `/api/usuario/${url}`, headers, payload: payload as object });

const buscar = async (filters: Record<string, unknown>) =>
  (await post('buscar', { search: '', start: 0, length: 100, ...filters })).json().data as {
    total: number;
    data: { usu_id: number; usu_correo: string; tiu_id: number; pve_razon_social: string | null }[];
  };

const nuevo = (over: Record<string, unknown> = {}) => ({
  usuario: {
    usu_nombre: 'Elena', usu_apellido: 'Ramos Vera', usu_dni: '47777777', usu_correo: 'eramos@andina.pe',
    usu_password: 'Mezcla.Lurin.2026', usu_nivel: 0, pry_id: 1, lista_usuario_rol: [{ rol_id: 3 }], opciones: [], ...over,
  },
});

describe('supplier accounts in the users list', () => {
  it('lists staff by default, supplier accounts with their company on request, and both with null', async () => {
    const staff = await buscar({});
    expect(staff.data.every((u) => u.tiu_id === 1)).toBe(true);
    expect(staff.data.map((u) => u.usu_correo)).not.toContain(SUPPLIER);

    const suppliers = await buscar({ tiu_id: 3 });
    expect(suppliers.data.map((u) => u.usu_correo)).toEqual([SUPPLIER]);
    expect(suppliers.data[0].pve_razon_social).toEqual(expect.any(String));
    expect(suppliers.data[0].pve_razon_social).not.toBe('');

    const all = await buscar({ tiu_id: null });
    expect(all.total).toBe(staff.total + suppliers.total);
  });

  it('refuses a type that is neither staff nor supplier', async () => {
    expect((await post('buscar', { search: '', start: 0, length: 10, tiu_id: 2 })).statusCode).toBe(400);
  });

  it('lets an administrator view a supplier account but not modify it as staff', async () => {
    const [cuenta] = (await buscar({ tiu_id: 3 })).data;
    const got = await post('obtener', { usuario: { usu_id: cuenta.usu_id } });
    expect(got.statusCode).toBe(200);
    expect(got.json().data).toMatchObject({ tiu_id: 3, usu_correo: SUPPLIER });
    const mod = await post('modificar', {
      usuario: { usu_id: cuenta.usu_id, usu_version: got.json().data.usu_version, usu_nombre: 'X', usu_apellido: 'Y', usu_correo: SUPPLIER, usu_nivel: 1, usu_estado: 0, lista_usuario_rol: [{ rol_id: 3 }] },
    });
    expect(mod.statusCode).toBe(404);
  });

  it('deactivates a supplier account, which ends its open session, and activates it again', async () => {
    const supplierToken = await ctx.auth(SUPPLIER);
    const [cuenta] = (await buscar({ tiu_id: 3 })).data;

    const off = await post('estado', { usuario: { usu_id: cuenta.usu_id, usu_estado: 0 } });
    expect(off.statusCode).toBe(200);
    expect(off.json().message).toBe('Se desactivó el usuario');
    expect((await buscar({ tiu_id: 3, usu_estado: 0 })).data.map((u) => u.usu_correo)).toEqual([SUPPLIER]);
    // The open session stops working at once.
    const portal = await ctx.app.inject({ method: 'POST', url: '/api/usuario/obtenerOpciones', headers: supplierToken, payload: { opcion_usuario: { usu_id: cuenta.usu_id } } });
    expect(portal.statusCode).toBe(401);

    const on = await post('estado', { usuario: { usu_id: cuenta.usu_id, usu_estado: 1 } });
    expect(on.json().message).toBe('Se activó el usuario');
    expect((await buscar({ tiu_id: 3, usu_estado: 1 })).total).toBe(1);
  });

  it('refuses changing one\'s own state, and VISUALIZADOR changes nothing', async () => {
    const me = (await buscar({ search: ADMIN })).data[0];
    const self = await post('estado', { usuario: { usu_id: me.usu_id, usu_estado: 0 } });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('No puede desactivar su propio usuario');
    const viewer = await ctx.auth(VIEWER);
    expect((await post('estado', { usuario: { usu_id: me.usu_id, usu_estado: 0 } }, viewer)).statusCode).toBe(403);
    expect((await post('estado', { usuario: { usu_id: 999999, usu_estado: 0 } })).statusCode).toBe(404);
  });
});

describe('project-level users need a project', () => {
  it('refuses registering a project-level user without a project, writing nothing', async () => {
    const res = await post('registrar', nuevo({ pry_id: null }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Un usuario de nivel Proyecto debe tener un proyecto asignado');
    expect((await buscar({ search: '47777777' })).total).toBe(0);
  });

  it('refuses taking the project away from a project-level user on modify', async () => {
    const reg = await post('registrar', nuevo());
    expect(reg.statusCode).toBe(201);
    const id = reg.json().data.usu_id;
    const u = (await post('obtener', { usuario: { usu_id: id } })).json().data;
    const base = { usu_id: id, usu_version: u.usu_version, usu_nombre: u.usu_nombre, usu_apellido: u.usu_apellido, usu_correo: u.usu_correo, usu_estado: 1, lista_usuario_rol: [{ rol_id: 3 }] };
    const res = await post('modificar', { usuario: { ...base, usu_nivel: 0, pry_id: null } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Un usuario de nivel Proyecto debe tener un proyecto asignado');
    // A corporate user needs no project.
    expect((await post('modificar', { usuario: { ...base, usu_nivel: 1, pry_id: null } })).statusCode).toBe(200);
  });
});
