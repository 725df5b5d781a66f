import { ORE, limaDate } from '@obra/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOk, type Auth } from '../../test/expect.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { selectRows } from '../client.ts';

/**
 * The whole demo, with its year of purchases (demo/ordenes-compra.ts), as a first start of the product seeds it:
 * what Inicio shows gerencia@ and treasury, and the books it leaves (codes, counters, history, stock and kardex).
 * The rest of the suite seeds the demo without that history (SEED_DEMO=base).
 */

let ctx: TestContext;
const u = {} as Record<'gerencia' | 'contabilidad' | 'tesoreria', Auth>;
beforeAll(async () => {
  ctx = await createTestContext({ SEED_DEMO: 'true' });
  for (const k of ['gerencia', 'contabilidad', 'tesoreria'] as const) u[k] = await ctx.auth(`${k}@andina.pe`);
}, 300_000);
afterAll(() => ctx?.close());

const rows = <T>(q: ReturnType<typeof sql>) => selectRows<T>(ctx.deps.database.db, q);
const post = async (path: string, body: unknown, who: Auth) =>
  expectOk(await ctx.app.inject({ method: 'POST', url: `/api/${path}`, headers: who, payload: body as object })).data;
const cola = async (who: Auth) => new Map((await post('inicio/pendientes', {}, who) as { clave: string; cantidad: number }[]).map((l) => [l.clave, l.cantidad]));

type Barra = { clave: string; etiqueta: string; monto: string };

