/**
 * Purchase and service orders for the bench: `count` orders over two years (2025-01-01 to the
 * generator's "today", 2026-11-21), three lines and two taxes each, states, conditions,
 * currencies, cost centres and suppliers spread. Written with INSERT … SELECT over
 * generate_series, in chunks, so 200 000 orders take seconds, not minutes. Amounts follow the
 * rules of domain/src/orden/calculo.ts (no discount): line = qty × price rounded to 2,
 * IGV 18 %, Percepción 0 on purchases, Detracción −12 % × subtotal × 1.18 rounded to whole soles
 * on services, total = subtotal + taxes.
 */
import { sql, type SQL } from 'drizzle-orm';
import { selectRows, type Db } from '../server/src/db/client.ts';

const CHUNK = 20_000;
const FIRST_DAY = '2025-01-01';
const DAYS = 690; // to 2026-11-21
/** Cost centres per bench project. */
const CEC_PER_PROJECT = 3;
export const BENCH_CEC_PREFIX = 'BC-';

const REFERENCIAS = [
  'Cemento para producción', 'Agregados para planta', 'Aditivos para concreto', 'Repuestos de mixer', 'Mantenimiento de bomba',
  'Combustible para flota', 'Equipos de protección', 'Herramientas de obra', 'Fierro para estructuras', 'Servicio de transporte',
  'Alquiler de cargador', 'Lubricantes de flota', 'Útiles de oficina', 'Calibración de balanza', 'Reparación de planta',
  'Servicio de laboratorio', 'Señalización de obra', 'Materiales eléctricos', 'Tuberías y accesorios', 'Limpieza de planta',
] as const;

const ints = (ids: number[]) => sql`${`{${ids.join(',')}}`}::int[]`;
const texts = (items: readonly string[]) => sql`${`{${items.map((t) => `"${t}"`).join(',')}}`}::text[]`;

/** Quantity and unit price of line k of order g: integers 1–20 and prices 5.00–2 004.99, deterministic. */
const QTY = (g: string, k: string) => sql.raw(`(1 + ((${g} * 7 + ${k} * 3) % 20))::numeric`);
const PRICE = (g: string, k: string) => sql.raw(`(5 + ((${g} * 31 + ${k} * 17) % 2000) + ((${g} + ${k}) % 100) / 100.0)::numeric`);

interface Refs {
  cecIds: number[];
  cecCodes: string[];
  pveIds: number[];
  prvIds: number[];
  unmId: number;
  users: { logistica: number; contabilidad: number; administrador: number; gerencia: number };
}

/** Cost centres for the bench projects (three each), added once. */
async function benchCostCentres(db: Db): Promise<{ cecIds: number[]; cecCodes: string[] }> {
  await db.execute(sql`
    insert into centro_costo (cec_codigo, cec_descripcion, pry_id)
    select ${BENCH_CEC_PREFIX} || lpad((row_number() over (order by p.pry_id, n))::text, 4, '0'),
      (array['Producción', 'Mantenimiento', 'Administración'])[n] || ' ' || p.pry_nombre, p.pry_id
    from proyecto p cross join generate_series(1, ${CEC_PER_PROJECT}) n
    where p.pry_codigo like 'BCH-%'
      and not exists (select 1 from centro_costo c where c.cec_codigo like ${`${BENCH_CEC_PREFIX}%`})`);
  const rows = await selectRows<{ id: number; codigo: string }>(db, sql`
    select cec_id as id, cec_codigo as codigo from centro_costo where cec_codigo like ${`${BENCH_CEC_PREFIX}%`} order by cec_id`);
  return { cecIds: rows.map((r) => r.id), cecCodes: rows.map((r) => r.codigo) };
}

async function references(db: Db): Promise<Refs> {
  const ids = async (q: SQL) => (await selectRows<{ id: number }>(db, q)).map((r) => Number(r.id));
  const user = async (correo: string) => (await ids(sql`select usu_id as id from usuario where usu_correo = ${correo}`))[0];
  return {
    ...(await benchCostCentres(db)),
    pveIds: await ids(sql`select pve_id as id from proveedor where pve_es_activo order by pve_id`),
    prvIds: await ids(sql`select prv_id as id from producto where prv_estado = 1 order by prv_id`),
    unmId: (await ids(sql`select unm_id as id from unidad_medida order by unm_id limit 1`))[0],
    users: {
      logistica: await user('logistica@andina.pe'),
      contabilidad: await user('contabilidad@andina.pe'),
      administrador: await user('admin@andina.pe'),
      gerencia: await user('gerencia@andina.pe'),
    },
  };
}

