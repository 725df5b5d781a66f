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
    expect((await post('/api/indicador/compras', periodo, 'almacen@andina.pe')).statusCode).toBe(403);
    expect((await post('/api/indicador/compras', periodo, SUPPLIER)).statusCode).toBe(403);
  });

  it('defaults to the last 12 months through today', async () => {
    const d = (await post('/api/indicador/compras', {}, ADMIN)).json().data as { desde: string; hasta: string };
    expect(d.desde.endsWith('-01')).toBe(true);
    expect(d.hasta >= d.desde).toBe(true);
  });
});

/** A level-0 user of project `pryId` holding the roles of demo user `como`. */
async function usuarioDeProyecto(correo: string, dni: string, pryId: number, como: string) {
  await rows(sql`
    insert into usuario (usu_nombre, usu_apellido, usu_dni, usu_correo, usu_password_hash, usu_nivel, pry_id)
    values ('Proyecto', ${correo}, ${dni}, ${correo}, 'x', 0, ${pryId})`);
  await rows(sql`
    insert into usuario_rol (usu_id, rol_id)
    select (select usu_id from usuario where usu_correo = ${correo}), r.rol_id
    from usuario_rol r join usuario u on u.usu_id = r.usu_id where u.usu_correo = ${como}`);
  const [u] = await rows<{ usu_id: number }>(sql`select usu_id from usuario where usu_correo = ${correo}`);
  return Number(u!.usu_id);
}

/** Copies row `id` of `tabla` with some columns replaced by SQL values; the new id. */
async function copia(tabla: string, pk: string, id: number, cambios: Record<string, ReturnType<typeof sql>>): Promise<number> {
  const cols = (await rows<{ c: string }>(sql`
    select column_name as c from information_schema.columns where table_name = ${tabla} and table_schema = current_schema() and column_name <> ${pk}
    order by ordinal_position`)).map((r) => r.c);
  const valores = sql.join(cols.map((c) => cambios[c] ?? sql.raw(`t.${c}`)), sql`, `);
  const [r] = await rows<{ id: number }>(sql`
    insert into ${sql.raw(tabla)} (${sql.raw(cols.join(', '))}) select ${valores} from ${sql.raw(tabla)} t where t.${sql.raw(pk)} = ${id}
    returning ${sql.raw(pk)} as id`);
  return Number(r!.id);
}
const v = (x: string | number) => sql`${x}`;
const errorPeriodo = async (url: string) => {
  const malo = await post(url, { indicador: { desde: '2019-02-30', hasta: '2019-03-01' } }, ADMIN);
  expect(malo.statusCode).toBe(400);
  const invertido = await post(url, { indicador: { desde: '2019-05-01', hasta: '2019-03-01' } }, ADMIN);
  expect(invertido.statusCode).toBe(400);
  expect(invertido.json().message).toBe('La fecha inicial no puede ser posterior a la final');
};

