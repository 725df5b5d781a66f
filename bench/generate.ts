/**
 * Fills a database to a chosen scale with realistic data for the load scripts.
 * One function per table family; later families (suppliers, products, orders) go beside
 * fillUsers and are called from fillDatabase in dependency order.
 *
 * CLI: node --import tsx bench/generate.ts [--scale 50000] [--database-url postgres://...]
 * prepares the same store bench/run.ts uses (see bench/setup.ts).
 */
import { pathToFileURL } from 'node:url';
import { hash } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import { closeDeps } from '../server/src/bootstrap.ts';
import type { Db } from '../server/src/db/client.ts';
import * as t from '../server/src/db/schema/index.ts';
import { fillProducts, fillSuppliers } from './generate-catalog.ts';
import { fillOrders } from './generate-orders.ts';
import { createRandom, personName, PROJECT_KINDS, PROJECT_PLACES, type Random } from './names.ts';

/** Bump when the generated data changes shape: stores filled by an older generator are rebuilt. */
export const GENERATOR_VERSION = 3;
/** Every generated account can log in with this password. */
export const BENCH_PASSWORD = 'Bench.2026';
export const BENCH_EMAIL_DOMAIN = 'bench.andina.pe';

const BATCH = 1000;
/** Staff roles a generated user may hold: ADMINISTRADOR (1) .. VISUALIZADOR (9); never SUPER or PROVEEDOR. */
const STAFF_ROLES = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;
const YEAR_MS = 365 * 24 * 3600 * 1000;

export interface FillOptions {
  users: number;
  /** Purchase and service orders (bench/generate-orders.ts). */
  orders: number;
}

export interface CatalogReport {
  suppliers: number;
  accounts: number;
  products: number;
}

export interface FillReport extends CatalogReport {
  projects: number;
  users: number;
  userRoles: number;
  orders: number;
  seconds: number;
}

export const benchEmail = (n: number) => `u${String(n).padStart(6, '0')}@${BENCH_EMAIL_DOMAIN}`;

/**
 * A unique 8-digit DNI per n: 7919 is prime and shares no factor with 30 000 000, so
 * n ↦ n·7919 mod 3·10⁷ is a bijection; the range 10000000–39999999 stays clear of the
 * demo accounts (40000001…).
 */
export const benchDni = (n: number) => String(10_000_000 + ((n * 7919) % 30_000_000));

function batches(total: number): [number, number][] {
  const out: [number, number][] = [];
  for (let from = 0; from < total; from += BATCH) out.push([from, Math.min(total, from + BATCH)]);
  return out;
}

/** Projects with one warehouse each; about one project per 2 500 users, at least 2. */
export async function fillProjects(db: Db, count: number, random: Random): Promise<number[]> {
  const ids: number[] = [];
  await db.transaction(async (tx) => {
    for (const [from, to] of batches(count)) {
      const rows: (typeof t.proyecto.$inferInsert)[] = [];
      for (let i = from; i < to; i++) {
        const place = PROJECT_PLACES[i % PROJECT_PLACES.length];
        const kind = random.pick(PROJECT_KINDS);
        rows.push({
          pry_codigo: `BCH-${String(i + 1).padStart(4, '0')}`,
          pry_nombre: `${kind} ${place} ${Math.floor(i / PROJECT_PLACES.length) + 1}`,
          pry_descripcion: `Obra de prueba de carga en ${place}`,
        });
      }
      const inserted = await tx.insert(t.proyecto).values(rows).returning({ pry_id: t.proyecto.pry_id });
      ids.push(...inserted.map((r) => r.pry_id));
      await tx.insert(t.almacen).values(inserted.map((p, k) => ({
        alm_nombre: `Almacén de Obra ${rows[k].pry_nombre}`, alm_direccion: `Obra ${rows[k].pry_codigo}`, alm_tipo: 1, pry_id: p.pry_id,
      })));
    }
  });
  return ids;
}

/**
 * Staff users (tiu_id 1): 90 % active, 20 % corporate (level 1), half assigned to a project,
 * one or two roles each. All share one argon2 hash, computed once by the caller.
 */
