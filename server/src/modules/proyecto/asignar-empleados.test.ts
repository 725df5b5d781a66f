import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client.ts';
import { ADMIN, createTestContext, type TestContext } from '../../test/harness.ts';

type Headers = { authorization: string };
type Row = { emp_id: number; emp_nombre_completo: string; pry_nombre: string | null; asignado: boolean };
let ctx: TestContext;
let admin: Headers;
/** almacen@andina.pe (PRY-001) with ADMINISTRADOR, so it holds the projects module. */
let lurin: Headers;
let pry1: number;
let pry2: number;
const emp: Record<string, number> = {};

const run = <T>(query: ReturnType<typeof sql>) => selectRows<T>(ctx.deps.database.db, query);
const post = (url: string, payload: object, headers: Headers = admin) =>
  ctx.app.inject({ method: 'POST', url: `/api/proyecto/${url}`, headers, payload });
const paginar = async (empleado: object, headers: Headers = admin) => (await post('paginarEmpleadosAsignados', { empleado }, headers)).json().data;
const projectOf = async (empId: number) =>
  (await run<{ pry_id: number | null; emp_version: number }>(sql`select pry_id, emp_version from empleado where emp_id = ${empId}`))[0];

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.auth(ADMIN);
  await run(sql`insert into usuario_rol (usu_id, rol_id) select usu_id, 1 from usuario where usu_correo = 'almacen@andina.pe'`);
  lurin = await ctx.auth('almacen@andina.pe');
  [{ pry_id: pry1 }] = await run<{ pry_id: number }>(sql`select pry_id from proyecto where pry_codigo = 'PRY-001'`);
  [{ pry_id: pry2 }] = await run<{ pry_id: number }>(sql`select pry_id from proyecto where pry_codigo = 'PRY-002'`);
  // The employees API belongs to another module: the rows are written directly.
  await run(sql`insert into puesto (pue_nombre) values ('Puesto de prueba de proyectos') on conflict do nothing`);
  const people: [string, string, string, number | null, number][] = [
    ['Zoila', 'Prueba Uno', '71000001', null, 1],
    ['Zenón', 'Prueba Dos', '71000002', pry1, 1],
    ['Zulema', 'Prueba Tres', '71000003', pry2, 1],
    ['Zacarías', 'Prueba Cuatro', '71000004', null, 0],
  ];
  for (const [nombre, apellido, dni, pry, estado] of people) {
    const [r] = await run<{ emp_id: number }>(sql`
      insert into empleado (emp_nombre, emp_apellido, emp_dni, pue_id, pry_id, emp_estado)
      select ${nombre}, ${apellido}, ${dni}, pue_id, ${pry}, ${estado} from puesto where pue_nombre = 'Puesto de prueba de proyectos'
      returning emp_id`);
    emp[nombre] = r.emp_id;
  }
});
afterAll(() => ctx.close());

