import { sql } from 'drizzle-orm';
import { bigserial, boolean, date, index, integer, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';
import { usuario } from './access.ts';
import { correoSalida } from './platform.ts';

/**
 * Notifications (issue 25): one row per recipient, written by the transition that caused it, in its transaction
 * (platform/notificar.ts). The document is named by its kind, id and code; `ntf_enlace` is the screen that opens it.
 */
export const notificacion = pgTable('notificacion', {
  ntf_id: bigserial({ mode: 'number' }).primaryKey(),
  usu_id: integer().notNull().references(() => usuario.usu_id, { onDelete: 'cascade' }),
  ntf_tipo: varchar({ length: 30 }).notNull(),
  ntf_documento_tipo: varchar({ length: 30 }).notNull(),
  ntf_documento_id: integer().notNull(),
  ntf_codigo: varchar({ length: 80 }).notNull(),
  ntf_accion: varchar({ length: 200 }).notNull(),
  ntf_enlace: varchar({ length: 200 }).notNull(),
  /** Who caused it; null for the system (SUNAT's answer through the e-voucher worker). */
  usu_actor: integer().references(() => usuario.usu_id, { onDelete: 'set null' }),
  ntf_fecha: timestamp({ withTimezone: true }).notNull().defaultNow(),
  ntf_leida: boolean().notNull().default(false),
  ntf_fecha_leida: timestamp({ withTimezone: true }),
  /** The mail queued with it (null when the user turned that kind's mail off). */
  cos_id: integer().references(() => correoSalida.cos_id, { onDelete: 'set null' }),
}, (t) => [
  // The list by date and 'Marcar todas'.
  index('notificacion_usuario_idx').on(t.usu_id, t.ntf_id.desc()),
  // The bell's count and the unread-first list read only the unread rows.
  index('notificacion_no_leidas_idx').on(t.usu_id, t.ntf_id.desc()).where(sql`not ${t.ntf_leida}`),
  // The list with unread first: the same order as the key of modules/notificacion/queries.ts.
  index('notificacion_orden_idx').on(t.usu_id, sql`(case when ${t.ntf_leida} then 0 else 1 end)`, t.ntf_id),
  index('notificacion_correo_idx').on(t.cos_id).where(sql`${t.cos_id} is not null`),
]);

/** A user's choice of mail per kind; no row = the kind's default (domain NOTIFICACION_TIPOS). */
export const notificacionPreferencia = pgTable('notificacion_preferencia', {
  usu_id: integer().notNull().references(() => usuario.usu_id, { onDelete: 'cascade' }),
  npr_tipo: varchar({ length: 30 }).notNull(),
  npr_correo: boolean().notNull(),
}, (t) => [primaryKey({ columns: [t.usu_id, t.npr_tipo] })]);

/**
 * A daily job's run, claimed per (job, date, user) with INSERT ... ON CONFLICT DO NOTHING: of several instances
 * (or two runners racing) only one sends a user that day's summary.
 */
export const tareaDiaria = pgTable('tarea_diaria', {
  tad_tarea: varchar({ length: 40 }).notNull(),
  tad_fecha: date().notNull(),
  usu_id: integer().notNull().references(() => usuario.usu_id, { onDelete: 'cascade' }),
  cos_id: integer().references(() => correoSalida.cos_id, { onDelete: 'set null' }),
  tad_registro: timestamp({ withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.tad_tarea, t.tad_fecha, t.usu_id] }), index('tarea_diaria_correo_idx').on(t.cos_id).where(sql`${t.cos_id} is not null`)]);
