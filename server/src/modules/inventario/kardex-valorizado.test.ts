import { limaDate } from '@obra/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixture, expectOk, expectRefused, type Fixture } from '../orden_pago/fixtures.ts';

/**
 * The valued kardex through the API (docs/business-rules.md "Kardex valorizado"), on PGlite and PostgreSQL: a purchase
 * order in dollars enters in soles at its exchange rate with its discount prorated; a transfer between warehouses
 * carries the cost it left with; an assignment, its return and its deletion enter at the cost the goods left with;
 * every row's value is the sum of its kardex values.
 */

let f: Fixture;
let central: number;
let agregados: number;
let prvA: number;
let prvB: number;
let empleados: number[];
const today = limaDate();

beforeAll(async () => {
  f = await createFixture();
  for (const a of await f.rows<{ alm_id: number; alm_nombre: string }>(sql`select alm_id, alm_nombre from almacen`)) {
    if (a.alm_nombre === 'Almacén Central') central = a.alm_id;
    if (a.alm_nombre === 'Almacén de Agregados') agregados = a.alm_id;
  }
  const producto = async (nombre: string) => (await f.rows<{ prv_id: number }>(sql`
    insert into producto (prv_nombre, cat_id, tip_id, unm_id, prv_item)
    select ${nombre}, cat_id, tip_id, unm_id, 0 from producto order by prv_id limit 1 returning prv_id`))[0].prv_id;
  prvA = await producto('Válvula compuerta 2" valorizada');
  prvB = await producto('Brida 2" valorizada');
  empleados = (await f.rows<{ emp_id: number }>(sql`
    select emp_id from empleado where emp_estado = 1 and pry_id = (select pry_id from almacen where alm_id = ${central}) order by emp_id limit 2`)).map((e) => e.emp_id);
});
afterAll(() => f.ctx.close());

const palDe = async (almId: number, prvId: number) =>
  (await f.rows<{ pal_id: number }>(sql`select pal_id from producto_almacen where alm_id = ${almId} and prv_id = ${prvId}`))[0].pal_id;

/** The row's value and the sum of its kardex values (always equal), and its last line. */
async function valor(palId: number) {
  const [r] = await f.rows<{ stock: string; valor: string; suma: string; costo: string; kdx_valor: string }>(sql`
    select trim_scale(pa.pal_stock)::text as stock, pa.pal_valor::text as valor,
      (select sum(kdx_valor) from kardex where pal_id = pa.pal_id)::text as suma,
      k.kdx_costo_unitario::text as costo, k.kdx_valor::text as kdx_valor
    from producto_almacen pa join kardex k on k.pal_id = pa.pal_id and k.kdx_numero = pa.pal_lineas
    where pa.pal_id = ${palId}`);
  expect(r.suma).toBe(r.valor);
  return { stock: r.stock, valor: r.valor, costo: r.costo, kdx_valor: r.kdx_valor };
}

const T = (path: string, payload: unknown) => f.post(`transferenciaItems/${path}`, payload, f.u.admin);
const registrada = async (datos: object) =>
  expectOk(await T('registrar', { transferencia_items: { tfi_fecha_estimada_llegada: today, ...datos } })).data as { tfi_id: number };
const ingresar = async (tfiId: number) => {
  const t = expectOk(await T('obtener', { tfi_id: tfiId })).data as { detalle: { tid_id: number; tid_cantidad: string }[] };
  expectOk(await T('ingresar', { transferencia_items: { tfi_id: tfiId, detalle: t.detalle.map((l) => ({ tid_id: l.tid_id, tid_ingreso_cantidad: l.tid_cantidad })) } }));
};

