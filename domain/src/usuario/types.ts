/** A row of `/usuario/buscar`; `roles` is the names joined, e.g. "GERENCIA, CONTABILIDAD". */
export interface UsuarioRow {
  usu_id: number;
  usu_nombre: string;
  usu_apellido: string;
  usu_dni: string;
  usu_correo: string;
  usu_nivel: number;
  usu_estado: number;
  tiu_id: number;
  pry_id: number | null;
  pry_nombre: string | null;
  roles: string;
  /** The supplier's company of a supplier account (tiu_id 3). */
  pve_razon_social: string | null;
}

/** The reply of `/usuario/obtener`. */
export interface Usuario extends Omit<UsuarioRow, 'pry_nombre' | 'roles' | 'pve_razon_social'> {
  pve_id: number | null;
  cli_id: number | null;
  lista_usuario_rol: { rol_id: number }[];
  opciones: number[];
  tiene_firma: boolean;
  /**
   * The signature image (spec 1 "User" `firma`): null without one, else the link that serves it
   * (`GET /api/usuario/obtenerFirma?usu_id=N`, with the session's token and the users module, as the POST).
   */
  firma: string | null;
  usu_version: number;
}
