import { limaYear, puedeIngresar, type TransferenciaRow } from '@obra/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixture, expectOk, expectRefused, type Auth, type Fixture } from '../orden_pago/fixtures.ts';

/** Transfers and incomes (spec 2 §2–§7, DECISIONS §2, §3): every stock rule through the API, on PGlite and PostgreSQL. */

let f: Fixture;
let almacen: Auth;
const alm: Record<'central' | 'agregados' | 'miraflores', number> = { central: 0, agregados: 0, miraflores: 0 };
const prv: Record<string, number> = {};
const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  f = await createFixture();
  almacen = await f.ctx.auth('almacen@andina.pe');
  for (const a of await f.rows<{ alm_id: number; alm_nombre: string }>(sql`select alm_id, alm_nombre from almacen`)) {
    if (a.alm_nombre === 'Almacén Central') alm.central = a.alm_id;
    if (a.alm_nombre === 'Almacén de Agregados') alm.agregados = a.alm_id;
    if (a.alm_nombre === 'Almacén de Obra Miraflores') alm.miraflores = a.alm_id;
  }
  for (const p of await f.rows<{ prv_id: number; prv_nombre: string }>(sql`select prv_id, prv_nombre from producto`)) prv[p.prv_nombre] = p.prv_id;
});
afterAll(() => f.ctx.close());

const T = (path: string, payload: unknown, who: Auth = f.u.admin) => f.post(`transferenciaItems/${path}`, payload, who);
type Linea = { prv_id: number; tid_cantidad: string | number; oci_id?: number; pal_id?: number; pal_numero_serie?: string };
const registrar = (datos: { tfi_tipo: number; alm_destino: number; alm_origen?: number; ord_id?: number; detalle: Linea[] }, who: Auth = f.u.admin) =>
  T('registrar', { transferencia_items: { tfi_fecha_estimada_llegada: today, ...datos } }, who);
const registrada = async (...args: Parameters<typeof registrar>) => expectOk(await registrar(...args)).data as { tfi_id: number; tfi_codigo: string };
const obtener = async (tfiId: number, who: Auth = f.u.admin) =>
  expectOk(await T('obtener', { tfi_id: tfiId }, who)).data as { est_id: number; est_codigo: string; detalle: { tid_id: number; tid_cantidad: string; pal_destino: number | null; pal_origen: number | null; tid_ingreso_cantidad: string | null }[] };
const ingresar = async (tfiId: number, cantidades: (string | number)[], who: Auth = f.u.admin) => {
  const t = await obtener(tfiId);
  return T('ingresar', { transferencia_items: { tfi_id: tfiId, detalle: t.detalle.map((l, i) => ({ tid_id: l.tid_id, tid_ingreso_cantidad: cantidades[i] ?? l.tid_cantidad, tid_ingreso_notas: 'ok' })) } }, who);
};

/** Stock of a product in a warehouse (all serials) and whether it equals its kardex. */
async function stock(almId: number, prvId: number): Promise<string> {
  const [r] = await f.rows<{ stock: string; kardex: string }>(sql`
    select coalesce(sum(pa.pal_stock), 0)::numeric::text as stock,
      coalesce((select sum(k.kdx_cantidad) from kardex k join producto_almacen x on x.pal_id = k.pal_id where x.alm_id = ${almId} and x.prv_id = ${prvId}), 0)::numeric::text as kardex
    from producto_almacen pa where pa.alm_id = ${almId} and pa.prv_id = ${prvId}`);
  expect(Number(r.stock)).toBe(Number(r.kardex));
  return String(Number(r.stock));
}
const palDe = async (almId: number, prvId: number) =>
  (await f.rows<{ pal_id: number }>(sql`select pal_id from producto_almacen where alm_id = ${almId} and prv_id = ${prvId} and pal_numero_serie = ''`))[0]?.pal_id;

