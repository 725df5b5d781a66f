import { sql, type SQL } from 'drizzle-orm';
import { selectRows, type Executor } from '../../db/client.ts';
import { projectSql, type ProjectScope } from '../../platform/scope.ts';

/** A bar of a panel: its label key and its amount in soles as a NUMERIC string rounded to 2 decimals. */
export interface Barra { clave: string; etiqueta: string; monto: string }

/**
 * The purchase orders a figure counts: issued or later (not creado, aprobación gerencia nor anulado),
 * ordered within [desde, hasta], in the caller's project scope (the cost centre's project).
 * Amounts with IGV in soles: each order's total times its exchange rate, summed in NUMERIC.
 */
const compras = (scope: ProjectScope, desde: string, hasta: string) => sql`
  from orden o join centro_costo c on c.cec_id = o.cec_id
  where o.ore_id not in (1, 2, 11) and o.ord_fecha_orden between ${desde}::date and ${hasta}::date
    and ${projectSql(scope, sql`c.pry_id`)}`;

export function comprasPorMes(db: Executor, scope: ProjectScope, desde: string, hasta: string): Promise<Barra[]> {
  return selectRows<Barra>(db, sql`
    select to_char(date_trunc('month', o.ord_fecha_orden), 'YYYY-MM') as clave,
           to_char(date_trunc('month', o.ord_fecha_orden), 'YYYY-MM') as etiqueta,
           round(sum(o.ord_monto_con_impuesto * o.ord_tipo_cambio), 2)::text as monto
    ${compras(scope, desde, hasta)}
    group by 1 order by 1`);
}

export function comprasPorCentroCosto(db: Executor, scope: ProjectScope, desde: string, hasta: string): Promise<Barra[]> {
  return selectRows<Barra>(db, sql`
    select c.cec_id::text as clave, c.cec_codigo || ' ' || c.cec_descripcion as etiqueta,
           round(sum(o.ord_monto_con_impuesto * o.ord_tipo_cambio), 2)::text as monto
    ${compras(scope, desde, hasta)}
    group by c.cec_id, c.cec_codigo, c.cec_descripcion order by sum(o.ord_monto_con_impuesto * o.ord_tipo_cambio) desc, c.cec_id
    limit 12`);
}

/** A Lima day as the timestamp of its first instant: `[lo, hi)` bounds timestamptz columns so their indexes serve. */
const inicioLima = (d: string) => sql`(${d}::date::timestamp at time zone 'America/Lima')`;
const finLima = (d: string) => sql`((${d}::date + 1)::timestamp at time zone 'America/Lima')`;

/** A month of a panel: approved and deposited payment orders in soles. */
export interface MesPagos { clave: string; etiqueta: string; aprobado: string; depositado: string }

/**
 * Payment orders (module orden_pago) approved against deposited, by Lima month: approved = those in OPA or
 * OPP by the month of their approval; deposited = those in OPP by the month of their deposit. Each at its
 * `opg_total` times its purchase order's exchange rate. Scope: the project of the order's cost centre.
 */
export function pagosPorMes(db: Executor, scope: ProjectScope, desde: string, hasta: string): Promise<MesPagos[]> {
  // The order is read by its key for each payment order of the period (a handful a day), never scanned whole.
  const alcance = scope.kind === 'all' ? sql`true`
    : projectSql(scope, sql`(select c.pry_id from orden o join centro_costo c on c.cec_id = o.cec_id where o.ord_id = p.ord_id)`);
  const soles = sql`p.opg_total * (select o.ord_tipo_cambio from orden o where o.ord_id = p.ord_id)`;
  return selectRows<MesPagos>(db, sql`
    with a as (
      select to_char(p.opg_fecha_aprobacion at time zone 'America/Lima', 'YYYY-MM') as mes, sum(${soles}) as v
      from orden_pago p
      where p.opg_estado in ('OPA', 'OPP') and p.opg_fecha_aprobacion >= ${inicioLima(desde)} and p.opg_fecha_aprobacion < ${finLima(hasta)} and ${alcance}
      group by 1),
    d as (
      select to_char(p.opg_fecha_deposito at time zone 'America/Lima', 'YYYY-MM') as mes, sum(${soles}) as v
      from orden_pago p
      where p.opg_estado = 'OPP' and p.opg_fecha_deposito >= ${inicioLima(desde)} and p.opg_fecha_deposito < ${finLima(hasta)} and ${alcance}
      group by 1)
    select coalesce(a.mes, d.mes) as clave, coalesce(a.mes, d.mes) as etiqueta,
           round(coalesce(a.v, 0), 2)::text as aprobado, round(coalesce(d.v, 0), 2)::text as depositado
    from a full join d on d.mes = a.mes order by 1`);
}