describe('the demo purchase history on Inicio', () => {
  it("fills gerencia's purchase panels: most months of the last year, cost centres of both projects", async () => {
    const d = await post('indicador/compras', {}, u.gerencia) as { por_mes: Barra[]; por_centro_costo: Barra[] };
    expect(d.por_mes.length).toBeGreaterThanOrEqual(10);
    for (const b of [...d.por_mes, ...d.por_centro_costo]) expect(Number(b.monto)).toBeGreaterThan(0);
    // More bought lately: the last three months hold more orders than the first three of the history.
    const [c] = await rows<{ recientes: number; primeras: number }>(sql`
      select count(*) filter (where ord_fecha_orden > current_date - 90)::int as recientes,
        count(*) filter (where ord_fecha_orden <= current_date - 240)::int as primeras from orden`);
    expect(c.recientes).toBeGreaterThan(2 * c.primeras);
    expect(c.primeras).toBeGreaterThan(3);
    const codigos = d.por_centro_costo.map((b) => b.etiqueta.split(' ')[0]);
    expect(codigos.filter((c) => c.startsWith('CC-PL-')).length).toBeGreaterThanOrEqual(3);
    expect(codigos.filter((c) => c.startsWith('CC-MF-')).length).toBeGreaterThanOrEqual(2);
  });

  it('shows payment orders approved and deposited month after month', async () => {
    const d = await post('indicador/pagos', {}, u.gerencia) as { por_mes: { clave: string; aprobado: string; depositado: string }[] };
    expect(d.por_mes.filter((m) => Number(m.aprobado) > 0).length).toBeGreaterThanOrEqual(8);
    expect(d.por_mes.filter((m) => Number(m.depositado) > 0).length).toBeGreaterThanOrEqual(8);
  });

  it("puts orders and payment orders in gerencia's, accounting's and treasury's queues", async () => {
    const gerencia = await cola(u.gerencia);
    expect(gerencia.get('orden_gerencia')).toBe(3);
    expect(gerencia.get('pago_aprobar')).toBeGreaterThanOrEqual(1);
    expect((await cola(u.contabilidad)).get('orden_contabilidad')).toBe(1);
    expect((await cola(u.tesoreria)).get('pago_depositar')).toBeGreaterThanOrEqual(1);
    const pendientes = await post('orden/approve/pending', { start: 0, length: 10 }, u.gerencia) as { data: { codigo: string }[] };
    expect(pendientes.data.length).toBe(3);
  });

  it('leaves orders in the states real use leaves them, each as its history says', async () => {
    const estados = await rows<{ ore_id: number; n: number }>(sql`select ore_id, count(*)::int as n from orden group by ore_id`);
    const n = (ore: number) => estados.find((e) => Number(e.ore_id) === ore)?.n ?? 0;
    const total = estados.reduce((a, e) => a + e.n, 0);
    expect(total).toBeGreaterThanOrEqual(30);
    expect(total).toBeLessThanOrEqual(40);
    expect(n(ORE.RECEPCIONADO)).toBeGreaterThan(total / 2);
    for (const ore of [ORE.CREADO, ORE.APROBACION_GERENCIA, ORE.EMITIDO, ORE.PAGADO, ORE.RECEPCIONADO_PARCIAL, ORE.ANULADO]) expect(n(ore), `estado ${ore}`).toBeGreaterThan(0);
    expect(await rows(sql`select 1 from orden where mon_id = 2 and ord_tipo_cambio > 1`)).toHaveLength(2);
    // The last line of every order's history is its state, and every date of the history is past.
    expect(await rows(sql`
      select o.ord_codigo from orden o
      where o.ore_id <> (select h.ore_id_hasta from orden_historial h where h.ord_id = o.ord_id order by h.orh_id desc limit 1)`)).toEqual([]);
    const [ultimo] = await rows<{ h: string; k: string; p: string }>(sql`
      select (select max(fecha) from orden_historial)::text as h, (select max(kdx_fecha) from kardex)::text as k,
        (select max(greatest(opg_fecha_registro, opg_fecha_aprobacion, opg_fecha_deposito)) from orden_pago)::text as p`);
    for (const f of Object.values(ultimo)) expect(new Date(f).getTime()).toBeLessThan(Date.now());
    expect(limaDate(new Date((await rows<{ f: string }>(sql`select max(ord_fecha_registro)::text as f from orden`))[0].f))).not.toBe(limaDate());
  });

  it('numbers orders, transfers and payment orders without repeats or gaps, as the counters say', async () => {
    expect(await rows(sql`select ord_codigo from orden group by 1 having count(*) > 1`)).toEqual([]);
    expect(await rows(sql`select tfi_codigo from transferencia group by 1 having count(*) > 1`)).toEqual([]);
    const series = await rows<{ serie: string; anio: number; n: number; max: number; cnt: number }>(sql`
      select s.serie, s.anio, s.n::int, s.max::int, c.cnt_ultimo::int as cnt
      from (select case ord_tipo_orden when 2 then 'OS' else 'OC' end as serie, ord_anio as anio, count(*) as n, max(ord_numero) as max from orden group by 1, 2
            union all select 'TRF', tfi_anio, count(*), max(tfi_numero) from transferencia group by 2) s
      left join contador c on c.cnt_serie = s.serie and c.cnt_anio = s.anio`);
    expect(series.length).toBeGreaterThanOrEqual(3);
    for (const s of series) expect([s.serie, s.n, s.max]).toEqual([s.serie, s.cnt, s.cnt]);
    expect(await rows(sql`select ord_id from orden_pago group by ord_id having max(opg_numero) <> count(*)`)).toEqual([]);
  });

  it('keeps every stock row equal to its kardex, never negative, its lines in date order', async () => {
    const filas = await rows<{ pal_id: number; stock: string; kardex: string; valor: string; kvalor: string; lineas: number; n: number }>(sql`
      select p.pal_id, p.pal_stock::text as stock, coalesce(sum(k.kdx_cantidad), 0)::text as kardex, p.pal_valor::text as valor,
        coalesce(sum(k.kdx_valor), 0)::text as kvalor, p.pal_lineas as lineas, count(k.kdx_id)::int as n
      from producto_almacen p left join kardex k on k.pal_id = p.pal_id group by p.pal_id order by p.pal_id`);
    expect(filas.length).toBeGreaterThan(30);
    for (const f of filas) {
      expect(Number(f.stock), `pal ${f.pal_id}`).toBeGreaterThanOrEqual(0);
      expect([f.pal_id, Number(f.stock), Number(f.valor), f.lineas]).toEqual([f.pal_id, Number(f.kardex), Number(f.kvalor), f.n]);
    }
    expect(await rows(sql`
      select a.kdx_id from kardex a join kardex b on b.pal_id = a.pal_id and b.kdx_numero = a.kdx_numero + 1 where b.kdx_fecha < a.kdx_fecha`)).toEqual([]);
    // What entered for an order never exceeds what it ordered; a received order got all of it.
    expect(await rows(sql`
      select i.oci_id from orden_item i join orden o on o.ord_id = i.ord_id
      left join lateral (select coalesce(sum(d.tid_ingreso_cantidad), 0) as q from transferencia_detalle d where d.oci_id = i.oci_id) r on true
      where r.q > i.oci_cantidad or (o.ore_id = ${ORE.RECEPCIONADO} and r.q <> i.oci_cantidad)`)).toEqual([]);
  });
});
