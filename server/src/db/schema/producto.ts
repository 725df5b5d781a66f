import { sql } from 'drizzle-orm';
import { index, integer, numeric, pgTable, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { marca, unidadMedida } from './catalogo.ts';

/** Purchasing product categories (spec 3 "Purchasing product catalogue"). */
export const categoriaProducto = pgTable('categoria_producto', {
  cat_id: serial().primaryKey(),
  cat_nombre: varchar({ length: 100 }).notNull(),
  /** SUNAT table 5 (tipo de existencia) of its products: PLE 12.1 field 6 ('01' mercaderías ... '99' otros). */
  cat_tipo_existencia: varchar({ length: 2 }).notNull().default('99'),
  cat_estado: smallint().notNull().default(1),
}, (t) => [uniqueIndex('categoria_producto_nombre_uq').on(sql`lower(${t.cat_nombre})`)]);

/** Product types, each within one category. */
export const tipoProducto = pgTable('tipo_producto', {
  tip_id: serial().primaryKey(),
  cat_id: integer().notNull().references(() => categoriaProducto.cat_id),
  tip_nombre: varchar({ length: 100 }).notNull(),
  tip_estado: smallint().notNull().default(1),
}, (t) => [uniqueIndex('tipo_producto_nombre_uq').on(t.cat_id, sql`lower(${t.tip_nombre})`)]);

/** Purchasing products (spec 3 §3 "Product"); prv_estado 0 is Deshabilitado. */
export const producto = pgTable('producto', {
  prv_id: serial().primaryKey(),
  prv_nombre: varchar({ length: 200 }).notNull(),
  prv_descripcion: varchar({ length: 400 }).notNull().default(''),
  cat_id: integer().notNull().references(() => categoriaProducto.cat_id),
  tip_id: integer().notNull().references(() => tipoProducto.tip_id),
  mar_id: integer().references(() => marca.mar_id),
  unm_id: integer().notNull().references(() => unidadMedida.unm_id),
  /** 1: each unit carries a serial number (one stock row per serial, DECISIONS §3). */
  prv_item: smallint().notNull().default(0),
  prv_reposicion: smallint().notNull().default(0),
  prv_retornable: smallint().notNull().default(0),
  /** Days an assigned returnable item is expected back; null when not returnable. */
  prv_retorno_estimado: integer(),
  prv_stock_minimo: numeric({ precision: 14, scale: 2 }).notNull().default('0'),
  prv_estado: smallint().notNull().default(1),
  prv_version: integer().notNull().default(1),
  prv_fecha_registro: timestamp({ withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('producto_nombre_marca_uq').on(sql`lower(${t.prv_nombre})`, sql`coalesce(${t.mar_id}, 0)`),
  index('producto_nombre_trgm').using('gin', sql`lower(${t.prv_nombre}) gin_trgm_ops`),
  index('producto_cat_tip_idx').on(t.cat_id, t.tip_id),
  index('producto_tip_idx').on(t.tip_id),
  index('producto_mar_idx').on(t.mar_id),
  index('producto_unm_idx').on(t.unm_id),
]);