/**
 * Sales orders a figure counts: approved or later (aprobado, pago parcial, pagado, en despacho, completado;
 * not creado), sold within the Lima days [desde, hasta]. Sales are in soles only (no exchange rate).
 */
const VENTA_CONTADA = sql`(5, 10, 11, 27, 33)`;
const ventas = (desde: string, hasta: string) => sql`
  o.est_id in ${VENTA_CONTADA} and o.ovt_fecha_venta >= ${inicioLima(desde)} and o.ovt_fecha_venta < ${finLima(hasta)}`;

export function ventasPorMes(db: Executor, desde: string, hasta: string): Promise<Barra[]> {
  return selectRows<Barra>(db, sql`
    select to_char(o.ovt_fecha_venta at time zone 'America/Lima', 'YYYY-MM') as clave,
           to_char(o.ovt_fecha_venta at time zone 'America/Lima', 'YYYY-MM') as etiqueta,
           round(sum(o.ovt_total), 2)::text as monto
    from orden_venta o where ${ventas(desde, hasta)}
    group by 1 order by 1`);
}

/** The 10 products sold for most (their lines' totals with IGV). */
export function ventasPorProducto(db: Executor, desde: string, hasta: string): Promise<Barra[]> {
  return selectRows<Barra>(db, sql`
    select t.pvt_id::text as clave, (select p.pvt_nombre from producto_venta p where p.pvt_id = t.pvt_id) as etiqueta, round(t.v, 2)::text as monto
    from (select d.pvt_id, sum(d.ovd_total) as v
          from orden_venta o join orden_venta_detalle d on d.ovt_id = o.ovt_id
          where ${ventas(desde, hasta)} group by d.pvt_id order by 2 desc, 1 limit 10) t
    order by t.v desc, t.pvt_id`);
}

/** The 10 clients who bought most (orders' totals with IGV). */
export function ventasPorCliente(db: Executor, desde: string, hasta: string): Promise<Barra[]> {
  return selectRows<Barra>(db, sql`
    select t.cli_id::text as clave, (select c.cli_nombre from cliente c where c.cli_id = t.cli_id) as etiqueta, round(t.v, 2)::text as monto
    from (select o.cli_id, sum(o.ovt_total) as v from orden_venta o
          where ${ventas(desde, hasta)} group by o.cli_id order by 2 desc, 1 limit 10) t
    order by t.v desc, t.cli_id`);
}

/** A bucket of receivables by age: its amount in soles and how many sales orders have money in it. */
export interface Tramo { clave: string; etiqueta: string; monto: string; ordenes: number }

/**
 * Receivables of credit sales by days past due on `al` (docs/business-rules.md "Inicio: figuras"): approved
 * sales with a credit condition (coc 2–5) and a balance (`ovt_total − ovt_pagado`). With a voucher whose request
 * declares 'Credito', the balance sits on its cuotas: payments pay the earliest first, so the balance is laid on
 * the latest cuotas (each at most its amount; the earliest takes any rest). Without one, the whole balance is due
 * 30 days after the delivery date (the voucher's default term, issued at delivery).
 */