describe('payment orders approved against deposited', () => {
  type Mes = { clave: string; aprobado: string; depositado: string };
  let cecs: { cec_id: number; pry_id: number }[];
  beforeAll(async () => {
    cecs = await rows(sql`select distinct on (pry_id) cec_id, pry_id from centro_costo order by pry_id, cec_id`);
    const [a, b] = [cecs[0]!, cecs[1]!];
    await orden(21, a.cec_id, '2019-02-01', 3, '5000.00');
    await orden(22, a.cec_id, '2019-02-01', 3, '5000.00', '3.7512');
    await orden(23, b.cec_id, '2019-02-01', 3, '5000.00');
    const op = async (n: number, ordN: number, estado: string, total: string, aprobado: string | null, depositado: string | null) => rows(sql`
      insert into orden_pago (ord_id, opg_numero, opg_descripcion, opg_fecha_pago_programado, opg_sistema_pago, opg_total, opg_pago, opg_estado, opg_creador,
        opg_fecha_aprobacion, opg_fecha_deposito, opg_numero_operacion)
      select (select ord_id from orden where ord_codigo = 'IND-' || ${ordN}), ${n}, 'indicador', '2019-03-01', 1, ${total}::numeric, ${total}::numeric, ${estado},
        (select min(usu_id) from usuario), ${aprobado}::timestamptz, ${depositado}::timestamptz, case when ${estado} = 'OPP' then 'OP-' || ${n} else '' end`);
    await op(1, 21, 'OPP', '100.10', '2019-03-10T15:00:00Z', '2019-04-02T15:00:00Z');
    await op(2, 22, 'OPA', '10.00', '2019-03-15T15:00:00Z', null); // 37.512 soles
    // 02:00 UTC on 1 April is 21:00 on 31 March in Lima: March.
    await op(3, 23, 'OPA', '5.05', '2019-04-01T02:00:00Z', null);
    await op(4, 23, 'OXA', '999.00', null, null); // not approved: not counted
    await op(5, 21, 'OPC', '999.00', '2019-03-11T15:00:00Z', null); // cancelled: not counted
  });

  it('sums approved and deposited by Lima month, in soles at the order rate', async () => {
    const res = await post('/api/indicador/pagos', periodo, ADMIN);
    expect(res.statusCode).toBe(200);
    const d = res.json().data as { por_mes: Mes[] };
    expect(d.por_mes.map((m) => [m.clave, m.aprobado, m.depositado])).toEqual([['2019-03', '142.66', '0.00'], ['2019-04', '0.00', '100.10']]);
  });

  it('a project user sees only their project; 403 without the module or as a supplier; bad dates 400', async () => {
    await usuarioDeProyecto('tespry@andina.pe', '49999997', cecs[1]!.pry_id, 'tesoreria@andina.pe');
    const d = (await post('/api/indicador/pagos', periodo, 'tespry@andina.pe')).json().data as { por_mes: Mes[] };
    expect(d.por_mes.map((m) => [m.clave, m.aprobado, m.depositado])).toEqual([['2019-03', '5.05', '0.00']]);
    for (const u of ['almacen@andina.pe', 'sinroles@andina.pe', SUPPLIER]) expect((await post('/api/indicador/pagos', periodo, u)).statusCode).toBe(403);
    await errorPeriodo('/api/indicador/pagos');
  });
});