describe('demo stock', () => {
  it('enters through external purchases with kardex lines', async () => {
    expect(await stock(alm.central, prv['Cemento Extraforte ICo 42.5 kg'])).toBe('120');
    expect(await stock(alm.miraflores, prv['Cemento Extraforte ICo 42.5 kg'])).toBe('40');
    const [k] = await f.rows<{ n: number }>(sql`select count(*)::int as n from kardex where kdx_doc_tipo = 'TRF'`);
    expect(k.n).toBeGreaterThan(20);
    const demo = await f.rows<{ tfi_codigo: string; tfi_tipo: number; est_id: number }>(sql`select tfi_codigo, tfi_tipo, est_id from transferencia order by tfi_id limit 3`);
    expect(demo.map((t) => t.tfi_codigo)).toEqual([1, 2, 3].map((n) => `TRF-${limaYear()}-00000${n}`));
    expect(demo.every((t) => t.tfi_tipo === 3 && t.est_id === 3)).toBe(true);
  });
});

describe('external purchase (type 3)', () => {
  it('puts stock at the destination on registration, cannot be confirmed, and deleting takes it back out', async () => {
    const lentes = prv['Lentes de seguridad claros'];
    const antes = Number(await stock(alm.agregados, lentes));
    const t = await registrada({ tfi_tipo: 3, alm_destino: alm.agregados, detalle: [{ prv_id: lentes, tid_cantidad: '5.5' }] });
    expect(t.tfi_codigo).toMatch(new RegExp(`^TRF-${limaYear()}-\\d{6}$`));
    expect(Number(await stock(alm.agregados, lentes))).toBe(antes + 5.5);
    expectRefused(await ingresar(t.tfi_id, []), 409, 'Una compra externa no tiene ingreso que confirmar: su stock entró al registrarla');
    expectOk(await T('eliminar', { tfi_id: t.tfi_id }));
    expect(Number(await stock(alm.agregados, lentes))).toBe(antes);
    expect((await obtener(t.tfi_id)).est_codigo).toBe('eliminado');
    expectRefused(await T('eliminar', { tfi_id: t.tfi_id }), 409, 'Solo una transferencia en estado Creado puede modificarse; esta está en estado Eliminado');
  });

  it('refuses to delete once its stock left the warehouse (409) and changes nothing', async () => {
    const pala = prv['Wincha de 5 m'];
    const t = await registrada({ tfi_tipo: 3, alm_destino: alm.agregados, detalle: [{ prv_id: pala, tid_cantidad: 4 }] });
    const pal = await palDe(alm.agregados, pala);
    await registrada({ tfi_tipo: 2, alm_origen: alm.agregados, alm_destino: alm.central, detalle: [{ prv_id: pala, pal_id: pal, tid_cantidad: 3 }] });
    expect(await stock(alm.agregados, pala)).toBe('1');
    expectRefused(await T('eliminar', { tfi_id: t.tfi_id }), 409,
      `No se puede eliminar la transferencia ${t.tfi_codigo}: el stock de Wincha de 5 m que ingresó ya salió del almacén`);
    expect(await stock(alm.agregados, pala)).toBe('1');
    expect((await obtener(t.tfi_id)).est_codigo).toBe('creado');
  });

  it('serialised products enter one unit per serial', async () => {
    const rot = prv['Rotomartillo GBH 2-26'];
    expectRefused(await registrar({ tfi_tipo: 3, alm_destino: alm.central, detalle: [{ prv_id: rot, tid_cantidad: 2, pal_numero_serie: 'R-1' }] }), 400,
      'Rotomartillo GBH 2-26 se registra por número de serie: ingrese una línea por unidad, con su serie');
    expectRefused(await registrar({ tfi_tipo: 3, alm_destino: alm.central, detalle: [{ prv_id: rot, tid_cantidad: 1 }] }), 400,
      'Debe ingresar el número de serie de Rotomartillo GBH 2-26');
    await registrada({ tfi_tipo: 3, alm_destino: alm.central, detalle: [{ prv_id: rot, tid_cantidad: 1, pal_numero_serie: 'R-1' }, { prv_id: rot, tid_cantidad: 1, pal_numero_serie: 'R-2' }] });
    expect(await stock(alm.central, rot)).toBe('2');
    expectRefused(await registrar({ tfi_tipo: 3, alm_destino: alm.central, detalle: [{ prv_id: rot, tid_cantidad: 1, pal_numero_serie: 'R-1' }] }), 409,
      'El número de serie R-1 de Rotomartillo GBH 2-26 ya está en stock en Almacén Central');
  });
});

