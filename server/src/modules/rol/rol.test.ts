import { ROL_MSG, ROLE, type Rol, type RolFila } from '@obra/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client.ts';
import { seedReference } from '../../db/seed/reference.ts';
import { ADMIN, SUPPLIER, VIEWER, createTestContext, type TestContext } from '../../test/harness.ts';
import type { App } from '../../app.ts';

/**
 * Administración → Roles (issue 26, docs/business-rules.md "Roles"), on PGlite and PostgreSQL: roles created and
 * edited take effect at once on this instance and within a second on another one; SUPER and PROVEEDOR keep their
 * rules; SUPER is never taken from its last active holder.
 */
let ctx: TestContext;
let otra: App;
type Who = { authorization: string };
let admin: Who;
let administracion: Who;
let viewer: Who;

beforeAll(async () => {
  ctx = await createTestContext();
  otra = await ctx.otraInstancia();
  admin = await ctx.auth(ADMIN);
  administracion = await ctx.auth('administracion@andina.pe');
  viewer = await ctx.auth(VIEWER);
}, 60_000);
afterAll(async () => { await ctx?.close(); });

const db = () => ctx.deps.database.db;
const post = (path: string, payload: unknown, who: Who, app: App = ctx.app) =>
  app.inject({ method: 'POST', url: `/api/${path}`, headers: who, payload: payload as object });
const ok = async (res: Promise<{ statusCode: number; body: string; json(): unknown }>, status = 200) => {
  const r = await res;
  expect(r.statusCode, r.body).toBe(status);
  return (r.json() as { data: unknown }).data;
};
const refused = async (res: Promise<{ statusCode: number; json(): unknown }>, status: number, message?: string) => {
  const r = await res;
  expect(r.statusCode).toBe(status);
  if (message) expect((r.json() as { message: string }).message).toBe(message);
};
const obtener = async (rolId: number) => (await ok(post('rol/obtener', { rol: { rol_id: rolId } }, admin))) as Rol;
const modificar = (r: Rol, cambios: Partial<Rol>, who: Who = admin) => {
  const x = { ...r, ...cambios };
  return post('rol/modificar', { rol: {
    rol_id: x.rol_id, rol_version: x.rol_version, rol_nombre: x.rol_nombre, rol_descripcion: x.rol_descripcion, rol_estado: x.rol_estado,
    rol_requiere_segundo_factor: x.rol_requiere_segundo_factor, modulos: x.modulos_codigos, opciones: x.opciones_codigos,
  } }, who);
};

/** Retries until the call answers `status`; fails past `ms` (the bound: one second). */
async function within(ms: number, call: () => Promise<{ statusCode: number }>, status: number) {
  const start = Date.now();
  let last = 0;
  while (Date.now() - start < ms) {
    last = (await call()).statusCode;
    if (last === status) return Date.now() - start;
    await new Promise((r) => setTimeout(r, 20));
  }
  expect(last).toBe(status);
  return ms;
}

const usuarioId = async (correo: string) =>
  (await selectRows<{ id: number }>(db(), sql`select usu_id as id from usuario where usu_correo = ${correo}`))[0]!.id;

/** A staff user with only these roles, and their authorization. */
async function usuarioCon(correo: string, roles: number[]): Promise<{ id: number; who: Who }> {
  const data = await ok(post('usuario/registrar', { usuario: {
    usu_nombre: 'Prueba', usu_apellido: 'Roles', usu_dni: String(40_100_000 + Math.floor(Math.random() * 899_999)), usu_correo: correo,
    usu_password: 'Clave.Larga.2026', usu_nivel: 1, pry_id: null, lista_usuario_rol: roles.map((rol_id) => ({ rol_id })), opciones: [],
  } }, admin), 201) as { usu_id: number };
  return { id: data.usu_id, who: await ctx.auth(correo) };
}

