import { z } from 'zod';
import { pageFields } from '../common/envelope.ts';
import { MSG } from '../common/messages.ts';
import { coercedIdSchema, Id, intSchema } from '../common/ids.ts';
import { PASSWORD_MAX, PASSWORD_MIN, PASSWORD_MSG } from './password.ts';

/** Spec 1 §5: every missing field of the user form answers 'Faltan ingresar datos'. */
const missing = { error: MSG.missingUserData };
const text = (max: number) => z.string(missing).trim().min(1, MSG.missingUserData).max(max, `Máximo ${max} caracteres`);

export { PASSWORD_MAX, PASSWORD_MIN, PASSWORD_MSG, PASSWORD_RULE, passwordPersonal } from './password.ts';
/** A new password's length (password.ts); the server also refuses common ones and the user's own name or e-mail. */
export const password = z
  .string(missing)
  .min(1, MSG.missingUserData)
  .refine((v) => v.length >= PASSWORD_MIN, PASSWORD_MSG.corta)
  .refine((v) => v.length <= PASSWORD_MAX, PASSWORD_MSG.larga);

export const dni = z
  .string(missing)
  .trim()
  .min(1, MSG.missingUserData)
  .regex(/^(\d{8}|[A-Za-z0-9]{9,12})$/, 'El DNI debe tener 8 dígitos (carné de extranjería: 9 a 12 caracteres)');

export const correo = z.string(missing).trim().toLowerCase().min(1, MSG.missingUserData).pipe(z.email(MSG.email));

const roles = z
  .array(z.object({ rol_id: intSchema() }), missing)
  .min(1, MSG.missingUserData)
  .refine((l) => new Set(l.map((r) => r.rol_id)).size === l.length, 'Un rol se repite');

const common = {
  usu_nombre: text(100),
  usu_apellido: text(100),
  usu_correo: correo,
  usu_nivel: z.number(missing).int().min(0).max(9),
  pry_id: Id.nullable().default(null),
  lista_usuario_rol: roles,
  opciones: z.array(Id).default([]),
};

/** usu_nivel 1 is corporate (every project); any other level sees only its project (DECISIONS §1). */
export const NIVEL_CORPORATIVO = 1;
export const USUARIO_SIN_PROYECTO = 'Un usuario de nivel Proyecto debe tener un proyecto asignado';
/** A project-level user without a project would see nothing: refused on save. */
export const lacksProject = (u: { usu_nivel: number; pry_id: number | null }) => u.usu_nivel !== NIVEL_CORPORATIVO && u.pry_id === null;
const hasProjectIfNeeded = (u: { usu_nivel: number; pry_id: number | null }) => !lacksProject(u);
const projectRule: [typeof hasProjectIfNeeded, { message: string; path: string[] }] = [hasProjectIfNeeded, { message: USUARIO_SIN_PROYECTO, path: ['pry_id'] }];

export const UsuarioRegistrar = z.object({
  usuario: z.object({ ...common, usu_dni: dni, usu_password: password, tiu_id: z.literal(1).default(1) }, missing).refine(...projectRule),
});
export type UsuarioRegistrar = z.infer<typeof UsuarioRegistrar>;

/** DNI is not editable on modify (spec 1 §5); an empty password keeps the current one. */
export const UsuarioModificar = z.object({
  usuario: z.object({
    ...common,
    usu_id: Id,
    usu_version: Id,
    usu_estado: z.union([z.literal(0), z.literal(1)]).default(1),
    usu_password: z.union([z.literal(''), password]).optional(),
  }, missing).refine(...projectRule),
});
export type UsuarioModificar = z.infer<typeof UsuarioModificar>;

export const UsuarioObtener = z.object({ usuario: z.object({ usu_id: Id }) });

/** `GET /usuario/obtenerFirma?usu_id=N`: the link `/usuario/obtener` answers as `firma` (issue 27). */
export const UsuarioFirmaQuery = z.object({ usu_id: coercedIdSchema('Debe indicar el usuario') });