describe('validation (spec 2 §5)', () => {
  it('answers with the spec texts', async () => {
    const F = 'Falta ingresar algunos datos para registrar la transferencia';
    expectRefused(await T('registrar', {}), 400, F);
    expectRefused(await registrar({ tfi_tipo: 3, alm_destino: alm.central, detalle: [] }), 400, F);
    expectRefused(await T('registrar', { transferencia_items: { tfi_tipo: 3, alm_destino: alm.central, detalle: [{ prv_id: 1, tid_cantidad: 1 }] } }), 400, F);
    expectRefused(await registrar({ tfi_tipo: 2, alm_destino: alm.central, detalle: [{ prv_id: 1, pal_id: 1, tid_cantidad: 1 }] }), 400, F);
    expectRefused(await registrar({ tfi_tipo: 1, alm_destino: alm.central, detalle: [{ prv_id: 1, oci_id: 1, tid_cantidad: 1 }] }), 400, F);
    const casco = prv['Casco de seguridad H-700 blanco'];
    expectRefused(await registrar({ tfi_tipo: 3, alm_destino: alm.central, detalle: [{ prv_id: casco, tid_cantidad: 1 }, { prv_id: casco, tid_cantidad: 2 }] }), 400,
      'El producto ya ha sido agregado');
    expectRefused(await registrar({ tfi_tipo: 3, alm_destino: alm.central, detalle: [{ prv_id: casco, tid_cantidad: 0 }] }), 400,
      'La cantidad debe ser un número mayor a cero, con hasta 4 decimales');
    expectRefused(await f.post('ordenCompra/buscar', { orden_compra: { ord_codigo: '  ' } }, f.u.admin), 400, 'Debe ingresar alguna referencia de la orden');
    expectRefused(await f.post('ordenCompra/buscar', {}, f.u.admin), 400, 'Debe ingresar alguna referencia de la orden');
  });
});

