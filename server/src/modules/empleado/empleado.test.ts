import { ROLE } from '@obra/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client.ts';
import { ADMIN, VIEWER, createTestContext, type TestContext } from '../../test/harness.ts';

type Headers = { authorization: string };
let ctx: TestContext;
let admin: Headers;
let pry1: number;
let pry2: number;
/** pue_id by name. */
const pue = new Map<string, number>();

const post = (url: string, payload: object, headers: Headers = admin) =>
  ctx.app.inject({ method: 'POST', url: `/api/${url}`, headers, payload });
const rows = <T>(query: ReturnType<typeof sql>) => selectRows<T>(ctx.deps.database.db, query);

/** A staff account with the given roles, level and project; answers its auth header. */
async function staff(correo: string, dni: string, nivel: number, pryId: number | null, roles: number[]): Promise<Headers> {
  const [u] = await rows<{ usu_id: number }>(sql`insert into usuario (usu_nombre, usu_apellido, usu_dni, usu_correo, usu_password_hash, usu_nivel, pry_id)
    values ('Prueba', 'Empleados', ${dni}, ${correo}, 'x', ${nivel}, ${pryId}) returning usu_id`);
  for (const rol of roles) await rows(sql`insert into usuario_rol (usu_id, rol_id) values (${u.usu_id}, ${rol})`);
  return ctx.auth(correo);
}

const nuevo = (over: Record<string, unknown> = {}) => ({
  empleado: { emp_nombre: 'Héctor', emp_apellido: 'Luna Ccopa', emp_dni: '46100001', emp_celular: '987000111', emp_email: '', pue_id: pue.get('Chofer'), pry_id: pry1, ...over },
});
const conUsuario = (over: Record<string, unknown> = {}) =>
  nuevo({ genera_usuario: true, usu_correo: 'hluna@andina.pe', usu_password: 'Inicio.2026', usu_nivel: 0, lista_usuario_rol: [{ rol_id: ROLE.JEFE_ALMACEN }], ...over });