/** Where a user's signature image is read (spec 1 "User" `firma`): with the session, as POST `/usuario/obtenerFirma` {usuario:{usu_id}}. */
export const enlaceFirma = (usuId: number) => `/api/usuario/obtenerFirma?usu_id=${usuId}`;

/** tiu_id of the accounts: 1 staff, 3 supplier (DECISIONS §1). */
export const TIPO_USUARIO = { personal: 1, proveedor: 3 } as const;

export const UsuarioBuscar = z.object({
  search: z.string().trim().max(100).default(''),
  usu_estado: z.union([z.literal(0), z.literal(1)]).nullable().default(null),
  /** 1 staff, 3 supplier accounts, null both; staff by default, as the list always showed. */
  tiu_id: z.union([z.literal(TIPO_USUARIO.personal), z.literal(TIPO_USUARIO.proveedor)]).nullable().default(TIPO_USUARIO.personal),
  ...pageFields,
});
export type UsuarioBuscar = z.infer<typeof UsuarioBuscar>;

export const ChangePassword = z
  .object({
    password_actual: z.string({ error: MSG.required }).min(1, MSG.required),
    password_nuevo: password,
    password_confirmacion: z.string({ error: MSG.required }).min(1, MSG.required),
  })
  .refine((v) => v.password_nuevo === v.password_confirmacion, { message: MSG.passwordMismatch, path: ['password_confirmacion'] });
export type ChangePassword = z.infer<typeof ChangePassword>;

/** Activates or deactivates an account, staff or supplier; deactivating ends its sessions. */
export const UsuarioEstado = z.object({
  usuario: z.object({ usu_id: Id, usu_estado: z.union([z.literal(0), z.literal(1)], { error: MSG.required }) }),
});
export type UsuarioEstado = z.infer<typeof UsuarioEstado>;

export const ObtenerOpciones = z.object({ opcion_usuario: z.object({ usu_id: Id }) });

export const GetByRol = z.object({ id_role: intSchema() });

/** Login name: a name without '@' gets the company domain (spec 1 §5). */
export function loginEmail(username: string, companyDomain: string): string {
  const u = username.trim().toLowerCase();
  return u.includes('@') ? u : `${u}@${companyDomain}`;
}

/** '¿Olvidó su contraseña?' (issue 26): the texts of the request and of the reset. */
export const RESTABLECER_MSG = {
  /** The same reply whether the address has an account or not. */
  enviado: 'Si el correo pertenece a una cuenta, le enviamos un enlace para restablecer su contraseña. Vence en 30 minutos.',
  restablecido: 'Se restableció su contraseña; ingrese con la nueva',
  enlaceInvalido: 'El enlace para restablecer la contraseña no es válido',
  enlaceUsado: 'El enlace ya fue usado o fue reemplazado por uno más reciente; solicite otro',
  enlaceVencido: 'El enlace venció; solicite otro desde "¿Olvidó su contraseña?"',
} as const;

/** `/oauth/olvidePassword {usu_correo}`: a user's e-mail (or a name without '@', as on the login form). */
export const OlvidePassword = z.object({
  usu_correo: z.string({ error: MSG.required }).trim().min(1, MSG.required).max(150, 'El correo no debe superar 150 caracteres'),
});
export type OlvidePassword = z.infer<typeof OlvidePassword>;

/** `/oauth/restablecerPassword {token, password}`: the mailed link's token and the new password. */
export const RestablecerPassword = z.object({
  token: z.string({ error: MSG.required }).trim().min(20, RESTABLECER_MSG.enlaceInvalido).max(200, RESTABLECER_MSG.enlaceInvalido),
  password,
});
export type RestablecerPassword = z.infer<typeof RestablecerPassword>;

/** The reset page's form: the new password twice (the token comes from the link). */
export const RestablecerPasswordFormulario = z
  .object({ password, password_confirmacion: z.string({ error: MSG.required }).min(1, MSG.required) })
  .refine((v) => v.password === v.password_confirmacion, { message: MSG.passwordMismatch, path: ['password_confirmacion'] });