describe('/rol: the roles editor', () => {
  it('lists the roles (not PROVEEDOR) to administrators and the viewer; others and suppliers are refused', async () => {
    const filas = await ok(post('rol/listar', {}, administracion)) as RolFila[];
    expect(filas.map((r) => r.rol_nombre)).toEqual(expect.arrayContaining(['SUPER', 'ADMINISTRADOR', 'GERENCIA', 'AUDITOR']));
    expect(filas.some((r) => r.rol_id === ROLE.PROVEEDOR)).toBe(false);
    const gerencia = filas.find((r) => r.rol_id === ROLE.GERENCIA)!;
    expect(gerencia).toMatchObject({ rol_sistema: true, rol_fijo: false, rol_estado: 1 });
    expect(gerencia.usuarios).toBeGreaterThan(0);
    expect(filas.find((r) => r.rol_id === ROLE.SUPER)).toMatchObject({ rol_fijo: true });
    await ok(post('rol/listar', { rol: { search: 'geren' } }, viewer));
    await refused(post('rol/registrar', { rol: { rol_nombre: 'Nada', modulos: [], opciones: [] } }, viewer), 403);
    await refused(post('rol/listar', {}, await ctx.auth('logistica@andina.pe')), 403);
    await refused(post('rol/listar', {}, await ctx.auth(SUPPLIER)), 403);
  });

  it('creates a role whose users get its modules and options, on this instance and on another at once', async () => {
    const creado = await ok(post('rol/registrar', { rol: {
      rol_nombre: 'Supervisor de obra', rol_descripcion: 'Aprueba compras de su obra', modulos: ['orden_compra', 'marca'], opciones: ['aprobar_orden_compra'],
    } }, administracion), 201) as { rol_id: number };
    expect(creado.rol_id).toBeGreaterThanOrEqual(100);
    const rol = await obtener(creado.rol_id);
    expect(rol).toMatchObject({ rol_nombre: 'Supervisor de obra', rol_sistema: false, modulos_codigos: ['orden_compra', 'marca'], opciones_codigos: ['aprobar_orden_compra'] });

    const u = await usuarioCon('supervisor.roles@andina.pe', [creado.rol_id]);
    await ok(post('marca/list', { search: '' }, u.who));
    await ok(post('marca/list', { search: '' }, u.who, otra));
    await refused(post('caja/buscar', {}, u.who, otra), 403);

    // Ticking a module on this instance opens it on the other within a second; deactivating closes everything.
    const ms = await (async () => {
      await ok(modificar(rol, { modulos_codigos: [...rol.modulos_codigos, 'caja'] }));
      return within(1000, () => post('caja/buscar', {}, u.who, otra), 200);
    })();
    expect(ms).toBeLessThan(1000);
    await ok(modificar(await obtener(rol.rol_id), { rol_estado: 0 }));
    await within(1000, () => post('marca/list', { search: '' }, u.who, otra), 403);
    await refused(post('marca/list', { search: '' }, u.who), 403);
    // An inactive role is not given to more users; one who holds it keeps it until removed.
    await refused(post('usuario/registrar', { usuario: {
      usu_nombre: 'Otro', usu_apellido: 'Roles', usu_dni: '40999111', usu_correo: 'otro.roles@andina.pe', usu_password: 'Clave.Larga.2026',
      usu_nivel: 1, pry_id: null, lista_usuario_rol: [{ rol_id: rol.rol_id }], opciones: [],
    } }, admin), 400, ROL_MSG.inactivo('Supervisor de obra'));
    await ok(modificar(await obtener(rol.rol_id), { rol_estado: 1, rol_nombre: 'Supervisora de obra' }));
    await within(1000, () => post('marca/list', { search: '' }, u.who, otra), 200);
    expect((await obtener(rol.rol_id)).rol_nombre).toBe('Supervisora de obra');
  });

  it('refuses what a role cannot be, in plain words', async () => {
    const nuevo = (rol: Record<string, unknown>) => post('rol/registrar', { rol: { modulos: [], opciones: [], ...rol } }, admin);
    await refused(nuevo({ rol_nombre: 'ab' }), 400, ROL_MSG.nombre);
    await refused(nuevo({ rol_nombre: 'gerencia' }), 409, ROL_MSG.nombreUsado);
    await refused(nuevo({ rol_nombre: 'SUPERVISORA DE OBRA' }), 409, ROL_MSG.nombreUsado);
    await refused(nuevo({ rol_nombre: 'Sin módulo', modulos: ['inventario'], opciones: ['aprobar_orden_compra'] }), 400,
      ROL_MSG.opcionSinModulo('Aprobar orden (Gerencia)', 'Órdenes de Compra'));
    await refused(nuevo({ rol_nombre: 'Portal', modulos: ['proveedor_orden_compra'] }), 400, ROL_MSG.moduloProveedor);
    await refused(nuevo({ rol_nombre: 'Inventado', modulos: ['no_existe'] }), 400, ROL_MSG.modulo);
    await refused(nuevo({ rol_nombre: 'Inventada', modulos: ['marca'], opciones: ['no_existe'] }), 400, ROL_MSG.opcion);
    const gerencia = await obtener(ROLE.GERENCIA);
    await refused(modificar(gerencia, { rol_nombre: 'Gerentes' }), 400, ROL_MSG.nombreFijo);
    await refused(modificar({ ...gerencia, rol_version: gerencia.rol_version + 5 }, {}), 409);
    await refused(post('rol/obtener', { rol: { rol_id: ROLE.PROVEEDOR } }, admin), 404, ROL_MSG.noEncontrado);
    await refused(post('rol/modificar', { rol: { rol_id: ROLE.PROVEEDOR, rol_version: 1, rol_nombre: 'PROVEEDOR', rol_estado: 1, modulos: [], opciones: [] } }, admin), 403, ROL_MSG.fijo);
    await refused(post('rol/obtener', { rol: { rol_id: 9999 } }, admin), 404, ROL_MSG.noEncontrado);
  });

  it('SUPER keeps every module; only a SUPER user changes whether it demands a second factor', async () => {
    const sup = await obtener(ROLE.SUPER);
    await refused(modificar(sup, { rol_requiere_segundo_factor: true }, administracion), 403, ROL_MSG.superSoloSuper);
    await refused(modificar(sup, { modulos_codigos: ['marca'] }), 400, ROL_MSG.superSoloFactor);
    await refused(modificar(sup, { rol_estado: 0 }), 400, ROL_MSG.superSoloFactor);
    await ok(modificar(sup, { rol_descripcion: null, rol_requiere_segundo_factor: false }));
  });

  it("an edited built-in role keeps its grants through the start-up refresh of reference data, and the log keeps before and after", async () => {
    const logistica = await ctx.auth('logistica@andina.pe');
    await ok(post('marca/list', { search: '' }, logistica, otra));
    const rol = await obtener(ROLE.LOGISTICA);
    await ok(modificar(rol, { modulos_codigos: rol.modulos_codigos.filter((m) => m !== 'marca'), rol_requiere_segundo_factor: false }));
    await within(1000, () => post('marca/list', { search: '' }, logistica, otra), 403);
    await seedReference(db());
    expect((await obtener(ROLE.LOGISTICA)).modulos_codigos).not.toContain('marca');
    await refused(post('marca/list', { search: '' }, logistica), 403);
    // A built-in role nobody edited still follows the domain after the refresh.
    expect((await obtener(ROLE.TESORERIA)).modulos_codigos).toContain('orden_pago');
    const [cambio] = await selectRows<{ detalle: { cambios: { campo: string; antes: string[]; despues: string[] }[] } }>(db(), sql`
      select aud_detalle as detalle from auditoria where aud_modulo = 'rol' and aud_documento = 'LOGÍSTICA' order by aud_id desc limit 1`);
    const modulos = cambio!.detalle.cambios.find((c) => c.campo === 'modulos')!;
    expect(modulos.antes).toContain('marca');
    expect(modulos.despues).not.toContain('marca');
  });

  it('keeps the role second-factor setting an administrator chose through the refresh', async () => {
    const rol = await obtener(ROLE.TESORERIA);
    await ok(modificar(rol, { rol_requiere_segundo_factor: true }));
    await seedReference(db());
    const despues = await obtener(ROLE.TESORERIA);
    expect(despues.rol_requiere_segundo_factor).toBe(true);
    expect(despues.modulos_codigos).toEqual(rol.modulos_codigos);
    await ok(modificar(despues, { rol_requiere_segundo_factor: false }));
  });
});

