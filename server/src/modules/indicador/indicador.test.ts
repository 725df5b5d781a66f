import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client.ts';
import { ADMIN, SUPPLIER, createTestContext, type TestContext } from '../../test/harness.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  // A staff account with no roles (no module at all).
  await selectRows(ctx.deps.database.db, sql`
    insert into usuario (usu_nombre, usu_apellido, usu_dni, usu_correo, usu_password_hash, usu_nivel)
    values ('Sin', 'Roles', '49999999', 'sinroles@andina.pe', 'x', 1)`);
});
afterAll(() => ctx.close());

const rows = <T>(q: ReturnType<typeof sql>) => selectRows<T>(ctx.deps.database.db, q);
const post = async (url: string, body: unknown, correo: string) =>
  ctx.app.inject({ method: 'POST', url, headers: { ...(await ctx.auth(correo)), 'content-type': 'application/json' }, payload: JSON.stringify(body) });

/** An order in cost centre `cecId` with the given date, state, total and rate (a period no demo order is in). */
async function orden(n: number, cecId: number, fecha: string, ore: number, total: string, cambio = '1') {
  await rows(sql`
    insert into orden (ord_numero, ord_codigo, ord_tipo_orden, ord_es_importacion, cec_id, pve_id, mon_id, ord_tipo_cambio, coc_id, mep_id, tid_id,
      ord_fecha_pago, ord_fecha_orden, ord_lugar_entrega, ord_usu_logistica, ord_usu_contabilidad, ord_usu_administrador, ord_usu_gerencia,
      ord_referencia, ord_monto_sin_impuesto, ord_monto_con_impuesto, ore_id, ord_anio, ord_usu_registrador)
    select 900000 + ${n}, 'IND-' || ${n}, 1, false, ${cecId}, (select min(pve_id) from proveedor), (select min(mon_id) from moneda),
      ${cambio}::numeric, (select min(coc_id) from condicion_comercial), (select min(mep_id) from metodo_pago), (select min(tid_id) from tipo_documento),
      ${fecha}::date, ${fecha}::date, 'x', u.usu_id, u.usu_id, u.usu_id, u.usu_id,
      'indicador', ${total}::numeric, ${total}::numeric, ${ore}, 2019, u.usu_id from (select min(usu_id) as usu_id from usuario) u`);
}

const periodo = { indicador: { desde: '2019-01-01', hasta: '2019-12-31' } };
type Barra = { clave: string; etiqueta: string; monto: string };
type Compras = { por_mes: Barra[]; por_centro_costo: Barra[] };

describe('purchases per month and per cost centre', () => {
  let cecs: { cec_id: number; pry_id: number }[];
  beforeAll(async () => {
    cecs = await rows(sql`select distinct on (pry_id) cec_id, pry_id from centro_costo order by pry_id, cec_id`);
    expect(cecs.length).toBeGreaterThan(1);
    const [a, b] = [cecs[0]!, cecs[1]!];
    // 0.1 + 0.2 in floats is 0.30000000000000004; three of 0.10 and a USD order at 3.7512.
    await orden(1, a.cec_id, '2019-03-05', 3, '0.10');
    await orden(2, a.cec_id, '2019-03-20', 4, '0.20');
    await orden(3, a.cec_id, '2019-03-28', 5, '1000.01', '3.7512'); // 3751.237512 → 3751.24
    await orden(4, b.cec_id, '2019-04-02', 3, '10.05');
    await orden(5, b.cec_id, '2019-04-03', 1, '999.00'); // creado: not counted
    await orden(6, b.cec_id, '2019-04-04', 11, '999.00'); // anulado: not counted
  });

  it('sums issued orders in soles, NUMERIC and rounded to 2 decimals', async () => {
    const res = await post('/api/indicador/compras', periodo, ADMIN);
    expect(res.statusCode).toBe(200);
    const d = res.json().data as Compras;
    expect(d.por_mes.map((b) => [b.clave, b.monto])).toEqual([['2019-03', '3751.54'], ['2019-04', '10.05']]);
    expect(d.por_centro_costo.map((b) => [Number(b.clave), b.monto])).toEqual([[cecs[0]!.cec_id, '3751.54'], [cecs[1]!.cec_id, '10.05']]);
  });

  it('a user scoped to one project sees only its figures', async () => {
    // logística's roles, level 0, on the second cost centre's project.
    await rows(sql`
      insert into usuario (usu_nombre, usu_apellido, usu_dni, usu_correo, usu_password_hash, usu_nivel, pry_id)
      values ('Log', 'Proyecto', '49999998', 'logpry@andina.pe', 'x', 0, ${cecs[1]!.pry_id})`);
    await rows(sql`
      insert into usuario_rol (usu_id, rol_id)
      select (select usu_id from usuario where usu_correo = 'logpry@andina.pe'), r.rol_id
      from usuario_rol r join usuario u on u.usu_id = r.usu_id where u.usu_correo = 'logistica@andina.pe'`);
    const res = await post('/api/indicador/compras', periodo, 'logpry@andina.pe');
    expect(res.statusCode).toBe(200);
    const d = res.json().data as Compras;
    expect(d.por_mes.map((b) => [b.clave, b.monto])).toEqual([['2019-04', '10.05']]);
    expect(d.por_centro_costo.map((b) => Number(b.clave))).toEqual([cecs[1]!.cec_id]);
  });

  it('answers 403 to a user without the module and to a supplier', async () => {
    expect((await post('/api/indicador/compras', periodo, 'sinroles@andina.pe')).statusCode).toBe(403);
    expect((await post('/api/indicador/compras', periodo, SUPPLIER)).statusCode).toBe(403);
  });

  it('defaults to the last 12 months through today', async () => {
    const d = (await post('/api/indicador/compras', {}, ADMIN)).json().data as { desde: string; hasta: string };
    expect(d.desde.endsWith('-01')).toBe(true);
    expect(d.hasta >= d.desde).toBe(true);
  });
});
