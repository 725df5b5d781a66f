/**
 * Where the product answers a spec entity otherwise, on purpose (issue 27). Each reason is also in
 * docs/business-rules.md "Nombres del contrato (issue 27)".
 */

/** An entity of spec-fields.json. */
export interface Entidad {
  spec: number;
  entity: string;
  label: string | null;
  fields: string[];
  nested: Record<string, string[]>;
  notes: { text: string; fields: string[] }[];
  parts: { part: string; fields: string[]; nested: Record<string, string[]> }[];
}

/** Entities whose fields no call of the spec reads or writes as one object: why they are not checked. */
export const NO_VERIFICABLE: Record<string, string> = {
  '1:Order file': 'file_name y size son de la lista de archivos, que la base de demostración no trae; lo prueba orden/documentos.test',
  '3:Supplier user': 'solo entrada de /proveedor2/crearCuenta (crea una cuenta pública y envía un correo); lo prueba proveedor_portal/cuenta.test',
};

/** Fields of an entity the product deliberately does not answer, with the reason. */
export const EXCEPCIONES: Record<string, Record<string, string>> = {
  '1:User': {
    usu_password: 'una contraseña nunca se devuelve (ni su hash)',
    roles: 'campo de la sesión (respuesta de /oauth/token); /usuario/obtener responde lista_usuario_rol',
    modulo_grupos: 'campo de la sesión (respuesta de /oauth/token), no del registro del usuario',
  },
  '1:Payment order': {
    opg_url_pdf: 'el documento adjunto se descarga con POST /ordenPago/archivo y la sesión; guardar una URL lo abriría sin control de acceso',
  },
  '2:Employee': {
    usu_password: 'una contraseña nunca se devuelve (ni su hash)',
    genera_usuario: 'instrucción del formulario (crear también su usuario), no un dato guardado; obtener responde usu_id, que dice si lo tiene',
  },
};