describe("a user's roles and password changed", () => {
  it('leave an audit line with the roles before and after by name, and the password named but not shown', async () => {
    const u = await usuarioCon('auditado.roles@andina.pe', [ROLE.TESORERIA]);
    const actual = await ok(post('usuario/obtener', { usuario: { usu_id: u.id } }, admin)) as Record<string, unknown>;
    await ok(post('usuario/modificar', { usuario: { ...actual, lista_usuario_rol: [{ rol_id: ROLE.GERENCIA }], usu_password: 'Hormigon.Sur.2026' } }, admin));
    const [linea] = await selectRows<{ detalle: { cambios: { campo: string; antes: unknown; despues: unknown }[] } }>(db(), sql`
      select aud_detalle as detalle from auditoria where aud_modulo = 'usuario' and aud_documento = 'auditado.roles@andina.pe' order by aud_id desc limit 1`);
    const cambio = (campo: string) => linea!.detalle.cambios.find((c) => c.campo === campo);
    expect(cambio('roles')).toEqual({ campo: 'roles', antes: ['TESORERIA'], despues: ['GERENCIA'] });
    expect(cambio('contraseña')).toEqual({ campo: 'contraseña', antes: '(anterior)', despues: '(cambiada)' });
    expect(JSON.stringify(linea)).not.toContain('Hormigon.Sur.2026');
    expect(cambio('usu_nombre')).toBeUndefined();
  });
});