describe('between warehouses (type 2)', () => {
  it('takes the stock out of the origin on registration, enters the confirmed quantity, and a confirmed one cannot be deleted', async () => {
    const fierro = prv['Fierro corrugado 1/2" x 9 m'];
    const pal = await palDe(alm.central, fierro);
    const antesOrigen = Number(await stock(alm.central, fierro));
    const t = await registrada({ tfi_tipo: 2, alm_origen: alm.central, alm_destino: alm.agregados, detalle: [{ prv_id: fierro, pal_id: pal, tid_cantidad: 10 }] });
    expect(Number(await stock(alm.central, fierro))).toBe(antesOrigen - 10);
    expect(await stock(alm.agregados, fierro)).toBe('0');
    const r = expectOk(await ingresar(t.tfi_id, ['8']));
    expect(r).toMatchObject({ message: 'Se confirmó el ingreso de la transferencia', data: { est_id: 26, est_nombre: 'Ingreso parcial' } });
    expect(await stock(alm.agregados, fierro)).toBe('8');
    const detalle = await obtener(t.tfi_id);
    expect(detalle).toMatchObject({ est_codigo: 'ingreso_parcial', tfi_usu_recepcionador_nombre: 'Administrador del Sistema' });
    expect(detalle.detalle[0]).toMatchObject({ tid_cantidad: '10.0000', tid_ingreso_cantidad: '8.0000' });
    expectRefused(await T('eliminar', { tfi_id: t.tfi_id }), 409, 'Solo una transferencia en estado Creado puede modificarse; esta está en estado Ingreso parcial');
    expectRefused(await ingresar(t.tfi_id, ['2']), 409, /en estado Ingreso parcial$/);

    const t2 = await registrada({ tfi_tipo: 2, alm_origen: alm.central, alm_destino: alm.agregados, detalle: [{ prv_id: fierro, pal_id: pal, tid_cantidad: 5 }] });
    expect(expectOk(await ingresar(t2.tfi_id, [])).data).toMatchObject({ est_id: 25, est_nombre: 'Ingreso confirmado' });
    expect(await stock(alm.agregados, fierro)).toBe('13');

    // History of the origin row and of the destination row.
    const hist = expectOk(await T('historialTransferenciasxItem', { producto_almacen: { pal_id: pal } })).data as { tfi_codigo: string; movimiento: string; tid_cantidad: string }[];
    expect(hist.slice(0, 2).map((h) => [h.tfi_codigo, h.movimiento])).toEqual([[t2.tfi_codigo, 'salida'], [t.tfi_codigo, 'salida']]);
    const destino = await palDe(alm.agregados, fierro);
    const histDestino = expectOk(await T('historialTransferenciasxItem', { producto_almacen: { pal_id: destino } })).data as { tfi_codigo: string; tid_ingreso_cantidad: string; tid_ingreso_notas: string }[];
    expect(histDestino.map((h) => h.tfi_codigo)).toEqual([t2.tfi_codigo, t.tfi_codigo]);
    expect(histDestino[1]).toMatchObject({ tid_ingreso_cantidad: '8.0000', tid_ingreso_notas: 'ok' });
  });

  it('deleting a created one puts the stock back at the origin', async () => {
    const aceite = prv['Aceite de motor 15W-40'];
    const pal = await palDe(alm.central, aceite);
    const antes = await stock(alm.central, aceite);
    const t = await registrada({ tfi_tipo: 2, alm_origen: alm.central, alm_destino: alm.agregados, detalle: [{ prv_id: aceite, pal_id: pal, tid_cantidad: '2.25' }] });
    expect(Number(await stock(alm.central, aceite))).toBe(Number(antes) - 2.25);
    expect(expectOk(await T('eliminar', { tfi_id: t.tfi_id })).message).toBe('Se eliminó la transferencia');
    expect(await stock(alm.central, aceite)).toBe(antes);
  });

  it('refuses more than the origin holds, a row of another warehouse, and a confirmed quantity above the sent one', async () => {
    const filtro = prv['Filtro de aceite para mixer'];
    const pal = await palDe(alm.central, filtro);
    expectRefused(await registrar({ tfi_tipo: 2, alm_origen: alm.central, alm_destino: alm.agregados, detalle: [{ prv_id: filtro, pal_id: pal, tid_cantidad: 99 }] }), 409,
      'Solo hay 4 en Almacén Central (Filtro de aceite para mixer)');
    expectRefused(await registrar({ tfi_tipo: 2, alm_origen: alm.agregados, alm_destino: alm.miraflores, detalle: [{ prv_id: filtro, pal_id: pal, tid_cantidad: 1 }] }), 400,
      'Una línea no corresponde al almacén de origen');
    expectRefused(await registrar({ tfi_tipo: 2, alm_origen: alm.central, alm_destino: alm.central, detalle: [{ prv_id: filtro, pal_id: pal, tid_cantidad: 1 }] }), 400,
      'El almacén de origen y el de destino deben ser distintos');
    const t = await registrada({ tfi_tipo: 2, alm_origen: alm.central, alm_destino: alm.agregados, detalle: [{ prv_id: filtro, pal_id: pal, tid_cantidad: 1 }] });
    expectRefused(await ingresar(t.tfi_id, [2]), 400, 'La cantidad confirmada de Filtro de aceite para mixer no puede superar la enviada (1)');
    expectRefused(await T('ingresar', { transferencia_items: { tfi_id: t.tfi_id, detalle: [{ tid_id: 1, tid_ingreso_cantidad: 1 }] } }), 400,
      'Debe confirmar la cantidad de cada línea de la transferencia');
    expect((await obtener(t.tfi_id)).est_codigo).toBe('creado');
  });

  it('moves a serialised unit with its serial', async () => {
    const taladro = prv['Taladro percutor GSB 550'];
    const [row] = await f.rows<{ pal_id: number }>(sql`select pal_id from producto_almacen where alm_id = ${alm.central} and prv_id = ${taladro} and pal_numero_serie = 'BSH-550-0002'`);
    const t = await registrada({ tfi_tipo: 2, alm_origen: alm.central, alm_destino: alm.agregados, detalle: [{ prv_id: taladro, pal_id: row.pal_id, tid_cantidad: 1 }] });
    expectOk(await ingresar(t.tfi_id, [1]));
    const [dest] = await f.rows<{ pal_stock: string }>(sql`select pal_stock::numeric::text as pal_stock from producto_almacen where alm_id = ${alm.agregados} and prv_id = ${taladro} and pal_numero_serie = 'BSH-550-0002'`);
    expect(Number(dest.pal_stock)).toBe(1);
  });
});

