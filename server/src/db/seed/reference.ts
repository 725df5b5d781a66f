import {
  CONDICIONES_COMERCIALES, ESTADOS, ESTADOS_DOCUMENTO, METODOS_PAGO, MODULE_GROUPS, MODULES, MONEDAS, OPTIONS,
  ORDEN_ESTADOS, ROLE_GRANTS, ROLE_NAMES, TIPOS_CUENTA, TIPOS_DOCUMENTO, TIPOS_USUARIO,
} from '@obra/domain';
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../client.ts';
import * as t from '../schema/index.ts';
import { BANCOS, DISTRITOS, PAISES, TIPOS_DOCUMENTO_IDENTIDAD } from './reference-data.ts';

/** Insert or refresh rows by key, so a start after an upgrade corrects reference data. */
async function upsert<T extends PgTable>(db: Db, table: T, key: PgColumn, rows: readonly T['$inferInsert'][]) {
  if (rows.length === 0) return;
  const set: Record<string, SQL> = {};
  for (const [name, col] of Object.entries(getTableColumns(table))) {
    if (col.name !== key.name) set[name] = sql.raw(`excluded."${col.name}"`);
  }
  await db.insert(table).values(rows as T['$inferInsert'][]).onConflictDoUpdate({ target: key, set });
}

/** Reference data of spec 1 §3, §4, §9 and the access model; idempotent. */
export async function seedReference(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const d = tx as unknown as Db;
    await upsert(d, t.estado, t.estado.est_id, ESTADOS);
    await upsert(d, t.ordenEstado, t.ordenEstado.ore_id, ORDEN_ESTADOS);
    await upsert(d, t.estadoDocumento, t.estadoDocumento.edo_codigo, ESTADOS_DOCUMENTO);
    await upsert(d, t.moneda, t.moneda.mon_id, MONEDAS);
    await upsert(d, t.condicionComercial, t.condicionComercial.coc_id, CONDICIONES_COMERCIALES);
    await upsert(d, t.tipoCuenta, t.tipoCuenta.tcu_id, TIPOS_CUENTA);
    await upsert(d, t.tipoDocumento, t.tipoDocumento.tid_id, TIPOS_DOCUMENTO);
    await upsert(d, t.metodoPago, t.metodoPago.mep_id, METODOS_PAGO);
    await upsert(d, t.banco, t.banco.ban_id, BANCOS);
    await upsert(d, t.pais, t.pais.pai_id, PAISES);
    await upsert(d, t.ubigeo, t.ubigeo.ubi_id, DISTRITOS);
    await upsert(d, t.tipoDocumentoIdentidad, t.tipoDocumentoIdentidad.tdi_id, TIPOS_DOCUMENTO_IDENTIDAD);
    await upsert(d, t.tipoUsuario, t.tipoUsuario.tiu_id, TIPOS_USUARIO);
    await upsert(d, t.rol, t.rol.rol_id, Object.entries(ROLE_NAMES).map(([id, name]) => ({ rol_id: Number(id), rol_nombre: name })));
    await upsert(d, t.moduloGrupo, t.moduloGrupo.mgp_id, MODULE_GROUPS);
    await upsert(d, t.modulo, t.modulo.mod_id, MODULES);
    const modId = new Map(MODULES.map((m) => [m.mod_codigo as string, m.mod_id]));
    await upsert(d, t.opcion, t.opcion.opc_id, OPTIONS.map((o) => ({ opc_id: o.opc_id, opc_codigo: o.opc_codigo, opc_nombre: o.opc_nombre, mod_id: modId.get(o.mod_codigo)! })));

    // Role grants follow the table in domain/src/access/roles.ts exactly.
    const optId = new Map(OPTIONS.map((o) => [o.opc_codigo as string, o.opc_id]));
    await tx.delete(t.rolModulo);
    await tx.delete(t.rolOpcion);
    const mods = Object.entries(ROLE_GRANTS).flatMap(([rol, g]) => g.modules.map((m) => ({ rol_id: Number(rol), mod_id: modId.get(m)! })));
    const opts = Object.entries(ROLE_GRANTS).flatMap(([rol, g]) => g.options.map((o) => ({ rol_id: Number(rol), opc_id: optId.get(o)! })));
    if (mods.length) await tx.insert(t.rolModulo).values(mods);
    if (opts.length) await tx.insert(t.rolOpcion).values(opts);
  });
}
