import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { centroCosto, proveedor, unidadMedida, usuario, usuarioRol } from '../../db/schema/index.ts';
import { projectFilter, type ProjectScope } from '../../platform/scope.ts';

/**
 * What the mass load of orders resolves from the sheet: one query per kind of name for the
 * whole file, never one per row.
 */

/** Cost centres by code, ignoring case, limited to the caller's scope (others look absent). */
export function centrosCosto(db: Executor, scope: ProjectScope, codigos: string[]) {
  if (codigos.length === 0) return Promise.resolve([]);
  return db.select({ id: centroCosto.cec_id, codigo: centroCosto.cec_codigo, estado: centroCosto.cec_estado })
    .from(centroCosto)
    .where(and(inArray(sql`lower(${centroCosto.cec_codigo})`, codigos.map((c) => c.toLowerCase())), projectFilter(scope, centroCosto.pry_id)));
}

export function proveedores(db: Executor, rucs: string[]) {
  if (rucs.length === 0) return Promise.resolve([]);
  return db.select({ id: proveedor.pve_id, ruc: proveedor.pve_ruc, activo: proveedor.pve_es_activo })
    .from(proveedor).where(inArray(proveedor.pve_ruc, rucs));
}

/** Active staff users by e-mail (lower case), as the order's people must be. */
export function usuariosActivos(db: Executor, correos: string[]) {
  if (correos.length === 0) return Promise.resolve([]);
  return db.select({ id: usuario.usu_id, correo: sql<string>`lower(${usuario.usu_correo})` })
    .from(usuario)
    .where(and(inArray(sql`lower(${usuario.usu_correo})`, correos), eq(usuario.usu_estado, 1), eq(usuario.tiu_id, 1)));
}

/** Units by symbol, ignoring case. */
export function unidades(db: Executor, simbolos: string[]) {
  if (simbolos.length === 0) return Promise.resolve([]);
  return db.select({ id: unidadMedida.unm_id, simbolo: unidadMedida.unm_simbolo, estado: unidadMedida.unm_estado })
    .from(unidadMedida).where(inArray(sql`lower(${unidadMedida.unm_simbolo})`, simbolos.map((s) => s.toLowerCase())));
}

/** The first active supplier by name, for the template's example. */
export async function proveedorEjemplo(db: Executor) {
  const [r] = await db.select({ ruc: proveedor.pve_ruc }).from(proveedor)
    .where(eq(proveedor.pve_es_activo, true)).orderBy(asc(proveedor.pve_razon_social)).limit(1);
  return r?.ruc;
}

/** The e-mail of the first active staff user holding `rolId`, for the template's example. */
export async function correoConRol(db: Executor, rolId: number) {
  const [r] = await db.select({ correo: usuario.usu_correo }).from(usuario)
    .innerJoin(usuarioRol, eq(usuarioRol.usu_id, usuario.usu_id))
    .where(and(eq(usuarioRol.rol_id, rolId), eq(usuario.usu_estado, 1), eq(usuario.tiu_id, 1)))
    .orderBy(asc(usuario.usu_id)).limit(1);
  return r?.correo;
}
