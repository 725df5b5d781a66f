/**
 * The SQL of Inicio's panels alone (issue 25): each statement of `server/src/modules/indicador/queries.ts` run 5
 * times one after another on one connection (scope: every project), median and minimum in ms, with PostgreSQL's
 * JIT on or off (the product runs them with it off). The periods are the product's defaults on the bench day.
 *
 *   node --import tsx bench/figuras-sql.ts postgres://postgres@127.0.0.1:5432/obra_bench_figuras [on|off]
 */
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { sql } from 'drizzle-orm';
import * as q from '../server/src/modules/indicador/queries.ts';
const pool = new pg.Pool({ connectionString: process.argv[2], max: 1 });
const db = drizzle(pool) as never;
const all = { kind: 'all' } as const;
const jit = process.argv[3] === 'off' ? 'off' : 'on';
const hoy = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Lima' }).format(new Date());
const desde12 = `${Number(hoy.slice(0, 4)) - (hoy.slice(5, 7) === '12' ? 0 : 1)}-${String((Number(hoy.slice(5, 7)) % 12) + 1).padStart(2, '0')}-01`;
const desde30 = new Date(Date.parse(hoy) - 29 * 86_400_000).toISOString().slice(0, 10);
const casos: Record<string, () => Promise<unknown>> = {
  compras_mes: () => q.comprasPorMes(db, all, desde12, hoy),
  compras_cec: () => q.comprasPorCentroCosto(db, all, desde12, hoy),
  pagos: () => q.pagosPorMes(db, all, desde12, hoy),
  ventas_mes: () => q.ventasPorMes(db, desde12, hoy),
  ventas_prod: () => q.ventasPorProducto(db, desde12, hoy),
  ventas_cli: () => q.ventasPorCliente(db, desde12, hoy),
  cobranza: () => q.cobranzaPorAntiguedad(db, hoy),
  despachos: () => q.m3PorDia(db, desde30, hoy),
  mixers: () => q.horasPorMixer(db, desde30, hoy),
  cajas: () => q.cajasAbiertas(db, sql`true`),
};
await pool.query(`set jit = ${jit}`);
for (const [k, f] of Object.entries(casos)) {
  const ms: number[] = [];
  for (let i = 0; i < 5; i++) { const t = performance.now(); await f(); ms.push(performance.now() - t); }
  ms.sort((a, b) => a - b);
  process.stdout.write(`${k.padEnd(12)} median ${ms[2]!.toFixed(1)} ms  min ${ms[0]!.toFixed(1)}\n`);
}
await pool.end();
