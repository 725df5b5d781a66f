import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client.ts';
import { ADMIN, createTestContext, type TestContext } from '../../test/harness.ts';
import { expectOk, expectRefused } from '../../test/expect.ts';

/** A warehouse's SUNAT establishment code (issue 23, PLE 12.1 field 4), kept with the project's warehouse list. */

let ctx: TestContext;
let admin: { authorization: string };
const post = (url: string, payload: object) => ctx.app.inject({ method: 'POST', url: `/api${url}`, headers: admin, payload });
type Proyecto = { pry_id: number; pry_version: number; almacenes: { alm_id: number; alm_nombre: string; alm_direccion: string; alm_establecimiento: string }[] };
const obtener = async (pryId: number) => expectOk(await post('/proyecto/obtener', { proyecto: { pry_id: pryId } })).data as Proyecto;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.auth(ADMIN);
});
afterAll(() => ctx.close());

describe('establishment code of a warehouse', () => {
  it('is 0000 unless given, 4 digits, and a save that does not send it keeps it', async () => {
    const base = { pry_codigo: 'PRY-PLE', pry_nombre: 'Obra PLE', pry_descripcion: 'x' };
    expectRefused(await post('/proyecto/registrar', { proyecto: { ...base, almacenes: [{ alm_nombre: 'A', alm_direccion: 'x', alm_establecimiento: '99' }] } }), 400,
      'El código de establecimiento SUNAT debe tener 4 dígitos (0000 el domicilio fiscal, 9999 un local de terceros)');
    const res = await post('/proyecto/registrar', { proyecto: { ...base, almacenes: [
      { alm_nombre: 'Obra', alm_direccion: 'Terreno del cliente', alm_establecimiento: '9999' }, { alm_nombre: 'Oficina', alm_direccion: 'x' },
    ] } });
    expect(res.statusCode, res.body).toBe(201);
    const [{ pry_id }] = await selectRows<{ pry_id: number }>(ctx.deps.database.db, sql`select pry_id from proyecto where pry_codigo = 'PRY-PLE'`);
    const p = await obtener(pry_id);
    expect(p.almacenes.map((a) => [a.alm_nombre, a.alm_establecimiento])).toEqual([['Obra', '9999'], ['Oficina', '0000']]);

    // The spec's payload has no code: it stays; a new one changes it.
    const sinCodigo = p.almacenes.map(({ alm_id, alm_nombre, alm_direccion }) => ({ alm_id, alm_nombre, alm_direccion }));
    expectOk(await post('/proyecto/modificar', { proyecto: { ...base, pry_id, pry_version: p.pry_version, almacenes: sinCodigo } }));
    const q = await obtener(pry_id);
    expect(q.almacenes.map((a) => a.alm_establecimiento)).toEqual(['9999', '0000']);
    expectOk(await post('/proyecto/modificar', { proyecto: { ...base, pry_id, pry_version: q.pry_version, almacenes: [{ ...sinCodigo[0], alm_establecimiento: '0002' }, sinCodigo[1]] } }));
    expect((await obtener(pry_id)).almacenes.map((a) => a.alm_establecimiento)).toEqual(['0002', '0000']);
  });
});
