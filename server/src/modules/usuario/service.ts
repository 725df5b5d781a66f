import { hash, verify } from '@node-rs/argon2';
import type { AccessProfile, ChangePassword, Usuario, UsuarioBuscar, UsuarioEstado, UsuarioModificar, UsuarioRegistrar } from '@obra/domain';
import { MSG, OPTIONS, enlaceFirma, ROL_MSG, ROLE, TIPO_USUARIO, USUARIO_SIN_PROYECTO, hasModule, isCorporate, isSuper, lacksProject } from '@obra/domain';
import type { Executor } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { loadProfileById } from '../../platform/auth/access.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import type { CheckedFile } from '../../platform/files.ts';
import { assertInProject, projectScope } from '../../platform/scope.ts';
import { cerrarSesiones, renovarSesion } from '../../platform/auth/sesiones.ts';
import { comprobarPassword } from '../../platform/passwords.ts';
import { restablecer as restablecerSegundoFactor } from '../auth/segundo-factor.ts';
import { registrarCambios } from '../../platform/audit.ts';
import * as q from './queries.ts';

type User = NonNullable<Awaited<ReturnType<typeof q.findUser>>>;

/**
 * A user outside the caller's project scope answers 404 (DECISIONS §1). Supplier accounts are
 * found only where asked (view, activate), never to be modified as staff.
 */
async function findInScope(deps: Deps, caller: AccessProfile, usuId: number, suppliers = false): Promise<User> {
  const user = await q.findUser(deps.database.db, usuId);
  const types = suppliers ? [TIPO_USUARIO.personal, TIPO_USUARIO.proveedor] : [TIPO_USUARIO.personal];
  if (!user || !types.some((t) => t === user.tiu_id)) throw notFound('No se encontró el usuario');
  assertInProject(projectScope(caller), user.pry_id, 'el usuario');
  return user;
}

/**
 * What a caller may grant: only SUPER grants SUPER; only a corporate user grants level 1 or
 * another project; nobody grants options that do not exist.
 */
function checkGrants(caller: AccessProfile, u: { usu_nivel: number; pry_id: number | null; lista_usuario_rol: { rol_id: number }[]; opciones: number[] }) {
  if (u.lista_usuario_rol.some((r) => r.rol_id === ROLE.SUPER) && !isSuper(caller)) {
    throw forbidden('Solo un usuario SUPER puede asignar el rol SUPER');
  }
  if (u.lista_usuario_rol.some((r) => r.rol_id === ROLE.PROVEEDOR)) throw badRequest('El rol PROVEEDOR es solo para cuentas de proveedor');
  // The user schemas refuse it too; this also covers users created with an employee.
  if (lacksProject(u)) throw badRequest(USUARIO_SIN_PROYECTO);
  if (!isCorporate(caller) && (u.usu_nivel === 1 || u.pry_id !== caller.pry_id)) {
    throw forbidden('Solo un usuario corporativo puede crear usuarios corporativos o de otro proyecto');
  }
  const known = new Set<number>(OPTIONS.map((o) => o.opc_id));
  if (u.opciones.some((id) => !known.has(id))) throw badRequest('Una de las opciones no existe');
}

/** Every role exists; an inactive one is refused unless the user already holds it (issue 26, roles editor). */
async function checkRolesExist(deps: Deps, ids: number[], held: number[] = []) {
  const found = await q.existingRoles(deps.database.db, ids);
  if (found.length !== new Set(ids).size) throw badRequest('Uno de los roles no existe');
  const inactive = found.find((r) => r.estado !== 1 && !held.includes(r.id));
  if (inactive) throw badRequest(ROL_MSG.inactivo(inactive.nombre));
}

export async function search(deps: Deps, caller: AccessProfile, f: UsuarioBuscar) {
  return q.searchUsers(deps.database.db, { ...f, scope: projectScope(caller) }, f);
}

export async function get(deps: Deps, caller: AccessProfile, usuId: number): Promise<Usuario> {
  const u = await findInScope(deps, caller, usuId, true);
  return {
    usu_id: u.usu_id, usu_nombre: u.usu_nombre, usu_apellido: u.usu_apellido, usu_dni: u.usu_dni, usu_correo: u.usu_correo,
    usu_nivel: u.usu_nivel, usu_estado: u.usu_estado, tiu_id: u.tiu_id, pry_id: u.pry_id, pve_id: u.pve_id, cli_id: u.cli_id,
    lista_usuario_rol: u.roleIds.map((rol_id) => ({ rol_id })), opciones: u.optionIds, tiene_firma: u.usu_firma !== null,
    // A link to the image, never the storage key: it serves the file through the same gate as POST obtenerFirma.
    firma: u.usu_firma === null ? null : enlaceFirma(u.usu_id),
    usu_version: u.usu_version,
  };
}

/**
 * Checks a new staff user and hashes its password; the returned `insert` writes it inside the
 * caller's transaction, so a module can create a record and its user at once (employees).
 */