describe('/proyecto/paginarEmpleadosAsignados', () => {
  it('lists active employees by name, flagging those of the project and showing their current project', async () => {
    const page = await paginar({ pry_id: pry1, emp_nombre: 'prueba' });
    expect(page.total).toBe(3);
    expect(page.data.map((e: Row) => e.emp_nombre_completo)).toEqual(['Zenón Prueba Dos', 'Zulema Prueba Tres', 'Zoila Prueba Uno']);
    expect(page.data[0]).toMatchObject({ emp_id: emp.Zenón, emp_dni: '71000002', pue_nombre: 'Puesto de prueba de proyectos', pry_id: pry1, pry_nombre: 'Planta Lurín', asignado: true, emp_estado: 1 });
    expect(page.data[1]).toMatchObject({ pry_nombre: 'Edificio Miraflores', asignado: false });
    expect(page.data[2]).toMatchObject({ pry_id: null, pry_nombre: null, asignado: false });
    const second = await paginar({ pry_id: pry1, emp_nombre: 'prueba', page: { number: 2, size: 2 } });
    expect(second.data.map((e: Row) => e.emp_id)).toEqual([emp.Zoila]);
    expect((await paginar({ pry_id: pry1, emp_nombre: 'prueba', solo_asignados: true })).data.map((e: Row) => e.emp_id)).toEqual([emp.Zenón]);
  });

  it("shows a project user only unassigned employees and their own project's, and hides other projects", async () => {
    const page = await paginar({ pry_id: pry1, emp_nombre: 'prueba' }, lurin);
    expect(page.data.map((e: Row) => e.emp_id)).toEqual([emp.Zenón, emp.Zoila]);
    const other = await post('paginarEmpleadosAsignados', { empleado: { pry_id: pry2 } }, lurin);
    expect(other.statusCode).toBe(404);
    const missing = await post('paginarEmpleadosAsignados', { empleado: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Debe indicar el proyecto');
  });
});

describe('/proyecto/asignarEmpleados', () => {
  it('assigns and unassigns in one call, bumping the employee version', async () => {
    const before = await projectOf(emp.Zoila);
    const res = await post('asignarEmpleados', { pry_id: pry1, asignar: [emp.Zoila], quitar: [emp.Zenón] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: 'Se actualizaron los empleados del proyecto', data: { pry_id: pry1, asignados: 1, quitados: 1 } });
    expect(await projectOf(emp.Zoila)).toEqual({ pry_id: pry1, emp_version: before.emp_version + 1 });
    expect((await projectOf(emp.Zenón)).pry_id).toBeNull();
    const again = await post('asignarEmpleados', { pry_id: pry1, emp_ids: [emp.Zoila], quitar: [emp.Zenón] });
    expect(again.json().data).toEqual({ pry_id: pry1, asignados: 0, quitados: 0 });
  });

  it("lets a corporate user move another project's employee", async () => {
    const res = await post('asignarEmpleados', { pry_id: pry1, asignar: [emp.Zulema] });
    expect(res.json().data.asignados).toBe(1);
    expect((await projectOf(emp.Zulema)).pry_id).toBe(pry1);
    await post('asignarEmpleados', { pry_id: pry2, asignar: [emp.Zulema] });
  });

  it("limits a project user to their project and to employees they can see (404 otherwise)", async () => {
    expect((await post('asignarEmpleados', { pry_id: pry1, asignar: [emp.Zenón] }, lurin)).json().data.asignados).toBe(1);
    const foreign = await post('asignarEmpleados', { pry_id: pry1, asignar: [emp.Zulema] }, lurin);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('No se encontró el empleado');
    expect((await projectOf(emp.Zulema)).pry_id).toBe(pry2);
    expect((await post('asignarEmpleados', { pry_id: pry2, asignar: [emp.Zacarías] }, lurin)).statusCode).toBe(404);
    expect((await post('asignarEmpleados', { pry_id: pry1, asignar: [emp.Zacarías, 99999] })).statusCode).toBe(404);
    expect((await projectOf(emp.Zacarías)).pry_id).toBeNull();
  });

  it('validates the payload and refuses to assign to an inactive project', async () => {
    for (const [body, message] of [
      [{ pry_id: pry1 }, 'Debe seleccionar al menos un empleado'],
      [{ pry_id: pry1, asignar: [emp.Zoila], quitar: [emp.Zoila] }, 'Un empleado no puede asignarse y quitarse a la vez'],
      [{ asignar: [emp.Zoila] }, 'Debe indicar el proyecto'],
    ] as const) {
      const res = await post('asignarEmpleados', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    await run(sql`update proyecto set pry_estado = 0 where pry_id = ${pry2}`);
    const res = await post('asignarEmpleados', { pry_id: pry2, asignar: [emp.Zoila] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('El proyecto no está activo');
    expect((await post('asignarEmpleados', { pry_id: pry2, quitar: [emp.Zulema] })).json().data.quitados).toBe(1);
    await run(sql`update proyecto set pry_estado = 1 where pry_id = ${pry2}`);
  });
});