describe('concurrency', () => {
  it('two simultaneous confirmations of one transfer: exactly one wins', async () => {
    const guantes = prv['Guantes de nitrilo'];
    const pal = await palDe(alm.central, guantes);
    const t = await registrada({ tfi_tipo: 2, alm_origen: alm.central, alm_destino: alm.agregados, detalle: [{ prv_id: guantes, pal_id: pal, tid_cantidad: 7 }] });
    const detalle = (await obtener(t.tfi_id)).detalle;
    const body = { transferencia_items: { tfi_id: t.tfi_id, detalle: detalle.map((l) => ({ tid_id: l.tid_id, tid_ingreso_cantidad: 7 })) } };
    const replies = await Promise.all([T('ingresar', body), T('ingresar', body, f.u.inventario)]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await stock(alm.agregados, guantes)).toBe('7');
    const [k] = await f.rows<{ n: number }>(sql`select count(*)::int as n from kardex where kdx_doc_tipo = 'TRF' and kdx_doc_id = ${t.tfi_id} and kdx_cantidad > 0`);
    expect(k.n).toBe(1);
  });

  it('50 concurrent registrations take consecutive codes, none repeated or skipped', async () => {
    const [{ ultimo }] = await f.rows<{ ultimo: number }>(sql`select cnt_ultimo as ultimo from contador where cnt_serie = 'TRF' and cnt_anio = ${limaYear()}`);
    const papel = prv['Papel bond A4 75 g x 500 hojas'];
    const replies = await Promise.all(Array.from({ length: 50 }, () => registrar({ tfi_tipo: 3, alm_destino: alm.agregados, detalle: [{ prv_id: papel, tid_cantidad: 1 }] })));
    const codes = replies.map((r) => (expectOk(r).data as { tfi_codigo: string }).tfi_codigo).sort();
    expect(codes).toEqual(Array.from({ length: 50 }, (_, i) => `TRF-${limaYear()}-${String(Number(ultimo) + i + 1).padStart(6, '0')}`));
    expect(await stock(alm.agregados, papel)).toBe('50');
  });
});

