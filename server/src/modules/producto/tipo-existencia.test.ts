import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, VIEWER, createTestContext, type TestContext } from '../../test/harness.ts';
import { expectOk, expectRefused } from '../../test/expect.ts';

/** Each product category's SUNAT existence type (issue 23, tabla 5, PLE 12.1 field 6). */

let ctx: TestContext;
let admin: { authorization: string };
const post = (url: string, payload: object, headers = admin) => ctx.app.inject({ method: 'POST', url: `/api${url}`, headers, payload });
type Fila = { cat_id: number; cat_nombre: string; cat_estado: number; cat_tipo_existencia: string };

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.auth(ADMIN);
});
afterAll(() => ctx.close());

describe('existence type of a category', () => {
  it('lists the demo categories with their tabla 5 code and changes one; refuses a code outside the table', async () => {
    const filas = expectOk(await post('/categoria-producto/tiposExistencia', {})).data as Fila[];
    const codigo = Object.fromEntries(filas.map((c) => [c.cat_nombre, c.cat_tipo_existencia]));
    expect(codigo).toMatchObject({ 'Materiales de construcción': '03', EPP: '06', Repuestos: '07', 'Equipos de cómputo': '99', Herramientas: '99' });
    const epp = filas.find((c) => c.cat_nombre === 'EPP')!;

    const res = expectOk(await post('/categoria-producto/modificarTipoExistencia', { categoria_producto: { cat_id: epp.cat_id, cat_tipo_existencia: '05' } }));
    expect(res).toMatchObject({ message: 'Se actualizó el tipo de existencia de la categoría', data: { cat_id: epp.cat_id, cat_tipo_existencia: '05' } });
    expectRefused(await post('/categoria-producto/modificarTipoExistencia', { categoria_producto: { cat_id: epp.cat_id, cat_tipo_existencia: '11' } }), 400,
      'Seleccione un tipo de existencia de la tabla 5 de SUNAT');
    expectRefused(await post('/categoria-producto/modificarTipoExistencia', { categoria_producto: { cat_id: 999999, cat_tipo_existencia: '01' } }), 404,
      'No se encontró la categoría');
    expect((await post('/categoria-producto/modificarTipoExistencia', { categoria_producto: { cat_id: epp.cat_id, cat_tipo_existencia: '01' } }, await ctx.auth(VIEWER))).statusCode).toBe(403);
  });
});