describe('valued kardex', () => {
  it('a purchase order in dollars: the exchange rate is required, and the receipt enters in soles with the discount prorated', async () => {
    const items = [
      { producto_variacion: { id_producto_variacion: prvA }, descripcion: 'Válvula', unidad: { id_unidad: f.ids.unidad }, cantidad: 10, precio_unitario: '12.3456' },
      { producto_variacion: { id_producto_variacion: prvB }, descripcion: 'Brida', unidad: { id_unidad: f.ids.unidad }, cantidad: 3, precio_unitario: 100 },
    ];
    const orden = { moneda: { id_moneda: 2 }, descuento: 10, tipo_descuento: 1, orden_items: items };
    // An older client sending no rate for a dollar purchase order: a clear 400.
    expectRefused(await f.post('orden/register-orden', { ...orden, tipo_orden: 1, es_importacion: 0, centro_costo: { id_centro_costo: f.ids.cc },
      proveedor: { id_proveedor: f.ids.pve }, condicion_comercial: { id_condicion: 2 }, metodo_pago: { id_metodo: 1 }, tipo_documento: { id_tipo_documento: 1 },
      fecha_pago: '2026-12-15', lugar_entrega: 'Planta Lurín', contabilidad: { id_usuario: f.ids.contabilidad }, administrador: { id_usuario: f.ids.admin },
      gerencia: { id_usuario: f.ids.gerencia }, referencia: 'Sin tipo de cambio' }, f.u.logistica), 400, 'Ingrese el tipo de cambio');
    const ordId = await f.emitida({ ...orden, ord_tipo_cambio: '3.7512' });
    const detalle = expectOk(await f.post('orden/get-orden-detail', {}, f.u.logistica, { idOrden: String(ordId) })).data as { ord_tipo_cambio: string; monto_sin_impuesto: string };
    expect(detalle).toMatchObject({ ord_tipo_cambio: '3.7512', monto_sin_impuesto: '381.11' });
    // A soles order keeps 1 whatever is sent.
    const soles = await f.newOrder({ ord_tipo_cambio: '3.9' });
    expect((await f.rows<{ tc: string }>(sql`select ord_tipo_cambio::text as tc from orden where ord_id = ${soles}`))[0].tc).toBe('1.0000');

    const [itemA] = await f.rows<{ oci_id: number }>(sql`select oci_id from orden_item where ord_id = ${ordId} and prv_id = ${prvA}`);
    const t = await registrada({ tfi_tipo: 1, ord_id: ordId, alm_destino: central, detalle: [{ prv_id: prvA, oci_id: itemA.oci_id, tid_cantidad: 10 }] });
    await ingresar(t.tfi_id);
    // Lines 123.46 + 300.00 = 423.46, less 10 % (42.35) = 381.11: each dollar of a line is worth 381.11 / 423.46 of it,
    // at S/ 3.7512: 12.3456 × 381.11 / 423.46 × 3.7512 = S/ 41.67929580; 10 of them S/ 416.79.
    expect(await valor(await palDe(central, prvA))).toEqual({ stock: '10', valor: '416.79', costo: '41.67929580', kdx_valor: '416.79' });
  });

  it('an external purchase at its typed cost, then a transfer between warehouses carries the average it left with', async () => {
    await registrada({ tfi_tipo: 3, alm_destino: central, detalle: [{ prv_id: prvA, tid_cantidad: 5, tid_costo_unitario: '50' }] });
    const pal = await palDe(central, prvA);
    expect(await valor(pal)).toMatchObject({ stock: '15', valor: '666.79', costo: '50.00000000', kdx_valor: '250.00' });
    // 4 out at 666.79 / 15 = 44.45266667: worth 177.81.
    const t = await registrada({ tfi_tipo: 2, alm_origen: central, alm_destino: agregados, detalle: [{ prv_id: prvA, pal_id: pal, tid_cantidad: 4 }] });
    expect(await valor(pal)).toEqual({ stock: '11', valor: '488.98', costo: '44.45266667', kdx_valor: '-177.81' });
    const [linea] = await f.rows<{ c: string }>(sql`select tid_costo_unitario::text as c from transferencia_detalle where tfi_id = ${t.tfi_id}`);
    expect(linea.c).toBe('44.45266667');
    // The destination receives it at that cost, not at its own average.
    await ingresar(t.tfi_id);
    expect(await valor(await palDe(agregados, prvA))).toEqual({ stock: '4', valor: '177.81', costo: '44.45266667', kdx_valor: '177.81' });

    // A transfer deleted before its entry puts the stock back at the cost it left with.
    const u = await registrada({ tfi_tipo: 2, alm_origen: central, alm_destino: agregados, detalle: [{ prv_id: prvA, pal_id: pal, tid_cantidad: 2 }] });
    const salio = await valor(pal);
    expectOk(await T('eliminar', { tfi_id: u.tfi_id }));
    const vuelve = await valor(pal);
    expect(vuelve.costo).toBe(salio.costo);
    expect(vuelve).toMatchObject({ stock: '11', valor: '488.98', kdx_valor: salio.kdx_valor.slice(1) });
  });

  it('an assignment leaves at the average; its return and its deletion enter at the cost it left with', async () => {
    const pal = await palDe(central, prvA);
    const r = await f.post('asignacionItems/registrar', { asignacion_items: {
      alm_id: central, emp_solicitante: empleados[0], emp_autorizador: empleados[1] ?? empleados[0], asi_fecha_registro: today,
      detalle: [{ pal_id: pal, aid_cantidad: '3' }],
    } }, f.u.admin);
    const asiId = (expectOk(r).data as { asi_id: number }).asi_id;
    // 3 at 488.98 / 11 = 44.45272727: 133.36.
    expect(await valor(pal)).toEqual({ stock: '8', valor: '355.62', costo: '44.45272727', kdx_valor: '-133.36' });
    // A new purchase moves the average (515.62 / 10 = 51.562) ...
    await registrada({ tfi_tipo: 3, alm_destino: central, detalle: [{ prv_id: prvA, tid_cantidad: 2, tid_costo_unitario: '80' }] });
    expect(await valor(pal)).toMatchObject({ stock: '10', valor: '515.62' });
    // ... but a returned unit comes back at the 44.45272727 it left with.
    const [{ aid_id }] = await f.rows<{ aid_id: number }>(sql`select aid_id from asignacion_detalle where asi_id = ${asiId}`);
    const dev = expectOk(await f.post('devolucionItems/registrar', { devolucion_items: { asi_id: asiId, detalle: [{ aid_id, did_cantidad: '1' }] } }, f.u.admin));
    expect(await valor(pal)).toEqual({ stock: '11', valor: '560.07', costo: '44.45272727', kdx_valor: '44.45' });
    // Deleting the return takes it out at the average (an exit); deleting the assignment enters its 3 at their cost.
    expectOk(await f.post('devolucionItems/eliminar', { dei_id: (dev.data as { dei_id: number }).dei_id }, f.u.admin));
    const trasDevolucion = await valor(pal);
    expect(trasDevolucion.stock).toBe('10');
    expectOk(await f.post('asignacionItems/eliminar', { asi_id: asiId }, f.u.admin));
    expect(await valor(pal)).toMatchObject({ stock: '13', costo: '44.45272727', kdx_valor: '133.36' });
  });

  it('the inventory list and the kardex show unit cost and value', async () => {
    const pal = await palDe(central, prvA);
    const lista = expectOk(await f.post('productoAlmacen/buscar', { producto_almacen: { prv_nombre: 'Válvula compuerta 2" valorizada', alm_id: central, page: { number: 1, size: 10 } } }, f.u.admin))
      .data as { data: { pal_id: number; pal_valor: string; pal_costo_promedio: string | null; pal_stock: string }[] };
    const fila = lista.data.find((x) => x.pal_id === pal)!;
    const v = await valor(pal);
    expect(fila.pal_valor).toBe(v.valor);
    expect(fila.pal_costo_promedio).toMatch(/^\d+\.\d{4}$/);
    const kardex = expectOk(await f.post('productoAlmacen/obtenerKardex', { producto_almacen: { pal_id: pal, page: { number: 1, size: 10 } } }, f.u.admin))
      .data as { page_result: { list: { kdx_costo_unitario: string; kdx_valor: string; kdx_saldo_valor: string }[] } };
    expect(kardex.page_result.list[0]).toMatchObject({ kdx_costo_unitario: '41.6793', kdx_valor: '416.79', kdx_saldo_valor: '416.79' });
    expect(kardex.page_result.list[1]).toMatchObject({ kdx_costo_unitario: '50.0000', kdx_valor: '250.00', kdx_saldo_valor: '666.79' });
  });
});
