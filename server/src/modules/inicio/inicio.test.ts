import { CONDICION, ENV, MSG, OVT, limaDate } from '@obra/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixture, expectOk, expectRefused, type Auth, type Fixture } from '../orden_pago/fixtures.ts';

/** Issue 25: the work queue on Inicio, per role and scope (docs/business-rules.md "Inicio: pendientes"). */

type Linea = { clave: string; titulo: string; cantidad: number; enlace: string };
let f: Fixture;
let almacen: Auth;
let administracion: Auth;
const alm: Record<'central' | 'agregados' | 'miraflores', number> = { central: 0, agregados: 0, miraflores: 0 };
const today = limaDate();

beforeAll(async () => {
  f = await createFixture();
  almacen = await f.ctx.auth('almacen@andina.pe');
  administracion = await f.ctx.auth('administracion@andina.pe');
  for (const a of await f.rows<{ alm_id: number; alm_nombre: string }>(sql`select alm_id, alm_nombre from almacen`)) {
    if (a.alm_nombre === 'Almacén Central') alm.central = a.alm_id;
    if (a.alm_nombre === 'Almacén de Agregados') alm.agregados = a.alm_id;
    if (a.alm_nombre === 'Almacén de Obra Miraflores') alm.miraflores = a.alm_id;
  }
});
afterAll(() => f.ctx.close());

const cola = async (who: Auth) => expectOk(await f.post('inicio/pendientes', {}, who)).data as Linea[];
const cuenta = async (who: Auth, clave: string) => (await cola(who)).find((l) => l.clave === clave)?.cantidad ?? 0;
const T = (path: string, payload: unknown, who: Auth = f.u.admin) => f.post(`transferenciaItems/${path}`, payload, who);
const registrar = async (datos: Record<string, unknown>) =>
  (expectOk(await T('registrar', { transferencia_items: { tfi_fecha_estimada_llegada: today, ...datos } })).data as { tfi_id: number }).tfi_id;

