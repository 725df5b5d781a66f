/**
 * `npx tsx bench/orden-pdf.ts [--runs 40]`: the order PDF of a 50-line order through the real
 * call (`GET /orden/download`: the order's reads, the signatures and the layout), on a fresh
 * embedded database in a temporary folder. Prints time per PDF (p50, p95, max), size, pages and
 * the process's peak RSS. Figures go to RESULTS.md.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/src/app.ts';
import { closeDeps, createDeps } from '../server/src/bootstrap.ts';
import { loadConfig } from '../server/src/config.ts';
import { selectRows } from '../server/src/db/client.ts';

const LINES = 50;
const { values } = parseArgs({ options: { runs: { type: 'string', default: '40' } } });
const runs = Number(values.runs);

const dir = mkdtempSync(join(tmpdir(), 'obra-bench-pdf-'));
const config = loadConfig({ ...process.env, DATA_DIR: dir, LOG_LEVEL: 'silent', SEED_DEMO: 'true', DATABASE_URL: undefined });
const deps = await createDeps(config);
const app = await buildApp(deps);
let peakRss = process.memoryUsage().rss;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 5);

try {
  const one = async <T>(q: ReturnType<typeof sql>) => (await selectRows<T>(deps.database.db, q))[0];
  const login = await app.inject({
    method: 'POST',
    url: '/api/oauth/token',
    headers: { authorization: `Basic ${Buffer.from(`${config.oauthClient.id}:${config.oauthClient.secret}`).toString('base64')}` },
    payload: { username: 'admin@andina.pe', password: 'Demo.2026', grant_type: 'password' },
  });
  const token = (login.json() as { data: { access_token: string } }).data.access_token;
  const headers = { authorization: `Bearer ${token}` };
  const id = async (q: ReturnType<typeof sql>) => (await one<{ id: number }>(q)).id;
  const order = {
    tipo_orden: 1,
    es_importacion: 0,
    centro_costo: { id_centro_costo: await id(sql`select cec_id as id from centro_costo where cec_codigo = 'CC-PL-01'`) },
    proveedor: { id_proveedor: await id(sql`select pve_id as id from proveedor where pve_es_activo order by pve_id limit 1`) },
    moneda: { id_moneda: 1 },
    condicion_comercial: { id_condicion: 2 },
    metodo_pago: { id_metodo: 1 },
    tipo_documento: { id_tipo_documento: 1 },
    ord_numero_documento: 'F001-4521',
    fecha_pago: '2026-12-15',
    lugar_entrega: 'Planta Lurín, Antigua Panamericana Sur km 36',
    contabilidad: { id_usuario: await id(sql`select usu_id as id from usuario where usu_correo = 'contabilidad@andina.pe'`) },
    administrador: { id_usuario: await id(sql`select usu_id as id from usuario where usu_correo = 'administracion@andina.pe'`) },
    gerencia: { id_usuario: await id(sql`select usu_id as id from usuario where usu_correo = 'gerencia@andina.pe'`) },
    referencia: 'Suministro de agregados para la planta de Lurín',
    observacion: 'Entregar de lunes a sábado de 07:00 a 17:00. Presentar guía de remisión y certificado de calidad.',
    orden_items: Array.from({ length: LINES }, (_, i) => ({
      descripcion: `Piedra chancada de 1/2" — lote ${i + 1}${i % 7 === 0 ? ', con certificado de calidad del fabricante y entrega en planta Lurín' : ''}`,
      unidad: { id_unidad: 1 },
      cantidad: '1250.5',
      precio_unitario: '28.30',
      observacion: i % 9 === 0 ? 'Entregar en dos partes' : '',
    })),
  };
  const created = await app.inject({ method: 'POST', url: '/api/orden/register-orden', headers, payload: order });
  const idOrden = (created.json() as { data: { id_orden: number } }).data.id_orden;

  const times: number[] = [];
  let bytes = 0;
  let pages = 0;
  for (let i = 0; i < runs + 3; i++) {
    const start = performance.now();
    const res = await app.inject({ method: 'GET', url: '/api/orden/download', headers: { ...headers, idorden: String(idOrden) } });
    const ms = performance.now() - start;
    if (res.statusCode !== 200) throw new Error(`download answered ${res.statusCode}: ${res.body}`);
    if (i >= 3) times.push(ms); // the first three warm the code paths and fonts
    bytes = res.rawPayload.length;
    pages = (res.rawPayload.toString('latin1').match(/\/Type\s*\/Page\b/g) ?? []).length;
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))].toFixed(1);
  process.stdout.write([
    `| PDF of a ${LINES}-line order (GET /orden/download) | runs | p50 ms | p95 ms | max ms | size | pages | peak RSS |`,
    '|---|---|---|---|---|---|---|---|',
    `| PGlite, in-process | ${runs} | ${at(50)} | ${at(95)} | ${times[times.length - 1].toFixed(1)} | ${(bytes / 1000).toFixed(1)} kB | ${pages} | ${Math.round(peakRss / 1e6)} MB |`,
    '',
  ].join('\n'));
} finally {
  clearInterval(sampler);
  await app.close();
  await closeDeps(deps);
  rmSync(dir, { recursive: true, force: true });
}
