import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { usuario } from './access.ts';
import { proyecto } from './organization.ts';

/** Job positions (spec 2 §7 /puesto). */
export const puesto = pgTable('puesto', {
  pue_id: serial().primaryKey(),
  pue_nombre: varchar({ length: 100 }).notNull(),
  pue_estado: smallint().notNull().default(1),
}, (t) => [uniqueIndex('puesto_nombre_uq').on(sql`lower(${t.pue_nombre})`)]);

/** Employees (spec 2 §3 "Employee"); emp_estado 1 active, 0 inactive. */
export const empleado = pgTable('empleado', {
  emp_id: serial().primaryKey(),
  emp_nombre: varchar({ length: 100 }).notNull(),
  emp_apellido: varchar({ length: 100 }).notNull(),
  emp_dni: varchar({ length: 15 }).notNull(),
  emp_celular: varchar({ length: 20 }).notNull().default(''),
  emp_email: varchar({ length: 150 }).notNull().default(''),
  pue_id: integer().notNull().references(() => puesto.pue_id),
  pry_id: integer().references(() => proyecto.pry_id),
  usu_id: integer().references(() => usuario.usu_id),
  emp_estado: smallint().notNull().default(1),
  emp_version: integer().notNull().default(1),
  emp_fecha_registro: timestamp({ withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('empleado_dni_uq').on(t.emp_dni),
  uniqueIndex('empleado_usu_uq').on(t.usu_id),
  index('empleado_pry_idx').on(t.pry_id),
  index('empleado_pue_idx').on(t.pue_id),
  // The employees list: by status, in name order.
  index('empleado_lista_idx').on(t.emp_estado, t.emp_apellido, t.emp_nombre, t.emp_id),
  index('empleado_search_trgm').using('gin', sql`(lower(${t.emp_nombre} || ' ' || ${t.emp_apellido} || ' ' || ${t.emp_dni})) gin_trgm_ops`),
]);