/**
 * Orders numbered g = base+from..base+to (ord_numero = g, unique across the bench and above the demo's own
 * numbers, `base`); the date follows g − base, the order's place among the `count`.
 */
function ordersSql(r: Refs, from: number, to: number, count: number, base: number): SQL {
  const { users: u } = r;
  const lines = sql.join([1, 2, 3].map((k) => sql`round(${QTY('g', String(k))} * ${PRICE('g', String(k))}, 2)`), sql` + `);
  return sql`
    insert into orden (ord_numero, ord_codigo, ord_tipo_orden, cec_id, pve_id, mon_id, coc_id, mep_id, tid_id, ord_fecha_pago,
      ord_fecha_orden, ord_lugar_entrega, ord_usu_logistica, ord_usu_contabilidad, ord_usu_administrador, ord_usu_gerencia,
      ord_referencia, ord_porcentaje_adelanto, ord_monto_sin_impuesto, ord_monto_con_impuesto, ore_id, ord_anio, ord_fecha_registro,
      ord_usu_registrador, ord_usu_aprobador_gerencia, ord_fecha_aprobacion_gerencia, ord_usu_aprobador_contabilidad, ord_fecha_aprobacion_contabilidad)
    select g, lpad(g::text, greatest(6, length(g::text)), '0') || '-' || (${texts(r.cecCodes)})[x.cec] || case when x.tipo = 1 then '-OC-' else '-OS-' end || extract(year from x.fecha)::int,
      x.tipo, (${ints(r.cecIds)})[x.cec], (${ints(r.pveIds)})[1 + (g::bigint * 7919) % ${r.pveIds.length}],
      case when g % 7 = 0 then 2 else 1 end, x.coc, 1, 1, x.fecha + 30, x.fecha, 'Planta Lurín, Antigua Panamericana Sur km 36',
      ${u.logistica}, ${u.contabilidad}, ${u.administrador}, ${u.gerencia},
      (${texts(REFERENCIAS)})[1 + (g * 13) % ${REFERENCIAS.length}] || ' ' || g,
      case when x.coc = 5 then 30 when x.coc = 3 then 50 when x.coc = 4 then 15 end,
      s.sub, s.sub + round(s.sub * 0.18, 2) + case when x.tipo = 2 then -round(0.12 * s.sub * 1.18, 0) else 0 end,
      x.ore, extract(year from x.fecha)::int, (x.fecha + time '10:00') at time zone 'America/Lima', ${u.logistica},
      case when x.ore not in (1, 11) then ${u.gerencia}::int end, case when x.ore not in (1, 11) then (x.fecha + time '15:00') at time zone 'America/Lima' end,
      case when x.ore not in (1, 2, 11) then ${u.contabilidad}::int end, case when x.ore not in (1, 2, 11) then (x.fecha + 1 + time '09:00') at time zone 'America/Lima' end
    from generate_series(${from + base}::int, ${to + base}::int) g
    cross join lateral (select
      case when g % 4 = 3 then 2 else 1 end as tipo,
      1 + (g * 11) % ${r.cecIds.length} as cec,
      ${FIRST_DAY}::date + ((g - ${base})::bigint * ${DAYS} / ${count})::int as fecha,
      case when (g * 17) % 100 < 30 then 1 when (g * 17) % 100 < 70 then 2 when (g * 17) % 100 < 78 then 3
        when (g * 17) % 100 < 85 then 4 when (g * 17) % 100 < 93 then 5 else 6 end as coc,
      case when (g * 37) % 100 < 30 then 1 when (g * 37) % 100 < 40 then 2 when (g * 37) % 100 < 60 then 3
        when (g * 37) % 100 < 75 then 4 when (g * 37) % 100 < 85 then 5 when (g * 37) % 100 < 90 then 11
        when (g * 37) % 100 < 95 then 12 else 13 end as ore) x
    cross join lateral (select ${lines} as sub) s`;
}

