/**
 * Data for Inicio's panels (issue 25), on a database already filled by bench/generate.ts (purchase orders)
 * and bench/generate-envios.ts (mixers, dispatches, a template sales order): `--ventas` sales orders over the
 * last 24 months (one line each, clients and sale products in turn, a sixth creado, conditions 1–5 in turn,
 * a share unpaid), a credit voucher with 3 cuotas on every second credit sale with a balance, one payment
 * order on every second issued purchase order (OPR, OXA, OPA, OPP in turn, approved 5 and deposited 12 days
 * after the order) and `--cajas` petty cash boxes on the cost centres in turn (every state in turn, 1 in 20 in
 * dollars). INSERT … SELECT in one transaction, then VACUUM ANALYZE.
 *
 *   node --import tsx bench/generate-figuras.ts --database-url postgres://postgres@127.0.0.1:5432/obra_bench_figuras [--ventas 100000] [--cajas 20000]
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { closeDeps, createDeps } from '../server/src/bootstrap.ts';
import { loadConfig } from '../server/src/config.ts';
import { selectRows, type Db } from '../server/src/db/client.ts';

const OBSERVACION = 'Bench figuras';
const progress = (line: string) => process.stderr.write(`· ${line}\n`);

async function columnas(db: Db, table: string, key: string): Promise<string[]> {
  const rows = await selectRows<{ c: string }>(db, sql`
    select column_name as c from information_schema.columns where table_schema = current_schema() and table_name = ${table} and column_name <> ${key}
    order by ordinal_position`);
  return rows.map((r) => r.c);
}

export async function fillFiguras(db: Db, ventas: number, cajas: number) {
  const [ya] = await selectRows<{ n: number }>(db, sql`select count(*)::int as n from orden_venta where ovt_observaciones = ${OBSERVACION}`);
  if (ya.n > 0) { progress('already filled'); return; }
  const [admin] = await selectRows<{ usu_id: number }>(db, sql`select usu_id from usuario where usu_correo = 'admin@andina.pe'`);
  const [tmpl] = await selectRows<{ ovt_id: number; ovd_id: number }>(db, sql`
    select o.ovt_id, min(d.ovd_id) as ovd_id from orden_venta o join orden_venta_detalle d on d.ovt_id = o.ovt_id group by o.ovt_id order by o.ovt_id limit 1`);
  const ovtCols = (await columnas(db, 'orden_venta', 'ovt_id'))
    .filter((c) => !['cli_id', 'cde_id', 'ovt_observaciones', 'est_id', 'coc_id', 'ovt_fecha_venta', 'ovt_fecha_entrega', 'ovt_total', 'ovt_pagado', 'ovt_version',
      'ovt_comprobante', 'ovt_comprobante_enlace'].includes(c));
  const ovdCols = (await columnas(db, 'orden_venta_detalle', 'ovd_id')).filter((c) => !['ovt_id', 'pvt_id', 'ovd_total', 'ovd_saldo_envio'].includes(c));
  const list = (cols: string[], prefix = '') => sql.raw(cols.map((c) => `${prefix}${c}`).join(', '));
  await db.transaction(async (tx) => {
    progress(`${ventas} sales orders over 24 months`);
    await tx.execute(sql`insert into orden_venta (cli_id, cde_id, ovt_observaciones, est_id, coc_id, ovt_fecha_venta, ovt_fecha_entrega, ovt_total, ovt_pagado, ${list(ovtCols)})
      select c.cli_id, null, ${OBSERVACION}, (array[5, 10, 11, 27, 33, 3])[n % 6 + 1], n % 5 + 1, s.f, s.f + interval '3 days', s.total,
        case when n % 3 = 0 then s.total when n % 3 = 1 then round(s.total / 3, 2) else 0 end, ${list(ovtCols, 't.')}
      from generate_series(1, ${ventas}) n
      cross join lateral (select now() - (n % 730) * interval '1 day' - (n % 24) * interval '1 hour' as f, (500 + (n * 7919) % 49500)::numeric(14, 2) as total) s
      join (select cli_id, row_number() over (order by cli_id) - 1 as k, count(*) over () as total from cliente) c on c.k = n % c.total
      cross join (select * from orden_venta where ovt_id = ${tmpl.ovt_id}) t`);
    await tx.execute(sql`insert into orden_venta_detalle (ovt_id, pvt_id, ovd_total, ovd_saldo_envio, ${list(ovdCols)})
      select o.ovt_id, p.pvt_id, o.ovt_total, 0, ${list(ovdCols, 't.')}
      from orden_venta o
      join (select pvt_id, row_number() over (order by pvt_id) - 1 as k, count(*) over () as total from producto_venta) p on p.k = o.ovt_id % p.total
      cross join (select * from orden_venta_detalle where ovd_id = ${tmpl.ovd_id}) t
      where o.ovt_observaciones = ${OBSERVACION}`);
    progress('credit vouchers with 3 cuotas');
    await tx.execute(sql`insert into comprobante (ovt_id, nco_tipo, nco_serie, nco_numero, nco_fecha_emision, nco_total, nco_proveedor, nco_usuario, nco_estado_sunat, nco_datos)
      select o.ovt_id, '01', 'FB01', row_number() over (order by o.ovt_id), (o.ovt_fecha_entrega at time zone 'America/Lima')::date, o.ovt_total, 'demo', ${admin.usu_id}, 'aceptado',
        jsonb_build_object('forma_pago', 'Credito', 'cuotas', jsonb_build_array(
          jsonb_build_object('monto', round((o.ovt_total - o.ovt_pagado) / 3, 2)::text, 'fecha', to_char((o.ovt_fecha_entrega at time zone 'America/Lima')::date + 30, 'YYYY-MM-DD')),
          jsonb_build_object('monto', round((o.ovt_total - o.ovt_pagado) / 3, 2)::text, 'fecha', to_char((o.ovt_fecha_entrega at time zone 'America/Lima')::date + 60, 'YYYY-MM-DD')),
          jsonb_build_object('monto', ((o.ovt_total - o.ovt_pagado) - 2 * round((o.ovt_total - o.ovt_pagado) / 3, 2))::text,
            'fecha', to_char((o.ovt_fecha_entrega at time zone 'America/Lima')::date + 90, 'YYYY-MM-DD'))))
      from orden_venta o
      where o.ovt_observaciones = ${OBSERVACION} and o.coc_id in (2, 3, 4, 5) and o.est_id <> 3 and o.ovt_total > o.ovt_pagado and o.ovt_id % 2 = 0`);
    progress('payment orders on every second issued purchase order');
    await tx.execute(sql`insert into orden_pago (ord_id, opg_numero, opg_descripcion, opg_fecha_pago_programado, opg_sistema_pago, opg_total, opg_pago, opg_estado,
        opg_creador, opg_aprobador, opg_fecha_registro, opg_fecha_aprobacion, opg_fecha_deposito, opg_depositante, opg_numero_operacion)
      select o.ord_id, 1000 + 1, 'Bench figuras', o.ord_fecha_orden + 10, 1, o.ord_monto_con_impuesto, o.ord_monto_con_impuesto, s.e, ${admin.usu_id},
        case when s.e in ('OPA', 'OPP') then ${admin.usu_id}::int end, o.ord_fecha_orden::timestamp at time zone 'America/Lima' + interval '2 days',
        case when s.e in ('OPA', 'OPP') then o.ord_fecha_orden::timestamp at time zone 'America/Lima' + interval '5 days 10 hours' end,
        case when s.e = 'OPP' then o.ord_fecha_orden::timestamp at time zone 'America/Lima' + interval '12 days 11 hours' end,
        case when s.e = 'OPP' then ${admin.usu_id}::int end, case when s.e = 'OPP' then 'OP-' || o.ord_id else '' end
      from orden o cross join lateral (select (array['OPR', 'OXA', 'OPA', 'OPP'])[(o.ord_id / 2) % 4 + 1] as e) s
      where o.ore_id not in (1, 2, 11) and o.ord_id % 2 = 0
        and not exists (select 1 from orden_pago p where p.ord_id = o.ord_id and p.opg_numero = 1001)`);
    progress(`${cajas} petty cash boxes`);
    await tx.execute(sql`insert into caja (caj_codigo, caj_titulo, caj_monto, mon_id, cec_id, pry_id, tca_id, usu_gerente, usu_solicitante, usu_creador, caj_estado,
        caj_fecha_registro, ren_total)
      select 'CAJ-B-' || lpad(n::text, 7, '0'), 'Bench figuras', (100 + (n * 7919) % 4900)::numeric(14, 2), case when n % 20 = 0 then 2 else 1 end, c.cec_id, c.pry_id,
        n % 3 + 1, ${admin.usu_id}, ${admin.usu_id}, ${admin.usu_id},
        (array['CRE', 'CPA', 'CAP', 'CDE', 'CCA', 'CDP', 'RPA', 'RAP', 'RDE', 'CRB', 'CDV'])[n % 11 + 1], now() - (n % 730) * interval '1 day',
        case when n % 11 = 7 and n % 2 = 0 then (100 + (n * 7919) % 4900)::numeric(14, 2) else 0 end
      from generate_series(1, ${cajas}) n
      join (select cec_id, pry_id, row_number() over (order by cec_id) - 1 as k, count(*) over () as total from centro_costo) c on c.k = n % c.total`);
  });
  progress('vacuum analyze');
  for (const table of ['orden_venta', 'orden_venta_detalle', 'comprobante', 'orden_pago', 'caja']) await db.execute(sql.raw(`vacuum analyze ${table}`));
  const [r] = await selectRows<Record<string, number>>(db, sql`select (select count(*) from orden_venta)::int as ventas, (select count(*) from comprobante)::int as comprobantes,
    (select count(*) from orden_pago)::int as pagos, (select count(*) from caja)::int as cajas, (select count(*) from orden)::int as ordenes, (select count(*) from envio)::int as envios`);
  progress(`filled: ${JSON.stringify(r)}`);
}

async function main() {
  const { values } = parseArgs({ options: { 'database-url': { type: 'string' }, ventas: { type: 'string', default: '100000' }, cajas: { type: 'string', default: '20000' } } });
  if (!values['database-url']) throw new Error('--database-url is required');
  const config = loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'obra-fig-')), LOG_LEVEL: 'silent', SEED_DEMO: 'true', DATABASE_URL: values['database-url'] });
  const deps = await createDeps(config);
  try {
    await fillFiguras(deps.database.db, Number(values.ventas), Number(values.cajas));
  } finally {
    await closeDeps(deps);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().then(() => process.exit(0), (err: unknown) => { process.stderr.write(`${err instanceof Error ? `${err.stack}\n${String(err.cause)}` : String(err)}\n`); process.exit(1); });
}
