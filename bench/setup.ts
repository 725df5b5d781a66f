/** Command-line flags and the database a bench run works on: filled once, then reused. */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { closeDeps, createDeps } from '../server/src/bootstrap.ts';
import { loadConfig } from '../server/src/config.ts';
import { selectRows } from '../server/src/db/client.ts';
import type { Deps } from '../server/src/deps.ts';
import { BENCH_SUPPLIER_DOMAIN } from './generate-catalog.ts';
import { countBenchOrders, fillOrders } from './generate-orders.ts';
import { BENCH_EMAIL_DOMAIN, fillCatalog, fillDatabase, GENERATOR_VERSION, refreshStatistics, type FillReport } from './generate.ts';
import { createRandom } from './names.ts';

export const BENCH_DATA = fileURLToPath(new URL('./.data/', import.meta.url));

export interface BenchFlags {
  scale: number;
  /** Generated orders; 4 × scale unless given. */
  orders: number;
  databaseUrl?: string;
  duration: number;
  connections: number;
  warmup: number;
  plans: boolean;
}

function positiveInt(name: string, raw: string | undefined, fallback: number, min = 1): number {
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) throw new Error(`--${name} must be an integer ≥ ${min} (got: ${raw})`);
  return n;
}

export function parseFlags(argv: string[]): BenchFlags {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      scale: { type: 'string' },
      orders: { type: 'string' },
      'database-url': { type: 'string' },
      duration: { type: 'string' },
      connections: { type: 'string' },
      warmup: { type: 'string' },
      plans: { type: 'boolean', default: false },
    },
  });
  const scale = positiveInt('scale', values.scale, 50_000);
  return {
    scale,
    orders: positiveInt('orders', values.orders, 4 * scale, 0),
    databaseUrl: values['database-url'],
    duration: positiveInt('duration', values.duration, 10),
    connections: positiveInt('connections', values.connections, 10),
    warmup: positiveInt('warmup', values.warmup, 2, 0),
    plans: values.plans ?? false,
  };
}

export const progress = (line: string) => process.stderr.write(`· ${line}\n`);

interface Marker {
  version: number;
  users: number;
  orders: number;
  filledAt: string;
  seconds: number;
}

function readMarker(file: string): Marker | null {
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Marker;
  } catch {
    return null;
  }
}

const reportLine = (r: FillReport) =>
  `filled: ${r.users} users, ${r.userRoles} user roles, ${r.projects} projects, ${r.suppliers} suppliers, ${r.accounts} accounts, ${r.products} products, ${r.orders} orders in ${r.seconds.toFixed(1)} s`;

export interface Prepared {
  deps: Deps;
  /** What was generated now; null when an already filled store was reused. */
  fill: FillReport | null;
}

/**
 * Opens (migrates, seeds reference and demo data) and fills the database of a run.
 * PGlite: one store per scale under bench/.data/, with a marker written once it is full;
 * a store without a current marker is an interrupted fill and starts over.
 * PostgreSQL: the bench users already present decide — none means fill, exactly `scale`
 * means reuse, anything else is refused (drop and recreate the database).
 */
export async function prepareTarget(flags: Pick<BenchFlags, 'scale' | 'orders' | 'databaseUrl'>): Promise<Prepared> {
  const { scale, orders, databaseUrl } = flags;
  const dataDir = join(BENCH_DATA, databaseUrl ? 'postgres' : `pglite-${scale}${orders === 4 * scale ? '' : `-${orders}`}`);
  const markerFile = join(dataDir, 'filled.json');
  const marker = databaseUrl ? null : readMarker(markerFile);
  const reusable = marker?.version === GENERATOR_VERSION && marker.users === scale && marker.orders === orders;
  if (!databaseUrl && !reusable && existsSync(dataDir)) {
    progress(`discarding ${dataDir} (interrupted fill or older generator)`);
    rmSync(dataDir, { recursive: true, force: true });
  }

  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'true',
    RATE_LIMIT_PER_MINUTE: '100000000',
    HOST: '127.0.0.1',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  progress(`opening ${databaseUrl ? 'PostgreSQL' : `PGlite in ${dataDir}`}`);
  const deps = await createDeps(config);
  const db = deps.database.db;

  if (databaseUrl) {
    const [{ n }] = await selectRows<{ n: number }>(db,
      sql`select count(*)::int as n from usuario where usu_correo like ${`%@${BENCH_EMAIL_DOMAIN}`}`);
    if (n === scale) {
      const [{ s }] = await selectRows<{ s: number }>(db,
        sql`select count(*)::int as s from proveedor where pve_correo like ${`%@${BENCH_SUPPLIER_DOMAIN}`}`);
      if (s === 0) {
        // Filled by the first generator (users only): add the master data it lacked.
        progress(`adding ${scale} suppliers and products to the ${n} bench users…`);
        await fillCatalog(db, scale, createRandom(20261121 + scale + 1));
        await refreshStatistics(db);
      }
      const o = await countBenchOrders(db);
      if (o === 0 && orders > 0) {
        // Filled by an earlier generator (no orders): add them.
        progress(`adding ${orders} orders…`);
        await fillOrders(db, orders, progress);
        await refreshStatistics(db);
      } else if (o !== orders) {
        await closeDeps(deps);
        throw new Error(`The database holds ${o} bench orders but --orders is ${orders}: drop and recreate it`);
      }
      progress(`reusing the database: it already holds ${n} bench users and ${orders} orders`);
      return { deps, fill: null };
    }
    if (n !== 0) {
      await closeDeps(deps);
      throw new Error(`The database holds ${n} bench users but --scale is ${scale}: drop and recreate it`);
    }
  } else if (reusable) {
    progress(`reusing the store filled at ${marker.filledAt} (${marker.users} users)`);
    return { deps, fill: null };
  }

  progress(`generating ${scale} users…`);
  const fill = await fillDatabase(db, { users: scale, orders }, progress);
  progress(reportLine(fill));
  if (!databaseUrl) {
    const done: Marker = { version: GENERATOR_VERSION, users: scale, orders, filledAt: new Date().toISOString(), seconds: fill.seconds };
    writeFileSync(markerFile, `${JSON.stringify(done, null, 2)}\n`);
  }
  return { deps, fill };
}
