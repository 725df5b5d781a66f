import type { RolFila } from '@obra/domain';
import { ROL_PERSONALIZADO_DESDE, ROLE, ROLES_FIJOS } from '@obra/domain';
import { sql } from 'drizzle-orm';
import { selectRows, type Executor } from '../../db/client.ts';

/** A list of codes as one text[] parameter each (never spliced into the SQL text). */
const textArray = (values: string[]) => sql`array[${sql.join(values.map((v) => sql`${v}`), sql`, `)}]::text[]`;

/** The columns of a role row: its users (active staff) and modules counted. */
const fila = sql`r.rol_id, r.rol_nombre, r.rol_descripcion, r.rol_estado::int as rol_estado, r.rol_requiere_segundo_factor,
  r.rol_version, r.rol_id < ${ROL_PERSONALIZADO_DESDE} as rol_sistema, r.rol_id in (${sql.raw(ROLES_FIJOS.map(Number).join(', '))}) as rol_fijo,
  (select count(*)::int from usuario_rol ur join usuario u on u.usu_id = ur.usu_id where ur.rol_id = r.rol_id and u.usu_estado = 1) as usuarios,
  (select count(*)::int from rol_modulo rm where rm.rol_id = r.rol_id) as modulos`;

/** Every role (a few dozen at most), by name and state; PROVEEDOR is the portal's and not listed. */
export function buscar(db: Executor, f: { search: string | null; est_id: 0 | 1 | null }): Promise<RolFila[]> {
  return selectRows<RolFila>(db, sql`select ${fila} from rol r
    where r.rol_id <> ${ROLE.PROVEEDOR}
      ${f.search ? sql`and r.rol_nombre ilike ${`%${f.search.replace(/[\\%_]/g, '\\$&')}%`}` : sql``}
      ${f.est_id === null ? sql`` : sql`and r.rol_estado = ${f.est_id}`}
    order by r.rol_id`);
}

export interface RolGuardado extends RolFila {
  rol_version: number;
  modulos_codigos: string[];
  opciones_codigos: string[];
}

export async function obtener(db: Executor, rolId: number, forUpdate = false): Promise<RolGuardado | undefined> {
  const [r] = await selectRows<RolGuardado>(db, sql`select ${fila},
      coalesce((select array_agg(m.mod_codigo order by m.mod_id) from rol_modulo rm join modulo m on m.mod_id = rm.mod_id where rm.rol_id = r.rol_id), '{}') as modulos_codigos,
      coalesce((select array_agg(o.opc_codigo order by o.opc_id) from rol_opcion ro join opcion o on o.opc_id = ro.opc_id where ro.rol_id = r.rol_id), '{}') as opciones_codigos
    from rol r where r.rol_id = ${rolId} ${forUpdate ? sql`for update` : sql``}`);
  return r;
}

export async function nombreUsado(db: Executor, nombre: string, salvo: number | null): Promise<boolean> {
  const rows = await selectRows(db, sql`select 1 from rol where lower(rol_nombre) = lower(${nombre}) ${salvo === null ? sql`` : sql`and rol_id <> ${salvo}`}`);
  return rows.length > 0;
}

export async function nuevoId(db: Executor): Promise<number> {
  const [r] = await selectRows<{ id: string }>(db, sql`select nextval('rol_personalizado_seq')::text as id`);
  return Number(r!.id);
}

/** Writes a role's grants whole (module and option codes already checked). */
export async function reemplazarPermisos(db: Executor, rolId: number, modulos: string[], opciones: string[]): Promise<void> {
  await db.execute(sql`delete from rol_modulo where rol_id = ${rolId}`);
  await db.execute(sql`delete from rol_opcion where rol_id = ${rolId}`);
  if (modulos.length) {
    await db.execute(sql`insert into rol_modulo (rol_id, mod_id) select ${rolId}, mod_id from modulo where mod_codigo = any(${textArray(modulos)})`);
  }
  if (opciones.length) {
    await db.execute(sql`insert into rol_opcion (rol_id, opc_id) select ${rolId}, opc_id from opcion where opc_codigo = any(${textArray(opciones)})`);
  }
}

export async function insertar(db: Executor, rolId: number, r: { rol_nombre: string; rol_descripcion: string | null; rol_requiere_segundo_factor: boolean }) {
  await db.execute(sql`insert into rol (rol_id, rol_nombre, rol_descripcion, rol_requiere_segundo_factor, rol_editado)
    values (${rolId}, ${r.rol_nombre}, ${r.rol_descripcion}, ${r.rol_requiere_segundo_factor}, true)`);
}

/** Saves the editor's fields; `permisos`: its grants change too, so the start-up refresh leaves them from now on. */
export async function actualizar(db: Executor, r: {
  rol_id: number; rol_nombre: string; rol_descripcion: string | null; rol_estado: number; rol_requiere_segundo_factor: boolean;
}, permisos: boolean) {
  await db.execute(sql`update rol set rol_nombre = ${r.rol_nombre}, rol_descripcion = ${r.rol_descripcion}, rol_estado = ${r.rol_estado},
      rol_requiere_segundo_factor = ${r.rol_requiere_segundo_factor}, rol_version = rol_version + 1
      ${permisos ? sql`, rol_editado = true` : sql``}
    where rol_id = ${r.rol_id}`);
}
