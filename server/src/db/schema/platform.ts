import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Document counters (DECISIONS §2): one row per series and year, locked while numbering. */
export const contador = pgTable('contador', {
  cnt_serie: varchar({ length: 40 }).notNull(),
  cnt_anio: integer().notNull(),
  cnt_ultimo: integer().notNull(),
}, (t) => [primaryKey({ columns: [t.cnt_serie, t.cnt_anio] })]);

/** Every login attempt, denied access and mutation: who, when, what, from where. */
export const auditoria = pgTable('auditoria', {
  aud_id: bigserial({ mode: 'number' }).primaryKey(),
  aud_fecha: timestamp({ withTimezone: true }).notNull().defaultNow(),
  aud_accion: varchar({ length: 30 }).notNull(),
  usu_id: integer(),
  aud_usuario: varchar({ length: 150 }),
  aud_ip: varchar({ length: 64 }),
  aud_metodo: varchar({ length: 10 }),
  aud_ruta: varchar({ length: 200 }),
  aud_modulo: varchar({ length: 40 }),
  aud_estado_http: integer(),
  aud_detalle: jsonb(),
  /** The document a change is about, as people name it ('000123-CC01-OC-2026', a user's e-mail); issue 26. */
  aud_documento: varchar({ length: 80 }),
}, (t) => [
  index('auditoria_accion_fecha_idx').on(t.aud_accion, t.aud_fecha),
  index('auditoria_usuario_fecha_idx').on(t.aud_usuario, t.aud_fecha),
  index('auditoria_ip_fecha_idx').on(t.aud_ip, t.aud_fecha),
  // The audit screen's filters, newest first (issue 26).
  index('auditoria_usu_id_idx').on(t.usu_id, t.aud_id.desc()),
  index('auditoria_modulo_id_idx').on(t.aud_modulo, t.aud_id.desc()),
  index('auditoria_documento_id_idx').on(t.aud_documento, t.aud_id.desc()),
]);

/** Outgoing mail when no SMTP server is configured (DECISIONS §8). */
export const correoSalida = pgTable('correo_salida', {
  cos_id: serial().primaryKey(),
  cos_fecha: timestamp({ withTimezone: true }).notNull().defaultNow(),
  cos_para: varchar({ length: 300 }).notNull(),
  cos_asunto: varchar({ length: 300 }).notNull(),
  cos_texto: text().notNull(),
  cos_html: text(),
  cos_adjuntos: jsonb().$type<{ nombre: string; clave: string; tipo: string }[]>().notNull().default([]),
  cos_estado: varchar({ length: 20 }).notNull().default('pendiente'),
  cos_error: text(),
  /**
   * The lease of the instance sending a waiting message (platform/mail.ts): claimed in a short statement, held while the
   * SMTP server answers without any lock or transaction, and taken over by another instance once it lapses.
   */
  cos_reclamado_hasta: timestamp({ withTimezone: true }),
}, (t) => [
  index('correo_salida_fecha_idx').on(t.cos_fecha),
  // The outbox screen: filtered by state, newest first (platform/mail-queries.ts), and searched by recipient or subject.
  index('correo_salida_estado_idx').on(t.cos_estado, t.cos_id.desc()),
  index('correo_salida_search_trgm').using('gin', sql`(lower(${t.cos_para} || ' ' || ${t.cos_asunto})) gin_trgm_ops`),
]);

/**
 * Settings an administrator changes from a screen (issue 24: the public address of links in mails), one row per
 * key; an environment variable, when set, wins over the stored value (docs/operations.md).
 */
export const ajuste = pgTable('ajuste', {
  aju_clave: varchar({ length: 60 }).primaryKey(),
  aju_valor: text().notNull(),
  aju_fecha: timestamp({ withTimezone: true }).notNull().defaultNow(),
  usu_id: integer(),
});
