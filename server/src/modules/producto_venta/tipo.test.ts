import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestContext, type TestContext } from '../../test/harness.ts';

type Headers = { authorization: string };
interface Tipo { pti_id: number; pti_nombre: string; pti_parent: number | null; pti_estado: number }

let ctx: TestContext;
let admin: Headers;

const tipo = (call: string, payload: unknown, headers: Headers = admin) =>
  ctx.app.inject({ method: 'POST', url: `/api/productoVentaTipo/${call}`, headers, payload: payload as object });
const buscar = async (pti_parent?: number | null) => (await tipo('buscar', { producto_venta_tipo: { pti_parent } })).json().data as Tipo[];

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.auth(ADMIN);
});
afterAll(() => ctx.close());

describe('/productoVentaTipo/buscar', () => {
  it('lists level 1 without a parent and the children of a level 1 with it', async () => {
    const nivel1 = await buscar();
    expect(nivel1.map((t) => t.pti_nombre)).toEqual(['Aditivos', 'Agregados', 'Concreto', 'Servicios']);
    expect(await buscar(null)).toEqual(nivel1);
    expect((await tipo('buscar', {})).json().data).toEqual(nivel1);
    const concreto = nivel1.find((t) => t.pti_nombre === 'Concreto')!;
    const hijos = await buscar(concreto.pti_id);
    expect(hijos.map((t) => t.pti_nombre)).toEqual(['Bombeable', 'Estructural', 'Pavimentos']);
    expect(hijos.every((t) => t.pti_parent === concreto.pti_id && t.pti_estado === 1)).toBe(true);
  });

  it('serves both levels and the groups through /app/getData', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/app/getData', headers: admin, payload: { listas: ['producto_venta_grupos', 'producto_venta_tipos'] } });
    const { producto_venta_grupos: grupos, producto_venta_tipos: tipos } = res.json().data;
    // Spec 3 names a group's fields (id, nombre); the product's pvg_ names stay beside them (issue 27).
    const grupo = (id: number, nombre: string) => ({ id, nombre, pvg_id: id, pvg_nombre: nombre });
    expect(grupos).toEqual([grupo(1, 'Concreto premezclado'), grupo(2, 'Servicios'), grupo(3, 'Aditivos'), grupo(4, 'Agregados')]);
    expect(tipos.filter((t: Tipo) => t.pti_parent === null)).toHaveLength(4);
    expect(tipos).toHaveLength(12);
  });
});

describe('register and modify types', () => {
  let losas: Tipo;
  let especiales: Tipo;

  it('registers a level 1 and a level 2 under it', async () => {
    const res = await tipo('registrar', { producto_venta_tipo: { pti_nombre: ' Especiales ' } });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Se registró el tipo de producto correctamente');
    especiales = res.json().data;
    expect(especiales).toMatchObject({ pti_nombre: 'Especiales', pti_parent: null, pti_estado: 1 });
    losas = (await tipo('registrar', { producto_venta_tipo: { pti_nombre: 'Autocompactante', pti_parent: especiales.pti_id } })).json().data;
    expect(losas.pti_parent).toBe(especiales.pti_id);
    expect((await tipo('obtener', { producto_venta_tipo: { pti_id: losas.pti_id } })).json().data).toEqual(losas);
  });

  it('refuses a missing name, a repeated name in the same level and a parent that is not level 1', async () => {
    expect((await tipo('registrar', { producto_venta_tipo: { pti_nombre: '' } })).json().message).toBe('Falta ingresar datos para registrar el tipo de producto');
    expect((await tipo('registrar', {})).json().message).toBe('Falta ingresar datos para registrar el tipo de producto');
    const repetido = await tipo('registrar', { producto_venta_tipo: { pti_nombre: 'CONCRETO' } });
    expect(repetido.statusCode).toBe(409);
    expect(repetido.json().message).toBe('Ya existe un tipo de producto con ese nombre en el mismo nivel');
    // The same name under another parent is another type.
    expect((await tipo('registrar', { producto_venta_tipo: { pti_nombre: 'Bombeable', pti_parent: especiales.pti_id } })).statusCode).toBe(201);
    const nieto = await tipo('registrar', { producto_venta_tipo: { pti_nombre: 'Nieto', pti_parent: losas.pti_id } });
    expect(nieto.statusCode).toBe(400);
    expect(nieto.json().message).toBe('Un tipo de segundo nivel solo puede pertenecer a un tipo de primer nivel');
    expect((await tipo('registrar', { producto_venta_tipo: { pti_nombre: 'Huérfano', pti_parent: 999999 } })).json().message)
      .toBe('El tipo de primer nivel no existe o está inactivo');
  });

  it('renames, moves a level 2 to another level 1 and deactivates; the level never changes', async () => {
    const [concreto] = (await buscar()).filter((t) => t.pti_nombre === 'Concreto');
    const res = await tipo('modificar', { producto_venta_tipo: { pti_id: losas.pti_id, pti_nombre: 'Autocompactante SCC', pti_parent: concreto.pti_id, pti_estado: 0 } });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Se modificó el tipo de producto correctamente');
    expect(res.json().data).toEqual({ pti_id: losas.pti_id, pti_nombre: 'Autocompactante SCC', pti_parent: concreto.pti_id, pti_estado: 0 });
    // Inactive types are not offered in the form.
    expect((await buscar(concreto.pti_id)).map((t) => t.pti_nombre)).not.toContain('Autocompactante SCC');
    for (const pti_parent of [null, undefined]) {
      const up = await tipo('modificar', { producto_venta_tipo: { pti_id: losas.pti_id, pti_nombre: 'X', pti_parent } });
      expect(up.statusCode).toBe(400);
      expect(up.json().message).toBe('No se puede cambiar el nivel de un tipo de producto; registre uno nuevo');
    }
    const down = await tipo('modificar', { producto_venta_tipo: { pti_id: especiales.pti_id, pti_nombre: 'Especiales', pti_parent: concreto.pti_id } });
    expect(down.json().message).toBe('No se puede cambiar el nivel de un tipo de producto; registre uno nuevo');
    const estado = await tipo('modificar', { producto_venta_tipo: { pti_id: especiales.pti_id, pti_nombre: 'Especiales', pti_estado: 2 } });
    expect(estado.json().message).toBe('El estado del tipo de producto debe ser activo o inactivo');
    expect((await tipo('modificar', { producto_venta_tipo: { pti_id: 999999, pti_nombre: 'X' } })).statusCode).toBe(404);
  });

  it('keeps a deactivated parent the type already had', async () => {
    expect((await tipo('modificar', { producto_venta_tipo: { pti_id: especiales.pti_id, pti_nombre: 'Especiales', pti_estado: 0 } })).statusCode).toBe(200);
    const hijo = (await tipo('registrar', { producto_venta_tipo: { pti_nombre: 'Con padre inactivo', pti_parent: especiales.pti_id } }));
    expect(hijo.json().message).toBe('El tipo de primer nivel no existe o está inactivo');
    // Its children can still be renamed under it.
    const [hijoActivo] = await buscar(especiales.pti_id);
    const renombrado = await tipo('modificar', { producto_venta_tipo: { pti_id: hijoActivo.pti_id, pti_nombre: 'Bombeable especial', pti_parent: especiales.pti_id } });
    expect(renombrado.statusCode).toBe(200);
    expect(renombrado.json().data).toMatchObject({ pti_nombre: 'Bombeable especial', pti_estado: 1 });
  });
});
