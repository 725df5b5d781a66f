import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { banco, moneda, pais, tipoCuenta } from './reference.ts';

export const proyecto = pgTable('proyecto', {
  pry_id: serial().primaryKey(),
  pry_codigo: varchar({ length: 20 }).notNull().unique(),
  pry_nombre: varchar({ length: 120 }).notNull(),
  pry_descripcion: varchar({ length: 400 }).notNull().default(''),
  pry_estado: smallint().notNull().default(1),
  pry_version: integer().notNull().default(1),
}, (t) => [index('proyecto_nombre_idx').on(t.pry_nombre)]);

/** alm_tipo 0 is marked with an asterisk in labels (spec 1 §3). */
export const almacen = pgTable('almacen', {
  alm_id: serial().primaryKey(),
  alm_nombre: varchar({ length: 120 }).notNull(),
  alm_direccion: varchar({ length: 250 }).notNull().default(''),
  alm_tipo: smallint().notNull().default(1),
  /** SUNAT's establishment code (annex 4 digits of the RUC's registry; '0000' the fiscal address, '9999' third-party premises): PLE 12.1 field 4. */
  alm_establecimiento: varchar({ length: 4 }).notNull().default('0000'),
  alm_estado: smallint().notNull().default(1),
  pry_id: integer().notNull().references(() => proyecto.pry_id),
}, (t) => [index('almacen_pry_idx').on(t.pry_id)]);

export const proveedor = pgTable('proveedor', {
  pve_id: serial().primaryKey(),
  pve_ruc: varchar({ length: 11 }).notNull(),
  pve_razon_social: varchar({ length: 200 }).notNull(),
  pve_direccion: varchar({ length: 250 }).notNull().default(''),
  pve_correo: varchar({ length: 150 }).notNull().default(''),
  pve_telefono: varchar({ length: 30 }).notNull().default(''),
  pve_especialidad: varchar({ length: 150 }).notNull().default(''),
  pve_cuenta_detraccion: varchar({ length: 30 }).notNull().default(''),
  pve_es_activo: boolean().notNull().default(true),
  pve_es_critico: boolean().notNull().default(false),
  pve_es_nacional: boolean().notNull().default(true),
  pai_id: integer().references(() => pais.pai_id),
  pve_version: integer().notNull().default(1),
  pve_fecha_registro: timestamp({ withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('proveedor_ruc_uq').on(t.pve_ruc),
  index('proveedor_razon_trgm').using('gin', sql`lower(${t.pve_razon_social}) gin_trgm_ops`),
  // The suppliers list: razón social order, paged (modules/proveedor/queries.ts).
  index('proveedor_razon_idx').on(t.pve_razon_social, t.pve_id),
  // Search by a fragment of the RUC (digits-only text).
  index('proveedor_ruc_trgm').using('gin', sql`${t.pve_ruc} gin_trgm_ops`),
]);

/** Bank accounts of a supplier (spec 1 §3 "Supplier account"); the CCI has 20 digits. */
export const cuentaProveedor = pgTable('cuenta_proveedor', {
  cpv_id: serial().primaryKey(),
  pve_id: integer().notNull().references(() => proveedor.pve_id, { onDelete: 'cascade' }),
  ban_id: integer().notNull().references(() => banco.ban_id),
  mon_id: integer().notNull().references(() => moneda.mon_id),
  tcu_id: integer().notNull().references(() => tipoCuenta.tcu_id),
  cpv_cuenta: varchar({ length: 30 }).notNull(),
  cpv_cci: varchar({ length: 20 }).notNull(),
  cpv_fecha_registro: timestamp({ withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('cuenta_proveedor_pve_idx').on(t.pve_id),
  uniqueIndex('cuenta_proveedor_cci_uq').on(t.pve_id, t.cpv_cci),
]);
