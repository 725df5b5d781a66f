import { and, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { ROLE, type Paged, type UsuarioRow } from '@obra/domain';
import { selectRows, type Executor } from '../../db/client.ts';
import { proveedor, proyecto, rol, usuario, usuarioOpcion, usuarioRol } from '../../db/schema/index.ts';
import { columnsOf, listPage, type ListRequest, type ListSpec } from '../../platform/list.ts';
import { projectFilter, type ProjectScope } from '../../platform/scope.ts';
import { likePattern } from '../../platform/search.ts';


/** Text to match against the trigram-indexed expression usuario_search_trgm. */
const searchExpr = sql`lower(${usuario.usu_nombre} || ' ' || ${usuario.usu_apellido} || ' ' || ${usuario.usu_correo} || ' ' || ${usuario.usu_dni})`;

/** The user list by last name, name and id (platform/list.ts; the project, supplier and roles are joined for the page's rows only). */
const usuarioList: ListSpec = {
  name: 'usuario_list',
  from: sql`${usuario}`,
  key: [{ expr: usuario.usu_apellido, type: 'text' }, { expr: usuario.usu_nombre, type: 'text' }, { expr: usuario.usu_id, type: 'int' }],
  desc: false,
  columns: columnsOf({
    usu_id: usuario.usu_id, usu_nombre: usuario.usu_nombre, usu_apellido: usuario.usu_apellido, usu_dni: usuario.usu_dni,
    usu_correo: usuario.usu_correo, usu_nivel: usuario.usu_nivel, usu_estado: usuario.usu_estado, tiu_id: usuario.tiu_id,
    pry_id: usuario.pry_id, pry_nombre: proyecto.pry_nombre, pve_razon_social: proveedor.pve_razon_social,
    roles: sql<string>`coalesce((select string_agg(r.rol_nombre, ', ' order by r.rol_id) from usuario_rol ur join rol r on r.rol_id = ur.rol_id where ur.usu_id = ${usuario.usu_id}), '')`,
  }),
  join: sql`join ${usuario} on ${usuario.usu_id} = page.k2 left join ${proyecto} on ${proyecto.pry_id} = ${usuario.pry_id}
    left join ${proveedor} on ${proveedor.pve_id} = ${usuario.pve_id}`,
};

export function searchUsers(
  db: Executor,
  f: { search: string; usu_estado: number | null; tiu_id: number | null; scope: ProjectScope },
  page: ListRequest,
): Promise<Paged<UsuarioRow>> {
  // Staff and supplier accounts only: customer accounts (tiu_id 2) are not managed here.
  const where: SQL[] = [f.tiu_id === null ? inArray(usuario.tiu_id, [1, 3]) : eq(usuario.tiu_id, f.tiu_id)];
  if (f.search) where.push(sql`${searchExpr} like ${likePattern(f.search)}`);
  if (f.usu_estado !== null) where.push(eq(usuario.usu_estado, f.usu_estado));
  return listPage<UsuarioRow>(db, usuarioList, [...where, projectFilter(f.scope, usuario.pry_id)], page);
}

export async function findUser(db: Executor, usuId: number) {
  const [row] = await db.select().from(usuario).where(eq(usuario.usu_id, usuId));
  if (!row) return undefined;
  const [roles, options] = await Promise.all([
    db.select({ rol_id: usuarioRol.rol_id }).from(usuarioRol).where(eq(usuarioRol.usu_id, usuId)).orderBy(usuarioRol.rol_id),
    db.select({ opc_id: usuarioOpcion.opc_id }).from(usuarioOpcion).where(eq(usuarioOpcion.usu_id, usuId)).orderBy(usuarioOpcion.opc_id),
  ]);
  return { ...row, roleIds: roles.map((r) => r.rol_id), optionIds: options.map((o) => o.opc_id) };
}

export async function findLogin(db: Executor, correo: string) {
  const [row] = await db
    .select({ usu_id: usuario.usu_id, hash: usuario.usu_password_hash, usu_estado: usuario.usu_estado, usu_confirmado: usuario.usu_confirmado, usu_token_version: usuario.usu_token_version })
    .from(usuario)
    .where(sql`lower(${usuario.usu_correo}) = ${correo.toLowerCase()}`);
  return row;
}

export async function emailInUse(db: Executor, correo: string, exceptId?: number): Promise<boolean> {
  const conds = [sql`lower(${usuario.usu_correo}) = ${correo.toLowerCase()}`];
  if (exceptId) conds.push(ne(usuario.usu_id, exceptId));
  const rows = await db.select({ id: usuario.usu_id }).from(usuario).where(and(...conds)).limit(1);
  return rows.length > 0;
}

export async function dniInUse(db: Executor, dni: string): Promise<boolean> {
  const rows = await db.select({ id: usuario.usu_id }).from(usuario).where(and(eq(usuario.usu_dni, dni), eq(usuario.tiu_id, 1))).limit(1);
  return rows.length > 0;
}

export async function insertUser(db: Executor, row: typeof usuario.$inferInsert): Promise<number> {
  const [r] = await db.insert(usuario).values(row).returning({ usu_id: usuario.usu_id });
  return r.usu_id;
}

/** Applies a change only if nobody saved the user since `version` was read; false otherwise. */
export async function updateUserVersioned(
  db: Executor,
  usuId: number,
  version: number,
  fields: Partial<typeof usuario.$inferInsert>,
  bumpToken: boolean,
): Promise<boolean> {
  const rows = await db
    .update(usuario)
    .set({
      ...fields,
      usu_version: sql`${usuario.usu_version} + 1`,
      usu_fecha_modificacion: sql`now()`,
      ...(bumpToken ? { usu_token_version: sql`${usuario.usu_token_version} + 1` } : {}),
    })
    .where(and(eq(usuario.usu_id, usuId), eq(usuario.usu_version, version)))
    .returning({ usu_id: usuario.usu_id });
  return rows.length === 1;
}

/** Sets an account's state; a change ends its open sessions (DECISIONS §1). False when it was already so. */
export async function setState(db: Executor, usuId: number, estado: number): Promise<boolean> {
  const rows = await db
    .update(usuario)
    .set({ usu_estado: estado, usu_version: sql`${usuario.usu_version} + 1`, usu_token_version: sql`${usuario.usu_token_version} + 1`, usu_fecha_modificacion: sql`now()` })
    .where(and(eq(usuario.usu_id, usuId), ne(usuario.usu_estado, estado)))
    .returning({ usu_id: usuario.usu_id });
  return rows.length === 1;
}

export async function setPassword(db: Executor, usuId: number, passwordHash: string): Promise<number> {
  const [r] = await db
    .update(usuario)
    .set({ usu_password_hash: passwordHash, usu_token_version: sql`${usuario.usu_token_version} + 1`, usu_fecha_modificacion: sql`now()` })
    .where(eq(usuario.usu_id, usuId))
    .returning({ ver: usuario.usu_token_version });
  return r.ver;
}

export async function setSignature(db: Executor, usuId: number, key: string): Promise<string | null> {
  const [old] = await db.select({ key: usuario.usu_firma }).from(usuario).where(eq(usuario.usu_id, usuId));
  await db.update(usuario).set({ usu_firma: key }).where(eq(usuario.usu_id, usuId));
  return old?.key ?? null;
}

export async function replaceRoles(db: Executor, usuId: number, roleIds: number[]): Promise<void> {
  await db.delete(usuarioRol).where(eq(usuarioRol.usu_id, usuId));
  if (roleIds.length) await db.insert(usuarioRol).values(roleIds.map((rol_id) => ({ usu_id: usuId, rol_id })));
}

export async function replaceOptions(db: Executor, usuId: number, optionIds: number[]): Promise<void> {
  await db.delete(usuarioOpcion).where(eq(usuarioOpcion.usu_id, usuId));
  if (optionIds.length) await db.insert(usuarioOpcion).values(optionIds.map((opc_id) => ({ usu_id: usuId, opc_id })));
}

/** The roles of these ids that exist, with their name and state. */
export async function existingRoles(db: Executor, ids: number[]): Promise<{ id: number; nombre: string; estado: number }[]> {
  if (!ids.length) return [];
  return db.select({ id: rol.rol_id, nombre: rol.rol_nombre, estado: rol.rol_estado }).from(rol).where(inArray(rol.rol_id, ids));
}

export async function activeUsersWithRole(db: Executor, rolId: number) {
  return db
    .select({ id_usuario: usuario.usu_id, nombre: usuario.usu_nombre, apellido: usuario.usu_apellido })
    .from(usuario)
    .innerJoin(usuarioRol, eq(usuarioRol.usu_id, usuario.usu_id))
    .where(and(eq(usuarioRol.rol_id, rolId), eq(usuario.usu_estado, 1)))
    .orderBy(usuario.usu_apellido, usuario.usu_nombre);
}

/** Ends every token of the user (DECISIONS §1: the guard compares versions). */
export async function bumpTokenVersion(db: Executor, usuId: number): Promise<void> {
  await db.update(usuario).set({ usu_token_version: sql`${usuario.usu_token_version} + 1` }).where(eq(usuario.usu_id, usuId));
}

/** Any number uncommon enough: changes that could leave no SUPER run one at a time. */
const SUPER_LOCK = 70_512_026;

/**
 * Whether another active user than `usuId` holds SUPER, under a lock held to the end of the caller's transaction,
 * so two administrators removing SUPER from each other at once cannot both succeed (issue 26).
 */
export async function otroSuperActivo(tx: Executor, usuId: number): Promise<boolean> {
  await tx.execute(sql`select pg_advisory_xact_lock(${SUPER_LOCK})`);
  const rows = await selectRows(tx, sql`select 1 from usuario_rol ur join usuario u on u.usu_id = ur.usu_id
    where ur.rol_id = ${ROLE.SUPER} and u.usu_estado = 1 and u.usu_id <> ${usuId} limit 1`);
  return rows.length > 0;
}
