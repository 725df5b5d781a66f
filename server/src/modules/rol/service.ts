import type { AccessProfile, Rol, RolFila, RolModificar, RolRegistrar } from '@obra/domain';
import { MODULES, OPTIONS, ROL_MSG, ROLE, ROLE_NAMES, isSuper } from '@obra/domain';
import type { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { registrarCambios } from '../../platform/audit.ts';
import { AppError, PG, badRequest, conflict, forbidden, notFound, pgErrorCode } from '../../platform/errors.ts';
import * as q from './queries.ts';

type Registrar = z.output<typeof RolRegistrar>['rol'];
type Modificar = z.output<typeof RolModificar>['rol'];

/**
 * Modules a role may grant: every staff module. The supplier portal's (group 8) belongs to PROVEEDOR alone, and
 * Inicio and the login (group 9) belong to everyone.
 */
const GRANTABLE = new Map<string, string>(MODULES.filter((m) => m.mgp_id !== 8 && m.mgp_id !== 9).map((m) => [m.mod_codigo, m.mod_nombre]));
const PORTAL = new Set<string>(MODULES.filter((m) => m.mgp_id === 8).map((m) => m.mod_codigo));
const OPTION_MODULE = new Map<string, { modulo: string; nombre: string }>(OPTIONS.map((o) => [o.opc_codigo, { modulo: o.mod_codigo, nombre: o.opc_nombre }]));

/** Every module and option known, staff modules only, and each option with its module. */
function validarPermisos(modulos: string[], opciones: string[]) {
  if (modulos.some((m) => PORTAL.has(m))) throw badRequest(ROL_MSG.moduloProveedor);
  if (modulos.some((m) => !GRANTABLE.has(m))) throw badRequest(ROL_MSG.modulo);
  for (const o of opciones) {
    const def = OPTION_MODULE.get(o);
    if (!def) throw badRequest(ROL_MSG.opcion);
    if (!modulos.includes(def.modulo)) throw badRequest(ROL_MSG.opcionSinModulo(def.nombre, GRANTABLE.get(def.modulo) ?? def.modulo));
  }
}

/** What the audit log keeps of a role, before and after a change. */
const foto = (r: { rol_nombre: string; rol_descripcion: string | null; rol_estado: number; rol_requiere_segundo_factor: boolean; modulos_codigos: string[]; opciones_codigos: string[] }) => ({
  rol_nombre: r.rol_nombre, rol_descripcion: r.rol_descripcion, rol_estado: r.rol_estado,
  rol_requiere_segundo_factor: r.rol_requiere_segundo_factor,
  modulos: [...r.modulos_codigos].sort(), opciones: [...r.opciones_codigos].sort(),
});

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));

/** A second role with the same name (also a built-in code: 'gerencia' is GERENCIA). */
async function comprobarNombre(db: Executor, nombre: string, salvo: number | null) {
  const builtIn = Object.entries(ROLE_NAMES).some(([id, code]) => Number(id) !== salvo && code.toLowerCase() === nombre.toLowerCase());
  if (builtIn || (await q.nombreUsado(db, nombre, salvo))) throw conflict(ROL_MSG.nombreUsado);
}

/** Two editors saving the same new name at once: the unique index answers for the second. */
function nombreRepetido(err: unknown): never {
  if (!(err instanceof AppError) && pgErrorCode(err) === PG.uniqueViolation) throw conflict(ROL_MSG.nombreUsado);
  throw err;
}

export function buscar(deps: Deps, f: { search: string | null; est_id: 0 | 1 | null }): Promise<RolFila[]> {
  return q.buscar(deps.database.db, f);
}

export async function obtener(deps: Deps, rolId: number): Promise<Rol> {
  const r = rolId === ROLE.PROVEEDOR ? undefined : await q.obtener(deps.database.db, rolId);
  if (!r) throw notFound(ROL_MSG.noEncontrado);
  return r;
}

export async function registrar(deps: Deps, caller: AccessProfile, input: Registrar): Promise<{ rol_id: number }> {
  validarPermisos(input.modulos, input.opciones);
  const db = deps.database.db;
  await comprobarNombre(db, input.rol_nombre, null);
  return db.transaction(async (tx) => {
    const rolId = await q.nuevoId(tx);
    await q.insertar(tx, rolId, input);
    await q.reemplazarPermisos(tx, rolId, input.modulos, input.opciones);
    const despues = foto({ ...input, rol_estado: 1, modulos_codigos: input.modulos, opciones_codigos: input.opciones });
    await registrarCambios(tx, { usuId: caller.usu_id, modulo: 'rol', documento: input.rol_nombre, ruta: '/api/rol/registrar', antes: {}, despues });
    return { rol_id: rolId };
  }).catch(nombreRepetido);
}

export async function modificar(deps: Deps, caller: AccessProfile, input: Modificar): Promise<{ rol_id: number }> {
  const db = deps.database.db;
  if (input.rol_id === ROLE.PROVEEDOR) throw forbidden(ROL_MSG.fijo);
  return db.transaction(async (tx) => {
    const actual = await q.obtener(tx, input.rol_id, true);
    if (!actual) throw notFound(ROL_MSG.noEncontrado);
    if (actual.rol_version !== input.rol_version) throw conflict();
    const permisosCambian = !sameSet(input.modulos, actual.modulos_codigos) || !sameSet(input.opciones, actual.opciones_codigos);
    if (actual.rol_id === ROLE.SUPER) {
      // SUPER has every module and option by rule (DECISIONS §1): only whether it demands a second factor changes.
      if (!isSuper(caller)) throw forbidden(ROL_MSG.superSoloSuper);
      if (input.rol_nombre !== actual.rol_nombre || input.rol_estado !== 1 || permisosCambian || (input.rol_descripcion ?? null) !== (actual.rol_descripcion ?? null)) {
        throw badRequest(ROL_MSG.superSoloFactor);
      }
    } else {
      if (actual.rol_sistema && input.rol_nombre !== actual.rol_nombre) throw badRequest(ROL_MSG.nombreFijo);
      if (!actual.rol_sistema && input.rol_nombre.toLowerCase() !== actual.rol_nombre.toLowerCase()) await comprobarNombre(tx, input.rol_nombre, actual.rol_id);
      if (permisosCambian) validarPermisos(input.modulos, input.opciones);
    }
    await q.actualizar(tx, input, permisosCambian);
    if (permisosCambian) await q.reemplazarPermisos(tx, input.rol_id, input.modulos, input.opciones);
    await registrarCambios(tx, {
      usuId: caller.usu_id, modulo: 'rol', documento: input.rol_nombre, ruta: '/api/rol/modificar',
      antes: foto(actual), despues: foto({ ...input, modulos_codigos: input.modulos, opciones_codigos: input.opciones }),
    });
    return { rol_id: input.rol_id };
  }).catch(nombreRepetido).finally(() => deps.profiles.invalidate('*'));
}
