import { sql } from 'drizzle-orm';
import { bigserial, check, date, index, integer, numeric, pgTable, primaryKey, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { usuario } from './access.ts';
import { empleado } from './empleado.ts';
import { orden, ordenItem } from './orden.ts';
import { almacen, proyecto } from './organization.ts';
import { producto } from './producto.ts';

/**
 * The stock ledger (DECISIONS §3, spec 2 §3). `producto_almacen` is the stock of a product in a
 * warehouse; a serialised product (`prv_item = 1`) has one row per serial number with stock 0 or 1,
 * any other product one row with `pal_numero_serie = ''`. Only `platform/stock-ledger.ts` changes
 * `pal_stock`, and it writes the `kardex` line in the same transaction: `pal_stock` is the sum of the
 * row's kardex lines and never negative (the check below is the last guard; the ledger refuses first).
 * Quantities have the precision of order lines (numeric 14,4).
 */
export const productoAlmacen = pgTable('producto_almacen', {
  pal_id: serial().primaryKey(),
  alm_id: integer().notNull().references(() => almacen.alm_id),
  prv_id: integer().notNull().references(() => producto.prv_id),
  pal_numero_serie: varchar({ length: 60 }).notNull().default(''),
  pal_stock: numeric({ precision: 14, scale: 4 }).notNull().default('0'),
  /** How many kardex lines the row has: the ledger numbers each new line `kdx_numero = pal_lineas` under the row's lock. */
  pal_lineas: integer().notNull().default(0),
  /** Soles value of the row's stock at weighted average cost (docs/business-rules.md "Kardex valorizado"): the sum of its kardex lines' `kdx_valor`; 0 when the stock is 0. */
  pal_valor: numeric({ precision: 16, scale: 2 }).notNull().default('0'),
  pal_fecha_registro: timestamp({ withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('producto_almacen_uq').on(t.alm_id, t.prv_id, t.pal_numero_serie),
  index('producto_almacen_prv_idx').on(t.prv_id),
  check('producto_almacen_stock_ck', sql`${t.pal_stock} >= 0`),
  check('producto_almacen_valor_ck', sql`${t.pal_valor} >= 0`),
]);

/**
 * Minimum stock of a product in a warehouse (all its serials together), set by inventory roles from
 * the inventory screen; without a row the product's `prv_stock_minimo` applies. Feeds stock renewal
 * (spec 1 §2.12).
 */
export const stockMinimo = pgTable('stock_minimo', {
  alm_id: integer().notNull().references(() => almacen.alm_id),
  prv_id: integer().notNull().references(() => producto.prv_id),
  stm_minimo: numeric({ precision: 14, scale: 4 }).notNull(),
  stm_fecha_modificacion: timestamp({ withTimezone: true }).notNull().defaultNow(),
  usu_id: integer().notNull().references(() => usuario.usu_id),
}, (t) => [
  primaryKey({ columns: [t.alm_id, t.prv_id] }),
  check('stock_minimo_ck', sql`${t.stm_minimo} >= 0`),
]);

/**
 * One line per change of `pal_stock`: signed quantity and the balance after it. `kdx_numero` is the
 * line's position in its row's kardex (1, 2, 3 … without gaps, in `kdx_id` order: the ledger assigns
 * it under the row's lock), so page n of a kardex is the key range `kdx_numero` ((n-1)·10, n·10] on
 * the index (`pal_id`, `kdx_numero`): the first, the last and any page between cost the same, and the
 * number of lines is `producto_almacen.pal_lineas` (docs/business-rules.md "Inventory, kardex and stock renewal").
 */
export const kardex = pgTable('kardex', {
  kdx_id: bigserial({ mode: 'number' }).primaryKey(),
  pal_id: integer().notNull().references(() => productoAlmacen.pal_id),
  kdx_numero: integer().notNull(),
  kdx_fecha: timestamp({ withTimezone: true }).notNull().defaultNow(),
  kdx_glosa: varchar({ length: 250 }).notNull(),
  kdx_cantidad: numeric({ precision: 14, scale: 4 }).notNull(),
  kdx_saldo: numeric({ precision: 14, scale: 4 }).notNull(),
  /** Valued kardex (docs/business-rules.md "Kardex valorizado"): unit cost in soles without IGV of the movement, its signed value and the row's value after it. */
  kdx_costo_unitario: numeric({ precision: 20, scale: 8 }).notNull().default('0'),
  kdx_valor: numeric({ precision: 16, scale: 2 }).notNull().default('0'),
  kdx_saldo_valor: numeric({ precision: 16, scale: 2 }).notNull().default('0'),
  /** The document that moved the stock: TRF transfer, ASI assignment, DEV return (`platform/stock-ledger.ts`). */
  kdx_doc_tipo: varchar({ length: 3 }).notNull(),
  kdx_doc_id: integer().notNull(),
  usu_id: integer().notNull().references(() => usuario.usu_id),
}, (t) => [
  uniqueIndex('kardex_pal_numero_uq').on(t.pal_id, t.kdx_numero),
  index('kardex_doc_idx').on(t.kdx_doc_tipo, t.kdx_doc_id),
  check('kardex_saldo_ck', sql`${t.kdx_saldo} >= 0 and ${t.kdx_cantidad} <> 0`),
]);

/**
 * Transfers and incomes (spec 2 §2, §3 "Transfer"): tipo 1 from a purchase order, 2 between
 * warehouses, 3 external purchase. `est_id`: creado 3, eliminado 24, ingreso_confirmado 25,
 * ingreso_parcial 26. Code `TRF-2026-000001` from the counter of series TRF.
 */
export const transferencia = pgTable('transferencia', {
  tfi_id: serial().primaryKey(),
  tfi_codigo: varchar({ length: 20 }).notNull().unique(),
  tfi_numero: integer().notNull(),
  tfi_anio: smallint().notNull(),
  tfi_tipo: smallint().notNull(),
  est_id: integer().notNull().default(3),
  ord_id: integer().references(() => orden.ord_id),
  alm_origen: integer().references(() => almacen.alm_id),
  alm_destino: integer().notNull().references(() => almacen.alm_id),
  tfi_fecha_estimada_llegada: date({ mode: 'string' }).notNull(),
  tfi_guia_remision: varchar({ length: 40 }).notNull().default(''),
  /** The supplier's document of a purchase receipt as entered (SUNAT table 10 type, series, number, issue date): PLE 12.1 fields 10-13. */
  tfi_doc_tipo: varchar({ length: 2 }).notNull().default(''),
  tfi_doc_serie: varchar({ length: 20 }).notNull().default(''),
  tfi_doc_numero: varchar({ length: 20 }).notNull().default(''),
  tfi_doc_fecha: date({ mode: 'string' }),
  tfi_notas: varchar({ length: 500 }).notNull().default(''),
  tfi_fecha_registro: timestamp({ withTimezone: true }).notNull().defaultNow(),
  tfi_usu_registrador: integer().notNull().references(() => usuario.usu_id),
  tfi_fecha_ingreso: timestamp({ withTimezone: true }),
  tfi_usu_recepcionador: integer().references(() => usuario.usu_id),
  tfi_fecha_eliminacion: timestamp({ withTimezone: true }),
  tfi_usu_eliminador: integer().references(() => usuario.usu_id),
}, (t) => [
  index('transferencia_codigo_c_idx').on(sql`${t.tfi_codigo} collate "C"`),
  index('transferencia_tipo_estado_idx').on(t.tfi_tipo, t.est_id, t.tfi_id),
  index('transferencia_destino_idx').on(t.alm_destino, t.tfi_id),
  index('transferencia_origen_idx').on(t.alm_origen),
  index('transferencia_orden_idx').on(t.ord_id),
  check('transferencia_tipo_ck', sql`${t.tfi_tipo} in (1, 2, 3)`),
]);

/**
 * A transfer's lines. `pal_origen` is the stock row a between-warehouses line took from (with its
 * serial); `pal_destino` the row the entry (or the external purchase) put stock into. `oci_id` ties an
 * order-based line to its order item. `tid_ingreso_cantidad` is null until entry is confirmed.
 */
export const transferenciaDetalle = pgTable('transferencia_detalle', {
  tid_id: serial().primaryKey(),
  tfi_id: integer().notNull().references(() => transferencia.tfi_id),
  prv_id: integer().notNull().references(() => producto.prv_id),
  oci_id: integer().references(() => ordenItem.oci_id),
  pal_origen: integer().references(() => productoAlmacen.pal_id),
  pal_destino: integer().references(() => productoAlmacen.pal_id),
  tid_numero_serie: varchar({ length: 60 }).notNull().default(''),
  tid_cantidad: numeric({ precision: 14, scale: 4 }).notNull(),
  tid_ingreso_cantidad: numeric({ precision: 14, scale: 4 }),
  tid_ingreso_notas: varchar({ length: 500 }).notNull().default(''),
  /** Unit cost in soles without IGV: between warehouses the one the line left the origin with; an external purchase's as typed (null: at average). */
  tid_costo_unitario: numeric({ precision: 20, scale: 8 }),
}, (t) => [
  index('transferencia_detalle_tfi_idx').on(t.tfi_id),
  index('transferencia_detalle_oci_idx').on(t.oci_id),
  index('transferencia_detalle_pal_destino_idx').on(t.pal_destino),
  index('transferencia_detalle_pal_origen_idx').on(t.pal_origen),
  check('transferencia_detalle_cantidad_ck', sql`${t.tid_cantidad} > 0 and coalesce(${t.tid_ingreso_cantidad}, 0) >= 0`),
]);

/**
 * Assignments of stock to employees (spec 2 §3 "Assignment"). `est_id`: asignado 12, eliminado 24.
 * `asi_fecha_registro` is the date the user enters; `asi_fecha_creacion` when it was saved.
 */
export const asignacion = pgTable('asignacion', {
  asi_id: serial().primaryKey(),
  asi_fecha_registro: date({ mode: 'string' }).notNull(),
  est_id: integer().notNull().default(12),
  usu_registrador: integer().notNull().references(() => usuario.usu_id),
  emp_solicitante: integer().notNull().references(() => empleado.emp_id),
  emp_autorizador: integer().notNull().references(() => empleado.emp_id),
  pry_id: integer().notNull().references(() => proyecto.pry_id),
  alm_id: integer().notNull().references(() => almacen.alm_id),
  asi_notas: varchar({ length: 500 }).notNull().default(''),
  asi_fecha_creacion: timestamp({ withTimezone: true }).notNull().defaultNow(),
  asi_fecha_eliminacion: timestamp({ withTimezone: true }),
  asi_usu_eliminador: integer().references(() => usuario.usu_id),
}, (t) => [
  index('asignacion_estado_idx').on(t.est_id, t.asi_id),
  index('asignacion_alm_idx').on(t.alm_id, t.asi_id),
  index('asignacion_solicitante_idx').on(t.emp_solicitante),
  index('asignacion_pry_idx').on(t.pry_id),
]);

/** `aid_devuelto` is what live returns gave back; the balance is `aid_cantidad - aid_devuelto`. */
export const asignacionDetalle = pgTable('asignacion_detalle', {
  aid_id: serial().primaryKey(),
  asi_id: integer().notNull().references(() => asignacion.asi_id),
  pal_id: integer().notNull().references(() => productoAlmacen.pal_id),
  prv_id: integer().notNull().references(() => producto.prv_id),
  aid_cantidad: numeric({ precision: 14, scale: 4 }).notNull(),
  aid_devuelto: numeric({ precision: 14, scale: 4 }).notNull().default('0'),
  aid_notas: varchar({ length: 500 }).notNull().default(''),
  /** The unit cost (soles) the line left the warehouse with: its deletion and its returns enter at it. */
  aid_costo_unitario: numeric({ precision: 20, scale: 8 }),
}, (t) => [
  index('asignacion_detalle_asi_idx').on(t.asi_id),
  index('asignacion_detalle_pal_idx').on(t.pal_id, t.aid_id),
  check('asignacion_detalle_ck', sql`${t.aid_cantidad} > 0 and ${t.aid_devuelto} >= 0 and ${t.aid_devuelto} <= ${t.aid_cantidad}`),
]);

/** Returns of assigned items (spec 2 §3 "Return"). `est_id`: registrado 2, eliminado 24. */
export const devolucion = pgTable('devolucion', {
  dei_id: serial().primaryKey(),
  asi_id: integer().notNull().references(() => asignacion.asi_id),
  est_id: integer().notNull().default(2),
  dei_fecha_registro: date({ mode: 'string' }).notNull(),
  usu_registrador: integer().notNull().references(() => usuario.usu_id),
  pry_id: integer().notNull().references(() => proyecto.pry_id),
  dei_notas: varchar({ length: 500 }).notNull().default(''),
  dei_fecha_creacion: timestamp({ withTimezone: true }).notNull().defaultNow(),
  dei_fecha_eliminacion: timestamp({ withTimezone: true }),
  dei_usu_eliminador: integer().references(() => usuario.usu_id),
}, (t) => [
  index('devolucion_asi_idx').on(t.asi_id),
  index('devolucion_estado_idx').on(t.est_id, t.dei_id),
]);

export const devolucionDetalle = pgTable('devolucion_detalle', {
  did_id: serial().primaryKey(),
  dei_id: integer().notNull().references(() => devolucion.dei_id),
  aid_id: integer().notNull().references(() => asignacionDetalle.aid_id),
  pal_id: integer().notNull().references(() => productoAlmacen.pal_id),
  did_cantidad: numeric({ precision: 14, scale: 4 }).notNull(),
  did_notas: varchar({ length: 500 }).notNull().default(''),
}, (t) => [
  index('devolucion_detalle_dei_idx').on(t.dei_id),
  index('devolucion_detalle_aid_idx').on(t.aid_id),
  check('devolucion_detalle_ck', sql`${t.did_cantidad} > 0`),
]);