export async function prepareRegister(deps: Deps, caller: AccessProfile, input: UsuarioRegistrar['usuario']) {
  checkGrants(caller, input);
  const roleIds = input.lista_usuario_rol.map((r) => r.rol_id);
  await checkRolesExist(deps, roleIds);
  const db = deps.database.db;
  if (await q.emailInUse(db, input.usu_correo)) throw conflict(MSG.emailTaken);
  if (await q.dniInUse(db, input.usu_dni)) throw conflict(MSG.dniTaken);
  await comprobarPassword(input.usu_password, { nombre: input.usu_nombre, apellido: input.usu_apellido, correo: input.usu_correo });
  const passwordHash = await hash(input.usu_password);
  return async (tx: Executor): Promise<number> => {
    const id = await q.insertUser(tx, {
      usu_nombre: input.usu_nombre, usu_apellido: input.usu_apellido, usu_dni: input.usu_dni, usu_correo: input.usu_correo,
      usu_password_hash: passwordHash, usu_nivel: input.usu_nivel, tiu_id: 1, pry_id: input.pry_id,
    });
    await q.replaceRoles(tx, id, roleIds);
    await q.replaceOptions(tx, id, input.opciones);
    return id;
  };
}

export async function register(deps: Deps, caller: AccessProfile, input: UsuarioRegistrar['usuario']) {
  const insert = await prepareRegister(deps, caller, input);
  return { usu_id: await deps.database.db.transaction(insert) };
}

export async function modify(deps: Deps, caller: AccessProfile, input: UsuarioModificar['usuario']) {
  const current = await findInScope(deps, caller, input.usu_id);
  checkGrants(caller, input);
  if (current.roleIds.includes(ROLE.SUPER) && !isSuper(caller)) throw forbidden('Solo un usuario SUPER puede modificar a otro SUPER');
  if (input.usu_id === caller.usu_id && input.usu_estado === 0) throw badRequest('No puede desactivar su propio usuario');
  const roleIds = input.lista_usuario_rol.map((r) => r.rol_id);
  await checkRolesExist(deps, roleIds, current.roleIds);
  const db = deps.database.db;
  if (await q.emailInUse(db, input.usu_correo, input.usu_id)) throw conflict(MSG.emailTaken);
  if (input.usu_password) await comprobarPassword(input.usu_password, { nombre: input.usu_nombre, apellido: input.usu_apellido, correo: input.usu_correo });
  const passwordHash = input.usu_password ? await hash(input.usu_password) : undefined;
  const sameRoles = roleIds.length === current.roleIds.length && roleIds.every((r) => current.roleIds.includes(r));
  // Access changes end the user's open sessions (DECISIONS §1).
  const bumpToken = !!passwordHash || !sameRoles || input.usu_estado !== current.usu_estado;
  await db.transaction(async (tx) => {
    const saved = await q.updateUserVersioned(tx, input.usu_id, input.usu_version, {
      usu_nombre: input.usu_nombre, usu_apellido: input.usu_apellido, usu_correo: input.usu_correo, usu_nivel: input.usu_nivel,
      usu_estado: input.usu_estado, pry_id: input.pry_id, ...(passwordHash ? { usu_password_hash: passwordHash } : {}),
    }, bumpToken);
    if (!saved) throw conflict();
    // SUPER is never taken from its last active holder (issue 26): neither by removing the role nor by deactivating.
    const dejaSuper = current.roleIds.includes(ROLE.SUPER) && (!roleIds.includes(ROLE.SUPER) || input.usu_estado !== 1);
    if (dejaSuper && !(await q.otroSuperActivo(tx, input.usu_id))) throw badRequest(ROL_MSG.ultimoSuper);
    await q.replaceRoles(tx, input.usu_id, roleIds);
    await q.replaceOptions(tx, input.usu_id, input.opciones);
    // Auditoría: the before and after of what changed, roles by name; a new password is named, never shown.
    const nombres = async (ids: number[]) => (await q.existingRoles(tx, ids)).map((r) => r.nombre).sort();
    const foto = (u: { usu_nombre: string; usu_apellido: string; usu_correo: string; usu_nivel: number; usu_estado: number; pry_id: number | null },
      roles: string[], opciones: number[]) => ({
      usu_nombre: u.usu_nombre, usu_apellido: u.usu_apellido, usu_correo: u.usu_correo, usu_nivel: u.usu_nivel,
      usu_estado: u.usu_estado, pry_id: u.pry_id, roles, opciones: [...opciones].sort((a, b) => a - b),
    });
    await registrarCambios(tx, {
      usuId: caller.usu_id, modulo: 'usuario', documento: input.usu_correo, ruta: '/api/usuario/modificar',
      antes: { ...foto(current, await nombres(current.roleIds), current.optionIds), ...(passwordHash && { contraseña: '(anterior)' }) },
      despues: { ...foto(input, await nombres(roleIds), input.opciones), ...(passwordHash && { contraseña: '(cambiada)' }) },
    });
  });
  // Other instances hear of it through the database's notification; this one forgets at once.
  deps.profiles.invalidate(input.usu_id);
  return { usu_id: input.usu_id };
}