describe('/inicio/pendientes', () => {
  it('answers lines with a count above 0 only, each with its link', async () => {
    for (const who of [f.u.admin, f.u.gerencia, f.u.contabilidad, f.u.tesoreria, f.u.logistica, almacen, administracion]) {
      for (const l of await cola(who)) {
        expect(l.cantidad).toBeGreaterThan(0);
        expect(l.enlace).toMatch(/^\//);
        expect(l.titulo).not.toBe('');
      }
    }
  });

  it('refuses suppliers (403)', async () => {
    expectRefused(await f.post('inicio/pendientes', {}, f.u.supplier), 403, MSG.noModuleAccess);
  });

  it('orders waiting: gerencia sees theirs, contabilidad after gerencia approves, and the counts follow the state', async () => {
    const g0 = await cuenta(f.u.gerencia, 'orden_gerencia');
    const c0 = await cuenta(f.u.contabilidad, 'orden_contabilidad');
    const ordId = await f.newOrder();
    expect(await cuenta(f.u.gerencia, 'orden_gerencia')).toBe(g0 + 1);
    expect(await cuenta(f.u.contabilidad, 'orden_contabilidad')).toBe(c0);
    // Neither logistics nor treasury approve orders: no such line.
    expect((await cola(f.u.logistica)).some((l) => l.clave.startsWith('orden_'))).toBe(false);
    expect((await cola(f.u.tesoreria)).some((l) => l.clave.startsWith('orden_'))).toBe(false);
    expectOk(await f.post('orden/approve', { id_orden_estado: 2 }, f.u.gerencia, { idorden: String(ordId) }));
    expect(await cuenta(f.u.gerencia, 'orden_gerencia')).toBe(g0);
    expect(await cuenta(f.u.contabilidad, 'orden_contabilidad')).toBe(c0 + 1);
    // The viewer holds no option and cannot act: nothing.
    expect(await cola(f.u.viewer)).toEqual([]);
  });

  it('payment orders: to approve for holders of aprobar_orden_pago, to deposit once approved', async () => {
    const ordId = await f.emitida();
    const opgId = (expectOk(await f.registrar(ordId, 100)).data as { opg_id: number }).opg_id;
    const a0 = await cuenta(f.u.gerencia, 'pago_aprobar');
    expectOk(await f.opg('solicitarAprobacion', { orden_pago: { opg_id: opgId } }, f.u.logistica));
    expect(await f.opgEstado(opgId)).toBe('OXA');
    expect(await cuenta(f.u.gerencia, 'pago_aprobar')).toBe(a0 + 1);
    const d0 = await cuenta(f.u.tesoreria, 'pago_depositar');
    expectOk(await f.opg('aprobar', { orden_pago: { opg_id: opgId } }, f.u.gerencia));
    expect(await cuenta(f.u.gerencia, 'pago_aprobar')).toBe(a0);
    expect(await cuenta(f.u.tesoreria, 'pago_depositar')).toBe(d0 + 1);
  });

  it('transfers: almacen@ counts only those arriving in Planta Lurín warehouses, and confirmed ones leave the queue', async () => {
    const a0 = await cuenta(almacen, 'transferencia_ingresar');
    const s0 = await cuenta(f.u.admin, 'transferencia_ingresar');
    const prv = (await f.rows<{ prv_id: number }>(sql`select prv_id from producto where prv_nombre = 'Wincha de 5 m'`))[0].prv_id;
    // An external purchase fills the origin; it is not confirmed by anyone (not counted).
    await registrar({ tfi_tipo: 3, alm_destino: alm.agregados, detalle: [{ prv_id: prv, tid_cantidad: 4 }] });
    const pal = (await f.rows<{ pal_id: number }>(sql`select pal_id from producto_almacen where alm_id = ${alm.agregados} and prv_id = ${prv} and pal_numero_serie = ''`))[0].pal_id;
    await registrar({ tfi_tipo: 2, alm_origen: alm.agregados, alm_destino: alm.miraflores, detalle: [{ prv_id: prv, pal_id: pal, tid_cantidad: 1 }] });
    expect(await cuenta(almacen, 'transferencia_ingresar')).toBe(a0);
    expect(await cuenta(f.u.admin, 'transferencia_ingresar')).toBe(s0 + 1);
    const lurin = await registrar({ tfi_tipo: 2, alm_origen: alm.agregados, alm_destino: alm.central, detalle: [{ prv_id: prv, pal_id: pal, tid_cantidad: 1 }] });
    expect(await cuenta(almacen, 'transferencia_ingresar')).toBe(a0 + 1);
    const t = expectOk(await T('obtener', { tfi_id: lurin })).data as { detalle: { tid_id: number; tid_cantidad: string }[] };
    expectOk(await T('ingresar', { transferencia_items: { tfi_id: lurin, detalle: t.detalle.map((l) => ({ tid_id: l.tid_id, tid_ingreso_cantidad: l.tid_cantidad })) } }, almacen));
    expect(await cuenta(almacen, 'transferencia_ingresar')).toBe(a0);
    const linea = (await cola(f.u.admin)).find((l) => l.clave === 'transferencia_ingresar');
    expect(linea?.enlace).toBe('/transferencia?est_codigo=creado&tfi_tipo=');
  });
});

describe('/inicio/pendientes: petty cash, sales, dispatches, e-vouchers, stock, requests', () => {
  const usuId = async (correo: string) => Number((await f.rows<{ id: number }>(sql`select usu_id as id from usuario where usu_correo = ${correo}`))[0].id);
  const cec = async (codigo: string) => Number((await f.rows<{ id: number }>(sql`select cec_id as id from centro_costo where cec_codigo = ${codigo}`))[0].id);
  const claves = async (who: Auth) => (await cola(who)).map((l) => l.clave);

  it('cash boxes and settlements: the manager or aprobar_caja approves, treasury deposits and reimburses', async () => {
    const estandar = await f.ctx.auth('estandar@andina.pe');
    const registrar = async (gerente: number) => {
      const r = expectOk(await f.post('caja/registrar', { caja: {
        mon_id: 1, cec_id: await cec('CC-MF-01'), tca_id: 1, caj_titulo: 'Movilidad obra', caj_descripcion: 'Gastos menores',
        caj_monto: '100.00', usu_gerente: gerente, usu_solicitante: await usuId('estandar@andina.pe'),
      } }, estandar));
      return (r.data as { caj_id: number }).caj_id;
    };
    const estado = (cajId: number, e: string, extra = sql``) => f.rows(sql`update caja set caj_estado = ${e} ${extra} where caj_id = ${cajId}`);
    const g0 = await cuenta(f.u.gerencia, 'caja_aprobar');
    const c0 = await cuenta(f.u.contabilidad, 'caja_aprobar');
    const porGerencia = await registrar(await usuId('gerencia@andina.pe'));
    const porContabilidad = await registrar(await usuId('gerencia@andina.pe'));
    // A cash box managed by contabilidad@ (who holds no aprobar_caja): only that one is theirs to approve.
    await f.rows(sql`update caja set usu_gerente = ${await usuId('contabilidad@andina.pe')} where caj_id = ${porContabilidad}`);
    expect(await cuenta(f.u.gerencia, 'caja_aprobar')).toBe(g0);
    for (const id of [porGerencia, porContabilidad]) expectOk(await f.post('caja/solicitarAprobacionCaja', { caja: { caj_id: id } }, estandar));
    // gerencia holds aprobar_caja (every cash box in scope); contabilidad only manages its own.
    expect(await cuenta(f.u.gerencia, 'caja_aprobar')).toBe(g0 + 2);
    expect(await cuenta(f.u.contabilidad, 'caja_aprobar')).toBe(c0 + 1);
    expect(await claves(estandar)).not.toContain('caja_aprobar');
    expect(await claves(f.u.tesoreria)).not.toContain('caja_aprobar');
    const d0 = await cuenta(f.u.tesoreria, 'caja_depositar');
    expectOk(await f.post('caja/aprobar', { caja: { caj_id: porGerencia } }, f.u.gerencia));
    expect(await cuenta(f.u.gerencia, 'caja_aprobar')).toBe(g0 + 1);
    expect(await cuenta(f.u.tesoreria, 'caja_depositar')).toBe(d0 + 1);
    expect(await claves(f.u.gerencia)).not.toContain('caja_depositar');
    // Settlements: RPA to approve; an approved one whose documents exceed the amount, to reimburse.
    const r0 = await cuenta(f.u.gerencia, 'rendicion_aprobar');
    await estado(porGerencia, 'RPA');
    expect(await cuenta(f.u.gerencia, 'rendicion_aprobar')).toBe(r0 + 1);
    expect(await cuenta(f.u.tesoreria, 'caja_depositar')).toBe(d0);
    const e0 = await cuenta(f.u.tesoreria, 'rendicion_reembolsar');
    await estado(porGerencia, 'RAP', sql`, ren_total = 80`);
    expect(await cuenta(f.u.tesoreria, 'rendicion_reembolsar')).toBe(e0);
    await estado(porGerencia, 'RAP', sql`, ren_total = 130`);
    expect(await cuenta(f.u.tesoreria, 'rendicion_reembolsar')).toBe(e0 + 1);
    expect(await cuenta(f.u.gerencia, 'rendicion_aprobar')).toBe(r0);
    expect(await cola(f.u.viewer)).toEqual([]);
    const linea = (await cola(f.u.gerencia)).find((l) => l.clave === 'caja_aprobar');
    expect(linea?.enlace).toBe('/caja?caj_estado=CPA&rango=');
  });

  it('credit sales in creado for holders of aprobar_orden_venta; cash sales wait for payment, not approval', async () => {
    const [o] = await f.rows<{ ovt_id: number; est_id: number; coc_id: number }>(sql`select ovt_id, est_id, coc_id from orden_venta order by ovt_id limit 1`);
    await f.rows(sql`update orden_venta set est_id = ${OVT.APROBADO} where ovt_id = ${o.ovt_id}`);
    const v0 = await cuenta(f.u.gerencia, 'venta_aprobar');
    await f.rows(sql`update orden_venta set est_id = ${OVT.CREADO}, coc_id = ${CONDICION.CREDITO} where ovt_id = ${o.ovt_id}`);
    expect(await cuenta(f.u.gerencia, 'venta_aprobar')).toBe(v0 + 1);
    for (const who of [f.u.contabilidad, f.u.tesoreria, f.u.logistica]) expect(await claves(who)).not.toContain('venta_aprobar');
    await f.rows(sql`update orden_venta set coc_id = ${CONDICION.CONTADO} where ovt_id = ${o.ovt_id}`);
    expect(await cuenta(f.u.gerencia, 'venta_aprobar')).toBe(v0);
    await f.rows(sql`update orden_venta set est_id = ${o.est_id}, coc_id = ${o.coc_id} where ovt_id = ${o.ovt_id}`);
  });

  it("dispatches: today's unfinished and those past the planned time of their next state", async () => {
    const [v] = await f.rows<{ env_id: number; est_id: number }>(sql`select env_id, est_id from envio order by env_id limit 1`);
    const set = (est: number, carguio: string) => f.rows(sql`update envio set est_id = ${est}, env_fecha_hora_carguio = now() + ${carguio}::interval,
      env_fecha_hora_salida = now() + ${carguio}::interval + interval '30 minutes', env_fecha_hora_envio = now() + ${carguio}::interval + interval '1 hour',
      env_fecha_hora_retorno = now() + ${carguio}::interval + interval '2 hours' where env_id = ${v.env_id}`);
    await set(ENV.COMPLETADO, '-3 days');
    const h0 = await cuenta(f.u.gerencia, 'envio_hoy');
    const a0 = await cuenta(f.u.gerencia, 'envio_atrasado');
    await set(ENV.PROGRAMADO, '-3 days');
    expect(await cuenta(f.u.gerencia, 'envio_atrasado')).toBe(a0 + 1);
    expect(await cuenta(f.u.gerencia, 'envio_hoy')).toBe(h0);
    await set(ENV.EN_RUTA, '-90 minutes');
    expect(await cuenta(f.u.gerencia, 'envio_atrasado')).toBe(a0 + 1);
    await set(ENV.EN_RUTA, '-45 minutes');
    expect(await cuenta(f.u.gerencia, 'envio_atrasado')).toBe(a0);
    // Today at noon in Lima, whatever the hour the test runs (the check wants each time after the one before).
    const noon = sql`((${limaDate()}::date + time '12:00')::timestamp at time zone 'America/Lima')`;
    await f.rows(sql`update envio set env_fecha_hora_carguio = ${noon}, env_fecha_hora_salida = ${noon} + interval '30 minutes',
      env_fecha_hora_envio = ${noon} + interval '1 hour', env_fecha_hora_retorno = ${noon} + interval '2 hours' where env_id = ${v.env_id}`);
    expect(await cuenta(f.u.gerencia, 'envio_hoy')).toBe(h0 + 1);
    for (const who of [f.u.tesoreria, f.u.contabilidad, f.u.logistica]) expect(await claves(who)).not.toContain('envio_hoy');
    // The list the line opens shows it.
    const lista = expectOk(await f.post('envio/buscar', { envio: { pendientes: 'hoy' } }, f.u.gerencia)).data as { page: { list: { env_id: number }[] } };
    expect(lista.page.list.map((e) => e.env_id)).toContain(v.env_id);
    await f.rows(sql`update envio set est_id = ${v.est_id} where env_id = ${v.env_id}`);
  });

  it('e-vouchers rejected or not yet accepted, for who writes sales', async () => {
    const [n] = await f.rows<{ nco_id: number }>(sql`insert into comprobante (nco_tipo, nco_serie, nco_numero, nco_fecha_emision, nco_total, nco_proveedor, nco_usuario, nco_estado_sunat)
      values ('01', 'F001', 999001, ${today}, 118, 'demo', ${f.ids.admin}, 'aceptado') returning nco_id`);
    const r0 = await cuenta(f.u.contabilidad, 'cpe_rechazado');
    const s0 = await cuenta(f.u.contabilidad, 'cpe_sin_aceptar');
    await f.rows(sql`update comprobante set nco_estado_sunat = 'rechazado' where nco_id = ${n.nco_id}`);
    expect(await cuenta(f.u.contabilidad, 'cpe_rechazado')).toBe(r0 + 1);
    await f.rows(sql`update comprobante set nco_estado_sunat = 'error' where nco_id = ${n.nco_id}`);
    expect(await cuenta(f.u.contabilidad, 'cpe_rechazado')).toBe(r0);
    expect(await cuenta(f.u.contabilidad, 'cpe_sin_aceptar')).toBe(s0 + 1);
    expect(await claves(f.u.logistica)).not.toContain('cpe_sin_aceptar');
    const lista = expectOk(await f.post('comprobante/buscar', { comprobante: { sin_aceptar: true } }, f.u.contabilidad)).data as { page: { total: number } };
    expect(lista.page.total).toBe(s0 + 1);
    await f.rows(sql`update comprobante set nco_estado_sunat = 'aceptado' where nco_id = ${n.nco_id}`);
  });

  it('stock below its minimum, counted per warehouse and product in scope, for who buys', async () => {
    const [p] = await f.rows<{ alm_id: number; prv_id: number }>(sql`select pa.alm_id, pa.prv_id from producto_almacen pa
      join almacen a on a.alm_id = pa.alm_id join producto p on p.prv_id = pa.prv_id
      where a.alm_estado = 1 and p.prv_estado = 1 and a.alm_nombre = 'Almacén Central' and pa.pal_stock > 0 and pa.pal_numero_serie = ''
        and not exists (select 1 from stock_minimo s where s.alm_id = pa.alm_id and s.prv_id = pa.prv_id) limit 1`);
    const l0 = await cuenta(f.u.logistica, 'stock_minimo');
    await f.rows(sql`insert into stock_minimo (alm_id, prv_id, stm_minimo, usu_id) values (${p.alm_id}, ${p.prv_id}, 1000000, ${f.ids.admin})`);
    expect(await cuenta(f.u.logistica, 'stock_minimo')).toBe(l0 + 1);
    const renovacion = expectOk(await f.post('inventario/pending', {}, f.u.logistica)).data as { total: number };
    expect(renovacion.total).toBe(l0 + 1);
    for (const who of [almacen, f.u.tesoreria, f.u.contabilidad]) expect(await claves(who)).not.toContain('stock_minimo');
    await f.rows(sql`update stock_minimo set stm_minimo = 0 where alm_id = ${p.alm_id} and prv_id = ${p.prv_id}`);
    expect(await cuenta(f.u.logistica, 'stock_minimo')).toBe(l0);
    await f.rows(sql`delete from stock_minimo where alm_id = ${p.alm_id} and prv_id = ${p.prv_id}`);
  });

  it('purchase requests to approve: aprobar_pedido_items, in the project scope', async () => {
    const [p] = await f.rows<{ pei_id: number; pei_estado: string; pry_id: number }>(sql`select pei_id, pei_estado, pry_id from pedido_items order by pei_id limit 1`);
    await f.rows(sql`update pedido_items set pei_estado = 'APROBADO' where pei_id = ${p.pei_id}`);
    const g0 = await cuenta(f.u.gerencia, 'pedido_aprobar');
    await f.rows(sql`update pedido_items set pei_estado = 'POR_APROBAR' where pei_id = ${p.pei_id}`);
    expect(await cuenta(f.u.gerencia, 'pedido_aprobar')).toBe(g0 + 1);
    for (const who of [almacen, f.u.logistica, f.u.viewer]) expect(await claves(who)).not.toContain('pedido_aprobar');
    expect((await cola(f.u.gerencia)).find((l) => l.clave === 'pedido_aprobar')?.enlace).toBe('/pedidoItems?pei_estado=POR_APROBAR');
    await f.rows(sql`update pedido_items set pei_estado = ${p.pei_estado} where pei_id = ${p.pei_id}`);
  });
});
