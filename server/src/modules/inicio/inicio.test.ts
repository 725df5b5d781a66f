import { MSG, limaDate } from '@obra/domain';
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
