import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, numeric, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { usuario } from './access.ts';
import { centroCosto } from './centro-costo.ts';
import { almacen, proyecto } from './organization.ts';
import { producto } from './producto.ts';

/**
 * Purchase requests (spec 3 §2 "Purchase requests", §3 "Purchase request", "Request line"; DECISIONS §7).
 * `pei_estado` is a `pedido_estado` code: CREADO → POR_APROBAR → APROBADO → ATENDIDO / ATENDIDO_PARCIAL,
 * or ELIMINADO. `pid_cantidad_aprobada` is set on approval; `oci_cantidad` is what purchase orders made
 * from the request have bought of the line, kept with them and never above the approved quantity.
 */
export const pedidoEstado = pgTable('pedido_estado', {
  pes_codigo: varchar({ length: 20 }).primaryKey(),
  pes_nombre: varchar({ length: 60 }).notNull(),
  pes_styles: varchar({ length: 40 }).notNull(),
});

export const pedidoItems = pgTable('pedido_items', {
  pei_id: serial().primaryKey(),
  pei_codigo: varchar({ length: 20 }).notNull(),
  pei_estado: varchar({ length: 20 }).notNull().references(() => pedidoEstado.pes_codigo),
  pei_notas: varchar({ length: 500 }).notNull().default(''),
  alm_id: integer().notNull().references(() => almacen.alm_id),
  pry_id: integer().notNull().references(() => proyecto.pry_id),
  cec_id: integer().notNull().references(() => centroCosto.cec_id),
  usu_solicitante: integer().notNull().references(() => usuario.usu_id),
  usu_logistica: integer().notNull().references(() => usuario.usu_id),
  usu_aprobador: integer().references(() => usuario.usu_id),
  pei_fecha_registro: timestamp({ withTimezone: true }).notNull().defaultNow(),
  pei_fecha_aprobacion: timestamp({ withTimezone: true }),
  pei_version: integer().notNull().default(1),
}, (t) => [
  uniqueIndex('pedido_items_codigo_uq').on(t.pei_codigo),
  // The list by project (a project user's scope), state or warehouse, newest first: scanned backwards (platform/list.ts).
  index('pedido_items_pry_idx').on(t.pry_id, t.pei_id),
  index('pedido_items_estado_idx').on(t.pei_estado, t.pei_id),
  index('pedido_items_alm_idx').on(t.alm_id, t.pei_id),
]);

export const pedidoItemsDetalle = pgTable('pedido_items_detalle', {
  pid_id: serial().primaryKey(),
  pei_id: integer().notNull().references(() => pedidoItems.pei_id),
  prv_id: integer().notNull().references(() => producto.prv_id),
  pid_cantidad_solicitada: numeric({ precision: 14, scale: 4 }).notNull(),
  pid_cantidad_aprobada: numeric({ precision: 14, scale: 4 }),
  oci_cantidad: numeric({ precision: 14, scale: 4 }).notNull().default('0'),
}, (t) => [
  uniqueIndex('pedido_items_detalle_producto_uq').on(t.pei_id, t.prv_id),
  check('pedido_items_detalle_cantidad_ck', sql`${t.pid_cantidad_solicitada} > 0
    and (${t.pid_cantidad_aprobada} is null or ${t.pid_cantidad_aprobada} >= 0)
    and ${t.oci_cantidad} >= 0 and ${t.oci_cantidad} <= coalesce(${t.pid_cantidad_aprobada}, 0)`),
]);

/**
 * Confirmation links of supplier accounts (DECISIONS §7): the link carries a random token; only its
 * SHA-256 is kept. It expires and works once (`cfc_usado`).
 */
export const cuentaConfirmacion = pgTable('cuenta_confirmacion', {
  cfc_id: serial().primaryKey(),
  usu_id: integer().notNull().references(() => usuario.usu_id),
  cfc_token_hash: varchar({ length: 64 }).notNull(),
  cfc_expira: timestamp({ withTimezone: true }).notNull(),
  cfc_usado: boolean().notNull().default(false),
  cfc_fecha_registro: timestamp({ withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('cuenta_confirmacion_token_uq').on(t.cfc_token_hash), index('cuenta_confirmacion_usu_idx').on(t.usu_id)]);
