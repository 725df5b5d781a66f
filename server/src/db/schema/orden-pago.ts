import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { usuario } from './access.ts';
import { orden } from './orden.ts';
import { estadoDocumento, tipoDocumento } from './reference.ts';

/**
 * Payment orders of a purchase order (spec 1 §2.13, §3 "Payment order", §4.3, DECISIONS §4).
 * `opg_numero` is 1, 2, 3 ... within its order; `opg_estado` is an `estado_documento` code
 * (OPR, OXA, OPA, OPD, OPC, OPP). Detracción and pay amount are computed by the server.
 */
export const ordenPago = pgTable('orden_pago', {
  opg_id: serial().primaryKey(),
  ord_id: integer().notNull().references(() => orden.ord_id),
  opg_numero: integer().notNull(),
  opg_descripcion: varchar({ length: 500 }).notNull(),
  opg_fecha_pago_programado: date({ mode: 'string' }).notNull(),
  /** 1 = this payment closes the order's payments. */
  opg_pago_cierre: smallint().notNull().default(0),
  tid_id: integer().references(() => tipoDocumento.tid_id),
  opg_comprobante: varchar({ length: 60 }).notNull().default(''),
  opg_sistema_pago: smallint().notNull(),
  opg_total: numeric({ precision: 14, scale: 2 }).notNull(),
  opg_detraccion: numeric({ precision: 14, scale: 2 }).notNull().default('0'),
  opg_pago: numeric({ precision: 14, scale: 2 }).notNull(),
  opg_estado: varchar({ length: 3 }).notNull().references(() => estadoDocumento.edo_codigo),
  opg_creador: integer().notNull().references(() => usuario.usu_id),
  opg_aprobador: integer().references(() => usuario.usu_id),
  opg_fecha_registro: timestamp({ withTimezone: true }).notNull().defaultNow(),
  opg_fecha_aprobacion: timestamp({ withTimezone: true }),
  /** Treasury's deposit (OPA → OPP); a deposited payment order always has its operation number. */
  opg_depositante: integer().references(() => usuario.usu_id),
  opg_fecha_deposito: timestamp({ withTimezone: true }),
  opg_numero_operacion: varchar({ length: 60 }).notNull().default(''),
  /** The attached document: a storage key (never a client path) and its original name. */
  opg_archivo_clave: varchar({ length: 200 }),
  opg_archivo_nombre: varchar({ length: 255 }),
  opg_version: integer().notNull().default(1),
}, (t) => [
  uniqueIndex('orden_pago_numero_uq').on(t.ord_id, t.opg_numero),
  // The payment-order inbox: one state (its default filter), newest first.
  index('orden_pago_estado_id_idx').on(t.opg_estado, t.opg_id.desc()),
  // Inicio's panel (issue 25): approved and deposited payment orders by date, read from the index alone.
  index('orden_pago_aprobacion_idx').on(t.opg_fecha_aprobacion, t.ord_id, t.opg_total).where(sql`${t.opg_estado} in ('OPA', 'OPP')`),
  index('orden_pago_deposito_idx').on(t.opg_fecha_deposito, t.ord_id, t.opg_total).where(sql`${t.opg_estado} = 'OPP'`),
  check('orden_pago_deposito_operacion_ck', sql`${t.opg_estado} <> 'OPP' or ${t.opg_numero_operacion} <> ''`),
]);