describe('purchase order (type 1)', () => {
  it('receives an order partly then fully; the order follows; anular is refused after an entry', async () => {
    const cem = prv['Cemento Andino Tipo V 42.5 kg'];
    const arena = prv['Arena fina'];
    const ordId = await f.emitida({
      referencia: 'Cemento para planta',
      orden_items: [
        { producto_variacion: { id_producto_variacion: cem }, descripcion: 'Cemento Andino', unidad: { id_unidad: f.ids.unidad }, cantidad: 100, precio_unitario: 30 },
        { producto_variacion: { id_producto_variacion: arena }, descripcion: 'Arena fina', unidad: { id_unidad: f.ids.unidad }, cantidad: '12.5', precio_unitario: 50 },
      ],
    });
    const [{ ord_codigo }] = await f.rows<{ ord_codigo: string }>(sql`select ord_codigo from orden where ord_id = ${ordId}`);
    const found = expectOk(await f.post('ordenCompra/buscar', { orden_compra: { ord_codigo: ord_codigo.slice(0, 6) } }, f.u.logistica)).data as { ord_id: number }[];
    expect(found.map((o) => o.ord_id)).toContain(ordId);
    const detalle = async () => (expectOk(await f.post('ordenCompra/obtenerDetallexTransferencia', { orden_compra: { ord_id: ordId } }, f.u.logistica)).data as {
      detalle: { oci_id: number; prv_id: number; oci_cantidad: string; tid_total: string; oci_saldo_transferencia: string }[];
    }).detalle;
    const [i1, i2] = await detalle();
    expect([i1.oci_saldo_transferencia, i2.oci_saldo_transferencia]).toEqual(['100.0000', '12.5000']);

    // The option gates type 1: the warehouse chief lacks it.
    expectRefused(await registrar({ tfi_tipo: 1, ord_id: ordId, alm_destino: alm.central, detalle: [{ prv_id: cem, oci_id: i1.oci_id, tid_cantidad: 1 }] }, almacen), 403,
      'No tiene permiso para registrar transferencias de orden de compra');
    expectRefused(await registrar({ tfi_tipo: 1, ord_id: ordId, alm_destino: alm.central, detalle: [{ prv_id: cem, oci_id: i1.oci_id, tid_cantidad: 101 }] }, f.u.logistica), 409,
      'La cantidad de Cemento Andino Tipo V 42.5 kg supera el saldo por transferir (100)');

    const cemAntes = Number(await stock(alm.central, cem));
    const t1 = await registrada({ tfi_tipo: 1, ord_id: ordId, alm_destino: alm.central, detalle: [{ prv_id: cem, oci_id: i1.oci_id, tid_cantidad: 60 }] }, f.u.logistica);
    expect(Number(await stock(alm.central, cem))).toBe(cemAntes);
    expect((await detalle())[0]).toMatchObject({ tid_total: '60.0000', oci_saldo_transferencia: '40.0000' });
    // Live transfers count: 41 more is above the balance.
    expectRefused(await registrar({ tfi_tipo: 1, ord_id: ordId, alm_destino: alm.central, detalle: [{ prv_id: cem, oci_id: i1.oci_id, tid_cantidad: 41 }] }, f.u.logistica), 409,
      /supera el saldo por transferir \(40\)$/);

    // Confirmed short: 50 of 60 enter; the order is partly received; the 10 not received go back to the balance.
    expect(expectOk(await ingresar(t1.tfi_id, [50], almacen)).data).toMatchObject({ est_id: 26, ore_id: 12 });
    expect(Number(await stock(alm.central, cem))).toBe(cemAntes + 50);
    expect(await f.ordenEstado(ordId)).toBe(12);
    expect((await detalle())[0]).toMatchObject({ tid_total: '50.0000', oci_saldo_transferencia: '50.0000' });
    expectRefused(await f.post('orden/delete-orden', { id_orden: ordId }, f.u.logistica), 409, 'La orden tiene ingresos o pagos registrados y no puede anularse');

    const t2 = await registrada({ tfi_tipo: 1, ord_id: ordId, alm_destino: alm.central, detalle: [{ prv_id: cem, oci_id: i1.oci_id, tid_cantidad: 50 }, { prv_id: arena, oci_id: i2.oci_id, tid_cantidad: '12.5' }] }, f.u.logistica);
    expect(expectOk(await ingresar(t2.tfi_id, [], almacen)).data).toMatchObject({ est_id: 25, ore_id: 5 });
    expect(await f.ordenEstado(ordId)).toBe(5);
    expect((await detalle()).map((i) => i.oci_saldo_transferencia)).toEqual(['0.0000', '0.0000']);
    // Receiving a crédito order does not settle it: payment orders are still accepted.
    expectOk(await f.registrar(ordId, 100));
    expectRefused(await registrar({ tfi_tipo: 1, ord_id: ordId, alm_destino: alm.central, detalle: [{ prv_id: cem, oci_id: i1.oci_id, tid_cantidad: 1 }] }, f.u.logistica), 409,
      'No se pueden registrar ingresos de una orden en estado Recepcionado');
    const hist = expectOk(await f.post('orden/get-orden-detail', {}, f.u.logistica, { idOrden: String(ordId) })).data as { historial: { comentario: string }[] };
    expect(hist.historial.map((h) => h.comentario)).toContain(`Ingreso a almacén: transferencia ${t2.tfi_codigo}`);

    // The order's transfers ('Ver Transferencia').
    const deOrden = expectOk(await T('buscarDetallexOrden', { orden_compra: { ord_id: ordId } })).data as { tfi_codigo: string; detalle: unknown[] }[];
    expect(deOrden.map((t) => t.tfi_codigo)).toEqual([t2.tfi_codigo, t1.tfi_codigo]);
    // List filtered by type 1 and the order code.
    const list = expectOk(await T('buscar', { transferencia_items: { est_codigo: null, ord_code: ord_codigo } })).data as { data: { tfi_codigo: string; ord_code: string }[]; total: number };
    expect(list.total).toBe(2);
    expect(list.data[0]).toMatchObject({ tfi_codigo: t2.tfi_codigo, ord_code: ord_codigo });
  });

  it('two registrations at once that together exceed an item\'s balance: exactly one is accepted', async () => {
    const arena = prv['Arena gruesa'];
    const ordId = await f.emitida({ orden_items: [{ producto_variacion: { id_producto_variacion: arena }, descripcion: 'Arena', unidad: { id_unidad: f.ids.unidad }, cantidad: 10, precio_unitario: 10 }] });
    const [item] = (expectOk(await f.post('ordenCompra/obtenerDetallexTransferencia', { orden_compra: { ord_id: ordId } }, f.u.logistica)).data as { detalle: { oci_id: number }[] }).detalle;
    const replies = await Promise.all([7, 6].map((n) => registrar({ tfi_tipo: 1, ord_id: ordId, alm_destino: alm.agregados, detalle: [{ prv_id: arena, oci_id: item.oci_id, tid_cantidad: n }] }, f.u.logistica)));
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const [{ enviado }] = await f.rows<{ enviado: string }>(sql`select sum(d.tid_cantidad)::numeric::text as enviado from transferencia_detalle d where d.oci_id = ${item.oci_id}`);
    expect(['6', '7']).toContain(String(Number(enviado)));
  });

  it('refuses orders not yet issued', async () => {
    const ordId = await f.newOrder({ orden_items: [{ producto_variacion: { id_producto_variacion: prv['Arena gruesa'] }, descripcion: 'Arena', unidad: { id_unidad: f.ids.unidad }, cantidad: 1, precio_unitario: 10 }] });
    const [item] = (expectOk(await f.post('ordenCompra/obtenerDetallexTransferencia', { orden_compra: { ord_id: ordId } }, f.u.logistica)).data as { detalle: { oci_id: number }[] }).detalle;
    expectRefused(await registrar({ tfi_tipo: 1, ord_id: ordId, alm_destino: alm.central, detalle: [{ prv_id: prv['Arena gruesa'], oci_id: item.oci_id, tid_cantidad: 1 }] }, f.u.logistica), 409,
      'No se pueden registrar ingresos de una orden en estado Creado');
  });
});

