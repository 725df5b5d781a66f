import { sql } from 'drizzle-orm';
import { selectRows, type Executor } from '../../db/client.ts';

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
};

/** One round trip: the user with the union of their roles' modules and options (DECISIONS §1). */
export async function findProfile(db: Executor, usuId: number): Promise<ProfileRow | undefined> {
  const rows = await selectRows<ProfileRow>(db, sql`
    select u.usu_id, u.usu_nivel, u.pry_id, u.tiu_id, u.pve_id, u.cli_id, u.usu_estado,
           u.usu_confirmado, u.usu_token_version,
           coalesce((select array_agg(ur.rol_id) from usuario_rol ur where ur.usu_id = u.usu_id), '{}') as role_ids,
           coalesce((select array_agg(distinct m.mod_codigo) from usuario_rol ur
                       join rol_modulo rm on rm.rol_id = ur.rol_id
                       join modulo m on m.mod_id = rm.mod_id
                      where ur.usu_id = u.usu_id), '{}') as modules,
           coalesce((select array_agg(distinct o.opc_codigo) from opcion o
                      where o.opc_id in (select ro.opc_id from usuario_rol ur join rol_opcion ro on ro.rol_id = ur.rol_id where ur.usu_id = u.usu_id
                                         union select uo.opc_id from usuario_opcion uo where uo.usu_id = u.usu_id)), '{}') as options
      from usuario u where u.usu_id = ${usuId}`);
  return rows[0];
}
