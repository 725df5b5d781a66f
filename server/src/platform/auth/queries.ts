import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { usuario } from '../../db/schema/index.ts';

export type ProfileRow = {
  usu_id: number;
  usu_nivel: number;
  pry_id: number | null;
  tiu_id: number;
  pve_id: number | null;
  cli_id: number | null;
  usu_estado: number;
  usu_confirmado: boolean;
  usu_token_version: number;
  role_ids: number[];
  modules: string[];
  options: string[];
  /** Sessions of the user closed before their tokens expire (issue 26): their tokens no longer work. */
  closed_sessions: string[];
};

/**
 * One round trip: the user with the union of their roles' modules and options (DECISIONS §1).
 * A named prepared statement (the guard runs it on every cache miss), so PostgreSQL parses and
 * plans it once per connection.
 */
function prepareProfile(db: Db) {
  return db.select({
    usu_id: usuario.usu_id,
    usu_nivel: usuario.usu_nivel,
    pry_id: usuario.pry_id,
    tiu_id: usuario.tiu_id,
    pve_id: usuario.pve_id,
    cli_id: usuario.cli_id,
    usu_estado: usuario.usu_estado,
    usu_confirmado: usuario.usu_confirmado,
    usu_token_version: usuario.usu_token_version,
    // Only active roles grant anything (issue 26, roles editor); SUPER cannot be deactivated.
    role_ids: sql<number[]>`coalesce((select array_agg(ur.rol_id) from usuario_rol ur join rol r on r.rol_id = ur.rol_id
       where ur.usu_id = usuario.usu_id and r.rol_estado = 1), '{}')`,
    modules: sql<string[]>`coalesce((select array_agg(distinct m.mod_codigo) from usuario_rol ur join rol r on r.rol_id = ur.rol_id
        join rol_modulo rm on rm.rol_id = ur.rol_id join modulo m on m.mod_id = rm.mod_id
       where ur.usu_id = usuario.usu_id and r.rol_estado = 1), '{}')`,
    options: sql<string[]>`coalesce((select array_agg(distinct o.opc_codigo) from opcion o
       where o.opc_id in (select ro.opc_id from usuario_rol ur join rol r on r.rol_id = ur.rol_id join rol_opcion ro on ro.rol_id = ur.rol_id
                          where ur.usu_id = usuario.usu_id and r.rol_estado = 1
                          union select uo.opc_id from usuario_opcion uo where uo.usu_id = usuario.usu_id)), '{}')`,
    closed_sessions: sql<string[]>`coalesce((select array_agg(s.ses_id) from sesion s
       where s.usu_id = usuario.usu_id and s.ses_expira > now() and s.ses_cerrada is not null), '{}')`,
  }).from(usuario).where(eq(usuario.usu_id, sql.placeholder('usuId'))).prepare('perfil_acceso');
}

const prepared = new WeakMap<Db, ReturnType<typeof prepareProfile>>();

export async function findProfile(db: Db, usuId: number): Promise<ProfileRow | undefined> {
  let statement = prepared.get(db);
  if (!statement) {
    statement = prepareProfile(db);
    prepared.set(db, statement);
  }
  const [row] = await statement.execute({ usuId });
  return row && { ...row, role_ids: row.role_ids.map(Number) };
}
