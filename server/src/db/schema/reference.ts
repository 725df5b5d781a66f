import { boolean, integer, pgTable, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Generic statuses (spec 1 §4.4) with their tag style. */
export const estado = pgTable('estado', {
  est_id: integer().primaryKey(),
  est_codigo: varchar({ length: 40 }).notNull().unique(),
  est_nombre: varchar({ length: 80 }).notNull(),
  est_styles: varchar({ length: 40 }).notNull().default('default'),
});

/** Purchase/service order states (spec 1 §4.1). */
export const ordenEstado = pgTable('orden_estado', {
  ore_id: integer().primaryKey(),
  ore_codigo: varchar({ length: 40 }).notNull().unique(),
  ore_descripcion: varchar({ length: 80 }).notNull(),
  ore_styles: varchar({ length: 40 }).notNull(),
  ore_es_editable: boolean().notNull().default(false),
});

/** State codes of payment orders and petty cash (spec 1 §4.3, spec 2 §4). */
export const estadoDocumento = pgTable('estado_documento', {
  edo_codigo: varchar({ length: 3 }).primaryKey(),
  edo_modulo: varchar({ length: 40 }).notNull(),
  edo_nombre: varchar({ length: 80 }).notNull(),
  edo_styles: varchar({ length: 40 }).notNull(),
});

export const moneda = pgTable('moneda', {
  mon_id: integer().primaryKey(),
  mon_codigo: varchar({ length: 3 }).notNull(),
  mon_simbolo: varchar({ length: 5 }).notNull(),
  mon_descripcion: varchar({ length: 40 }).notNull(),
});

/** Kinds of cash box (spec 2 §3 `tca_id`): caja chica, entrega a rendir, viáticos. */
export const tipoCaja = pgTable('tipo_caja', {
  tca_id: integer().primaryKey(),
  tca_nombre: varchar({ length: 60 }).notNull(),
});

export const condicionComercial = pgTable('condicion_comercial', {
  coc_id: integer().primaryKey(),
  coc_descripcion: varchar({ length: 60 }).notNull(),
});

export const tipoCuenta = pgTable('tipo_cuenta', {
  tcu_id: integer().primaryKey(),
  tcu_descripcion: varchar({ length: 40 }).notNull(),
});

/** Receipt types a supplier issues; id 6 is RXH (spec 1 §9). */
export const tipoDocumento = pgTable('tipo_documento', {
  tid_id: integer().primaryKey(),
  tid_codigo: varchar({ length: 5 }).notNull(),
  tid_descripcion: varchar({ length: 60 }).notNull(),
});

export const metodoPago = pgTable('metodo_pago', {
  mep_id: integer().primaryKey(),
  mep_descripcion: varchar({ length: 60 }).notNull(),
});

export const banco = pgTable('banco', {
  ban_id: integer().primaryKey(),
  ban_nombre: varchar({ length: 120 }).notNull(),
  ban_codigo: varchar({ length: 3 }).notNull().default(''),
});

export const pais = pgTable('pais', {
  pai_id: integer().primaryKey(),
  pai_nombre: varchar({ length: 80 }).notNull(),
  pai_iso: varchar({ length: 2 }).notNull(),
});

/** Districts with their INEI ubigeo code. */
export const ubigeo = pgTable('ubigeo', {
  ubi_id: varchar({ length: 6 }).primaryKey(),
  ubi_nombre: varchar({ length: 80 }).notNull(),
  ubi_provincia: varchar({ length: 80 }).notNull(),
  ubi_departamento: varchar({ length: 80 }).notNull(),
});

export const tipoDocumentoIdentidad = pgTable('tipo_documento_identidad', {
  tdi_id: integer().primaryKey(),
  tdi_codigo: varchar({ length: 2 }).notNull(),
  tdi_nombre: varchar({ length: 40 }).notNull(),
});

export const tipoUsuario = pgTable('tipo_usuario', {
  tiu_id: smallint().primaryKey(),
  tiu_nombre: text().notNull(),
});

/**
 * One row: the fingerprint of the reference data last written by a start (db/seed/reference.ts,
 * a hash of the data and the app version), so a start with unchanged data skips the refresh.
 */
export const referenciaVersion = pgTable('referencia_version', {
  rfv_id: smallint().primaryKey(),
  rfv_huella: varchar({ length: 64 }).notNull(),
  rfv_fecha: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
