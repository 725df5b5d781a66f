import { ROLE, TIPO_USUARIO, type ProveedorDatosRuc } from '@obra/domain';
import { and, eq, ne, sql } from 'drizzle-orm';
import { selectRows, type Executor } from '../../db/client.ts';
import { cuentaConfirmacion, usuario, usuarioRol } from '../../db/schema/index.ts';

/** What the supplier account creation and its confirmation read and write (DECISIONS §7). */

export type ProveedorCuenta = ProveedorDatosRuc & { pve_es_activo: boolean };

const PROVEEDOR_COLUMNS = sql`pve_id, pve_ruc, pve_razon_social, pve_telefono, pve_correo, pve_direccion, pve_especialidad,
  pve_cuenta_detraccion, pve_es_activo`;

export async function proveedorPorRuc(db: Executor, ruc: string): Promise<ProveedorCuenta | undefined> {
  const [r] = await selectRows<ProveedorCuenta>(db, sql`select ${PROVEEDOR_COLUMNS} from proveedor where pve_ruc = ${ruc}`);
  return r && { ...r, pve_id: Number(r.pve_id) };
}

/**
 * The supplier locked `FOR UPDATE`: every account creation for one supplier takes this lock first,
 * so concurrent tries queue and the second one sees the account the first made.
 */
export async function lockProveedor(db: Executor, pveId: number): Promise<ProveedorCuenta | undefined> {
  const [r] = await selectRows<ProveedorCuenta>(db, sql`select ${PROVEEDOR_COLUMNS} from proveedor where pve_id = ${pveId} for update`);
  return r && { ...r, pve_id: Number(r.pve_id) };
}

export interface CuentaExistente {
  usu_id: number;
  usu_confirmado: boolean;
  /** An unused link that has not expired yet. */
  enlace_vigente: boolean;
}

/** The supplier's portal accounts, with whether a pending one still has a live link. */
export async function cuentasDeProveedor(db: Executor, pveId: number, now: Date): Promise<CuentaExistente[]> {
  const rows = await selectRows<CuentaExistente>(db, sql`
    select u.usu_id, u.usu_confirmado,
      exists (select 1 from cuenta_confirmacion c where c.usu_id = u.usu_id and not c.cfc_usado and c.cfc_expira > ${now.toISOString()}) as enlace_vigente
    from usuario u where u.pve_id = ${pveId} and u.tiu_id = ${TIPO_USUARIO.proveedor} order by u.usu_id`);
  return rows.map((r) => ({ ...r, usu_id: Number(r.usu_id) }));
}

/** Whether another user logs in with that e-mail (any type: the login is one namespace). */
export async function correoEnUso(db: Executor, correo: string, exceptId: number | null): Promise<boolean> {
  const conds = [sql`lower(${usuario.usu_correo}) = ${correo.toLowerCase()}`];
  if (exceptId !== null) conds.push(ne(usuario.usu_id, exceptId));
  const rows = await db.select({ id: usuario.usu_id }).from(usuario).where(and(...conds)).limit(1);
  return rows.length > 0;
}

export interface NuevaCuenta {
  usu_correo: string;
  usu_dni: string;
  usu_nombre: string;
  usu_apellido: string;
  usu_password_hash: string;
  pve_id: number;
}

/** A supplier account, pending confirmation (usu_confirmado false), with the PROVEEDOR role. */
export async function insertCuenta(db: Executor, c: NuevaCuenta): Promise<number> {
  const [r] = await db.insert(usuario).values({
    ...c, usu_nivel: 0, tiu_id: TIPO_USUARIO.proveedor, usu_estado: 1, usu_confirmado: false,
  }).returning({ usu_id: usuario.usu_id });
  await db.insert(usuarioRol).values({ usu_id: r.usu_id, rol_id: ROLE.PROVEEDOR });
  return r.usu_id;
}

/**
 * A pending account whose links all expired is taken over by the new request (same row, new data
 * and password): its old links stop working and its token version moves on.
 */
export async function rehacerCuenta(db: Executor, usuId: number, c: NuevaCuenta): Promise<void> {
  await db.update(usuario).set({
    usu_correo: c.usu_correo, usu_dni: c.usu_dni, usu_nombre: c.usu_nombre, usu_apellido: c.usu_apellido,
    usu_password_hash: c.usu_password_hash, usu_estado: 1, usu_confirmado: false,
    usu_version: sql`${usuario.usu_version} + 1`, usu_token_version: sql`${usuario.usu_token_version} + 1`, usu_fecha_modificacion: sql`now()`,
  }).where(and(eq(usuario.usu_id, usuId), eq(usuario.usu_confirmado, false)));
  await db.update(cuentaConfirmacion).set({ cfc_usado: true }).where(and(eq(cuentaConfirmacion.usu_id, usuId), eq(cuentaConfirmacion.cfc_usado, false)));
}

export async function insertEnlace(db: Executor, usuId: number, tokenHash: string, expira: Date): Promise<void> {
  await db.insert(cuentaConfirmacion).values({ usu_id: usuId, cfc_token_hash: tokenHash, cfc_expira: expira });
}

export interface EnlaceBloqueado {
  cfc_id: number;
  usu_id: number;
  cfc_usado: boolean;
  vencido: boolean;
  usu_correo: string;
  usu_confirmado: boolean;
}

/** A link by the hash of its token, locked so that two clicks confirm once. */
export async function lockEnlace(db: Executor, tokenHash: string, now: Date): Promise<EnlaceBloqueado | undefined> {
  const [r] = await selectRows<EnlaceBloqueado>(db, sql`
    select c.cfc_id, c.usu_id, c.cfc_usado, c.cfc_expira <= ${now.toISOString()} as vencido, u.usu_correo, u.usu_confirmado
    from cuenta_confirmacion c join usuario u on u.usu_id = c.usu_id
    where c.cfc_token_hash = ${tokenHash} for update of c`);
  return r && { ...r, cfc_id: Number(r.cfc_id), usu_id: Number(r.usu_id) };
}

/** Uses the link and confirms its account. */
export async function confirmar(db: Executor, e: Pick<EnlaceBloqueado, 'cfc_id' | 'usu_id'>): Promise<void> {
  await db.update(cuentaConfirmacion).set({ cfc_usado: true }).where(eq(cuentaConfirmacion.cfc_id, e.cfc_id));
  await db.update(usuario).set({ usu_confirmado: true, usu_version: sql`${usuario.usu_version} + 1`, usu_fecha_modificacion: sql`now()` })
    .where(eq(usuario.usu_id, e.usu_id));
}