export type RestablecerPasswordFormulario = z.infer<typeof RestablecerPasswordFormulario>;

/** Sessions (issue 26): a user's own, and an administrator's 'close all of a user's'. */
export const SESION_MSG = {
  cerrada: 'Se cerró la sesión',
  noExiste: 'La sesión no existe o ya terminó',
  todasCerradas: 'Se cerraron todas las sesiones del usuario',
} as const;
export const SesionCerrar = z.object({ sesion: z.object({ ses_id: z.string({ error: MSG.required }).regex(/^[0-9a-f]{32}$/, SESION_MSG.noExiste) }) });
export const UsuarioCerrarSesiones = z.object({ usuario: z.object({ usu_id: Id }) });

/** A row of 'Mis sesiones'. */
export interface SesionFila {
  ses_id: string;
  ses_ip: string;
  ses_dispositivo: string;
  ses_inicio: string;
  ses_ultimo_uso: string;
  /** The session this request came from. */
  actual: boolean;
}

/** Second factor (TOTP, issue 26): its texts and payloads. */
export const SEGUNDO_FACTOR_MSG = {
  pideCodigo: 'Ingrese el código de 6 dígitos de su aplicación de autenticación',
  pideEnrolar: 'Su rol exige un segundo factor: configúrelo para continuar',
  codigoInvalido: 'El código no es válido o ya fue usado',
  desafioVencido: 'La verificación venció; ingrese de nuevo su contraseña',
  yaActivo: 'Ya tiene el segundo factor activo',
  sinIniciar: 'Primero genere el código QR',
  activado: 'Se activó el segundo factor',
  desactivado: 'Se desactivó el segundo factor',
  requerido: 'Su rol exige el segundo factor: no puede desactivarlo',
  codigosNuevos: 'Se generaron nuevos códigos de recuperación',
  restablecido: 'Se restableció el segundo factor del usuario; lo configurará de nuevo',
  passwordIncorrecta: 'La contraseña no es correcta',
} as const;

const codigoTotp = z.string({ error: MSG.required }).trim().regex(/^\d{6}$/, SEGUNDO_FACTOR_MSG.codigoInvalido);
const desafio = z.string({ error: SEGUNDO_FACTOR_MSG.desafioVencido }).min(20, SEGUNDO_FACTOR_MSG.desafioVencido).max(2000, SEGUNDO_FACTOR_MSG.desafioVencido);

/** `/oauth/segundoFactor {desafio, codigo | codigo_recuperacion, recordar}`: the login's second step. */
export const SegundoFactorVerificar = z.object({
  desafio,
  codigo: codigoTotp.optional(),
  codigo_recuperacion: z.string().trim().toLowerCase().regex(/^[a-z0-9]{5}-?[a-z0-9]{5}$/, SEGUNDO_FACTOR_MSG.codigoInvalido).optional(),
  recordar: z.boolean().default(false),
}).refine((v) => v.codigo || v.codigo_recuperacion, { message: SEGUNDO_FACTOR_MSG.pideCodigo, path: ['codigo'] });
export type SegundoFactorVerificar = z.infer<typeof SegundoFactorVerificar>;

/** The enrolment a role demands at login: `/oauth/segundoFactor/enrolar {desafio}`, then `.../activar {desafio, codigo}`. */
export const SegundoFactorDesafio = z.object({ desafio });
export const SegundoFactorActivarDesafio = z.object({ desafio, codigo: codigoTotp });
/** A signed-in user's own enrolment: `/segundoFactor/activar {codigo}`. */
export const SegundoFactorActivar = z.object({ codigo: codigoTotp });
/** Turning it off or new recovery codes ask for the password again. */
export const SegundoFactorPassword = z.object({ password: z.string({ error: MSG.required }).min(1, MSG.required).max(200) });
export const UsuarioSegundoFactorRestablecer = z.object({ usuario: z.object({ usu_id: Id }) });

/** What enrolment shows: the secret as a QR code (an image as a data URL) and as text to type. */
export interface SegundoFactorAlta {
  secreto: string;
  uri: string;
  qr: string;
}