/** Activates or deactivates a staff or supplier account; deactivating ends its sessions at once. */
export async function setState(deps: Deps, caller: AccessProfile, input: UsuarioEstado['usuario']) {
  const current = await findInScope(deps, caller, input.usu_id, true);
  if (input.usu_id === caller.usu_id) throw badRequest('No puede desactivar su propio usuario');
  if (current.roleIds.includes(ROLE.SUPER) && !isSuper(caller)) throw forbidden('Solo un usuario SUPER puede modificar a otro SUPER');
  await deps.database.db.transaction(async (tx) => {
    if (input.usu_estado !== 1 && current.roleIds.includes(ROLE.SUPER) && !(await q.otroSuperActivo(tx, input.usu_id))) {
      throw badRequest(ROL_MSG.ultimoSuper);
    }
    await q.setState(tx, input.usu_id, input.usu_estado);
  });
  deps.profiles.invalidate(input.usu_id);
  return { usu_id: input.usu_id, usu_estado: input.usu_estado };
}

/** Verifies the current password on the server (DECISIONS §1) and returns a fresh token. */
export async function changePassword(deps: Deps, caller: AccessProfile, input: ChangePassword, sid: string | null = null) {
  const db = deps.database.db;
  const user = await q.findUser(db, caller.usu_id);
  if (!user || !(await verify(user.usu_password_hash, input.password_actual))) throw badRequest(MSG.currentPasswordWrong);
  if (input.password_actual === input.password_nuevo) throw badRequest('La nueva contraseña debe ser distinta de la actual');
  await comprobarPassword(input.password_nuevo, { nombre: user.usu_nombre, apellido: user.usu_apellido, correo: user.usu_correo });
  const ver = await q.setPassword(db, caller.usu_id, await hash(input.password_nuevo));
  // This session goes on with the new version; every other one ends with the old.
  if (sid) await renovarSesion(db, sid, caller.usu_id, ver);
  deps.profiles.invalidate(caller.usu_id);
  return { access_token: await deps.tokens.sign({ usu_id: caller.usu_id, ver, ...(sid ? { sid } : {}) }) };
}

export const SIGNATURE_RULE = {
  types: { 'image/png': 'png', 'image/jpeg': 'jpg' } as Record<string, string>,
  maxBytes: 2 * 1024 * 1024,
  typeMessage: MSG.signatureType,
  sizeMessage: MSG.signatureSize,
  missingMessage: 'Debe seleccionar la imagen de la firma',
};

export async function attachSignature(deps: Deps, caller: AccessProfile, usuId: number, file: CheckedFile) {
  await findInScope(deps, caller, usuId);
  const key = await deps.storage.put('firmas', file.extension, file.buffer);
  const old = await q.setSignature(deps.database.db, usuId, key);
  if (old) await deps.storage.remove(old);
  return { usu_id: usuId };
}

export async function getSignature(deps: Deps, caller: AccessProfile, usuId: number) {
  const user = await findInScope(deps, caller, usuId);
  const content = user.usu_firma ? await deps.storage.get(user.usu_firma) : null;
  if (!content || !user.usu_firma) throw notFound('El usuario no tiene firma registrada');
  return { content, mime: user.usu_firma.endsWith('.png') ? 'image/png' : 'image/jpeg' };
}

/** Effective options of a user: one's own always; another's needs the users module. */
export async function options(deps: Deps, caller: AccessProfile, usuId: number) {
  if (usuId !== caller.usu_id) {
    if (!hasModule(caller, 'usuario')) throw forbidden(MSG.noModuleAccess);
    await findInScope(deps, caller, usuId);
  }
  const profile = usuId === caller.usu_id ? caller : await loadProfileById(deps.database.db, usuId);
  const codes = profile?.options ?? [];
  return OPTIONS.filter((o) => codes.includes(o.opc_codigo)).map(({ opc_id, opc_codigo }) => ({ opc_id, opc_codigo }));
}

export function byRole(deps: Deps, rolId: number) {
  return q.activeUsersWithRole(deps.database.db, rolId);
}

/**
 * An administrator ends every session of a user (issue 26; a lost or shared device): the token version goes up, so
 * every token the user holds stops working on every instance, and the sessions are marked closed.
 */
export async function closeSessions(deps: Deps, caller: AccessProfile, usuId: number) {
  const user = await findInScope(deps, caller, usuId, true);
  if (user.usu_id === caller.usu_id) throw badRequest('Para cerrar sus propias sesiones use Mis sesiones');
  const cerradas = await deps.database.db.transaction(async (tx) => {
    await q.bumpTokenVersion(tx, usuId);
    return cerrarSesiones(tx, usuId);
  });
  deps.profiles.invalidate(usuId);
  return { usu_id: usuId, sesiones_cerradas: cerradas };
}

/** An administrator resets a user's second factor (issue 26): scope as the users list; audited by the guard's mutation log. */
export async function resetSecondFactor(deps: Deps, caller: AccessProfile, usuId: number) {
  await findInScope(deps, caller, usuId, true);
  await restablecerSegundoFactor(deps, usuId);
  return { usu_id: usuId };
}
