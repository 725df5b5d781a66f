import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestContext, type TestContext } from '../../test/harness.ts';

let ctx: TestContext;
let admin: { authorization: string };
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.auth(ADMIN);
});
afterAll(() => ctx.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = admin) =>
  ctx.app.inject({ method: 'POST', url: `/api/usuario/${url}`, headers, payload: payload as object });

const nuevo = (over: Record<string, unknown> = {}) => ({
  usuario: {
    usu_nombre: 'María', usu_apellido: 'Gutiérrez Soto', usu_dni: '41234567', usu_correo: 'mgutierrez@andina.pe',
    usu_password: 'Mezcla.Lurin.2026', usu_nivel: 0, pry_id: 1, lista_usuario_rol: [{ rol_id: 3 }], opciones: [6], ...over,
  },
});

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000' + '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');

function multipart(fields: Record<string, string>, file?: { name: string; filename: string; content: Buffer; type: string }) {
  const boundary = '----obra-test';
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\ncontent-type: ${file.type}\r\n\r\n`));
    parts.push(file.content, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('usuario registrar / obtener / modificar', () => {
  let id: number;

  it('registers a user and reads it back', async () => {
    const res = await post('registrar', nuevo());
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Se registró el usuario correctamente');
    id = res.json().data.usu_id;
    const got = (await post('obtener', { usuario: { usu_id: id } })).json().data;
    expect(got).toMatchObject({ usu_dni: '41234567', usu_correo: 'mgutierrez@andina.pe', pry_id: 1, lista_usuario_rol: [{ rol_id: 3 }], opciones: [6], usu_version: 1 });
    expect(got).not.toHaveProperty('usu_password_hash');
  });

  it('answers "Faltan ingresar datos" when a required field or the roles are missing', async () => {
    for (const over of [{ usu_nombre: '' }, { usu_apellido: undefined }, { lista_usuario_rol: [] }, { usu_password: undefined }, { usu_nivel: undefined }]) {
      const res = await post('registrar', nuevo({ ...over, usu_dni: '41111111', usu_correo: 'otro@andina.pe' }));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().message).toBe('Faltan ingresar datos');
    }
  });

  it('validates e-mail, DNI and password with Spanish messages', async () => {
    expect((await post('registrar', nuevo({ usu_correo: 'no-es-correo' }))).json().message).toBe('El campo debe ser un correo válido');
    expect((await post('registrar', nuevo({ usu_dni: '12' }))).json().message).toMatch(/DNI/);
    expect((await post('registrar', nuevo({ usu_password: 'corta' }))).json().message).toMatch(/al menos 10 caracteres/);
  });

  it('refuses a repeated e-mail or DNI with 409', async () => {
    const email = await post('registrar', nuevo({ usu_dni: '42222222' }));
    expect(email.statusCode).toBe(409);
    expect(email.json().message).toBe('Ya existe un usuario con ese correo');
    const dni = await post('registrar', nuevo({ usu_correo: 'distinto@andina.pe' }));
    expect(dni.statusCode).toBe(409);
    expect(dni.json().message).toBe('Ya existe un usuario con ese DNI');
  });

  it('modifies with the version it read and refuses a stale version', async () => {
    const base = nuevo().usuario;
    const mod = { usu_id: id, usu_version: 1, usu_nombre: 'María José', usu_apellido: base.usu_apellido, usu_correo: base.usu_correo, usu_nivel: 0, usu_estado: 1, pry_id: 1, lista_usuario_rol: [{ rol_id: 3 }, { rol_id: 4 }], opciones: [] };
    const first = await post('modificar', { usuario: mod });
    expect(first.statusCode).toBe(200);
    const stale = await post('modificar', { usuario: { ...mod, usu_nombre: 'Otra' } });
    expect(stale.statusCode).toBe(409);
    const got = (await post('obtener', { usuario: { usu_id: id } })).json().data;
    expect(got.usu_nombre).toBe('María José');
    expect(got.usu_version).toBe(2);
    expect(got.usu_dni).toBe('41234567');
  });

  it('ends the sessions of a user whose roles change', async () => {
    const token = await ctx.tokenFor('mgutierrez@andina.pe');
    const got = (await post('obtener', { usuario: { usu_id: id } })).json().data;
    await post('modificar', { usuario: { ...got, usu_password: '', lista_usuario_rol: [{ rol_id: 3 }] } });
    const res = await ctx.app.inject({ method: 'POST', url: '/api/app/getData', headers: { authorization: `Bearer ${token}` }, payload: { listas: ['estados'] } });
    expect(res.statusCode).toBe(401);
  });
});

describe('usuario buscar and scope', () => {
  it('pages and searches by name, e-mail or DNI', async () => {
    const page = (await post('buscar', { search: '', start: 0, length: 3 })).json().data;
    expect(page.data).toHaveLength(3);
    expect(page.total).toBeGreaterThanOrEqual(9);
    const found = (await post('buscar', { search: 'quispe', start: 0, length: 10 })).json().data;
    expect(found.data.map((u: { usu_correo: string }) => u.usu_correo)).toEqual(['contabilidad@andina.pe']);
    expect((await post('buscar', { search: '40000007', start: 0, length: 10 })).json().data.total).toBe(1);
  });

  it('treats % and _ in the search text as plain characters', async () => {
    expect((await post('buscar', { search: '%', start: 0, length: 10 })).json().data.total).toBe(0);
  });

  it('shows a project-limited administrator only the users of their project, and 404 for others', async () => {
    const reg = await post('registrar', nuevo({ usu_dni: '43333333', usu_correo: 'jefe.p1@andina.pe', lista_usuario_rol: [{ rol_id: 1 }], usu_nivel: 0, pry_id: 1 }));
    expect(reg.statusCode).toBe(201);
    const limited = await ctx.auth('jefe.p1@andina.pe');
    const list = (await post('buscar', { search: '', start: 0, length: 100 }, limited)).json().data;
    expect(list.data.every((u: { pry_id: number }) => u.pry_id === 1)).toBe(true);
    expect((await post('obtener', { usuario: { usu_id: 1 } }, limited)).statusCode).toBe(404);
    const escalate = await post('registrar', nuevo({ usu_dni: '44444444', usu_correo: 'x1@andina.pe', usu_nivel: 1 }), limited);
    expect(escalate.statusCode).toBe(403);
    const superRole = await post('registrar', nuevo({ usu_dni: '45555555', usu_correo: 'x2@andina.pe', lista_usuario_rol: [{ rol_id: 0 }] }), limited);
    expect(superRole.statusCode).toBe(403);
  });
});

describe('changePassword', () => {
  it('verifies the current password and the confirmation', async () => {
    const me = await ctx.auth('tesoreria@andina.pe');
    const wrong = await post('changePassword', { password_actual: 'mala', password_nuevo: 'Nueva.2026', password_confirmacion: 'Nueva.2026' }, me);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('La contraseña actual no es correcta');
    const mismatch = await post('changePassword', { password_actual: 'Demo.2026', password_nuevo: 'Nueva.2026', password_confirmacion: 'Otra.2026' }, me);
    expect(mismatch.json().message).toBe('Las Contraseñas no son idénticas');
  });
});

describe('adjuntarFirma', () => {
  it('stores a PNG signature and serves it back', async () => {
    const { payload, headers } = multipart({ usu_id: '2' }, { name: 'firma', filename: 'firma.png', content: PNG, type: 'image/png' });
    const res = await ctx.app.inject({ method: 'POST', url: '/api/usuario/adjuntarFirma', headers: { ...admin, ...headers }, payload });
    expect(res.statusCode).toBe(200);
    const img = await post('obtenerFirma', { usuario: { usu_id: 2 } });
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.equals(PNG)).toBe(true);
  });

  it('obtener answers the signature as the spec\'s firma: a link served with the session, never the storage key (issue 27)', async () => {
    const sinFirma = (await post('obtener', { usuario: { usu_id: 1 } })).json().data;
    expect(sinFirma).toMatchObject({ firma: null, tiene_firma: false });
    const u = (await post('obtener', { usuario: { usu_id: 2 } })).json().data;
    expect(u).toMatchObject({ firma: '/api/usuario/obtenerFirma?usu_id=2', tiene_firma: true });
    expect(JSON.stringify(u)).not.toContain('firmas/');
    const img = await ctx.app.inject({ method: 'GET', url: u.firma, headers: admin });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['cache-control']).toBe('private, no-store');
    expect(img.rawPayload.equals(PNG)).toBe(true);
    // The same access control as any file: a session, the users module, the user in the caller's scope.
    expect((await ctx.app.inject({ method: 'GET', url: u.firma })).statusCode).toBe(401);
    const sinModulo = await ctx.auth('estandar@andina.pe');
    expect((await ctx.app.inject({ method: 'GET', url: u.firma, headers: sinModulo })).statusCode).toBe(403);
    const malo = await ctx.app.inject({ method: 'GET', url: '/api/usuario/obtenerFirma?usu_id=abc', headers: admin });
    expect(malo.statusCode).toBe(400);
    expect(malo.json().message).toBe('Debe indicar el usuario');
    const ninguna = await ctx.app.inject({ method: 'GET', url: '/api/usuario/obtenerFirma?usu_id=1', headers: admin });
    expect(ninguna.statusCode).toBe(404);
    expect(ninguna.json().message).toBe('El usuario no tiene firma registrada');
  });

  it('checks the real type from the content, not the name', async () => {
    const { payload, headers } = multipart({ usu_id: '2' }, { name: 'firma', filename: 'firma.png', content: Buffer.from('%PDF-1.4 no es imagen'), type: 'image/png' });
    const res = await ctx.app.inject({ method: 'POST', url: '/api/usuario/adjuntarFirma', headers: { ...admin, ...headers }, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('La firma debe ser una imagen PNG o JPG');
  });

  it('refuses a signature over 2 MB', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 + 10)]);
    const { payload, headers } = multipart({ usu_id: '2' }, { name: 'firma', filename: 'f.png', content: big, type: 'image/png' });
    const res = await ctx.app.inject({ method: 'POST', url: '/api/usuario/adjuntarFirma', headers: { ...admin, ...headers }, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('La firma no debe superar los 2 MB');
  });
});

describe('get-by-rol and obtenerOpciones', () => {
  it('lists active users of a role', async () => {
    const res = await post('get-by-rol', { id_role: 6 });
    expect(res.json().data).toEqual([expect.objectContaining({ nombre: 'Carlos', apellido: 'Mendoza Ríos' })]);
  });

  it("returns a user's effective options", async () => {
    const me = await ctx.auth('gerencia@andina.pe');
    const res = await post('obtenerOpciones', { opcion_usuario: { usu_id: 2 } }, me);
    expect(res.json().data.map((o: { opc_codigo: string }) => o.opc_codigo)).toContain('aprobar_orden_compra');
    expect((await post('obtenerOpciones', { opcion_usuario: { usu_id: 1 } }, me)).statusCode).toBe(403);
  });
});
