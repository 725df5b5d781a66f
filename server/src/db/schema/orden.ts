import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, numeric, pgTable, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { usuario } from './access.ts';
import { pedidoItems, pedidoItemsDetalle } from './pedido.ts';
import { marca, unidadMedida } from './catalogo.ts';
import { centroCosto } from './centro-costo.ts';
import { proveedor } from './organization.ts';
import { producto } from './producto.ts';
import { condicionComercial, metodoPago, moneda, ordenEstado, pais, tipoDocumento } from './reference.ts';

/**
 * Purchase (tipo 1) and service (tipo 2) orders (spec 1 §3 "Order", DECISIONS §2, §4).
 * `ord_numero` comes from the counter of series OC/OS and `ord_anio` (Lima year);
 * `ord_codigo` is `000123-CC01-OC-2026`. Amounts are recomputed by the server.
 */
export const orden = pgTable('orden', {
  ord_id: serial().primaryKey(),
  ord_numero: integer().notNull(),
  ord_codigo: varchar({ length: 60 }).notNull(),
  ord_tipo_orden: smallint().notNull(),
  ord_es_importacion: boolean().notNull().default(false),
  pai_id: integer().references(() => pais.pai_id),
  cec_id: integer().notNull().references(() => centroCosto.cec_id),
  pve_id: integer().notNull().references(() => proveedor.pve_id),
  mon_id: integer().notNull().references(() => moneda.mon_id),
  /** Soles per unit of the order's currency (1 for soles): purchase receipts enter the valued kardex at it. */
  ord_tipo_cambio: numeric({ precision: 10, scale: 4 }).notNull().default('1'),
  coc_id: integer().notNull().references(() => condicionComercial.coc_id),
  mep_id: integer().notNull().references(() => metodoPago.mep_id),
  tid_id: integer().notNull().references(() => tipoDocumento.tid_id),
  ord_numero_documento: varchar({ length: 30 }).notNull().default(''),
  ord_fecha_pago: date({ mode: 'string' }).notNull(),
  ord_fecha_orden: date({ mode: 'string' }).notNull(),
  ord_carta_credito: varchar({ length: 60 }).notNull().default(''),
  ord_lugar_entrega: varchar({ length: 250 }).notNull(),
  ord_usu_logistica: integer().notNull().references(() => usuario.usu_id),
  ord_usu_contabilidad: integer().notNull().references(() => usuario.usu_id),
  ord_usu_administrador: integer().notNull().references(() => usuario.usu_id),
  ord_usu_gerencia: integer().notNull().references(() => usuario.usu_id),
  ord_referencia: varchar({ length: 200 }).notNull(),
  ord_referencia_detalle: varchar({ length: 500 }).notNull().default(''),
  ord_observacion: varchar({ length: 1000 }).notNull().default(''),
  /** A percentage 0–100 (tipo 1) or a money value (tipo 2), DECISIONS §2. */
  ord_descuento: numeric({ precision: 14, scale: 4 }).notNull().default('0'),
  ord_tipo_descuento: smallint().notNull().default(1),
  ord_porcentaje_adelanto: numeric({ precision: 5, scale: 2 }),
  ord_monto_sin_impuesto: numeric({ precision: 14, scale: 2 }).notNull(),
  ord_monto_con_impuesto: numeric({ precision: 14, scale: 2 }).notNull(),
  ore_id: integer().notNull().references(() => ordenEstado.ore_id),
  /** The purchase request it was made from (DECISIONS §7). */
  pei_id: integer().references(() => pedidoItems.pei_id),
  ord_anio: smallint().notNull(),
  ord_version: integer().notNull().default(1),
  ord_fecha_registro: timestamp({ withTimezone: true }).notNull().defaultNow(),
  ord_usu_registrador: integer().notNull().references(() => usuario.usu_id),
  /** Management approval (creado → aprobación gerencia) and accounting approval (→ emitido); a restart clears them. */
  ord_usu_aprobador_gerencia: integer().references(() => usuario.usu_id),
  ord_fecha_aprobacion_gerencia: timestamp({ withTimezone: true }),
  ord_usu_aprobador_contabilidad: integer().references(() => usuario.usu_id),
  ord_fecha_aprobacion_contabilidad: timestamp({ withTimezone: true }),
  /** Rejected by an approver and not saved since: it does not wait for gerencia (docs/business-rules.md "Orders"). */
  ord_rechazada: boolean().notNull().default(false),
  /**
   * The three-way match (issue 25) kept on the order: `ord_observada` has a flag beyond tolerance; `ord_conciliar` asks
   * for it to be computed again, set by triggers whenever what it reads changes (migration 0040, modules/conciliacion).
   */
  ord_observada: boolean().notNull().default(false),
  ord_conciliar: boolean().notNull().default(false),
}, (t) => [
  uniqueIndex('orden_codigo_uq').on(t.ord_codigo),
  // The header search's code prefix (issue 25): a C-collated btree serves `like 'X%'` and its order.
  index('orden_codigo_c_idx').on(sql`${t.ord_codigo} collate "C"`),
  uniqueIndex('orden_numero_uq').on(t.ord_tipo_orden, t.ord_anio, t.ord_numero),
  // The order list: year, type, status, newest first (modules/orden/queries.ts).
  index('orden_lista_idx').on(t.ord_anio, t.ord_tipo_orden, t.ore_id, t.ord_id.desc()),
  // The same list filtered by year alone (the default screen) pages newest first from this one.
  index('orden_anio_idx').on(t.ord_anio, t.ord_id.desc()),
  index('orden_cec_idx').on(t.cec_id),
  // A supplier's orders newest first (the supplier portal's list): by supplier alone a generic plan guessed a few
  // rows and sorted all of a large supplier's (issue 28).
  index('orden_pve_idx').on(t.pve_id, t.ord_id),
  // The pending-approval list (modules/orden/queries.ts pending): waiting states only.
  index('orden_pendiente_idx').on(t.ore_id, t.ord_usu_gerencia, t.ord_id).where(sql`${t.ore_id} in (1, 2)`),
  // Inicio's purchase panels (issue 25): a year of orders by date, read from the index alone.
  index('orden_fecha_figura_idx').on(t.ord_fecha_orden, t.ore_id, t.cec_id, t.ord_monto_con_impuesto, t.ord_tipo_cambio),
  index('orden_search_trgm').using('gin', sql`(lower(${t.ord_codigo} || ' ' || ${t.ord_referencia})) gin_trgm_ops`),
  // The three-way match: the orders to compute again, and those with a flag (Inicio's count, the list's filter).
  index('orden_conciliar_idx').on(t.ord_id).where(sql`${t.ord_conciliar}`),
  index('orden_observada_idx').on(t.cec_id).where(sql`${t.ord_observada}`),
]);

