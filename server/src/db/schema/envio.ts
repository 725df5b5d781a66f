import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, numeric, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { usuario } from './access.ts';
import { estado } from './reference.ts';
import { comprobante, ordenVenta, ordenVentaDetalle } from './venta.ts';

/**
 * Dispatch of mixer trucks (spec 3 §2 "Dispatches", "Mixers", §3 "Dispatch", "Mixer", "Driver", §4
 * "Dispatch"; DECISIONS §6). Times are instants (timestamptz) shown in Lima time. A dispatch's window
 * runs from loading (`env_fecha_hora_carguio`) to return (`env_fecha_hora_retorno`); a mixer never holds
 * two active dispatches whose windows overlap (checked under the mixer row's lock). States are generic
 * `estado` ids: programado 35 → en_carguio 29 → en_ruta 30 → descargando 31 → en_retorno 32 →
 * completado 33, or cancelado 8 from programado.
 */
export const mixer = pgTable('mixer', {
  mix_id: serial().primaryKey(),
  mix_nombre: varchar({ length: 100 }).notNull(),
  mix_placa: varchar({ length: 10 }).notNull(),
  mix_capacidad: numeric({ precision: 8, scale: 2 }).notNull(),
  est_id: integer().notNull().default(1).references(() => estado.est_id),
  mix_fecha_registro: timestamp({ withTimezone: true }).notNull().defaultNow(),
  mix_version: integer().notNull().default(1),
}, (t) => [
  uniqueIndex('mixer_placa_uq').on(sql`upper(${t.mix_placa})`),
  check('mixer_capacidad_ck', sql`${t.mix_capacidad} > 0`),
]);

export const conductor = pgTable('conductor', {
  cdt_id: serial().primaryKey(),
  cdt_nombre: varchar({ length: 100 }).notNull(),
  cdt_apellido: varchar({ length: 100 }).notNull(),
  /** Spec 3 §3 "Driver"; held the licence before issue 23 (moved to `cdt_licencia`). */
  cdt_placa: varchar({ length: 10 }).notNull().default(''),
  /** The driver's identity document (SUNAT catalogue 06: '1' DNI, '4' carné de extranjería, '7' pasaporte) and licence, declared on the guide. */
  cdt_tipo_documento: varchar({ length: 1 }).notNull().default('1'),
  cdt_numero_documento: varchar({ length: 15 }).notNull().default(''),
  cdt_licencia: varchar({ length: 10 }).notNull().default(''),
  cdt_estado: integer().notNull().default(1),
  cdt_fecha_registro: timestamp({ withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('conductor_nombre_trgm').using('gin', sql`lower(${t.cdt_nombre} || ' ' || ${t.cdt_apellido} || ' ' || ${t.cdt_placa} || ' ' || ${t.cdt_licencia} || ' ' || ${t.cdt_numero_documento}) gin_trgm_ops`)]);

export const envio = pgTable('envio', {
  env_id: serial().primaryKey(),
  env_codigo: varchar({ length: 20 }).notNull(),
  ovt_id: integer().notNull().references(() => ordenVenta.ovt_id),
  ovd_id: integer().notNull().references(() => ordenVentaDetalle.ovd_id),
  mix_id: integer().notNull().references(() => mixer.mix_id),
  env_cantidad: numeric({ precision: 14, scale: 4 }).notNull(),
  env_fecha_hora_envio: timestamp({ withTimezone: true }).notNull(),
  env_fecha_hora_carguio: timestamp({ withTimezone: true }).notNull(),
  env_fecha_hora_salida: timestamp({ withTimezone: true }).notNull(),
  env_fecha_hora_retorno: timestamp({ withTimezone: true }).notNull(),
  env_frecuencia: integer().notNull().default(60),
  est_id: integer().notNull().references(() => estado.est_id),
  usu_registrador: integer().notNull().references(() => usuario.usu_id),
  env_fecha_registro: timestamp({ withTimezone: true }).notNull().defaultNow(),
  env_version: integer().notNull().default(1),
}, (t) => [
  uniqueIndex('envio_codigo_uq').on(t.env_codigo),
  index('envio_codigo_c_idx').on(sql`${t.env_codigo} collate "C"`),
  // The timeline of a day and the overlap check of one mixer: windows by mixer and loading time.
  index('envio_mixer_carguio_idx').on(t.mix_id, t.env_fecha_hora_carguio),
  index('envio_carguio_idx').on(t.env_fecha_hora_carguio, t.env_id),
  index('envio_ovt_idx').on(t.ovt_id),
  index('envio_estado_idx').on(t.est_id, t.env_id.desc()),
  check('envio_cantidad_ck', sql`${t.env_cantidad} > 0`),
  check('envio_horas_ck', sql`${t.env_fecha_hora_carguio} < ${t.env_fecha_hora_salida} and ${t.env_fecha_hora_salida} < ${t.env_fecha_hora_envio} and ${t.env_fecha_hora_envio} < ${t.env_fecha_hora_retorno}`),
]);

/** Every state a dispatch went through, with its time (spec 3 §3 `lista_historial_estado_envio`). */
export const envioHistorial = pgTable('envio_historial', {
  hee_id: serial().primaryKey(),
  env_id: integer().notNull().references(() => envio.env_id),
  est_id: integer().notNull().references(() => estado.est_id),
  usu_id: integer().notNull().references(() => usuario.usu_id),
  hee_fecha_registro: timestamp({ withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('envio_historial_env_idx').on(t.env_id, t.hee_id)]);

/**
 * Sender guides (guía de remisión remitente, series T001; DECISIONS §6): one per dispatch, numbered per
 * series without gaps. The built-in provider accepts a guide a few seconds after issuing it
 * (`ngu_aceptada_en`); until then it has no link and the screen says it is not accepted yet.
 */
export const guiaRemision = pgTable('guia_remision', {
  ngu_id: serial().primaryKey(),
  env_id: integer().notNull().references(() => envio.env_id),
  cdt_id: integer().notNull().references(() => conductor.cdt_id),
  ngu_serie: varchar({ length: 4 }).notNull(),
  ngu_numero: integer().notNull(),
  ngu_proveedor: varchar({ length: 20 }).notNull(),
  ngu_enlace: varchar({ length: 300 }),
  ngu_aceptada_en: timestamp({ withTimezone: true }),
  ngu_datos: jsonb(),
  ngu_xml: text(),
  /** The e-document sent to SUNAT (a `comprobante` row of type '09'): its state, XML and CDR live there (issue 23). */
  nco_id: integer().references(() => comprobante.nco_id),
  /** Total gross weight and its unit (KGM, TNE) declared on the guide; transfer reason (catalogue 20). */
  ngu_peso_bruto: numeric({ precision: 14, scale: 3 }),
  ngu_unidad_peso: varchar({ length: 3 }).notNull().default('KGM'),
  ngu_motivo_traslado: varchar({ length: 2 }).notNull().default('01'),
  usu_id: integer().notNull().references(() => usuario.usu_id),
  ngu_fecha_registro: timestamp({ withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('guia_remision_envio_uq').on(t.env_id),
  uniqueIndex('guia_remision_numero_uq').on(t.ngu_serie, t.ngu_numero),
]);