describe('scope and delete rules (DECISIONS §1, spec 2 §6)', () => {
  it('a project user sees, confirms and deletes only transfers of its warehouses; others are 404', async () => {
    const casco = prv['Casco de seguridad H-700 blanco'];
    const ajena = await registrada({ tfi_tipo: 2, alm_origen: alm.miraflores, alm_destino: alm.central, detalle: [{ prv_id: casco, pal_id: await palDe(alm.miraflores, casco), tid_cantidad: 1 }] });
    const otra = await registrada({ tfi_tipo: 3, alm_destino: alm.miraflores, detalle: [{ prv_id: casco, tid_cantidad: 1 }] });
    // 'ajena' arrives at Almacén Central (Planta Lurín): visible to the Lurín user; 'otra' is only Miraflores.
    expectOk(await T('obtener', { tfi_id: ajena.tfi_id }, almacen));
    expectRefused(await T('obtener', { tfi_id: otra.tfi_id }, almacen), 404, 'No se encontró la transferencia');
    expectRefused(await T('eliminar', { tfi_id: otra.tfi_id }, almacen), 404, 'No se encontró la transferencia');
    expectRefused(await T('generarOrdenIngreso', { tfi_id: otra.tfi_id }, almacen), 404, 'No se encontró la transferencia');
    const list = expectOk(await T('buscar', { transferencia_items: { tfi_tipo: null, est_codigo: null }, page: { number: 1, size: 100 } }, almacen)).data as { data: { tfi_id: number; alm_destino: number; alm_origen: number | null }[] };
    expect(list.data.length).toBeGreaterThan(0);
    expect(list.data.map((t) => t.tfi_id)).not.toContain(otra.tfi_id);
    for (const t of list.data) expect([t.alm_destino, t.alm_origen].some((a) => a === alm.central || a === alm.agregados)).toBe(true);
    // Registering into another project's warehouse: 404.
    expectRefused(await registrar({ tfi_tipo: 3, alm_destino: alm.miraflores, detalle: [{ prv_id: casco, tid_cantidad: 1 }] }, almacen), 404, 'No se encontró el almacén');
    // Level 0: only its own created transfers may be deleted.
    expectRefused(await T('eliminar', { tfi_id: ajena.tfi_id }, almacen), 403, 'Solo puede eliminar las transferencias que usted registró');
    const propia = await registrada({ tfi_tipo: 3, alm_destino: alm.central, detalle: [{ prv_id: casco, tid_cantidad: 1 }] }, almacen);
    expectOk(await T('eliminar', { tfi_id: propia.tfi_id }, almacen));
    // The stock-row history of another project's row is 404 too.
    expectRefused(await T('historialTransferenciasxItem', { producto_almacen: { pal_id: await palDe(alm.miraflores, casco) } }, almacen), 404, 'No se encontró el registro de stock');
    // VISUALIZADOR reads but cannot register.
    expect((await registrar({ tfi_tipo: 3, alm_destino: alm.central, detalle: [{ prv_id: casco, tid_cantidad: 1 }] }, f.u.viewer)).statusCode).toBe(403);
    expectOk(await T('buscar', {}, f.u.viewer));
  });
});

