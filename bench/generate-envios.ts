/**
 * Dispatches for the dispatch bench (issue 14): 40 active bench mixers ('Mixer bench 01'..'40', plates
 * 'BMX-01'..), `--ordenes` bench sales orders (2 000 by default, each a copy of a demo order with one
 * line, on the demo's clients in turn) and `--envios` dispatches (100 000 by default). One day, the
 * **bench day** (the first Lima day from today on without any dispatch), holds exactly 40 mixers × 12
 * dispatches: slot k of a mixer loads at 05:00 + 75 min·k (+ 0..12 min by mixer), leaves 15 min later,
 * delivers 45 min after loading and is back at 70 min, so a mixer's windows never overlap; slots 0–2
 * completado, 3 en_ruta, 4–11 programado. The rest go back day by day from yesterday with the same
 * pattern, completado (one in 25 cancelado). Codes are ENV-<year of loading>-<100001 + n>, above the
 * product's own counter. The demo's six mixers are set inactive so the fleet is the bench's 40.
 * INSERT … SELECT over generate_series in one transaction, then VACUUM ANALYZE.
 *
 *   node --import tsx bench/generate-envios.ts --database-url postgres://postgres@127.0.0.1:5432/obra_bench_envios [--envios 100000]
 *
 * The database is migrated and seeded (reference and demo data) first, as the product would. A
 * database already holding the bench mixers is left as it is (drop and recreate it to fill again).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { ENV, OVT } from '@obra/domain';
import { sql } from 'drizzle-orm';
import { closeDeps, createDeps } from '../server/src/bootstrap.ts';
import { loadConfig } from '../server/src/config.ts';
import { selectRows, type Db } from '../server/src/db/client.ts';

export const BENCH_MIXER = 'Mixer bench ';
export const MIXERS = 40;
export const POR_MIXER = 12;
const OBSERVACION = 'Bench envios';

const progress = (line: string) => process.stderr.write(`· ${line}\n`);

export interface EnviosBench {
  /** The bench day (Lima, YYYY-MM-DD) and its dispatches, the bench mixers and all dispatches. */
  dia: string;
  delDia: number;
  mixers: number;
  envios: number;
}

/** What a filled database holds; null when it holds no bench mixers. */
export async function benchEnvios(db: Db): Promise<EnviosBench | null> {
  const [r] = await selectRows<{ mixers: number; dia: string | null }>(db, sql`
    select count(*)::int as mixers, (select to_char(max(v.env_fecha_hora_carguio) at time zone 'America/Lima', 'YYYY-MM-DD')
      from envio v join mixer m on m.mix_id = v.mix_id where m.mix_nombre like ${`${BENCH_MIXER}%`}) as dia
    from mixer where mix_nombre like ${`${BENCH_MIXER}%`}`);
  if (!r.mixers || !r.dia) return null;
  const [c] = await selectRows<{ envios: number; del_dia: number }>(db, sql`
    select count(*)::int as envios, count(*) filter (where env_fecha_hora_carguio >= (${r.dia}::date)::timestamp at time zone 'America/Lima'
      and env_fecha_hora_carguio < (${r.dia}::date + 1)::timestamp at time zone 'America/Lima')::int as del_dia from envio`);
  return { dia: r.dia, delDia: c.del_dia, mixers: r.mixers, envios: c.envios };
}

/** The columns of a table but its serial key: copies of a template row keep every other value. */
async function columnas(db: Db, table: string, key: string): Promise<string[]> {
  const rows = await selectRows<{ c: string }>(db, sql`
    select column_name as c from information_schema.columns where table_schema = current_schema() and table_name = ${table} and column_name <> ${key}
    order by ordinal_position`);
  return rows.map((r) => r.c);
}

