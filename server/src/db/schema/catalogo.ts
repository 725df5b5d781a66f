import { sql } from 'drizzle-orm';
import { index, pgTable, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/** Brands (spec 1 §2.7, §3); names are unique ignoring case. */
export const marca = pgTable('marca', {
  mar_id: serial().primaryKey(),
  mar_nombre: varchar({ length: 100 }).notNull(),
  mar_estado: smallint().notNull().default(1),
  mar_fecha_registro: timestamp({ withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('marca_nombre_uq').on(sql`lower(${t.mar_nombre})`),
  index('marca_nombre_trgm').using('gin', sql`lower(${t.mar_nombre}) gin_trgm_ops`),
]);

/** Units of measure (spec 1 §2.8, §3); symbols are unique ignoring case. */
export const unidadMedida = pgTable('unidad_medida', {
  unm_id: serial().primaryKey(),
  unm_simbolo: varchar({ length: 10 }).notNull(),
  unm_descripcion: varchar({ length: 100 }).notNull(),
  unm_estado: smallint().notNull().default(1),
  unm_fecha_registro: timestamp({ withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('unidad_medida_simbolo_uq').on(sql`lower(${t.unm_simbolo})`),
  index('unidad_medida_search_trgm').using('gin', sql`(lower(${t.unm_simbolo} || ' ' || ${t.unm_descripcion})) gin_trgm_ops`),
]);
