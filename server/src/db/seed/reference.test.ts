import { ESTADOS, ROLE, ROLE_GRANTS } from '@obra/domain';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import rootPackage from '../../../../package.json' with { type: 'json' };
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { selectRows, type Db } from '../client.ts';
import { referenceFingerprint, refreshReference } from './reference.ts';

// The domain's reference data is changed in place here, as a new release would change it, and
// put back after each test.
const estados = ESTADOS as unknown as { est_id: number; est_codigo: string; est_nombre: string; est_styles: string }[];
const NUEVO = { est_id: 990, est_codigo: 'prueba_referencia', est_nombre: 'Prueba de referencia', est_styles: 'default' };
const version = rootPackage.version;
const grants = ROLE_GRANTS[ROLE.VISUALIZADOR].options as unknown as string[];
const grantsBefore = [...grants];

const estado = async (db: Db, id: number) =>
  (await selectRows<{ est_nombre: string }>(db, sql`select est_nombre from estado where est_id = ${id}`))[0]?.est_nombre;
const stored = async (db: Db) =>
  (await selectRows<{ rfv_huella: string }>(db, sql`select rfv_huella from referencia_version where rfv_id = 1`))[0]?.rfv_huella;

let ctx: TestContext | undefined;
afterEach(async () => {
  const i = estados.findIndex((e) => e.est_id === NUEVO.est_id);
  if (i >= 0) estados.splice(i, 1);
  grants.splice(0, grants.length, ...grantsBefore);
  rootPackage.version = version;
  await ctx?.close();
  ctx = undefined;
});

describe('reference data at start-up', () => {
  it('writes nothing when the data and the version are unchanged: one query, the rows left as they are', async () => {
    ctx = await createTestContext();
    const db = ctx.deps.database.db;
    expect(await stored(db)).toBe(referenceFingerprint());
    await db.execute(sql`update estado set est_nombre = 'Cambiado a mano' where est_id = 1`);
    expect(await refreshReference(db)).toBe(false);
    expect(await estado(db, 1)).toBe('Cambiado a mano');
  });

  it('writes everything again at the start after a new status appears in the domain', async () => {
    estados.push(NUEVO);
    // createTestContext starts as the server does (createDeps), from a database seeded without it.
    ctx = await createTestContext();
    const db = ctx.deps.database.db;
    expect(await estado(db, NUEVO.est_id)).toBe(NUEVO.est_nombre);
    expect(await stored(db)).toBe(referenceFingerprint());
    expect(await refreshReference(db)).toBe(false);
  });

  it('refreshes when a role grant changes, restoring rows edited by hand too', async () => {
    ctx = await createTestContext();
    const db = ctx.deps.database.db;
    await db.execute(sql`update estado set est_nombre = 'Cambiado a mano' where est_id = 1`);
    const extra = ROLE_GRANTS[ROLE.ADMINISTRADOR].options.find((o) => !grants.includes(o))!;
    grants.push(extra);
    expect(await refreshReference(db)).toBe(true);
    const granted = await selectRows<{ n: number }>(db, sql`
      select count(*)::int as n from rol_opcion ro join opcion o using (opc_id) where ro.rol_id = ${ROLE.VISUALIZADOR} and o.opc_codigo = ${extra}`);
    expect(granted[0].n).toBe(1);
    expect(await estado(db, 1)).toBe('Activo');
  });

  it('refreshes when the product version changes', async () => {
    ctx = await createTestContext();
    const db = ctx.deps.database.db;
    rootPackage.version = `${version}-siguiente`;
    expect(await refreshReference(db)).toBe(true);
    expect(await refreshReference(db)).toBe(false);
  });

  it('instances starting together after a change write it once, without a conflict', async () => {
    ctx = await createTestContext();
    const db = ctx.deps.database.db;
    estados.push(NUEVO);
    const results = await Promise.all(Array.from({ length: 5 }, () => refreshReference(db)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await estado(db, NUEVO.est_id)).toBe(NUEVO.est_nombre);
  });
});
