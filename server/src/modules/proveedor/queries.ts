import type { CuentaProveedorAdd, CuentaProveedorRow, Paged, ProveedorOption, ProveedorRow } from '@obra/domain';
import { and, asc, eq, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { banco, cuentaProveedor, moneda, pais, proveedor, tipoCuenta } from '../../db/schema/index.ts';
import { columnsOf, listPage, type ListRequest, type ListSpec } from '../../platform/list.ts';
import { likePattern } from '../../platform/search.ts';

/** Booleans of the table travel as the spec's 0/1 flags. */
const flag = (column: AnyColumn) => sql<0 | 1>`(${column})::int`;

const row = {
  id_proveedor: proveedor.pve_id,
  ruc: proveedor.pve_ruc,
  razon_social: proveedor.pve_razon_social,
  direccion: proveedor.pve_direccion,
  email: proveedor.pve_correo,
  telefono: proveedor.pve_telefono,
  especialidad: proveedor.pve_especialidad,
  cuenta_detraccion: proveedor.pve_cuenta_detraccion,
  es_activo: flag(proveedor.pve_es_activo),
  es_critico: flag(proveedor.pve_es_critico),
  es_nacional: flag(proveedor.pve_es_nacional),
  id_pais: proveedor.pai_id,
  pais: pais.pai_nombre,
  version: proveedor.pve_version,
};

/**
 * RUC or razón social containing the text. The razón social side is the expression of the
 * trigram index `proveedor_razon_trgm`; a RUC holds digits only, so a text with anything else
 * is not looked for there, which keeps word searches on that index.
 */
function matches(search: string): SQL | undefined {
  if (!search) return undefined;
  const pattern = likePattern(search);
  const byName = sql`lower(${proveedor.pve_razon_social}) like ${pattern}`;
  return /^\d+$/.test(search) ? or(byName, sql`${proveedor.pve_ruc} like ${pattern}`) : byName;
}

/** The supplier list by razón social (platform/list.ts pages and counts it). */
const proveedorList: ListSpec = {
  name: 'proveedor_list',
  from: sql`${proveedor}`,
  key: [{ expr: proveedor.pve_razon_social, type: 'text' }, { expr: proveedor.pve_id, type: 'int' }],
  desc: false,
  columns: columnsOf(row),
  join: sql`join ${proveedor} on ${proveedor.pve_id} = page.k1 left join ${pais} on ${pais.pai_id} = ${proveedor.pai_id}`,
};

export function list(db: Executor, search: string, page: ListRequest): Promise<Paged<ProveedorRow>> {
  const cond = matches(search);
  return listPage<ProveedorRow>(db, proveedorList, cond ? [cond] : [], page);
}

export async function find(db: Executor, id: number): Promise<ProveedorRow | undefined> {
  const [r] = await db.select(row).from(proveedor).leftJoin(pais, eq(pais.pai_id, proveedor.pai_id)).where(eq(proveedor.pve_id, id));
  return r;
}

/** Active suppliers for an autocomplete, at most `limit`. */
export function options(db: Executor, search: string, limit: number): Promise<ProveedorOption[]> {
  return db.select({
    id_proveedor: proveedor.pve_id,
    ruc: proveedor.pve_ruc,
    razon_social: proveedor.pve_razon_social,
    es_nacional: flag(proveedor.pve_es_nacional),
    id_pais: proveedor.pai_id,
  }).from(proveedor)
    .where(and(eq(proveedor.pve_es_activo, true), matches(search)))
    .orderBy(asc(proveedor.pve_razon_social), asc(proveedor.pve_id)).limit(limit);
}

interface Fields {
  razon_social: string;
  direccion: string;
  email: string;
  telefono: string;
  especialidad: string;
  cuenta_detraccion: string;
  es_activo: 0 | 1;
  es_critico: 0 | 1;
  es_nacional: 0 | 1;
  id_pais: number;
}

const columns = (v: Fields) => ({
  pve_razon_social: v.razon_social,
  pve_direccion: v.direccion,
  pve_correo: v.email,
  pve_telefono: v.telefono,
  pve_especialidad: v.especialidad,
  pve_cuenta_detraccion: v.cuenta_detraccion,
  pve_es_activo: v.es_activo === 1,
  pve_es_critico: v.es_critico === 1,
  pve_es_nacional: v.es_nacional === 1,
  pai_id: v.id_pais,
});

export async function insert(db: Executor, v: Fields & { ruc: string }): Promise<number> {
  const [r] = await db.insert(proveedor).values({ pve_ruc: v.ruc, ...columns(v) }).returning({ id: proveedor.pve_id });
  return r.id;
}

/** Everything but the RUC, which never changes. False when someone saved since `version` was read. */
export async function update(db: Executor, id: number, version: number, v: Fields): Promise<boolean> {
  const rows = await db.update(proveedor)
    .set({ ...columns(v), pve_version: sql`${proveedor.pve_version} + 1` })
    .where(and(eq(proveedor.pve_id, id), eq(proveedor.pve_version, version)))
    .returning({ id: proveedor.pve_id });
  return rows.length === 1;
}

/** Its bank accounts go with it (ON DELETE CASCADE); any other reference makes it fail. */
export async function remove(db: Executor, id: number): Promise<void> {
  await db.delete(proveedor).where(eq(proveedor.pve_id, id));
}

const accountRow = {
  id_cuenta_proveedor: cuentaProveedor.cpv_id,
  id_proveedor: cuentaProveedor.pve_id,
  id_banco: cuentaProveedor.ban_id,
  banco: banco.ban_nombre,
  id_moneda: cuentaProveedor.mon_id,
  moneda: moneda.mon_descripcion,
  moneda_simbolo: moneda.mon_simbolo,
  tipo_cuenta: cuentaProveedor.tcu_id,
  tipo_cuenta_descripcion: tipoCuenta.tcu_descripcion,
  cuenta: cuentaProveedor.cpv_cuenta,
  cci: cuentaProveedor.cpv_cci,
};

const accounts = (db: Executor) =>
  db.select(accountRow).from(cuentaProveedor)
    .innerJoin(banco, eq(banco.ban_id, cuentaProveedor.ban_id))
    .innerJoin(moneda, eq(moneda.mon_id, cuentaProveedor.mon_id))
    .innerJoin(tipoCuenta, eq(tipoCuenta.tcu_id, cuentaProveedor.tcu_id));

export function listAccounts(db: Executor, pveId: number): Promise<CuentaProveedorRow[]> {
  return accounts(db).where(eq(cuentaProveedor.pve_id, pveId)).orderBy(asc(banco.ban_nombre), asc(cuentaProveedor.cpv_id));
}

export async function findAccount(db: Executor, id: number): Promise<CuentaProveedorRow | undefined> {
  const [r] = await accounts(db).where(eq(cuentaProveedor.cpv_id, id));
  return r;
}

/** The bank's three-digit code (the start of its CCIs), or undefined for an unknown bank. */
export async function bankCode(db: Executor, banId: number): Promise<string | undefined> {
  const [r] = await db.select({ codigo: banco.ban_codigo }).from(banco).where(eq(banco.ban_id, banId));
  return r?.codigo;
}

export async function insertAccount(db: Executor, v: CuentaProveedorAdd): Promise<number> {
  const [r] = await db.insert(cuentaProveedor).values({
    pve_id: v.id_proveedor, ban_id: v.id_banco, mon_id: v.id_moneda, tcu_id: v.tipo_cuenta, cpv_cuenta: v.cuenta, cpv_cci: v.cci,
  }).returning({ id: cuentaProveedor.cpv_id });
  return r.id;
}

export async function removeAccount(db: Executor, id: number): Promise<void> {
  await db.delete(cuentaProveedor).where(eq(cuentaProveedor.cpv_id, id));
}
