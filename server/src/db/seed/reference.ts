import { createHash } from 'node:crypto';
import {
  CONDICIONES_COMERCIALES, ESTADOS, ESTADOS_DOCUMENTO, METODOS_PAGO, MODULE_GROUPS, MODULES, MONEDAS, OPTIONS,
  ORDEN_ESTADOS, PEDIDO_ESTADOS, PRODUCTO_VENTA_GRUPOS, ROLE_GRANTS, ROLE_NAMES, TIPOS_CAJA, TIPOS_CUENTA, TIPOS_DOCUMENTO, TIPOS_USUARIO,
} from '@obra/domain';
import { eq, getTableColumns, getTableName, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import rootPackage from '../../../../package.json' with { type: 'json' };
import type { Db, Executor } from '../client.ts';
import * as t from '../schema/index.ts';
import { BANCOS, DISTRITOS, PAISES, TIPOS_DOCUMENTO_IDENTIDAD } from './reference-data.ts';

/**
 * Insert or refresh rows by key, so a start after an upgrade corrects reference data. Only the columns the rows
 * carry are refreshed: what the product's users set on the same rows (a role's second factor, its state) stays.
 */
async function upsert<T extends PgTable>(db: Db, table: T, key: PgColumn, rows: readonly T['$inferInsert'][]) {
  if (rows.length === 0) return;
  const given = new Set(rows.flatMap((r) => Object.keys(r)));
  const set: Record<string, SQL> = {};
  for (const [name, col] of Object.entries(getTableColumns(table))) {
    if (col.name !== key.name && given.has(name)) set[name] = sql.raw(`excluded."${col.name}"`);
  }
  await db.insert(table).values(rows as T['$inferInsert'][]).onConflictDoUpdate({ target: key, set });
}

interface Upsert { table: PgTable; key: PgColumn; rows: readonly object[] }

/** Everything the refresh writes, read from the domain at each call: the rows of each table and the role grants. */
function referenceData() {
  const modId = new Map(MODULES.map((m) => [m.mod_codigo as string, m.mod_id]));
  const optId = new Map(OPTIONS.map((o) => [o.opc_codigo as string, o.opc_id]));
  const upserts: Upsert[] = [
    { table: t.estado, key: t.estado.est_id, rows: ESTADOS },
    { table: t.ordenEstado, key: t.ordenEstado.ore_id, rows: ORDEN_ESTADOS },
    { table: t.estadoDocumento, key: t.estadoDocumento.edo_codigo, rows: ESTADOS_DOCUMENTO },
    { table: t.moneda, key: t.moneda.mon_id, rows: MONEDAS },
    { table: t.condicionComercial, key: t.condicionComercial.coc_id, rows: CONDICIONES_COMERCIALES },
    { table: t.productoVentaGrupo, key: t.productoVentaGrupo.pvg_id, rows: PRODUCTO_VENTA_GRUPOS },
    { table: t.pedidoEstado, key: t.pedidoEstado.pes_codigo, rows: PEDIDO_ESTADOS },
    { table: t.tipoCaja, key: t.tipoCaja.tca_id, rows: TIPOS_CAJA },
    { table: t.tipoCuenta, key: t.tipoCuenta.tcu_id, rows: TIPOS_CUENTA },
    { table: t.tipoDocumento, key: t.tipoDocumento.tid_id, rows: TIPOS_DOCUMENTO },
    { table: t.metodoPago, key: t.metodoPago.mep_id, rows: METODOS_PAGO },
    { table: t.banco, key: t.banco.ban_id, rows: BANCOS },
    { table: t.pais, key: t.pais.pai_id, rows: PAISES },
    { table: t.ubigeo, key: t.ubigeo.ubi_id, rows: DISTRITOS },
    { table: t.tipoDocumentoIdentidad, key: t.tipoDocumentoIdentidad.tdi_id, rows: TIPOS_DOCUMENTO_IDENTIDAD },
    { table: t.tipoUsuario, key: t.tipoUsuario.tiu_id, rows: TIPOS_USUARIO },
    { table: t.rol, key: t.rol.rol_id, rows: Object.entries(ROLE_NAMES).map(([id, name]) => ({ rol_id: Number(id), rol_nombre: name })) },
    { table: t.moduloGrupo, key: t.moduloGrupo.mgp_id, rows: MODULE_GROUPS },
    { table: t.modulo, key: t.modulo.mod_id, rows: MODULES },
    { table: t.opcion, key: t.opcion.opc_id, rows: OPTIONS.map((o) => ({ opc_id: o.opc_id, opc_codigo: o.opc_codigo, opc_nombre: o.opc_nombre, mod_id: modId.get(o.mod_codigo)! })) },
  ];
  // Role grants follow the table in domain/src/access/roles.ts exactly.
  const mods = Object.entries(ROLE_GRANTS).flatMap(([rol, g]) => g.modules.map((m) => ({ rol_id: Number(rol), mod_id: modId.get(m)! })));
  const opts = Object.entries(ROLE_GRANTS).flatMap(([rol, g]) => g.options.map((o) => ({ rol_id: Number(rol), opc_id: optId.get(o)! })));
  return { upserts, mods, opts };
}

/** A hash of everything the refresh writes and of the product's version: equal means nothing to write. */
export function referenceFingerprint(): string {
  const { upserts, mods, opts } = referenceData();
  const data = { version: rootPackage.version, tables: upserts.map((u) => [getTableName(u.table), u.rows]), mods, opts };
  return createHash('sha256').update(JSON.stringify(data)).digest('hex');
}

async function storedFingerprint(db: Executor): Promise<string | undefined> {
  const [row] = await db.select({ huella: t.referenciaVersion.rfv_huella }).from(t.referenciaVersion).where(eq(t.referenciaVersion.rfv_id, 1));
  return row?.huella;
}

/** Any number uncommon enough: one reference refresh at a time across instances sharing a database. */
const REFRESH_LOCK = 70_512_014;

/**
 * Reference data of spec 1 §3, §4, §9 and the access model, written whole (idempotent), with
 * its fingerprint. `unlessCurrent`: skip when the database already holds this fingerprint
 * (checked under the lock, so instances starting together write it once). Answers whether it wrote.
 */
export async function seedReference(db: Db, opts: { unlessCurrent?: boolean } = {}): Promise<boolean> {
  const { upserts, mods, opts: grants } = referenceData();
  const huella = referenceFingerprint();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${REFRESH_LOCK})`);
    if (opts.unlessCurrent && (await storedFingerprint(tx)) === huella) return false;
    const d = tx as unknown as Db;
    for (const u of upserts) await upsert(d, u.table, u.key, u.rows as never);
    // The grants of built-in roles follow the domain, except those an administrator edited (issue 26, roles editor);
    // roles created in the editor are not the domain's and are never touched.
    const edited = new Set((await tx.select({ id: t.rol.rol_id }).from(t.rol).where(eq(t.rol.rol_editado, true))).map((r) => r.id));
    const builtIn = Object.keys(ROLE_NAMES).map(Number).filter((id) => !edited.has(id));
    if (builtIn.length) {
      await tx.delete(t.rolModulo).where(inArray(t.rolModulo.rol_id, builtIn));
      await tx.delete(t.rolOpcion).where(inArray(t.rolOpcion.rol_id, builtIn));
    }
    const keep = <R extends { rol_id: number }>(rows: R[]) => rows.filter((r) => !edited.has(r.rol_id));
    if (keep(mods).length) await tx.insert(t.rolModulo).values(keep(mods));
    if (keep(grants).length) await tx.insert(t.rolOpcion).values(keep(grants));
    await tx.insert(t.referenciaVersion).values({ rfv_id: 1, rfv_huella: huella })
      .onConflictDoUpdate({ target: t.referenciaVersion.rfv_id, set: { rfv_huella: huella, rfv_fecha: sql`now()` } });
    return true;
  });
}

/**
 * Every start: refreshes the reference data only when the domain's data or the product's
 * version differs from what the database last got (one query when nothing changed; before,
 * the whole refresh ran at each start). `npm run seed` rewrites it unconditionally.
 */
export async function refreshReference(db: Db): Promise<boolean> {
  if ((await storedFingerprint(db)) === referenceFingerprint()) return false;
  return seedReference(db, { unlessCurrent: true });
}
