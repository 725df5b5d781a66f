import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { proyecto } from './organization.ts';

/** Cost centres (spec 1 §2.6, §3); codes are unique ignoring case. */
export const centroCosto = pgTable('centro_costo', {
  cec_id: serial().primaryKey(),
  cec_codigo: varchar({ length: 20 }).notNull(),
  cec_descripcion: varchar({ length: 200 }).notNull(),
  pry_id: integer().notNull().references(() => proyecto.pry_id),
  cec_estado: smallint().notNull().default(1),
  cec_version: integer().notNull().default(1),
  cec_fecha_registro: timestamp({ withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('centro_costo_codigo_uq').on(sql`lower(${t.cec_codigo})`),
  index('centro_costo_pry_idx').on(t.pry_id, t.cec_codigo),
  index('centro_costo_search_trgm').using('gin', sql`(lower(${t.cec_codigo} || ' ' || ${t.cec_descripcion})) gin_trgm_ops`),
]);