export async function fillEnvios(db: Db, envios: number, ordenes: number): Promise<EnviosBench> {
  const delDia = MIXERS * POR_MIXER;
  if (envios < delDia) throw new Error(`--envios must be at least ${delDia} (the bench day)`);
  const [admin] = await selectRows<{ usu_id: number }>(db, sql`select usu_id from usuario where usu_correo = 'admin@andina.pe'`);
  const [tmpl] = await selectRows<{ ovt_id: number; ovd_id: number }>(db, sql`
    select o.ovt_id, min(d.ovd_id) as ovd_id from orden_venta o join orden_venta_detalle d on d.ovt_id = o.ovt_id group by o.ovt_id order by o.ovt_id limit 1`);
  if (!admin || !tmpl) throw new Error('no demo admin or sales order with lines: the database must be seeded with SEED_DEMO=true');
  const [{ dia }] = await selectRows<{ dia: string }>(db, sql`
    select to_char(d, 'YYYY-MM-DD') as dia from generate_series((now() at time zone 'America/Lima')::date, (now() at time zone 'America/Lima')::date + 30, interval '1 day') d
    where not exists (select 1 from envio v where v.env_fecha_hora_carguio >= d::timestamp at time zone 'America/Lima'
      and v.env_fecha_hora_carguio < (d + interval '1 day')::timestamp at time zone 'America/Lima')
    order by d limit 1`);
  const ovtCols = (await columnas(db, 'orden_venta', 'ovt_id')).filter((c) => !['cli_id', 'cde_id', 'ovt_observaciones', 'est_id', 'ovt_version'].includes(c));
  const ovdCols = (await columnas(db, 'orden_venta_detalle', 'ovd_id')).filter((c) => !['ovt_id', 'ovd_saldo_envio'].includes(c));
  const list = (cols: string[], prefix = '') => sql.raw(cols.map((c) => `${prefix}${c}`).join(', '));

  await db.transaction(async (tx) => {
    progress(`${MIXERS} bench mixers (the demo's set inactive), ${ordenes} bench sales orders with a line each; bench day ${dia}`);
    await tx.execute(sql`update mixer set est_id = 0, mix_version = mix_version + 1 where mix_nombre not like ${`${BENCH_MIXER}%`}`);
    await tx.execute(sql`insert into mixer (mix_nombre, mix_placa, mix_capacidad)
      select ${BENCH_MIXER} || lpad(n::text, 2, '0'), 'BMX-' || lpad(n::text, 2, '0'), 7 + (n % 5) * 0.5 from generate_series(1, ${MIXERS}) n`);
    // Copies of the first demo order, on the demo's clients in turn, en_despacho; one line each, nothing left to dispatch.
    await tx.execute(sql`insert into orden_venta (cli_id, cde_id, ovt_observaciones, est_id, ${list(ovtCols)})
      select c.cli_id, null, ${OBSERVACION}, ${OVT.EN_DESPACHO}, ${list(ovtCols, 't.')}
      from generate_series(1, ${ordenes}) n
      join (select cli_id, row_number() over (order by cli_id) - 1 as k, count(*) over () as total from cliente) c on c.k = n % c.total
      cross join (select * from orden_venta where ovt_id = ${tmpl.ovt_id}) t`);
    await tx.execute(sql`insert into orden_venta_detalle (ovt_id, ovd_saldo_envio, ${list(ovdCols)})
      select o.ovt_id, 0, ${list(ovdCols, 't.')}
      from orden_venta o cross join (select * from orden_venta_detalle where ovd_id = ${tmpl.ovd_id}) t
      where o.ovt_observaciones = ${OBSERVACION}`);
    await tx.execute(sql`create temp table bench_linea on commit drop as
      select row_number() over (order by o.ovt_id) - 1 as k, o.ovt_id, d.ovd_id
      from orden_venta o join orden_venta_detalle d on d.ovt_id = o.ovt_id where o.ovt_observaciones = ${OBSERVACION}`);
    await tx.execute(sql`create temp table bench_mixer on commit drop as
      select row_number() over (order by mix_id) - 1 as k, mix_id from mixer where mix_nombre like ${`${BENCH_MIXER}%`}`);

    progress(`${envios} dispatches (${delDia} on ${dia})`);
    // n = 0 … envios-1: day back ⌊n / 480⌋ (0 is the bench day, then yesterday and before), mixer n % 40, slot ⌊(n % 480) / 40⌋.
    await tx.execute(sql`insert into envio (env_codigo, ovt_id, ovd_id, mix_id, env_cantidad, env_fecha_hora_carguio, env_fecha_hora_salida,
        env_fecha_hora_envio, env_fecha_hora_retorno, env_frecuencia, est_id, usu_registrador, env_fecha_registro)
      select 'ENV-' || to_char(s.carguio at time zone 'America/Lima', 'YYYY') || '-' || (100001 + s.n)::text,
        l.ovt_id, l.ovd_id, m.mix_id, 6 + (s.n % 3), s.carguio, s.carguio + interval '15 minutes', s.carguio + interval '45 minutes',
        s.carguio + interval '70 minutes', 60,
        (case when s.atras > 0 then case when s.n % 25 = 0 then ${ENV.CANCELADO} else ${ENV.COMPLETADO} end
          when s.slot <= 2 then ${ENV.COMPLETADO} when s.slot = 3 then ${ENV.EN_RUTA} else ${ENV.PROGRAMADO} end)::int,
        ${admin.usu_id}, s.carguio - interval '1 day'
      from (
        select n, n / ${delDia} as atras, (n % ${delDia}) / ${MIXERS} as slot, n % ${MIXERS} as mixer,
          ((case when n < ${delDia} then ${dia}::date else (now() at time zone 'America/Lima')::date - (n / ${delDia})::int end)
            + time '05:00' + ((n % ${delDia}) / ${MIXERS}) * interval '75 minutes' + (n % ${MIXERS} % 5) * interval '3 minutes')
            at time zone 'America/Lima' as carguio
        from generate_series(0, ${envios - 1}) n) s
      join bench_mixer m on m.k = s.mixer
      join bench_linea l on l.k = s.n % ${ordenes}`);
  });
  progress('vacuum analyze');
  for (const table of ['mixer', 'orden_venta', 'orden_venta_detalle', 'envio']) await db.execute(sql.raw(`vacuum analyze ${table}`));
  const r = await benchEnvios(db);
  if (!r) throw new Error('the bench dispatches are missing after the fill');
  return r;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { 'database-url': { type: 'string' }, envios: { type: 'string', default: '100000' }, ordenes: { type: 'string', default: '2000' } },
  });
  if (!values['database-url']) throw new Error('--database-url is required (a PostgreSQL database, e.g. obra_bench_envios)');
  const config = loadConfig({
    DATA_DIR: mkdtempSync(join(tmpdir(), 'obra-bench-envios-')), LOG_LEVEL: 'silent', SEED_DEMO: 'true', DATABASE_URL: values['database-url'],
  });
  const deps = await createDeps(config);
  try {
    const existing = await benchEnvios(deps.database.db);
    if (existing) {
      progress(`already filled: ${existing.envios} dispatches, ${existing.mixers} bench mixers, bench day ${existing.dia} with ${existing.delDia} (drop and recreate the database to fill again)`);
      return;
    }
    const started = Date.now();
    const r = await fillEnvios(deps.database.db, Number(values.envios), Number(values.ordenes));
    progress(`filled in ${((Date.now() - started) / 1000).toFixed(1)} s: ${r.envios} dispatches, ${r.mixers} bench mixers, bench day ${r.dia} with ${r.delDia}`);
  } finally {
    await closeDeps(deps);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().then(() => process.exit(0), (err: unknown) => {
    process.stderr.write(`${err instanceof Error ? `${err.stack}\n${String(err.cause)}` : String(err)}\n`);
    process.exit(1);
  });
}
