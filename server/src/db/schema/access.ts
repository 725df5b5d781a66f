import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgSequence, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { proyecto, proveedor } from './organization.ts';
import { tipoUsuario } from './reference.ts';

export const rol = pgTable('rol', {
  rol_id: integer().primaryKey(),
  rol_nombre: varchar({ length: 40 }).notNull().unique(),
  /** Its users must sign in with a second factor (issue 26); optional by default. */
  rol_requiere_segundo_factor: boolean().notNull().default(false),
  /** The roles editor (issue 26): an inactive role grants nothing and cannot be given to more users. */
  rol_estado: smallint().notNull().default(1),
  rol_descripcion: varchar({ length: 200 }),
  /** An administrator changed its modules or options: the start-up refresh of reference data leaves them alone. */
  rol_editado: boolean().notNull().default(false),
  /** Optimistic concurrency of the editor. */
  rol_version: integer().notNull().default(1),
}, (t) => [uniqueIndex('rol_nombre_lower_uq').on(sql`lower(${t.rol_nombre})`)]);

/** Ids of the roles administrators create (ROL_PERSONALIZADO_DESDE): the built-in ones stay below 100. */
export const rolPersonalizadoSeq = pgSequence('rol_personalizado_seq', { startWith: 100 });

export const moduloGrupo = pgTable('modulo_grupo', {
  mgp_id: integer().primaryKey(),
  mgp_nombre: varchar({ length: 60 }).notNull(),
});

export const modulo = pgTable('modulo', {
  mod_id: integer().primaryKey(),
  mod_codigo: varchar({ length: 40 }).notNull().unique(),
  mod_nombre: varchar({ length: 80 }).notNull(),
  mod_url: varchar({ length: 80 }),
  mgp_id: integer().notNull().references(() => moduloGrupo.mgp_id),
});

export const opcion = pgTable('opcion', {
  opc_id: integer().primaryKey(),
  opc_codigo: varchar({ length: 60 }).notNull().unique(),
  opc_nombre: varchar({ length: 120 }).notNull(),
  mod_id: integer().notNull().references(() => modulo.mod_id),
});

export const rolModulo = pgTable('rol_modulo', {
  rol_id: integer().notNull().references(() => rol.rol_id),
  mod_id: integer().notNull().references(() => modulo.mod_id),
}, (t) => [primaryKey({ columns: [t.rol_id, t.mod_id] })]);

export const rolOpcion = pgTable('rol_opcion', {
  rol_id: integer().notNull().references(() => rol.rol_id),
  opc_id: integer().notNull().references(() => opcion.opc_id),
}, (t) => [primaryKey({ columns: [t.rol_id, t.opc_id] })]);

export const usuario = pgTable('usuario', {
  usu_id: serial().primaryKey(),
  usu_nombre: varchar({ length: 100 }).notNull(),
  usu_apellido: varchar({ length: 100 }).notNull(),
  usu_dni: varchar({ length: 15 }).notNull(),
  usu_correo: varchar({ length: 150 }).notNull(),
  usu_password_hash: text().notNull(),
  usu_nivel: smallint().notNull().default(0),
  tiu_id: smallint().notNull().default(1).references(() => tipoUsuario.tiu_id),
  usu_estado: smallint().notNull().default(1),
  pry_id: integer().references(() => proyecto.pry_id),
  pve_id: integer().references(() => proveedor.pve_id),
  cli_id: integer(),
  usu_firma: text(),
  /** Bumped on password, role or status change: older tokens stop working (DECISIONS §1). */
  usu_token_version: integer().notNull().default(1),
  /** Optimistic concurrency: a modify must send the version it read. */
  usu_version: integer().notNull().default(1),
  /** Supplier accounts start unconfirmed (DECISIONS §7). */
  usu_confirmado: boolean().notNull().default(true),
  usu_fecha_registro: timestamp({ withTimezone: true }).notNull().defaultNow(),
  usu_fecha_modificacion: timestamp({ withTimezone: true }),
}, (t) => [
  uniqueIndex('usuario_correo_uq').on(sql`lower(${t.usu_correo})`),
  index('usuario_dni_idx').on(t.usu_dni),
  index('usuario_pry_idx').on(t.pry_id),
  index('usuario_pve_idx').on(t.pve_id),
  index('usuario_search_trgm').using('gin', sql`(lower(${t.usu_nombre} || ' ' || ${t.usu_apellido} || ' ' || ${t.usu_correo} || ' ' || ${t.usu_dni})) gin_trgm_ops`),
  // The users list: staff, by status, in name order (modules/usuario/queries.ts searchUsers).
  index('usuario_lista_idx').on(t.tiu_id, t.usu_estado, t.usu_apellido, t.usu_nombre, t.usu_id),
]);