/** Lines of an order (spec 1 §3 "Order item"); `oci_orden` numbers them 1..n. */
export const ordenItem = pgTable('orden_item', {
  oci_id: serial().primaryKey(),
  ord_id: integer().notNull().references(() => orden.ord_id, { onDelete: 'cascade' }),
  oci_orden: smallint().notNull(),
  prv_id: integer().references(() => producto.prv_id),
  oci_descripcion: varchar({ length: 500 }).notNull().default(''),
  mar_id: integer().references(() => marca.mar_id),
  unm_id: integer().notNull().references(() => unidadMedida.unm_id),
  oci_cantidad: numeric({ precision: 14, scale: 4 }).notNull(),
  oci_precio_unitario: numeric({ precision: 14, scale: 4 }).notNull(),
  oci_precio_fob: numeric({ precision: 14, scale: 4 }),
  oci_importe: numeric({ precision: 14, scale: 2 }).notNull(),
  oci_observacion: varchar({ length: 500 }).notNull().default(''),
  /** The purchase-request line it buys (DECISIONS §7); its quantity adds to the line's `oci_cantidad`. */
  pid_id: integer().references(() => pedidoItemsDetalle.pid_id),
}, (t) => [
  uniqueIndex('orden_item_linea_uq').on(t.ord_id, t.oci_orden),
  index('orden_item_prv_idx').on(t.prv_id),
  index('orden_item_pid_idx').on(t.pid_id),
  index('orden_item_mar_idx').on(t.mar_id),
  index('orden_item_unm_idx').on(t.unm_id),
  // The price search over past order items (/orden/item/search).
  index('orden_item_descripcion_trgm').using('gin', sql`lower(${t.oci_descripcion}) gin_trgm_ops`),
]);

