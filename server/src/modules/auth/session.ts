import type { AccessProfile, MenuGroup, SessionReply } from '@obra/domain';
import { MODULE_GROUPS, MODULES, ROLE_NAMES, type ModuleDef } from '@obra/domain';

/** Menu of a user (spec 1 §3 modulo_grupos): their modules grouped, only those with a url. */
export function moduleGroups(profile: AccessProfile): MenuGroup[] {
  return MODULE_GROUPS.map((g) => ({
    mgp_id: g.mgp_id,
    mgp_nombre: g.mgp_nombre,
    modulos: MODULES.filter((m: ModuleDef) => m.mgp_id === g.mgp_id && m.mod_url && profile.modules.includes(m.mod_codigo))
      .map((m: ModuleDef) => ({ mod_id: m.mod_id, mod_nombre: m.mod_nombre, mod_codigo: m.mod_codigo, mod_url: m.mod_url! })),
  })).filter((g) => g.modulos.length > 0);
}

/** The login reply read by the web (spec 1 §7 "Session"). */
export function sessionReply(
  profile: AccessProfile,
  user: { usu_nombre: string; usu_apellido: string; usu_correo: string },
  token: { access_token: string; expires_in: number },
): SessionReply {
  return {
    access_token: token.access_token,
    token_type: 'bearer',
    expires_in: token.expires_in,
    id_usuario: profile.usu_id,
    /** Spec 3 §3 "Logged-in session fields" name it `usu_id` (spec 1 §7 reads `id_usuario`): both (issue 27). */
    usu_id: profile.usu_id,
    usu_nombre: user.usu_nombre,
    usu_apellido: user.usu_apellido,
    usu_nombre_completo: `${user.usu_nombre} ${user.usu_apellido}`,
    usu_correo: user.usu_correo,
    usu_nivel: profile.usu_nivel,
    pry_id: profile.pry_id,
    tiu_id: profile.tiu_id,
    pve_id: profile.pve_id,
    cli_id: profile.cli_id,
    // The built-in roles' codes (spec 1 §7); a role created in the editor carries no rule of its own and is not named here.
    roles: profile.roleIds.map((r) => ROLE_NAMES[r]).filter(Boolean).join(','),
    opciones: profile.options.join(','),
    modulos: profile.modules.join(','),
    modulo_grupos: moduleGroups(profile),
  };
}
