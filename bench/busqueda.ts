/**
 * Issue 25: the header search's one statement at the bench's sizes, on PostgreSQL.
 * `node --import tsx bench/busqueda.ts --database-url postgres://postgres@127.0.0.1:5432/<bench db> [--runs 40]`
 * Times the statement `/busqueda/global` sends for a corporate user holding every module (every kind searched,
 * no scope condition) for three texts taken from the data: a purchase order code prefix, a supplier's RUC and a
 * name fragment ('cemento'); beside it, on the same connection, `select 1`: the round trip's own floor.
 */
import { BUSQUEDA_POR_TIPO, BUSQUEDA_TIPOS } from '@obra/domain';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { buscarSql } from '../server/src/modules/busqueda/queries.ts';
import { interpretar } from '../server/src/modules/busqueda/service.ts';

const arg = (name: string, fallback?: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1]! : fallback;
};
const url = arg('database-url');
if (!url) throw new Error('--database-url is required');
const out = (line: string) => process.stdout.write(`${line}\n`);
const runs = Number(arg('runs', '40'));
const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!;
const p95 = (v: number[]) => [...v].sort((a, b) => a - b)[Math.min(v.length - 1, Math.floor(v.length * 0.95))]!;

const client = new pg.Client({ connectionString: url });
await client.connect();
const one = async (q: string) => (await client.query<Record<string, string>>(q)).rows[0]!;
const orders = Number((await one('select count(*) as n from orden')).n);
const codigo = (await one('select ord_codigo as c from orden order by ord_id desc limit 1')).c!;
const ruc = (await one('select pve_ruc as c from proveedor order by pve_id desc limit 1')).c!;

const dialect = new PgDialect();
const tipos = new Set<string>(BUSQUEDA_TIPOS.map((t) => t.tipo));
async function time(texto: string | null): Promise<{ ms: number[]; rows: number }> {
  const q = texto === null ? { sql: 'select 1', params: [] as unknown[] }
    : dialect.sqlToQuery(buscarSql({ ...interpretar(texto), limite: BUSQUEDA_POR_TIPO, scope: { kind: 'all' }, usu_id: 1, tipos })!);
  let rows = 0;
  const ms: number[] = [];
  for (let i = 0; i < runs + 5; i++) {
    const t0 = performance.now();
    rows = (await client.query(q.sql, q.params)).rowCount ?? 0;
    if (i >= 5) ms.push(performance.now() - t0);
  }
  return { ms, rows };
}

out(`orders: ${orders}; runs: ${runs} after 5 warm-up`);
out('| workload | text | rows | median ms | p95 ms |');
out('|---|---|---|---|---|');
for (const [name, texto] of [['code prefix', codigo.slice(0, 9)], ['full code', codigo], ['RUC', ruc], ['name fragment', 'cemento'], ['round trip floor (select 1)', null]] as const) {
  const r = await time(texto);
  out(`| ${name} | ${texto ?? '—'} | ${r.rows} | ${median(r.ms).toFixed(2)} | ${p95(r.ms).toFixed(2)} |`);
}
await client.end();
