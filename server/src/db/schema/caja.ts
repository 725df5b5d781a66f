import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { usuario } from './access.ts';
import { centroCosto } from './centro-costo.ts';
import { proyecto } from './organization.ts';
import { estadoDocumento, moneda, tipoCaja, tipoDocumento } from './reference.ts';

/**
 * Petty cash boxes and their settlement (spec 2 §2, §3 "Petty cash", "Expense report", DECISIONS §5).
 * `caj_estado` is an `estado_documento` code (CRE, CPA, CAP, CDE, CCA, CDP, RPA, RAP, RDE, CRB, CDV). The
 * settlement is 1:1 with its cash box, so its header (total, request, approval, the PDF) lives on the
 * row; its documents are `rendicion_detalle`. `pry_id` is the cost centre's project, kept for scope.
 * `ren_total` is the sum of the documents, written with them by the server.
 */
export const caja = pgTable('caja', {
  caj_id: serial().primaryKey(),
  caj_codigo: varchar({ length: 20 }).notNull(),
  caj_titulo: varchar({ length: 150 }).notNull(),
  caj_descripcion: varchar({ length: 400 }).notNull().default(''),
  caj_monto: numeric({ precision: 14, scale: 2 }).notNull(),
  mon_id: integer().notNull().references(() => moneda.mon_id),
  cec_id: integer().notNull().references(() => centroCosto.cec_id),
  pry_id: integer().notNull().references(() => proyecto.pry_id),
  tca_id: integer().notNull().references(() => tipoCaja.tca_id),
  usu_gerente: integer().notNull().references(() => usuario.usu_id),
  usu_solicitante: integer().notNull().references(() => usuario.usu_id),
  usu_creador: integer().notNull().references(() => usuario.usu_id),
  caj_estado: varchar({ length: 3 }).notNull().references(() => estadoDocumento.edo_codigo),
  caj_fecha_registro: timestamp({ withTimezone: true }).notNull().defaultNow(),
  caj_fecha_aprobacion: timestamp({ withTimezone: true }),
  usu_aprobador: integer().references(() => usuario.usu_id),
  /** The last disapproval's reason (cash or settlement), shown on the detail. */
  caj_observacion: varchar({ length: 400 }).notNull().default(''),
  caj_fecha_deposito: date({ mode: 'string' }),
  usu_depositante: integer().references(() => usuario.usu_id),
  caj_numero_operacion: varchar({ length: 60 }).notNull().default(''),
  ren_total: numeric({ precision: 14, scale: 2 }).notNull().default('0'),
  ren_fecha_registro: timestamp({ withTimezone: true }),
  ren_fecha_aprobacion: timestamp({ withTimezone: true }),
  usu_aprobador_rendicion: integer().references(() => usuario.usu_id),
  /** The settlement's PDF: a storage key (never a client path) and its original name. */
  caj_pdf_clave: varchar({ length: 200 }),
  caj_pdf_nombre: varchar({ length: 255 }),
  /**
   * How the settlement's balance was closed (CRB: treasury reimbursed the requester; CDV: the requester
   * returned it): the amount (= the balance), the operation's date and number, who recorded it and
   * when, and the voucher (a storage key and its original name).
   */
  caj_monto_cierre: numeric({ precision: 14, scale: 2 }),
  caj_fecha_cierre: date({ mode: 'string' }),
  caj_numero_operacion_cierre: varchar({ length: 60 }).notNull().default(''),
  usu_cierre: integer().references(() => usuario.usu_id),
  caj_cierre_registro: timestamp({ withTimezone: true }),
  caj_voucher_clave: varchar({ length: 200 }),
  caj_voucher_nombre: varchar({ length: 255 }),
  caj_version: integer().notNull().default(1),
}, (t) => [
  uniqueIndex('caja_codigo_uq').on(t.caj_codigo),
  index('caja_codigo_c_idx').on(sql`${t.caj_codigo} collate "C"`),
  // The list: a date range (default the last 7 days) newest first, optionally one project or state.
  index('caja_fecha_idx').on(t.caj_fecha_registro.desc(), t.caj_id.desc()),
  index('caja_pry_fecha_idx').on(t.pry_id, t.caj_fecha_registro.desc()),
  index('caja_estado_fecha_idx').on(t.caj_estado, t.caj_fecha_registro.desc()),
  index('caja_solicitante_idx').on(t.usu_solicitante),
  index('caja_gerente_idx').on(t.usu_gerente),
  index('caja_titulo_trgm').using('gin', sql`lower(${t.caj_titulo}) gin_trgm_ops`),
  check('caja_monto_ck', sql`${t.caj_monto} > 0`),
  check('caja_ren_total_ck', sql`${t.ren_total} >= 0`),
  check('caja_monto_cierre_ck', sql`${t.caj_monto_cierre} is null or ${t.caj_monto_cierre} > 0`),
]);

/**
 * The documents of a settlement (spec 2 §3 "Settlement document line"). `red_serie` is kept in upper
 * case and `red_numero` without leading zeros (domain `normalizarDocumento`), so the unique index
 * refuses the same document (RUC or DNI + type + series + number) in any settlement of the company,
 * also under concurrent registrations.
 */
export const rendicionDetalle = pgTable('rendicion_detalle', {
  red_id: serial().primaryKey(),
  caj_id: integer().notNull().references(() => caja.caj_id),
  red_item: smallint().notNull(),
  red_fecha: date({ mode: 'string' }).notNull(),
  red_dni_ruc: varchar({ length: 11 }).notNull(),
  red_razon_social: varchar({ length: 200 }).notNull(),
  red_descripcion: varchar({ length: 300 }).notNull().default(''),
  cec_id: integer().notNull().references(() => centroCosto.cec_id),
  tid_id: integer().notNull().references(() => tipoDocumento.tid_id),
  red_serie: varchar({ length: 10 }).notNull(),
  red_numero: varchar({ length: 20 }).notNull(),
  red_importe: numeric({ precision: 14, scale: 2 }).notNull(),
}, (t) => [
  uniqueIndex('rendicion_detalle_documento_uq').on(t.red_dni_ruc, t.tid_id, t.red_serie, t.red_numero),
  uniqueIndex('rendicion_detalle_item_uq').on(t.caj_id, t.red_item),
  check('rendicion_detalle_importe_ck', sql`${t.red_importe} > 0`),
]);

/** Each state change of a cash box: who, when, the state reached and the reason given (the detail's history). */
export const cajaHistorial = pgTable('caja_historial', {
  cah_id: serial().primaryKey(),
  caj_id: integer().notNull().references(() => caja.caj_id),
  cah_estado: varchar({ length: 3 }).notNull().references(() => estadoDocumento.edo_codigo),
  usu_id: integer().notNull().references(() => usuario.usu_id),
  cah_fecha: timestamp({ withTimezone: true }).notNull().defaultNow(),
  cah_observacion: varchar({ length: 400 }).notNull().default(''),
}, (t) => [index('caja_historial_caj_idx').on(t.caj_id, t.cah_id)]);