export const usuarioRol = pgTable('usuario_rol', {
  usu_id: integer().notNull().references(() => usuario.usu_id, { onDelete: 'cascade' }),
  rol_id: integer().notNull().references(() => rol.rol_id),
}, (t) => [primaryKey({ columns: [t.usu_id, t.rol_id] }), index('usuario_rol_rol_idx').on(t.rol_id)]);

export const usuarioOpcion = pgTable('usuario_opcion', {
  usu_id: integer().notNull().references(() => usuario.usu_id, { onDelete: 'cascade' }),
  opc_id: integer().notNull().references(() => opcion.opc_id),
}, (t) => [primaryKey({ columns: [t.usu_id, t.opc_id] })]);

/**
 * Password reset links (issue 26, '¿Olvidó su contraseña?'): the mailed link carries a random token; only its
 * SHA-256 is kept. It works once, for 30 minutes; a newer link or a reset retires the older ones (`rpw_usado`).
 */
export const restablecimientoPassword = pgTable('restablecimiento_password', {
  rpw_id: serial().primaryKey(),
  usu_id: integer().notNull().references(() => usuario.usu_id, { onDelete: 'cascade' }),
  rpw_token_hash: varchar({ length: 64 }).notNull(),
  rpw_expira: timestamp({ withTimezone: true }).notNull(),
  rpw_usado: boolean().notNull().default(false),
  rpw_ip: varchar({ length: 64 }),
  rpw_fecha_registro: timestamp({ withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('restablecimiento_password_token_uq').on(t.rpw_token_hash), index('restablecimiento_password_usu_idx').on(t.usu_id, t.rpw_fecha_registro)]);

/**
 * Sessions (issue 26): one row per login, named by the token's `sid`. The user sees theirs and closes any; an
 * administrator closes all of a user's. Closing sets `ses_cerrada`, which the access guard reads with the user's
 * profile (a trigger tells every instance, as for any change of access); `ses_ultimo_uso` is touched at most once a
 * minute and tells no one.
 */
export const sesion = pgTable('sesion', {
  ses_id: varchar({ length: 32 }).primaryKey(),
  usu_id: integer().notNull().references(() => usuario.usu_id, { onDelete: 'cascade' }),
  ses_ip: varchar({ length: 64 }).notNull().default(''),
  ses_dispositivo: varchar({ length: 250 }).notNull().default(''),
  ses_inicio: timestamp({ withTimezone: true }).notNull().defaultNow(),
  ses_ultimo_uso: timestamp({ withTimezone: true }).notNull().defaultNow(),
  ses_expira: timestamp({ withTimezone: true }).notNull(),
  /** The user's token version its token carries: a password change or deactivation ends it without a write here. */
  ses_version: integer().notNull(),
  ses_cerrada: timestamp({ withTimezone: true }),
}, (t) => [index('sesion_usuario_idx').on(t.usu_id, t.ses_expira)]);

/**
 * Second factor (TOTP, RFC 6238; issue 26): the user's secret sealed with the instance's secrets key
 * (platform/secretos.ts), active once a first code confirmed it; `usf_paso` is the last time step accepted, so a
 * code works once.
 */
export const usuarioSegundoFactor = pgTable('usuario_segundo_factor', {
  usu_id: integer().primaryKey().references(() => usuario.usu_id, { onDelete: 'cascade' }),
  usf_secreto: text().notNull(),
  usf_activo: boolean().notNull().default(false),
  usf_paso: bigint({ mode: 'number' }).notNull().default(0),
  usf_fecha_alta: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Ten single-use recovery codes per user, shown once; only their SHA-256 is kept. */
export const usuarioCodigoRecuperacion = pgTable('usuario_codigo_recuperacion', {
  ucr_id: serial().primaryKey(),
  usu_id: integer().notNull().references(() => usuario.usu_id, { onDelete: 'cascade' }),
  ucr_hash: varchar({ length: 64 }).notNull(),
  ucr_usado: timestamp({ withTimezone: true }),
}, (t) => [index('usuario_codigo_recuperacion_usu_idx').on(t.usu_id)]);

/** 'Recordar este navegador 30 días': the browser's cookie token (SHA-256 kept) skips the code until it expires. */
export const navegadorRecordado = pgTable('navegador_recordado', {
  nar_hash: varchar({ length: 64 }).primaryKey(),
  usu_id: integer().notNull().references(() => usuario.usu_id, { onDelete: 'cascade' }),
  nar_expira: timestamp({ withTimezone: true }).notNull(),
}, (t) => [index('navegador_recordado_usu_idx').on(t.usu_id)]);