describe('sales, receivables, dispatches and mixers', () => {
  const ventas: Record<string, number> = {};
  let clientes: number[];
  let productos: number[];
  const cents = (x: string) => BigInt(x.replace('.', ''));
  type Tramo = { clave: string; monto: string; ordenes: number };
  let antes: Tramo[];
  const al = { indicador: { hasta: '2019-12-31' } };

  beforeAll(async () => {
    antes = ((await post('/api/indicador/cobranza', al, ADMIN)).json().data as { tramos: Tramo[] }).tramos;
    const [t] = await rows<{ ovt_id: number; ovd_id: number }>(sql`select min(ovt_id) as ovt_id, (select min(ovd_id) from orden_venta_detalle) as ovd_id from orden_venta`);
    clientes = (await rows<{ cli_id: number }>(sql`select cli_id from cliente order by cli_id limit 2`)).map((r) => Number(r.cli_id));
    productos = (await rows<{ pvt_id: number }>(sql`select pvt_id from producto_venta order by pvt_id limit 2`)).map((r) => Number(r.pvt_id));
    const venta = async (k: string, cli: number, pvt: number, fecha: string, est: number, coc: number, total: string, pagado: string, entrega: string) => {
      const ovt = await copia('orden_venta', 'ovt_id', Number(t!.ovt_id), {
        cli_id: v(cli), ovt_fecha_venta: sql`${fecha}::timestamptz`, est_id: v(est), coc_id: v(coc), ovt_total: sql`${total}::numeric`,
        ovt_pagado: sql`${pagado}::numeric`, ovt_fecha_entrega: sql`${entrega}::timestamptz`, ovt_comprobante: sql`null`, ovt_comprobante_enlace: sql`null` });
      const ovd = await copia('orden_venta_detalle', 'ovd_id', Number(t!.ovd_id), { ovt_id: v(ovt), pvt_id: v(pvt), ovd_total: sql`${total}::numeric` });
      ventas[k] = ovt;
      ventas[`${k}d`] = ovd;
    };
    const [A, B] = [clientes[0]!, clientes[1]!];
    const [P1, P2] = [productos[0]!, productos[1]!];
    await venta('S1', A, P1, '2019-03-10T15:00:00Z', 5, 2, '1000.00', '0.00', '2019-11-15T15:00:00Z'); // no voucher: due 15 Dec
    await venta('S2', A, P2, '2019-04-01T04:30:00Z', 27, 2, '900.00', '350.00', '2019-08-01T15:00:00Z'); // 23:30 on 31 March in Lima
    await venta('S3', B, P1, '2019-04-05T15:00:00Z', 11, 1, '0.10', '0.00', '2019-04-05T15:00:00Z'); // cash sale: no receivable
    await venta('S4', B, P1, '2019-04-06T15:00:00Z', 3, 2, '999.00', '0.00', '2019-04-06T15:00:00Z'); // creado: not a sale yet
    await venta('S5', B, P2, '2019-05-01T15:00:00Z', 5, 3, '200.00', '0.00', '2019-05-01T15:00:00Z');
    const voucher = async (k: string, n: number, cuotas: { monto: string; fecha: string }[]) => rows(sql`
      insert into comprobante (ovt_id, nco_tipo, nco_serie, nco_numero, nco_fecha_emision, nco_total, nco_proveedor, nco_usuario, nco_datos)
      values (${ventas[k]}, '01', 'F999', ${n}, '2019-08-01', 0, 'demo', (select min(usu_id) from usuario),
        ${JSON.stringify({ forma_pago: 'Credito', cuotas })}::jsonb)`);
    // Balance 550 on cuotas of 300: the latest 300 (1 Nov, 60 days late), 250 of the one before (1 Oct, 91 days), none of 1 Sep.
    await voucher('S2', 990001, [{ monto: '300.00', fecha: '2019-09-01' }, { monto: '300.00', fecha: '2019-10-01' }, { monto: '300.00', fecha: '2019-11-01' }]);
    await voucher('S5', 990002, [{ monto: '200.00', fecha: '2020-02-01' }]);

    const mixer = async (nombre: string) => Number((await rows<{ id: number }>(sql`
      insert into mixer (mix_nombre, mix_placa, mix_capacidad) values (${nombre}, ${nombre.slice(-6)}, 10) returning mix_id as id`))[0]!.id);
    const m1 = await mixer('Indicador M1-IND01');
    const m2 = await mixer('Indicador M2-IND02');
    ventas.m1 = m1;
    ventas.m2 = m2;
    let n = 0;
    const envio = async (mix: number, m3: string, est: number, carguio: string, retorno: string) => rows(sql`
      insert into envio (env_codigo, ovt_id, ovd_id, mix_id, env_cantidad, env_fecha_hora_envio, env_fecha_hora_carguio, env_fecha_hora_salida, env_fecha_hora_retorno, est_id, usu_registrador)
      values (${`ENV-IND-${++n}`}, ${ventas.S1}, ${ventas.S1d}, ${mix}, ${m3}::numeric, ${carguio}::timestamptz + interval '45 minutes', ${carguio}::timestamptz, ${carguio}::timestamptz + interval '15 minutes', ${retorno}::timestamptz,
        ${est}, (select min(usu_id) from usuario))`);
    await envio(m1, '8.50', 33, '2019-06-10T13:00:00Z', '2019-06-10T15:00:00Z'); // 2 h
    await envio(m1, '7.25', 30, '2019-06-11T04:30:00Z', '2019-06-11T06:00:00Z'); // 23:30 Lima on the 10th, 1.5 h
    await envio(m2, '5.00', 8, '2019-06-12T13:00:00Z', '2019-06-12T15:00:00Z'); // cancelado
    await envio(m2, '6.00', 35, '2019-06-13T13:00:00Z', '2019-06-13T15:00:00Z'); // programado: not left yet
    await envio(m2, '4.00', 33, '2019-06-01T04:00:00Z', '2019-06-01T06:00:00Z'); // 23:00 on 31 May Lima: 1 h inside June
  });

  it('sales per Lima month, product and client', async () => {
    const res = await post('/api/indicador/ventas', periodo, ADMIN);
    expect(res.statusCode).toBe(200);
    const d = res.json().data as Record<'por_mes' | 'por_producto' | 'por_cliente', Barra[]>;
    expect(d.por_mes.map((b) => [b.clave, b.monto])).toEqual([['2019-03', '1900.00'], ['2019-04', '0.10'], ['2019-05', '200.00']]);
    expect(d.por_producto.map((b) => [Number(b.clave), b.monto])).toEqual([[productos[1], '1100.00'], [productos[0], '1000.10']]);
    expect(d.por_cliente.map((b) => [Number(b.clave), b.monto])).toEqual([[clientes[0], '1900.00'], [clientes[1], '200.10']]);
    expect(d.por_cliente[0]!.etiqueta.length).toBeGreaterThan(0);
    // Sales carry no project: a project user of the module sees the same figures.
    await usuarioDeProyecto('venpry@andina.pe', '49999996', (await rows<{ p: number }>(sql`select max(pry_id) as p from proyecto`))[0]!.p, 'tesoreria@andina.pe');
    expect((await post('/api/indicador/ventas', periodo, 'venpry@andina.pe')).json().data).toEqual(res.json().data);
    for (const u of ['almacen@andina.pe', 'logistica@andina.pe', SUPPLIER]) expect((await post('/api/indicador/ventas', periodo, u)).statusCode).toBe(403);
    await errorPeriodo('/api/indicador/ventas');
  });

  it('receivables of credit sales by days past due, on the cuotas from the latest', async () => {
    const res = await post('/api/indicador/cobranza', al, ADMIN);
    expect(res.statusCode).toBe(200);
    const d = res.json().data as { al: string; tramos: Tramo[] };
    expect(d.al).toBe('2019-12-31');
    const delta = d.tramos.map((t, i) => [t.clave, (cents(t.monto) - cents(antes[i]?.monto ?? '0.00')).toString(), t.ordenes - (antes[i]?.ordenes ?? 0)]);
    expect(delta).toEqual([['por_vencer', '20000', 1], ['0-30', '100000', 1], ['31-60', '30000', 1], ['61-90', '0', 0], ['90+', '25000', 1]]);
    for (const u of ['almacen@andina.pe', SUPPLIER]) expect((await post('/api/indicador/cobranza', al, u)).statusCode).toBe(403);
  });

  it('m³ per Lima day of loading over 30 days, dispatches that left only', async () => {
    const res = await post('/api/indicador/despachos', { indicador: { hasta: '2019-06-30' } }, ADMIN);
    expect(res.statusCode).toBe(200);
    const d = res.json().data as { desde: string; por_dia: { clave: string; m3: string; envios: number }[] };
    expect(d.desde).toBe('2019-06-01');
    expect(d.por_dia).toHaveLength(30);
    expect(d.por_dia.filter((x) => x.envios > 0).map((x) => [x.clave, x.m3, x.envios])).toEqual([['2019-06-10', '15.75', 2]]);
    expect(d.por_dia[0]).toMatchObject({ clave: '2019-06-01', m3: '0.00', envios: 0 });
    const vacio = (await post('/api/indicador/despachos', { indicador: { hasta: '2018-06-30' } }, ADMIN)).json().data as { por_dia: unknown[] };
    expect(vacio.por_dia).toEqual([]);
    for (const u of ['tesoreria@andina.pe', SUPPLIER]) expect((await post('/api/indicador/despachos', periodo, u)).statusCode).toBe(403);
    const largo = await post('/api/indicador/despachos', { indicador: { desde: '2018-01-01', hasta: '2019-12-31' } }, ADMIN);
    expect(largo.statusCode).toBe(400);
  });

  it("each mixer's hours between loading and return, cut at the period", async () => {
    const res = await post('/api/indicador/mixers', { indicador: { hasta: '2019-06-30' } }, 'gerencia@andina.pe');
    expect(res.statusCode).toBe(200);
    const d = res.json().data as { por_mixer: { clave: string; horas: string; envios: number }[] };
    const de = (id: number) => d.por_mixer.find((m) => Number(m.clave) === id);
    expect(de(ventas.m1!)).toMatchObject({ horas: '3.5', envios: 2 });
    expect(de(ventas.m2!)).toMatchObject({ horas: '1.0', envios: 1 });
    expect(d.por_mixer[0]!.clave).toBe(String(ventas.m1));
    for (const u of ['tesoreria@andina.pe', SUPPLIER]) expect((await post('/api/indicador/mixers', periodo, u)).statusCode).toBe(403);
  });
});