export async function fillUsers(
  db: Db,
  count: number,
  opts: { projectIds: number[]; passwordHash: string; random: Random; now: number },
): Promise<{ users: number; userRoles: number }> {
  const { projectIds, passwordHash, random, now } = opts;
  let userRoles = 0;
  await db.transaction(async (tx) => {
    for (const [from, to] of batches(count)) {
      const rows: (typeof t.usuario.$inferInsert)[] = [];
      for (let i = from; i < to; i++) {
        const n = i + 1;
        const { nombre, apellido } = personName(random);
        rows.push({
          usu_nombre: nombre,
          usu_apellido: apellido,
          usu_dni: benchDni(n),
          usu_correo: benchEmail(n),
          usu_password_hash: passwordHash,
          usu_nivel: random.next() < 0.2 ? 1 : 0,
          tiu_id: 1,
          usu_estado: random.next() < 0.9 ? 1 : 0,
          pry_id: random.next() < 0.5 ? random.pick(projectIds) : null,
          usu_fecha_registro: new Date(now - Math.floor(random.next() * 3 * YEAR_MS)),
        });
      }
      const inserted = await tx.insert(t.usuario).values(rows).returning({ usu_id: t.usuario.usu_id });
      const roles = inserted.flatMap(({ usu_id }) => {
        const first = random.pick(STAFF_ROLES);
        const second = random.next() < 0.3 ? random.pick(STAFF_ROLES) : first;
        return [...new Set([first, second])].map((rol_id) => ({ usu_id, rol_id }));
      });
      await tx.insert(t.usuarioRol).values(roles);
      userRoles += roles.length;
    }
  });
  return { users: count, userRoles };
}

/**
 * Fresh statistics after a bulk load. PGlite runs no autovacuum, and on a server autovacuum
 * may not have caught up yet; either way the planner would otherwise guess.
 */
export async function refreshStatistics(db: Db): Promise<void> {
  for (const table of ['proyecto', 'almacen', 'usuario', 'usuario_rol', 'proveedor', 'cuenta_proveedor', 'producto',
    'centro_costo', 'orden', 'orden_item', 'orden_impuesto']) {
    await db.execute(sql.raw(`vacuum analyze ${table}`));
  }
}

/** As many suppliers and purchasing products as the scale (users). */
export async function fillCatalog(db: Db, scale: number, random: Random): Promise<CatalogReport> {
  const suppliers = await fillSuppliers(db, scale, random);
  const products = await fillProducts(db, scale, random);
  return { ...suppliers, products };
}

/**
 * Adds `users` generated staff users (and their projects), as many suppliers and
 * products, and `orders` orders, to a migrated, reference-seeded database.
 */
export async function fillDatabase(db: Db, options: FillOptions, progress: (line: string) => void = () => {}): Promise<FillReport> {
  const started = performance.now();
  const random = createRandom(20261121 + options.users);
  const passwordHash = await hash(BENCH_PASSWORD);
  const projectIds = await fillProjects(db, Math.max(2, Math.ceil(options.users / 2500)), random);
  const users = await fillUsers(db, options.users, { projectIds, passwordHash, random, now: Date.UTC(2026, 10, 21) });
  const catalog = await fillCatalog(db, options.users, random);
  const orders = await fillOrders(db, options.orders, progress);
  await refreshStatistics(db);
  return { projects: projectIds.length, ...users, ...catalog, orders, seconds: (performance.now() - started) / 1000 };
}

async function main(): Promise<void> {
  const { parseFlags, prepareTarget } = await import('./setup.ts');
  const prepared = await prepareTarget(parseFlags(process.argv.slice(2)));
  await closeDeps(prepared.deps);
}

// No top-level await: setup.ts imports this module, and a pending top-level await here
// would deadlock that import cycle.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((err: unknown) => {
    const cause = err instanceof Error && err.cause instanceof Error ? `\ncause: ${err.cause.message}` : '';
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}${cause}\n`);
    // The pool and the access LISTEN would keep a failed run waiting forever.
    process.exit(1);
  });
}