/** Three lines per order of the chunk: products on purchases, described services on service orders. */
function itemsSql(r: Refs, from: number, to: number, after: number): SQL {
  return sql`
    insert into orden_item (ord_id, oci_orden, prv_id, oci_descripcion, mar_id, unm_id, oci_cantidad, oci_precio_unitario, oci_importe)
    select o.ord_id, k, p.prv_id, coalesce(p.prv_nombre, 'Servicio de mantenimiento ' || k), p.mar_id, coalesce(p.unm_id, ${r.unmId}::int),
      ${QTY('o.ord_numero', 'k')}, ${PRICE('o.ord_numero', 'k')}, round(${QTY('o.ord_numero', 'k')} * ${PRICE('o.ord_numero', 'k')}, 2)
    from orden o cross join generate_series(1, 3) k
      left join producto p on o.ord_tipo_orden = 1 and p.prv_id = (${ints(r.prvIds)})[1 + (o.ord_numero * 7 + k * 104729) % ${r.prvIds.length}]
    where o.ord_id > ${after} and o.ord_numero between ${from} and ${to}`;
}

/** IGV and Percepción (purchase) or Detracción (service), as the order total was computed. */
function taxesSql(from: number, to: number, after: number): SQL {
  return sql`
    insert into orden_impuesto (ord_id, ori_descripcion, ori_tipo, ori_valor, ori_valor_aplicado)
    select o.ord_id, t.descripcion, t.tipo, t.valor, t.aplicado
    from orden o cross join lateral (values
      ('IGV', 1, 0.18, round(o.ord_monto_sin_impuesto * 0.18, 2)),
      (case when o.ord_tipo_orden = 1 then 'Percepción' else 'Detracción' end, case when o.ord_tipo_orden = 1 then 3 else 2 end,
       case when o.ord_tipo_orden = 1 then 0 else 0.12 end,
       case when o.ord_tipo_orden = 1 then 0 else -round(0.12 * o.ord_monto_sin_impuesto * 1.18, 0) end)
    ) as t(descripcion, tipo, valor, aplicado)
    where o.ord_id > ${after} and o.ord_numero between ${from} and ${to}`;
}

/** Adds `count` orders (with lines and taxes) and moves the OC/OS counters past them. */
export async function fillOrders(db: Db, count: number, progress: (line: string) => void = () => {}): Promise<number> {
  const r = await references(db);
  // The demo's purchase history holds numbers 1…n of each year: the bench's go above them.
  const [{ base }] = await selectRows<{ base: number }>(db, sql`select coalesce(max(ord_numero), 0)::int as base from orden`);
  for (let from = 1; from <= count; from += CHUNK) {
    const to = Math.min(count, from + CHUNK - 1);
    await db.transaction(async (tx) => {
      // The chunk's lines and taxes find its orders past the ids written before it, so each chunk
      // reads only its own 20 000 orders instead of every order generated so far.
      const [{ after }] = await selectRows<{ after: number }>(tx, sql`select coalesce(max(ord_id), 0)::int as after from orden`);
      await tx.execute(ordersSql(r, from, to, count, base));
      await tx.execute(itemsSql(r, from + base, to + base, after));
      await tx.execute(taxesSql(from + base, to + base, after));
    });
    progress(`orders ${to} / ${count}`);
  }
  // Orders registered through the API later must not reuse a generated number (DECISIONS §2 counters).
  await db.execute(sql`
    insert into contador (cnt_serie, cnt_anio, cnt_ultimo)
    select case when ord_tipo_orden = 1 then 'OC' else 'OS' end, ord_anio, max(ord_numero) from orden group by 1, 2
    on conflict (cnt_serie, cnt_anio) do update set cnt_ultimo = greatest(contador.cnt_ultimo, excluded.cnt_ultimo)`);
  return count;
}

/** Bench orders already present (their cost centres mark a filled database). */
export async function countBenchOrders(db: Db): Promise<number> {
  const [{ n }] = await selectRows<{ n: number }>(db, sql`
    select count(*)::int as n from orden o join centro_costo c on c.cec_id = o.cec_id where c.cec_codigo like ${`${BENCH_CEC_PREFIX}%`}`);
  return n;
}