describe('open petty cash per project', () => {
  type Fila = { clave: string; cajas: number; por_depositar: string; entregado: string; otras_monedas: { mon_simbolo: string; monto: string }[] };
  let pry: number;
  let otro: number;
  beforeAll(async () => {
    const [p] = await rows<{ pry_id: number }>(sql`insert into proyecto (pry_codigo, pry_nombre) values ('PRY-IND', 'Proyecto indicador') returning pry_id`);
    pry = Number(p!.pry_id);
    const [c] = await rows<{ cec_id: number }>(sql`insert into centro_costo (cec_codigo, cec_descripcion, pry_id) values ('IND01', 'Indicador', ${pry}) returning cec_id`);
    const [o] = await rows<{ pry_id: number }>(sql`select min(pry_id) as pry_id from proyecto where pry_id <> ${pry}`);
    otro = Number(o!.pry_id);
    const solicitante = await usuarioDeProyecto('cajpry@andina.pe', '49999995', otro, 'tesoreria@andina.pe');
    let n = 0;
    const caja = async (estado: string, monto: string, mon = 1, renTotal = '0', usu: number | null = null) => rows(sql`
      insert into caja (caj_codigo, caj_titulo, caj_monto, mon_id, cec_id, pry_id, tca_id, usu_gerente, usu_solicitante, usu_creador, caj_estado, ren_total)
      select ${`CAJ-IND-${++n}`}, 'Indicador', ${monto}::numeric, ${mon}, ${c!.cec_id}, ${pry}, 1, u.id, coalesce(${usu}::int, u.id), u.id, ${estado}, ${renTotal}::numeric
      from (select min(usu_id) as id from usuario) u`);
    await caja('CRE', '100.10');
    await caja('CDP', '200.20', 1, '0', solicitante); // requested by a user of another project: theirs to see
    await caja('RAP', '50.00', 1, '50.00'); // settled to the cent: closed
    await caja('RAP', '60.00', 1, '40.00'); // balance still to close
    await caja('CCA', '999.00');
    await caja('CDV', '999.00');
    await caja('CPA', '30.00', 2);
  });

  it('counts open boxes by stage, soles apart from other currencies', async () => {
    const res = await post('/api/indicador/cajas', {}, ADMIN);
    expect(res.statusCode).toBe(200);
    const fila = (res.json().data as { por_proyecto: Fila[] }).por_proyecto.find((f) => Number(f.clave) === pry);
    expect(fila).toMatchObject({ cajas: 4, por_depositar: '100.10', entregado: '260.20', otras_monedas: [{ mon_simbolo: '$', monto: '30.00' }] });
  });

  it('a project user sees their project and the boxes they requested, as the cash list', async () => {
    const d = (await post('/api/indicador/cajas', {}, 'cajpry@andina.pe')).json().data as { por_proyecto: Fila[] };
    expect(d.por_proyecto.every((f) => [pry, otro].includes(Number(f.clave)))).toBe(true);
    expect(d.por_proyecto.find((f) => Number(f.clave) === pry)).toMatchObject({ cajas: 1, por_depositar: '0.00', entregado: '200.20', otras_monedas: [] });
    for (const u of ['almacen@andina.pe', 'logistica@andina.pe', SUPPLIER]) expect((await post('/api/indicador/cajas', {}, u)).statusCode).toBe(403);
  });
});