describe('SUPER is never taken from its last active holder', () => {
  it('refuses removing SUPER from the only SUPER user; allows it while another remains; two at once leave one', async () => {
    const adminId = await usuarioId(ADMIN);
    const actual = async (id: number, who: Who = admin) => (await ok(post('usuario/obtener', { usuario: { usu_id: id } }, who))) as Record<string, unknown> & { lista_usuario_rol: { rol_id: number }[]; opciones: number[] };
    const sinSuper = (u: Record<string, unknown>, who: Who) =>
      post('usuario/modificar', { usuario: { ...u, lista_usuario_rol: [{ rol_id: ROLE.ADMINISTRADOR }] } }, who);
    await refused(sinSuper(await actual(adminId), admin), 400, ROL_MSG.ultimoSuper);

    const b = await usuarioCon('segundo.super@andina.pe', [ROLE.SUPER]);
    // Deactivating the other SUPER while one remains is allowed, and undone.
    await ok(post('usuario/estado', { usuario: { usu_id: b.id, usu_estado: 0 } }, admin));
    await ok(post('usuario/estado', { usuario: { usu_id: b.id, usu_estado: 1 } }, admin));
    const bWho = await ctx.auth('segundo.super@andina.pe');
    // Each removes SUPER from the other at the same moment: exactly one succeeds. The other is refused as the last
    // SUPER (400), or its token no longer works because it has just lost SUPER (401).
    // Both read first: a read racing the other's change could itself meet a token that just lost SUPER.
    const [uB, uAdmin] = [await actual(b.id), await actual(adminId, bWho)];
    const [r1, r2] = await Promise.all([sinSuper(uB, admin), sinSuper(uAdmin, bWho)]);
    const codes = [r1.statusCode, r2.statusCode];
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 400 || c === 401)).toHaveLength(1);
    const [quedan] = await selectRows<{ n: number }>(db(), sql`select count(*)::int as n from usuario_rol ur join usuario u on u.usu_id = ur.usu_id
      where ur.rol_id = ${ROLE.SUPER} and u.usu_estado = 1`);
    expect(quedan!.n).toBe(1);
  });
});
