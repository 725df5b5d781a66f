import { ROLE } from '@obra/domain';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client.ts';
import { ADMIN, createTestContext, type TestContext } from '../../test/harness.ts';

/** Spec 2 §7 cargarEmpleados / cargarArchivo: all or nothing, rows in error listed (spec 2 §8). */
type Headers = { authorization: string };
let ctx: TestContext;
let admin: Headers;
let pry1: number;
let pry2: number;

const post = (url: string, payload: object, headers: Headers = admin) =>
  ctx.app.inject({ method: 'POST', url: `/api/empleado/${url}`, headers, payload });
const rows = <T>(query: ReturnType<typeof sql>) => selectRows<T>(ctx.deps.database.db, query);
const employeesWithDni = async (prefix: string) =>
  (await rows<{ n: number }>(sql`select count(*)::int as n from empleado where emp_dni like ${`${prefix}%`}`))[0].n;

function multipart(fields: Record<string, string>, file?: { content: Buffer; filename?: string }) {
  const boundary = '----obra-carga';
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${file.filename ?? 'empleados.xlsx'}"\r\ncontent-type: application/octet-stream\r\n\r\n`));
    parts.push(file.content, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const upload = (fields: Record<string, string>, file?: { content: Buffer; filename?: string }, auth: Headers = admin) => {
  const { payload, headers } = multipart(fields, file);
  return ctx.app.inject({ method: 'POST', url: '/api/empleado/cargarArchivo', headers: { ...auth, ...headers }, payload });
};

/** The downloaded template with `data` rows typed under its header. */
async function filledTemplate(data: (string | number)[][]): Promise<Buffer> {
  const res = await post('plantilla', {});
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  data.forEach((r) => ws.addRow(r));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.auth(ADMIN);
  const projects = await rows<{ pry_id: number; pry_codigo: string }>(sql`select pry_id, pry_codigo from proyecto`);
  pry1 = projects.find((p) => p.pry_codigo === 'PRY-001')!.pry_id;
  pry2 = projects.find((p) => p.pry_codigo === 'PRY-002')!.pry_id;
});
afterAll(() => ctx.close());

describe('cargarEmpleados (list)', () => {
  const fila = (dni: string, puesto = 'Chofer') => ({ emp_dni: dni, emp_nombre: 'Carlos', emp_apellido: 'Ñaupari Soto', emp_celular: '', emp_email: '', pue_nombre: puesto });

  it('answers "Falta ingresar datos" without a list or a project', async () => {
    for (const body of [{ empleados: [], proyecto: { pry_id: pry1 } }, { proyecto: { pry_id: pry1 } }, { empleados: [fila('47000001')] }, { empleados: [fila('47000001')], proyecto: {} }]) {
      const res = await post('cargarEmpleados', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Falta ingresar datos');
    }
  });

  it('marks the rows in error by sequence and writes nothing', async () => {
    const res = await post('cargarEmpleados', {
      empleados: [fila('47000001'), fila('47000002', 'Astronauta'), fila('47000001'), fila('45010231'), { emp_dni: 47000005, emp_nombre: '', emp_apellido: 'X', pue_nombre: 'Chofer' }],
      proyecto: { pry_id: pry1 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('La lista tiene errores en 4 filas; no se cargó ningún registro');
    expect(res.json().data.errores).toEqual([
      { fila: 2, mensaje: 'Puesto: no existe el puesto «Astronauta»; regístrelo desde el formulario del empleado o corrija el nombre' },
      { fila: 3, mensaje: 'DNI: se repite en la fila 1' },
      { fila: 4, mensaje: 'DNI: ya existe un empleado con ese DNI' },
      { fila: 5, mensaje: 'Nombres: El campo es requerido' },
    ]);
    expect(await employeesWithDni('4700000')).toBe(0);
  });

  it('loads a clean list into the project, matching positions ignoring case and accents', async () => {
    const res = await post('cargarEmpleados', { empleados: [fila('47000001', 'chofer'), fila('47000002', 'TECNICO MECANICO')], proyecto: { pry_id: pry2 } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success', message: 'Se cargaron 2 empleados correctamente', data: { cargados: 2 } });
    const loaded = await rows<{ pry_id: number; pue_nombre: string }>(sql`select e.pry_id, p.pue_nombre from empleado e join puesto p using (pue_id) where emp_dni in ('47000001', '47000002') order by emp_dni`);
    expect(loaded).toEqual([{ pry_id: pry2, pue_nombre: 'Chofer' }, { pry_id: pry2, pue_nombre: 'Técnico mecánico' }]);
  });
});

describe('cargarArchivo (spreadsheet)', () => {
  it('serves a template whose header is the load columns, DNI typed as text', async () => {
    const res = await post('plantilla', {});
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(['DNI', 'Nombres', 'Apellidos', 'Celular', 'Correo', 'Puesto']);
    expect(ws.getColumn(1).numFmt).toBe('@');
  });

  it('answers "Falta ingresar datos" without a project or without a file', async () => {
    const file = { content: await filledTemplate([['48000001', 'Rosa', 'Paz', '', '', 'Chofer']]) };
    for (const res of [await upload({}, file), await upload({ pry_id: '' }, file), await upload({ pry_id: String(pry1) })]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Falta ingresar datos');
    }
  });

  it('refuses what is not a spreadsheet', async () => {
    const res = await upload({ pry_id: String(pry1) }, { content: Buffer.from('DNI,Nombres\n1,2'), filename: 'empleados.xlsx' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('El archivo debe ser una hoja de cálculo Excel (.xlsx)');
  });

  it('lists the rows in error by their sheet row and loads nothing', async () => {
    const content = await filledTemplate([
      ['48000001', 'Rosa', 'Paz Ugarte', '987111222', 'rpaz@gmail.com', 'Chofer'],
      ['4800', 'Luis', 'Mena', '', '', 'Chofer'],
      ['48000003', 'Ana', 'Ríos', '', 'no-es-correo', 'Vigilante'],
      ['48000001', 'Rosa', 'Paz', '', '', 'Chofer'],
    ]);
    const res = await upload({ pry_id: String(pry1) }, { content });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('El archivo tiene errores en 3 filas; no se cargó ningún registro');
    expect(res.json().data.errores).toEqual([
      { fila: 3, mensaje: 'DNI: El DNI debe tener 8 dígitos (carné de extranjería: 9 a 12 letras y números)' },
      { fila: 4, mensaje: 'Correo: El campo debe ser un correo válido' },
      { fila: 5, mensaje: 'DNI: se repite en la fila 2' },
    ]);
    expect(await employeesWithDni('4800')).toBe(0);
  });

  it('loads a clean file round-tripped through the template', async () => {
    const content = await filledTemplate([
      ['48000001', 'Rosa', 'Paz Ugarte', '987111222', 'RPaz@gmail.com', 'Chofer'],
      ['48000002', 'Luis', 'Mena Ccama', '', '', 'Operador de mixer'],
      ['001234567', 'Jean', 'Dupont', '', '', 'Vigilante'],
    ]);
    const res = await upload({ pry_id: String(pry1) }, { content });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Se cargaron 3 empleados correctamente', data: { cargados: 3 } });
    const list = (await ctx.app.inject({ method: 'POST', url: '/api/empleado/paginar', headers: admin, payload: { empleado: { emp_search: 'Paz Ugarte' } } })).json().data;
    expect(list.data[0]).toMatchObject({ emp_dni: '48000001', emp_email: 'rpaz@gmail.com', emp_celular: '987111222', pry_id: pry1, usu_id: null, est_id: 1 });
    expect(await employeesWithDni('00123')).toBe(1);
  });

  it('lets a project user load only into their own project', async () => {
    const [u] = await rows<{ usu_id: number }>(sql`insert into usuario (usu_nombre, usu_apellido, usu_dni, usu_correo, usu_password_hash, usu_nivel, pry_id)
      values ('Carga', 'Obra', '46199010', 'carga.obra@andina.pe', 'x', 0, ${pry2}) returning usu_id`);
    await rows(sql`insert into usuario_rol (usu_id, rol_id) values (${u.usu_id}, ${ROLE.INVENTARIO})`);
    const obra = await ctx.auth('carga.obra@andina.pe');
    const content = await filledTemplate([['48000010', 'Iván', 'Loayza', '', '', 'Chofer']]);
    const res = await upload({ pry_id: String(pry1) }, { content }, obra);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Solo puede registrar empleados de su proyecto');
    expect((await upload({ pry_id: String(pry2) }, { content }, obra)).statusCode).toBe(200);
  });
});