export function cobranzaPorAntiguedad(db: Executor, al: string): Promise<Tramo[]> {
  return selectRows<Tramo>(db, sql`
    with ov as (
      select o.ovt_id, o.ovt_total - o.ovt_pagado as saldo, (o.ovt_fecha_entrega at time zone 'America/Lima')::date + 30 as vence,
             (select n.nco_datos -> 'cuotas' from comprobante n
               where n.ovt_id = o.ovt_id and n.nco_tipo in ('01', '03') and n.nco_estado_sunat <> 'anulado'
                 and n.nco_datos ->> 'forma_pago' = 'Credito' and jsonb_typeof(n.nco_datos -> 'cuotas') = 'array'
               order by n.nco_id desc limit 1) as cuotas
      from orden_venta o
      where o.coc_id in (2, 3, 4, 5) and o.est_id in ${VENTA_CONTADA} and o.ovt_total > o.ovt_pagado),
    cu as (
      select ov.ovt_id, ov.saldo, (q.c ->> 'fecha')::date as vence, (q.c ->> 'monto')::numeric as monto, q.i
      from ov, jsonb_array_elements(ov.cuotas) with ordinality as q(c, i) where ov.cuotas is not null),
    puesto as (
      select ovt_id, vence,
             greatest(0, case when row_number() over w = count(*) over (partition by ovt_id) then saldo - coalesce(sum(monto) over (w rows between unbounded preceding and 1 preceding), 0)
                              else least(monto, saldo - coalesce(sum(monto) over (w rows between unbounded preceding and 1 preceding), 0)) end) as monto
      from cu window w as (partition by ovt_id order by vence desc, i desc)
      union all
      select ovt_id, vence, saldo from ov where ov.cuotas is null),
    t as (
      select ovt_id, case when ${al}::date - vence < 0 then 0 when ${al}::date - vence <= 30 then 1
                          when ${al}::date - vence <= 60 then 2 when ${al}::date - vence <= 90 then 3 else 4 end as tramo, sum(monto) as monto
      from puesto where monto > 0 group by 1, 2),
    g as (select tramo, sum(monto) as monto, count(*) as ordenes from t group by tramo)
    select b.clave, b.etiqueta, round(coalesce(g.monto, 0), 2)::text as monto, coalesce(g.ordenes, 0)::int as ordenes
    from (values (0, 'por_vencer', 'Por vencer'), (1, '0-30', '0–30 días'), (2, '31-60', '31–60 días'), (3, '61-90', '61–90 días'), (4, '90+', 'Más de 90 días'))
         as b(n, clave, etiqueta)
    left join g on g.tramo = b.n
    order by b.n`);
}

/** Dispatches that left the plant (en carguío through completado; not programado nor cancelado). */
const ENVIO_SALIDO = sql`(29, 30, 31, 32, 33)`;

/** A day of dispatches: m³ (NUMERIC string, 2 decimals) and how many. */
export interface DiaEnvios { clave: string; etiqueta: string; m3: string; envios: number }

/** m³ dispatched per Lima day of loading, every day of [desde, hasta] (0 on days without dispatches). */
export function m3PorDia(db: Executor, desde: string, hasta: string): Promise<DiaEnvios[]> {
  return selectRows<DiaEnvios>(db, sql`
    with e as (
      select (v.env_fecha_hora_carguio at time zone 'America/Lima')::date as dia, sum(v.env_cantidad) as m3, count(*) as n
      from envio v
      where v.est_id in ${ENVIO_SALIDO} and v.env_fecha_hora_carguio >= ${inicioLima(desde)} and v.env_fecha_hora_carguio < ${finLima(hasta)}
      group by 1)
    select to_char(g.d, 'YYYY-MM-DD') as clave, to_char(g.d, 'YYYY-MM-DD') as etiqueta,
           round(coalesce(e.m3, 0), 2)::text as m3, coalesce(e.n, 0)::int as envios
    from generate_series(${desde}::date, ${hasta}::date, interval '1 day') as g(d)
    left join e on e.dia = g.d::date
    order by 1`);
}

/** A mixer's use over the period: hours (NUMERIC string, 1 decimal) between loading and return of its dispatches. */
export interface MixerHoras { clave: string; etiqueta: string; horas: string; envios: number }