const countWhere = async (table: 'empleado' | 'usuario', column: string, value: string) =>
  (await rows<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)} = ${value}`))[0].n;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.auth(ADMIN);
  const projects = await rows<{ pry_id: number; pry_codigo: string }>(sql`select pry_id, pry_codigo from proyecto`);
  pry1 = projects.find((p) => p.pry_codigo === 'PRY-001')!.pry_id;
  pry2 = projects.find((p) => p.pry_codigo === 'PRY-002')!.pry_id;
  for (const p of (await post('puesto/buscar', {})).json().data) pue.set(p.pue_nombre, p.pue_id);
});
afterAll(() => ctx.close());

describe('empleado lists', () => {
  it('pages active employees by default, in name order, with position, user and status', async () => {
    const res = await post('empleado/paginar', { empleado: { page: { number: 1, size: 10 } } });
    expect(res.statusCode).toBe(200);
    const { data, total } = res.json().data;
    expect(data).toHaveLength(10);
    expect(total).toBeGreaterThan(20);
    expect(data.every((e: { est_id: number }) => e.est_id === 1)).toBe(true);
    // By last name; accented letters sort by the database collation, so only the initials are compared.
    const initials = data.map((e: { emp_apellido: string }) => e.emp_apellido[0]);
    expect(initials).toEqual([...initials].sort());
    const page3 = (await post('empleado/paginar', { empleado: { page: { number: 3, size: 10 } } })).json().data;
    expect(page3.total).toBe(total);
    expect(page3.data.length).toBe(total - 20);
  });

  it('searches name, last name and DNI, word by word, and filters by status', async () => {
    const byName = (await post('empleado/paginar', { empleado: { emp_search: 'flores pedro' } })).json().data;
    expect(byName.data).toHaveLength(1);
    expect(byName.data[0]).toMatchObject({ emp_nombre_completo: 'Pedro Flores Ccori', pue_nombre: 'Jefe de almacén', pry_nombre: 'Planta Lurín', usu_correo: 'almacen@andina.pe' });
    expect(byName.data[0].usu_id).toBeGreaterThan(0);
    const byDni = (await post('empleado/paginar', { empleado: { emp_search: '45012894' } })).json().data;
    expect(byDni.data.map((e: { emp_apellido: string }) => e.emp_apellido)).toEqual(['Rojas Lazo']);
    const inactive = (await post('empleado/paginar', { empleado: { emp_estado: 0 } })).json().data;
    expect(inactive.total).toBe(4);
    const all = (await post('empleado/paginar', { empleado: { emp_estado: null } })).json().data;
    const active = (await post('empleado/paginar', { empleado: {} })).json().data;
    expect(all.total).toBe(active.total + inactive.total);
    expect((await post('empleado/paginar', { empleado: { emp_search: '100%_x' } })).json().data).toEqual({ data: [], total: 0, total_exacto: true });
  });

  it('buscar answers the same filters unpaged; buscarRapido only active ones, of a project when asked', async () => {
    const all = (await post('empleado/buscar', { empleado: { emp_estado: null } })).json().data;
    expect(all.data.length).toBe(all.total);
    const quick = (await post('empleado/buscarRapido', { empleado: { emp_nombre: 'quispe' } })).json().data;
    expect(quick.map((e: { emp_nombre_completo: string }) => e.emp_nombre_completo).sort()).toEqual(['Jhon Pari Quispe', 'Víctor Hugo Quispe Mamani']);
    const ofPry2 = (await post('empleado/buscarRapido', { empleado: { emp_nombre: '', pry_id: pry2 } })).json().data;
    expect(ofPry2.length).toBeGreaterThan(5);
    expect(ofPry2.length).toBeLessThanOrEqual(20);
    expect(ofPry2.every((e: { pry_id: number }) => e.pry_id === pry2)).toBe(true);
    const inactive = (await post('empleado/buscarRapido', { empleado: { emp_nombre: 'Fortunato' } })).json().data;
    expect(inactive).toEqual([]);
  });
});

describe('empleado registrar / obtener / modificar', () => {
  let id: number;

  it('answers the spec message for each missing employee field', async () => {
    for (const field of ['emp_nombre', 'emp_apellido', 'emp_dni', 'pue_id']) {
      const res = await post('empleado/registrar', nuevo({ [field]: field === 'pue_id' ? null : '  ' }));
      expect(res.statusCode, field).toBe(400);
      expect(res.json().message, field).toBe('Falta ingresar datos para registrar al empleado');
    }
    expect((await post('empleado/registrar', {})).json().message).toBe('Falta ingresar datos para registrar al empleado');
    expect((await post('empleado/registrar', nuevo({ emp_dni: '1234' }))).json().message).toMatch(/^El DNI debe tener 8 dígitos/);
    expect((await post('empleado/registrar', nuevo({ pue_id: 99999 }))).json().message).toBe('El puesto no existe o no está activo');
    expect((await post('empleado/registrar', nuevo({ pry_id: 99999 }))).json().message).toBe('El proyecto no existe o no está activo');
  });

  it('registers an employee without a user and reads it back', async () => {
    const res = await post('empleado/registrar', nuevo());
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'success', message: 'Se registró el empleado correctamente', data: { usu_id: null } });
    id = res.json().data.emp_id;
    const got = (await post('empleado/obtener', { empleado: { emp_id: id } })).json().data;
    expect(got).toMatchObject({ emp_dni: '46100001', emp_nombre_completo: 'Héctor Luna Ccopa', pue_nombre: 'Chofer', pry_id: pry1, usu_id: null, est_id: 1, emp_version: 1 });
    expect((await post('empleado/obtener', { empleado: { emp_id: 99999 } })).statusCode).toBe(404);
  });

  it('refuses a DNI already registered with 409', async () => {
    const res = await post('empleado/registrar', nuevo({ emp_nombre: 'Otro' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Ya existe un empleado con ese DNI');
  });

  it('answers 409, never 500, to concurrent registrations of one DNI', async () => {
    const results = await Promise.all([1, 2, 3, 4].map((n) => post('empleado/registrar', nuevo({ emp_dni: '46100099', emp_nombre: `Carrera ${n}` }))));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
    expect(results.filter((r) => r.statusCode === 409).every((r) => r.json().message === 'Ya existe un empleado con ese DNI')).toBe(true);
  });

  it('modifies with the version read; a stale version is 409 and changes nothing', async () => {
    const base = { emp_id: id, emp_nombre: 'Héctor', emp_apellido: 'Luna Ccopa', emp_email: 'hluna.obra@gmail.com', pue_id: pue.get('Almacenero'), pry_id: pry1 };
    const res = await post('empleado/modificar', { empleado: { ...base, emp_version: 1, est_id: 0, emp_dni: '99999999' } });
    expect(res.json()).toMatchObject({ status: 'success', message: 'Se modificó el empleado correctamente' });
    const stale = await post('empleado/modificar', { empleado: { ...base, emp_version: 1, emp_nombre: 'Pisado' } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('El registro fue modificado por otro usuario, vuelva a cargarlo');
    const got = (await post('empleado/obtener', { empleado: { emp_id: id } })).json().data;
    // The DNI is not editable.
    expect(got).toMatchObject({ emp_nombre: 'Héctor', emp_dni: '46100001', pue_nombre: 'Almacenero', est_id: 0, emp_email: 'hluna.obra@gmail.com', emp_version: 2 });
  });

  it('answers "Faltan ingresar datos" when modify lacks name, last name, e-mail, position or project', async () => {
    const base = { emp_id: id, emp_version: 2, emp_nombre: 'Héctor', emp_apellido: 'Luna Ccopa', emp_email: 'hluna.obra@gmail.com', pue_id: pue.get('Chofer'), pry_id: pry1 };
    for (const field of ['emp_nombre', 'emp_apellido', 'emp_email', 'pue_id', 'pry_id']) {
      const res = await post('empleado/modificar', { empleado: { ...base, [field]: null } });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().message, field).toBe('Faltan ingresar datos');
    }
    const noUser = await post('empleado/modificar', { empleado: { ...base, genera_usuario: true, usu_correo: 'hluna@andina.pe', lista_usuario_rol: [{ rol_id: 8 }] } });
    expect(noUser.json().message).toBe('Faltan ingresar datos');
  });

  it('generates a user for an employee on modify, once', async () => {
    const body = {
      emp_id: id, emp_version: 2, emp_nombre: 'Héctor', emp_apellido: 'Luna Ccopa', emp_email: 'hluna.obra@gmail.com', pue_id: pue.get('Chofer'), pry_id: pry1, est_id: 1,
      genera_usuario: true, usu_correo: 'hluna@andina.pe', usu_password: 'Inicio.2026', lista_usuario_rol: [{ rol_id: ROLE.JEFE_ALMACEN }],
    };
    const res = await post('empleado/modificar', { empleado: body });
    expect(res.statusCode).toBe(200);
    const usuId = res.json().data.usu_id;
    const [u] = await rows<{ usu_dni: string; usu_nivel: number; tiu_id: number; pry_id: number }>(sql`select usu_dni, usu_nivel, tiu_id, pry_id from usuario where usu_id = ${usuId}`);
    expect(u).toEqual({ usu_dni: '46100001', usu_nivel: 0, tiu_id: 1, pry_id: pry1 });
    const again = await post('empleado/modificar', { empleado: { ...body, emp_version: 3, usu_correo: 'otro@andina.pe' } });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('El empleado ya tiene un usuario');
  });
});

describe('empleado with its user (genera_usuario)', () => {
  it('answers the spec message when the user name, password or roles are missing', async () => {
    for (const over of [{ usu_correo: '' }, { usu_password: '' }, { lista_usuario_rol: [] }, { usu_correo: undefined }]) {
      const res = await post('empleado/registrar', conUsuario({ emp_dni: '46100002', ...over }));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Falta ingresar datos para registrar al usuario');
    }
    expect(await countWhere('empleado', 'emp_dni', '46100002')).toBe(0);
  });

  it('creates the employee and its user, who can then sign in', async () => {
    const res = await post('empleado/registrar', conUsuario({ emp_dni: '46100003', usu_correo: 'MQuispe@andina.pe' }));
    expect(res.statusCode).toBe(201);
    const { emp_id, usu_id } = res.json().data;
    const got = (await post('empleado/obtener', { empleado: { emp_id } })).json().data;
    expect(got).toMatchObject({ usu_id, usu_correo: 'mquispe@andina.pe', emp_email: 'mquispe@andina.pe' });
    const login = await ctx.app.inject({
      method: 'POST', url: '/api/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from('obra-web:obra').toString('base64')}` },
      payload: 'username=mquispe&password=Inicio.2026&grant_type=password',
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().data.roles).toBe('JEFE_ALMACEN');
  });

  it('refuses an e-mail already used with 409 and writes no employee', async () => {
    const res = await post('empleado/registrar', conUsuario({ emp_dni: '46100004', usu_correo: 'almacen@andina.pe' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Ya existe un usuario con ese correo');
    expect(await countWhere('empleado', 'emp_dni', '46100004')).toBe(0);
  });

  it('saves the employee and its user in one transaction: a failure after the user undoes it', async () => {
    await rows(sql.raw(`create function falla_empleado() returns trigger language plpgsql as $$
      begin if new.emp_dni = '46100005' then raise exception 'falla de prueba'; end if; return new; end $$`));
    await rows(sql.raw('create trigger falla_empleado before insert on empleado for each row execute function falla_empleado()'));
    const res = await post('empleado/registrar', conUsuario({ emp_dni: '46100005', usu_correo: 'atomico@andina.pe' }));
    expect(res.statusCode).toBe(500);
    expect(await countWhere('usuario', 'usu_correo', 'atomico@andina.pe')).toBe(0);
    expect(await countWhere('empleado', 'emp_dni', '46100005')).toBe(0);
    await rows(sql.raw('drop trigger falla_empleado on empleado'));
  });

  it('lets only holders of the users module generate a user; only SUPER grants SUPER', async () => {
    const inventario = await ctx.auth('inventario@andina.pe');
    const res = await post('empleado/registrar', conUsuario({ emp_dni: '46100006', usu_correo: 'inv@andina.pe' }), inventario);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Solo quien administra usuarios puede generar el usuario del empleado');
    expect(await countWhere('empleado', 'emp_dni', '46100006')).toBe(0);
    const gerente = await staff('admin2@andina.pe', '46199001', 1, null, [ROLE.ADMINISTRADOR]);
    const superRole = await post('empleado/registrar', conUsuario({ emp_dni: '46100007', usu_correo: 'sup@andina.pe', lista_usuario_rol: [{ rol_id: ROLE.SUPER }] }), gerente);
    expect(superRole.statusCode).toBe(403);
    expect((await post('empleado/registrar', nuevo({ emp_dni: '46100006' }), inventario)).statusCode).toBe(201);
  });
});

describe('empleado scope and access', () => {
  let lurin: Headers;
  let otherId: number;

  beforeAll(async () => {
    lurin = await staff('inv.lurin@andina.pe', '46199002', 0, pry1, [ROLE.INVENTARIO]);
    otherId = (await post('empleado/paginar', { empleado: { emp_search: 'Benites' } })).json().data.data[0].emp_id;
  });

  it('shows a project user only the employees of their project', async () => {
    const own = (await post('empleado/paginar', { empleado: { emp_estado: null, page: { number: 1, size: 100 } } }, lurin)).json().data;
    expect(own.total).toBe(own.data.length);
    expect(own.data.every((e: { pry_id: number }) => e.pry_id === pry1)).toBe(true);
    expect((await post('empleado/buscar', { empleado: { emp_search: 'Benites' } }, lurin)).json().data.total).toBe(0);
    expect((await post('empleado/buscarRapido', { empleado: { emp_nombre: 'Benites' } }, lurin)).json().data).toEqual([]);
  });

  it('answers 404 for another project employee, and registers only into their own project', async () => {
    expect((await post('empleado/obtener', { empleado: { emp_id: otherId } }, lurin)).statusCode).toBe(404);
    const mod = await post('empleado/modificar', { empleado: { emp_id: otherId, emp_version: 1, emp_nombre: 'x', emp_apellido: 'y', emp_email: 'a@b.pe', pue_id: pue.get('Chofer'), pry_id: pry1 } }, lurin);
    expect(mod.statusCode).toBe(404);
    const other = await post('empleado/registrar', nuevo({ emp_dni: '46100010', pry_id: pry2 }), lurin);
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe('Solo puede registrar empleados de su proyecto');
    const own = await post('empleado/registrar', nuevo({ emp_dni: '46100011', pry_id: null }), lurin);
    expect(own.statusCode).toBe(201);
    expect((await post('empleado/obtener', { empleado: { emp_id: own.json().data.emp_id } }, lurin)).json().data.pry_id).toBe(pry1);
  });

  it('shows nothing to a project-level user without a project and lets them register nothing', async () => {
    const none = await staff('inv.sinpry@andina.pe', '46199003', 0, null, [ROLE.INVENTARIO]);
    expect((await post('empleado/paginar', { empleado: {} }, none)).json().data).toEqual({ data: [], total: 0, total_exacto: true });
    expect((await post('empleado/registrar', nuevo({ emp_dni: '46100012', pry_id: null }), none)).statusCode).toBe(403);
  });

  it('refuses users without the module (403) and every mutation of VISUALIZADOR', async () => {
    const almacen = await ctx.auth('almacen@andina.pe');
    const denied = await post('empleado/paginar', { empleado: {} }, almacen);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe('No tienes acceso a este módulo');
    const viewer = await ctx.auth(VIEWER);
    expect((await post('empleado/paginar', { empleado: {} }, viewer)).statusCode).toBe(200);
    for (const [url, body] of [['empleado/registrar', nuevo({ emp_dni: '46100013' })], ['empleado/cargarEmpleados', { empleados: [{}], proyecto: { pry_id: pry1 } }], ['puesto/registrar', { puesto: { pue_nombre: 'Soldador' } }]] as const) {
      expect((await post(url, body, viewer)).statusCode, url).toBe(403);
    }
    expect(await countWhere('empleado', 'emp_dni', '46100013')).toBe(0);
  });
});

describe('puesto', () => {
  it('lists and quick-searches positions, ignoring case and accents', async () => {
    const all = (await post('puesto/buscar', { puesto: {} })).json().data;
    expect(all.length).toBeGreaterThanOrEqual(12);
    const quick = (await post('puesto/buscarRapido', { puesto: { pue_nombre: 'TECNICO' } })).json().data;
    expect(quick.map((p: { pue_nombre: string }) => p.pue_nombre)).toEqual(['Técnico mecánico']);
  });

  it('registers a missing position; a repeated name (any case or accent) is 409', async () => {
    const res = await post('puesto/registrar', { puesto: { pue_nombre: '  Soldador   de estructuras ' } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ message: 'Se registró el puesto correctamente', data: { pue_nombre: 'Soldador de estructuras', pue_estado: 1 } });
    const dup = await post('puesto/registrar', { puesto: { pue_nombre: 'SOLDADOR DE ESTRUCTURAS' } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('Ya existe un puesto con ese nombre');
    expect((await post('puesto/registrar', { puesto: { pue_nombre: 'Chófer' } })).statusCode).toBe(409);
    expect((await post('puesto/registrar', { puesto: { pue_nombre: ' ' } })).json().message).toBe('Debe ingresar el nombre del puesto');
  });
});
