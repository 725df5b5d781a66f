/** A menu entry of the login reply (spec 1 §3 modulo_grupos); only modules with a url. */
export interface MenuModule {
  mod_id: number;
  mod_nombre: string;
  mod_codigo: string;
  mod_url: string;
}

export interface MenuGroup {
  mgp_id: number;
  mgp_nombre: string;
  modulos: MenuModule[];
}

/** The reply of `POST /api/oauth/token` and `/api/oauth/session` (spec 1 §7 "Session"). */
export interface SessionReply {
  access_token: string;
  token_type: string;
  expires_in: number;
  id_usuario: number;
  /** The same id under spec 3's name. */
  usu_id: number;
  usu_nombre: string;
  usu_apellido: string;
  usu_nombre_completo: string;
  usu_correo: string;
  usu_nivel: number;
  pry_id: number | null;
  tiu_id: number;
  pve_id: number | null;
  cli_id: number | null;
  /** Comma-separated role names, e.g. "SUPER,GERENCIA". */
  roles: string;
  /** Comma-separated option codes. */
  opciones: string;
  /** Comma-separated module codes. */
  modulos: string;
  modulo_grupos: MenuGroup[];
}