describe('who confirms the entry (spec 2 §4)', () => {
  it('the list row carries the destination project: a project user is offered and allowed only entries into its warehouses', async () => {
    const fierro = prv['Fierro corrugado 1/2" x 9 m'];
    const t = await registrada({ tfi_tipo: 2, alm_origen: alm.central, alm_destino: alm.miraflores, detalle: [{ prv_id: fierro, pal_id: await palDe(alm.central, fierro), tid_cantidad: 1 }] });
    const [p] = await f.rows<{ destino: number; lurin: number; usuario: number }>(sql`select
      (select pry_id from almacen where alm_id = ${alm.miraflores}) as destino, (select pry_id from almacen where alm_id = ${alm.central}) as lurin,
      (select pry_id from usuario where usu_correo = 'almacen@andina.pe') as usuario`);
    expect(p.usuario).toBe(p.lurin);
    const filas = async (who: Auth) => (expectOk(await T('buscar', { transferencia_items: { tfi_tipo: 2, est_codigo: null }, page: { number: 1, size: 100 } }, who)).data as { data: TransferenciaRow[] }).data;
    // Seen by the origin's project user (it leaves their warehouse), but the entry is Miraflores'.
    const fila = (await filas(almacen)).find((r) => r.tfi_id === t.tfi_id)!;
    expect(fila.pry_destino).toBe(p.destino);
    expect(puedeIngresar(fila, { usu_nivel: 0, pry_id: p.usuario })).toBe(false);
    expect(puedeIngresar(fila, { usu_nivel: 0, pry_id: p.destino })).toBe(true);
    expect(puedeIngresar(fila, { usu_nivel: 1, pry_id: null })).toBe(true);
    expectRefused(await ingresar(t.tfi_id, [], almacen), 403, 'El ingreso lo confirma el almacén de destino');
    expect((await filas(f.u.admin)).find((r) => r.tfi_id === t.tfi_id)?.pry_destino).toBe(p.destino);
    expectOk(await T('eliminar', { tfi_id: t.tfi_id }));
  });
});

describe('list, options and PDF', () => {
  it('lists type 1 in creado by default, 10 a page', async () => {
    const res = expectOk(await T('buscar', {})).data as { data: { tfi_tipo: number; est_codigo: string }[] };
    expect(res.data.every((t) => t.tfi_tipo === 1 && t.est_codigo === 'creado')).toBe(true);
    const tipo3 = expectOk(await T('buscar', { transferencia_items: { tfi_tipo: 3 } })).data as { data: unknown[]; total: number; siguiente?: string };
    expect(tipo3.data).toHaveLength(10);
    expect(tipo3.total).toBeGreaterThan(50);
    expect(tipo3.siguiente).toBeTruthy();
    const opciones = expectOk(await T('cargarOpciones', {}, almacen)).data as { tipos_transferencia: unknown[]; estados: { est_codigo: string }[]; almacenes: { alm_id: number }[] };
    expect(opciones.estados.map((e) => e.est_codigo)).toEqual(['creado', 'eliminado', 'ingreso_confirmado', 'ingreso_parcial']);
    expect(opciones.almacenes.map((a) => a.alm_id).sort()).toEqual([alm.central, alm.agregados].sort());
    expect(opciones.tipos_transferencia).toHaveLength(3);
  });

  it('renders the entry order: 18 lines a page', async () => {
    const detalle = Array.from({ length: 19 }, (_, i) => ({ prv_id: prv['Rotomartillo GBH 2-26'], tid_cantidad: 1, pal_numero_serie: `PDF-${i}` }));
    const t = await registrada({ tfi_tipo: 3, alm_destino: alm.agregados, detalle });
    const res = await T('generarOrdenIngreso', { tfi_id: t.tfi_id });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = res.rawPayload.toString('latin1');
    expect(text.startsWith('%PDF')).toBe(true);
    expect((text.match(/\/Type \/Page\b/g) ?? []).length).toBe(2);
  });
});