/** Taxes of an order (spec 1 §3 "Order tax"); one row per `ori_tipo`. */
export const ordenImpuesto = pgTable('orden_impuesto', {
  ori_id: serial().primaryKey(),
  ord_id: integer().notNull().references(() => orden.ord_id, { onDelete: 'cascade' }),
  ori_descripcion: varchar({ length: 100 }).notNull(),
  ori_tipo: smallint().notNull(),
  /** A rate as a fraction (IGV 0.18). */
  ori_valor: numeric({ precision: 8, scale: 6 }).notNull(),
  ori_valor_aplicado: numeric({ precision: 14, scale: 2 }).notNull(),
}, (t) => [uniqueIndex('orden_impuesto_tipo_uq').on(t.ord_id, t.ori_tipo)]);

/**
 * Every state change of an order (docs/business-rules.md "Order states"): registration
 * (`ore_id_desde` null), approvals, payment, cancellation, import status (with its comment), restart.
 */
export const ordenHistorial = pgTable('orden_historial', {
  orh_id: serial().primaryKey(),
  ord_id: integer().notNull().references(() => orden.ord_id, { onDelete: 'cascade' }),
  ore_id_desde: integer().references(() => ordenEstado.ore_id),
  ore_id_hasta: integer().notNull().references(() => ordenEstado.ore_id),
  usu_id: integer().notNull().references(() => usuario.usu_id),
  comentario: varchar({ length: 500 }).notNull().default(''),
  fecha: timestamp({ withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('orden_historial_ord_idx').on(t.ord_id, t.orh_id)]);

/** Files attached to an order (spec 1 §2.10 "File attachments", §7 /orden/file/*); the content lives in storage under `oar_clave`. */
export const ordenArchivo = pgTable('orden_archivo', {
  oar_id: serial().primaryKey(),
  ord_id: integer().notNull().references(() => orden.ord_id, { onDelete: 'cascade' }),
  oar_nombre: varchar({ length: 255 }).notNull(),
  oar_clave: varchar({ length: 200 }).notNull(),
  oar_tipo: varchar({ length: 100 }).notNull(),
  oar_tamano: integer().notNull(),
  usu_id: integer().notNull().references(() => usuario.usu_id),
  oar_fecha: timestamp({ withTimezone: true }).notNull().defaultNow(),
  /** true: uploaded by the supplier from its portal (its invoice: PDF and SUNAT XML), shown as such to staff. */
  oar_proveedor: boolean().notNull().default(false),
}, (t) => [index('orden_archivo_ord_idx').on(t.ord_id, t.oar_id)]);

/**
 * A supplier invoice read at upload from its SUNAT XML (issue 25): who issued it, its series and
 * number, currency, amounts and lines (each with the order line it was matched to). The unique
 * index makes one series-number per issuing RUC, also when two uploads run at once.
 */
export const ordenFactura = pgTable('orden_factura', {
  ofa_id: serial().primaryKey(),
  ord_id: integer().notNull().references(() => orden.ord_id, { onDelete: 'cascade' }),
  pve_id: integer().notNull().references(() => proveedor.pve_id),
  ofa_ruc: varchar({ length: 11 }).notNull(),
  ofa_serie: varchar({ length: 4 }).notNull(),
  /** The correlative as a number: F001-00000123 and F001-123 are the same invoice. */
  ofa_numero: integer().notNull(),
  ofa_moneda: varchar({ length: 3 }).notNull(),
  ofa_subtotal: numeric({ precision: 14, scale: 2 }).notNull(),
  ofa_igv: numeric({ precision: 14, scale: 2 }).notNull(),
  ofa_total: numeric({ precision: 14, scale: 2 }).notNull(),
  ofa_fecha_emision: date({ mode: 'string' }).notNull(),
  /** FacturaLineaLeida[] (domain/conciliacion). */
  ofa_lineas: jsonb().notNull(),
  /** Every line matched an order line: the invoice counts line by line, else in the totals only. */
  ofa_por_linea: boolean().notNull(),
  oar_xml: integer().references(() => ordenArchivo.oar_id, { onDelete: 'set null' }),
  usu_id: integer().notNull().references(() => usuario.usu_id),
  ofa_fecha: timestamp({ withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('orden_factura_numero_uq').on(t.ofa_ruc, t.ofa_serie, t.ofa_numero),
  index('orden_factura_ord_idx').on(t.ord_id),
  index('orden_factura_pve_idx').on(t.pve_id),
]);
