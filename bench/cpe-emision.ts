/**
 * E-voucher issues while SUNAT hangs (issue 22): N paid sales orders get their factura at once
 * while the channel (a local fake of billService, an OSE channel pointed at it) never answers,
 * and a staff list is called in a loop beside them. Prints each issue's and each other call's
 * latency (median, p90, max), then releases SUNAT and checks every document ends 'aceptado'.
 *
 *   node --import tsx bench/cpe-emision.ts [--n 50] [--rounds 3] [--database-url postgres://…]
 *
 * Without --database-url it runs on a fresh embedded store (PGlite) in a temporary folder.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../server/src/app.ts';
import { closeDeps, createDeps } from '../server/src/bootstrap.ts';
import { loadConfig } from '../server/src/config.ts';
import { openDatabase, selectRows } from '../server/src/db/client.ts';
import { iniciarFakeSunat } from '../server/src/test/fake-sunat.ts';

const { values } = parseArgs({ options: { n: { type: 'string', default: '50' }, rounds: { type: 'string', default: '3' }, 'database-url': { type: 'string' } } });
const N = Number(values.n);
const ROUNDS = Number(values.rounds);
const out = (line = '') => process.stdout.write(`${line}\n`);

const dataDir = mkdtempSync(join(tmpdir(), 'obra-bench-cpe-'));
let dropDatabase = async () => {};
let databaseUrl: string | undefined;
if (values['database-url']) {
  const name = `obra_bench_cpe_${process.pid}`;
  const admin = new pg.Client({ connectionString: values['database-url'] });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(values['database-url']);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
  dropDatabase = async () => {
    const c = new pg.Client({ connectionString: values['database-url'] });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  };
}
const sunat = await iniciarFakeSunat();
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'true', CPE_TIMEOUT_MS: '30000', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
const database = await openDatabase(databaseUrl ? { databaseUrl } : { pgliteDir: join(dataDir, 'pgdata') });
const deps = await createDeps(config, database);
const app = await buildApp(deps);
await app.ready();
const db = deps.database.db;
// The demo's test certificate signs here too (SUNAT beta and this fake take a self-signed one).
await deps.cpe.preparar();
await db.execute(sql`update emisor_cpe set emi_canal = 'ose', emi_ose_url = ${sunat.url}, emi_ose_consulta_url = ${sunat.urlConsulta},
  emi_sol_usuario = 'MODDATOS', emi_sol_clave = ${deps.cpe.secretos.cerrar('moddatos')}, emi_version = emi_version + 1`);
deps.cpe.worker.start({ warn: () => undefined, error: () => undefined });

const [admin] = await selectRows<{ usu_id: number; v: number }>(db, sql`select usu_id, usu_token_version as v from usuario where usu_correo = 'admin@andina.pe'`);
const auth = { authorization: `Bearer ${await deps.tokens.sign({ usu_id: admin.usu_id, ver: admin.v })}` };
const post = (url: string, payload: object) => app.inject({ method: 'POST', url: `/api/${url}`, headers: auth, payload });

/** N copies of a paid demo order (with its lines), without a voucher. */
async function pagadas(): Promise<number[]> {
  const [src] = await selectRows<{ id: number }>(db, sql`select ovt_id as id from orden_venta where ovt_pagado = ovt_total and ovt_total > 0
    and cli_id in (select cli_id from cliente where cli_especial = 0 and tdi_id = 2) order by ovt_id limit 1`);
  const ids = (await selectRows<{ id: number }>(db, sql`
    insert into orden_venta (cli_id, cde_id, ven_id, tid_id, mon_id, coc_id, ovt_nombre_contacto, ovt_documento_identidad_contacto, ovt_telefono_contacto,
      ovt_correo_contacto, ovt_fecha_entrega, ovt_direccion_envio, ovt_referencia_envio, ubi_id, ovt_subtotal, ovt_igv_tasa, ovt_igv, ovt_total, ovt_pagado,
      ovt_registrador, est_id)
    select cli_id, cde_id, ven_id, 1, mon_id, coc_id, ovt_nombre_contacto, ovt_documento_identidad_contacto, ovt_telefono_contacto,
      ovt_correo_contacto, ovt_fecha_entrega, ovt_direccion_envio, ovt_referencia_envio, ubi_id, ovt_subtotal, ovt_igv_tasa, ovt_igv, ovt_total, ovt_total,
      ovt_registrador, 11
    from orden_venta, generate_series(1, ${N}) where ovt_id = ${src.id} returning ovt_id as id`)).map((r) => Number(r.id));
  await db.execute(sql`insert into orden_venta_detalle (ovt_id, pvt_id, ovd_producto, ovd_precio, ovd_cantidad, ovd_subtotal, ovd_igv, ovd_total, ovd_saldo_envio)
    select c.id, d.pvt_id, d.ovd_producto, d.ovd_precio, d.ovd_cantidad, d.ovd_subtotal, d.ovd_igv, d.ovd_total, d.ovd_saldo_envio
    from orden_venta_detalle d cross join unnest(${`{${ids.join(',')}}`}::int[]) as c(id) where d.ovt_id = ${src.id}`);
  return ids;
}

const cuantil = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))];
const resumen = (xs: number[]) => `${cuantil(xs, 0.5)} / ${cuantil(xs, 0.9)} / ${Math.max(...xs)}`;

out(`| round | database | issues | issue ms (median / p90 / max) | other call ms (median / p90 / max), calls | then accepted |`);
out('|---|---|---:|---|---|---|');
for (let round = 1; round <= ROUNDS; round++) {
  const ids = await pagadas();
  sunat.modo('colgar');
  const emisiones: number[] = [];
  const otras: number[] = [];
  let emitiendo = true;
  const lista = (async () => {
    while (emitiendo) {
      const t = performance.now();
      const r = await post('proveedor/list', { search: '', length: 10, start: 0 });
      if (r.statusCode !== 200) throw new Error(`proveedor/list ${r.statusCode}`);
      otras.push(Math.round(performance.now() - t));
    }
  })();
  const replies = await Promise.all(ids.map(async (id) => {
    const t = performance.now();
    const r = await post('ordenVenta/generarComprobante', { orden_venta: { ovt_id: id } });
    emisiones.push(Math.round(performance.now() - t));
    return r;
  }));
  emitiendo = false;
  await lista;
  const fallidas = replies.filter((r) => r.statusCode !== 200);
  if (fallidas.length) throw new Error(`${fallidas.length} issues failed: ${fallidas[0].body}`);
  sunat.liberar();
  sunat.modo('aceptar');
  // The sends cut by liberar() end their cycle first (their failures are written), then all are due now.
  await deps.cpe.worker.procesar();
  await db.execute(sql`update comprobante set nco_proximo_intento = now() where nco_proximo_intento is not null`);
  await deps.cpe.worker.procesar();
  const [{ n }] = await selectRows<{ n: number }>(db, sql`select count(*)::int as n from comprobante where nco_estado_sunat = 'aceptado' and ovt_id = any(${`{${ids.join(',')}}`}::int[])`);
  out(`| ${round} | ${deps.database.kind} | ${N} | ${resumen(emisiones)} | ${resumen(otras)}, ${otras.length} | ${n} of ${N} |`);
}

await app.close();
await closeDeps(deps);
await sunat.cerrar();
await dropDatabase();
rmSync(dataDir, { recursive: true, force: true });