/**
 * Each active mixer's hours in use over the Lima days [desde, hasta]: for every dispatch that left the plant,
 * its timeline block (loading to return), cut at the period's ends; mixers without dispatches show 0.
 */
export function horasPorMixer(db: Executor, desde: string, hasta: string): Promise<MixerHoras[]> {
  return selectRows<MixerHoras>(db, sql`
    with e as (
      select v.mix_id, sum(extract(epoch from least(v.env_fecha_hora_retorno, ${finLima(hasta)}) - greatest(v.env_fecha_hora_carguio, ${inicioLima(desde)}))) as s,
             count(*) as n
      from envio v
      where v.est_id in ${ENVIO_SALIDO} and v.env_fecha_hora_carguio < ${finLima(hasta)} and v.env_fecha_hora_retorno > ${inicioLima(desde)}
        and v.env_fecha_hora_carguio >= ${inicioLima(desde)} - interval '1 day'
      group by v.mix_id)
    select m.mix_id::text as clave, m.mix_nombre || ' · ' || m.mix_placa as etiqueta,
           round(coalesce(e.s, 0) / 3600, 1)::text as horas, coalesce(e.n, 0)::int as envios
    from mixer m left join e on e.mix_id = m.mix_id
    where m.est_id = 1 or e.mix_id is not null
    order by coalesce(e.s, 0) desc, m.mix_nombre, m.mix_id`);
}

/** A project's open petty cash: how many boxes, and their amounts in soles by stage; other currencies apart. */
export interface CajaProyecto {
  clave: string; etiqueta: string; cajas: number; por_depositar: string; entregado: string;
  otras_monedas: { mon_simbolo: string; monto: string }[];
}

/**
 * Open petty cash (module caja) per project, the caller's scope as the cash list's (`alcance`: their
 * project's boxes and those they requested, manage or registered; level 1 all). Open = not cancelled nor
 * closed: 'por depositar' (CRE, CPA, CDE, CAP: not yet paid out) and 'entregado' (CDP, RPA, RDE, and RAP
 * whose balance still has to be closed). A box carries no exchange rate: amounts in soles are summed; a box in
 * another currency is counted and its amount shown apart, in its currency, never converted.
 */
export function cajasAbiertas(db: Executor, alcance: SQL): Promise<CajaProyecto[]> {
  return selectRows<CajaProyecto>(db, sql`
    with c as (
      select c.pry_id, c.mon_id, c.caj_monto,
             c.caj_estado in ('CRE', 'CPA', 'CDE', 'CAP') as por_depositar
      from caja c
      where (c.caj_estado in ('CRE', 'CPA', 'CDE', 'CAP', 'CDP', 'RPA', 'RDE') or (c.caj_estado = 'RAP' and c.caj_monto <> c.ren_total))
        and ${alcance}),
    otras as (
      select pry_id, jsonb_agg(jsonb_build_object('mon_simbolo', (select m.mon_simbolo from moneda m where m.mon_id = x.mon_id), 'monto', x.v::text) order by x.mon_id) as l
      from (select pry_id, mon_id, round(sum(caj_monto), 2) as v from c where mon_id <> 1 group by 1, 2) x group by pry_id),
    p as (
      select pry_id, count(*)::int as cajas,
             sum(caj_monto) filter (where mon_id = 1 and por_depositar) as pd, sum(caj_monto) filter (where mon_id = 1 and not por_depositar) as en
      from c group by pry_id)
    select p.pry_id::text as clave, (select r.pry_nombre from proyecto r where r.pry_id = p.pry_id) as etiqueta, p.cajas,
           round(coalesce(p.pd, 0), 2)::text as por_depositar, round(coalesce(p.en, 0), 2)::text as entregado,
           coalesce(o.l, '[]'::jsonb) as otras_monedas
    from p left join otras o on o.pry_id = p.pry_id
    order by coalesce(p.pd, 0) + coalesce(p.en, 0) desc, p.pry_id`);
}
