import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, check, date, index, integer, jsonb, numeric, pgTable, serial, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { usuario } from './access.ts';
import { marca, unidadMedida } from './catalogo.ts';
import { condicionComercial, estado, moneda, tipoDocumento, tipoDocumentoIdentidad, ubigeo } from './reference.ts';

/**
 * Sales (spec 3 §2 "Clients", "Sellers", "Sales product catalogue", "Sales orders", §3; DECISIONS §2, §6).
 * Statuses are generic `estado` ids (activo 1 / inactivo 0 for master data; creado 3, aprobado 5,
 * pago_parcial 10, pagado 11, en_despacho 27, completado 33 for orders). Money is NUMERIC(14,2),
 * quantities NUMERIC(14,4), rates fractions (IGV 0.18).
 */

/** Clients; the document is unique per document type (DNI 8 digits, RUC 11 with its check digit, CE). */
export const cliente = pgTable('cliente', {
  cli_id: serial().primaryKey(),
  tdi_id: integer().notNull().references(() => tipoDocumentoIdentidad.tdi_id),
  cli_documento_identidad: varchar({ length: 15 }).notNull(),
  cli_nombre: varchar({ length: 200 }).notNull(),
  cli_nombre_contacto: varchar({ length: 150 }).notNull(),
  cli_domicilio_fiscal: varchar({ length: 300 }).notNull(),
  cli_correo: varchar({ length: 150 }).notNull(),
  cli_telefono: varchar({ length: 30 }).notNull(),
  /** 1 = special client: no e-voucher is generated for its orders (spec 3 §4). */
  cli_especial: smallint().notNull().default(0),
  cli_estado: smallint().notNull().default(1),
  cli_fecha_registro: timestamp({ withTimezone: true }).notNull().defaultNow(),
  cli_version: integer().notNull().default(1),
}, (t) => [
  uniqueIndex('cliente_documento_uq').on(t.tdi_id, t.cli_documento_identidad),
  // The list pages by name (platform/list.ts keys cli_nombre, cli_id).
  index('cliente_nombre_idx').on(t.cli_nombre, t.cli_id),
  index('cliente_search_trgm').using('gin', sql`(lower(${t.cli_documento_identidad} || ' ' || ${t.cli_nombre})) gin_trgm_ops`),
]);

/** A client's shipping addresses; `cde_sequence` numbers them within the client. */
export const clienteDireccionEnvio = pgTable('cliente_direccion_envio', {
  cde_id: serial().primaryKey(),
  cli_id: integer().notNull().references(() => cliente.cli_id),
  cde_sequence: smallint().notNull(),
  cde_alias: varchar({ length: 60 }).notNull(),
  cde_direccion: varchar({ length: 300 }).notNull(),
  cde_referencia: varchar({ length: 300 }).notNull(),
  ubi_id: varchar({ length: 6 }).notNull().references(() => ubigeo.ubi_id),
  cde_estado: smallint().notNull().default(1),
}, (t) => [uniqueIndex('cliente_direccion_seq_uq').on(t.cli_id, t.cde_sequence)]);

/** Sellers (spec 3 §2 "Sellers"); statuses activo and inactivo only. */
export const vendedor = pgTable('vendedor', {
  ven_id: serial().primaryKey(),
  ven_nombre: varchar({ length: 150 }).notNull(),
  ven_documento_identidad: varchar({ length: 15 }).notNull(),
  ven_correo: varchar({ length: 150 }).notNull().default(''),
  ven_telefono: varchar({ length: 30 }).notNull().default(''),
  est_id: integer().notNull().default(1).references(() => estado.est_id),
  ven_fecha_registro: timestamp({ withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('vendedor_documento_uq').on(t.ven_documento_identidad),
  // The list sorts by name (platform/list.ts keys lower(ven_nombre), ven_id).
  index('vendedor_nombre_idx').on(sql`lower(${t.ven_nombre})`, t.ven_id),
  index('vendedor_nombre_trgm').using('gin', sql`lower(${t.ven_nombre}) gin_trgm_ops`),
]);

/** Sale product types in two levels: `pti_parent` null is level 1. */
export const productoVentaTipo = pgTable('producto_venta_tipo', {
  pti_id: serial().primaryKey(),
  pti_nombre: varchar({ length: 100 }).notNull(),
  pti_parent: integer(),
  pti_estado: smallint().notNull().default(1),
}, (t) => [
  index('producto_venta_tipo_parent_idx').on(t.pti_parent),
  uniqueIndex('producto_venta_tipo_nombre_uq').on(sql`coalesce(${t.pti_parent}, 0)`, sql`lower(${t.pti_nombre})`),
]);

/** Groups of sale products (reference list `producto_venta_grupos`). */
export const productoVentaGrupo = pgTable('producto_venta_grupo', {
  pvg_id: integer().primaryKey(),
  pvg_nombre: varchar({ length: 60 }).notNull(),
});

/** Sale products: `pvt_precio` is the maximum (list) price without IGV, `pvt_precio_minimo` the floor the server enforces. */
export const productoVenta = pgTable('producto_venta', {
  pvt_id: serial().primaryKey(),
  pvt_nombre: varchar({ length: 200 }).notNull(),
  pvt_descripcion: varchar({ length: 500 }).notNull().default(''),
  pvt_precio: numeric({ precision: 14, scale: 2 }).notNull(),
  pvt_precio_minimo: numeric({ precision: 14, scale: 2 }).notNull(),
  pvt_stock: numeric({ precision: 14, scale: 4 }).notNull().default('0'),
  /** Kilograms per unit (a m³ of concrete about 2400): a guide's gross weight (issue 23). */
  pvt_peso: numeric({ precision: 12, scale: 3 }),
  /** Delivered by a mixer truck, so its lines wait for dispatches; false for a service (pumping), which needs none (issue 24). */
  pvt_despacho_mixer: boolean().notNull().default(true),
  /** Optional (spec 3 §5 requires the rest without it; issue 27): null is a product without a group. */
  pvg_id: integer().references(() => productoVentaGrupo.pvg_id),
  pti_id: integer().notNull().references(() => productoVentaTipo.pti_id),
  mar_id: integer().notNull().references(() => marca.mar_id),
  unm_id: integer().notNull().references(() => unidadMedida.unm_id),
  est_id: integer().notNull().default(1).references(() => estado.est_id),
  pvt_fecha_registro: timestamp({ withTimezone: true }).notNull().defaultNow(),
  pvt_version: integer().notNull().default(1),
}, (t) => [
  index('producto_venta_nombre_trgm').using('gin', sql`lower(${t.pvt_nombre}) gin_trgm_ops`),
  // Names are unique ignoring case (the service also checks, with a Spanish message).
  uniqueIndex('producto_venta_nombre_uq').on(sql`lower(${t.pvt_nombre})`),
  check('producto_venta_precio_ck', sql`${t.pvt_precio_minimo} >= 0 and ${t.pvt_precio} >= ${t.pvt_precio_minimo}`),
  check('producto_venta_stock_ck', sql`${t.pvt_stock} >= 0`),
]);

/**
 * Sales orders. `ovt_fecha_entrega` is the requested delivery (Lima time, sent as 'dd-mm-yyyy HH:mm').
 * Amounts are computed by the server from the lines (domain `ventaTotales`); `ovt_pagado` is the sum of
 * the active payments, kept with them, so the payment state and the balance are one read.
 */
export const ordenVenta = pgTable('orden_venta', {
  ovt_id: serial().primaryKey(),
  cli_id: integer().notNull().references(() => cliente.cli_id),
  cde_id: integer().references(() => clienteDireccionEnvio.cde_id),
  ven_id: integer().references(() => vendedor.ven_id),
  tid_id: integer().notNull().references(() => tipoDocumento.tid_id),
  mon_id: integer().notNull().default(1).references(() => moneda.mon_id),
  coc_id: integer().notNull().references(() => condicionComercial.coc_id),
  ovt_nombre_contacto: varchar({ length: 150 }).notNull(),
  ovt_documento_identidad_contacto: varchar({ length: 15 }).notNull().default(''),
  ovt_telefono_contacto: varchar({ length: 30 }).notNull(),
  ovt_correo_contacto: varchar({ length: 150 }).notNull(),
  ovt_observaciones: varchar({ length: 500 }).notNull().default(''),
  ovt_guia: varchar({ length: 30 }).notNull().default(''),
  ovt_fecha_venta: timestamp({ withTimezone: true }).notNull().defaultNow(),
  ovt_fecha_entrega: timestamp({ withTimezone: true }).notNull(),
  ovt_direccion_envio: varchar({ length: 300 }).notNull(),
  ovt_referencia_envio: varchar({ length: 300 }).notNull(),
  ubi_id: varchar({ length: 6 }).notNull().references(() => ubigeo.ubi_id),
  ovt_subtotal: numeric({ precision: 14, scale: 2 }).notNull(),
  ovt_igv_tasa: numeric({ precision: 6, scale: 4 }).notNull(),
  ovt_igv: numeric({ precision: 14, scale: 2 }).notNull(),
  ovt_total: numeric({ precision: 14, scale: 2 }).notNull(),
  ovt_pagado: numeric({ precision: 14, scale: 2 }).notNull().default('0'),
  ovt_registrador: integer().notNull().references(() => usuario.usu_id),
  ovt_aprobador: integer().references(() => usuario.usu_id),
  ovt_fecha_aprobacion: timestamp({ withTimezone: true }),
  /** The e-voucher's number ('F001-00000001') and the link to its PDF, once issued. */
  ovt_comprobante: varchar({ length: 20 }),
  ovt_comprobante_enlace: varchar({ length: 300 }),
  est_id: integer().notNull().references(() => estado.est_id),
  ovt_version: integer().notNull().default(1),
}, (t) => [
  index('orden_venta_fecha_idx').on(t.ovt_fecha_venta.desc(), t.ovt_id.desc()),
  index('orden_venta_entrega_idx').on(t.ovt_fecha_entrega),
  index('orden_venta_cli_idx').on(t.cli_id),
  index('orden_venta_estado_idx').on(t.est_id, t.ovt_fecha_venta.desc()),
  // Inicio's panels (issue 25): a year of sales by date, and the credit sales still owed, read from the index alone.
  index('orden_venta_figura_idx').on(t.ovt_fecha_venta, t.est_id, t.cli_id, t.ovt_total, t.ovt_id),
  index('orden_venta_por_cobrar_idx').on(t.ovt_id, t.est_id, t.ovt_fecha_entrega, t.ovt_total, t.ovt_pagado)
    .where(sql`${t.coc_id} in (2, 3, 4, 5) and ${t.ovt_total} > ${t.ovt_pagado}`),
  check('orden_venta_pagado_ck', sql`${t.ovt_pagado} >= 0 and ${t.ovt_pagado} <= ${t.ovt_total}`),
]);

/** Lines of a sales order; `ovd_saldo_envio` is the quantity still to dispatch (issue 14 lowers it). */
export const ordenVentaDetalle = pgTable('orden_venta_detalle', {
  ovd_id: serial().primaryKey(),
  ovt_id: integer().notNull().references(() => ordenVenta.ovt_id),
  pvt_id: integer().notNull().references(() => productoVenta.pvt_id),
  ovd_producto: varchar({ length: 200 }).notNull(),
  ovd_precio: numeric({ precision: 14, scale: 2 }).notNull(),
  ovd_cantidad: numeric({ precision: 14, scale: 4 }).notNull(),
  ovd_subtotal: numeric({ precision: 14, scale: 2 }).notNull(),
  ovd_igv: numeric({ precision: 14, scale: 2 }).notNull(),
  ovd_total: numeric({ precision: 14, scale: 2 }).notNull(),
  ovd_saldo_envio: numeric({ precision: 14, scale: 4 }).notNull(),
  env_frecuencia: smallint().notNull().default(60),
}, (t) => [
  uniqueIndex('orden_venta_detalle_producto_uq').on(t.ovt_id, t.pvt_id),
  check('orden_venta_detalle_ck', sql`${t.ovd_cantidad} > 0 and ${t.ovd_precio} >= 0 and ${t.ovd_saldo_envio} >= 0 and ${t.ovd_saldo_envio} <= ${t.ovd_cantidad}`),
]);

/** Payments of a sales order; cancelling keeps the row (est_id cancelado 8). `ovp_orden` numbers them within the order. */
export const ordenVentaPago = pgTable('orden_venta_pago', {
  ovp_id: serial().primaryKey(),
  ovt_id: integer().notNull().references(() => ordenVenta.ovt_id),
  ovp_orden: smallint().notNull(),
  ovp_fecha_pago: timestamp({ withTimezone: true }).notNull(),
  ovp_descripcion: varchar({ length: 300 }).notNull(),
  ovp_monto: numeric({ precision: 14, scale: 2 }).notNull(),
  ovp_registrador: integer().notNull().references(() => usuario.usu_id),
  ovp_fecha_registro: timestamp({ withTimezone: true }).notNull().defaultNow(),
  /** The voucher file: a storage key (never a client path) and its original name. */
  ovp_archivo_clave: varchar({ length: 200 }),
  ovp_archivo_nombre: varchar({ length: 255 }),
  est_id: integer().notNull().default(1).references(() => estado.est_id),
  ovp_cancelador: integer().references(() => usuario.usu_id),
  ovp_fecha_cancelacion: timestamp({ withTimezone: true }),
}, (t) => [
  uniqueIndex('orden_venta_pago_orden_uq').on(t.ovt_id, t.ovp_orden),
  check('orden_venta_pago_monto_ck', sql`${t.ovp_monto} > 0`),
]);

/**
 * Electronic vouchers (spec 3 §3 "Electronic voucher", DECISIONS §6). One per order at most (the
 * unique index is the last guard under concurrent issues). `nco_serie` + `nco_numero` come from the
 * series' counter ('F001' factura, 'B001' boleta), gap-free. The built-in provider keeps the UBL XML;
 * `nco_enlace` is where its PDF is read.
 */
export const comprobante = pgTable('comprobante', {
  nco_id: serial().primaryKey(),
  /** The sales order (vouchers, their notes, guides); null for summaries (RA, RC). */
  ovt_id: integer().references(() => ordenVenta.ovt_id),
  tid_id: integer().references(() => tipoDocumento.tid_id),
  /** SUNAT catalogue 01: '01' factura, '03' boleta, '07' credit note, '08' debit note, '09' sender guide; 'RA' comunicación de baja, 'RC' resumen diario. */
  nco_tipo: varchar({ length: 2 }).notNull().default('01'),
  /** 'F001', 'FC01', 'T001'; a summary's 'RA-20261128' (its number is the day's correlative). */
  nco_serie: varchar({ length: 12 }).notNull(),
  nco_numero: integer().notNull(),
  nco_fecha_emision: date({ mode: 'string' }).notNull(),
  nco_total: numeric({ precision: 14, scale: 2 }).notNull(),
  /** The channel it was issued for: 'demo', 'sunat_beta', 'sunat_produccion', 'ose', 'nubefact' ('interno' before issue 22). */
  nco_proveedor: varchar({ length: 20 }).notNull(),
  nco_enlace: varchar({ length: 300 }),
  /** The signed XML, exactly as sent (issue 22). */
  nco_xml: text(),
  /** The request exactly as issued (client, lines, totals), so the PDF is rendered again from what was declared. */
  nco_datos: jsonb(),
  /** SUNAT's QR content. */
  nco_codigo_qr: varchar({ length: 300 }),
  /** The signature's DigestValue ("valor resumen"), printed on the PDF and in the QR. */
  nco_hash: varchar({ length: 100 }),
  /** domain CPE_ESTADO: por_enviar, enviado, aceptado, observado, rechazado, error, demo; anulado once a cancellation is accepted. */
  nco_estado_sunat: varchar({ length: 40 }).notNull().default('por_enviar'),
  /** Sending attempts started; above 0 the document may have reached SUNAT, so the next try asks for its CDR first. */
  nco_intentos: integer().notNull().default(0),
  /** When the worker may take it (null once final). */
  nco_proximo_intento: timestamp({ withTimezone: true }),
  /** A worker holds it until then (the lease that keeps two instances from sending it at once). */
  nco_bloqueo_hasta: timestamp({ withTimezone: true }),
  nco_enviado_en: timestamp({ withTimezone: true }),
  nco_respondido_en: timestamp({ withTimezone: true }),
  /** SUNAT's answer: ResponseCode or fault code, its text, and the CDR's notes [{codigo, texto}]. */
  nco_respuesta_codigo: varchar({ length: 20 }),
  nco_respuesta_texto: varchar({ length: 1000 }),
  nco_notas: jsonb(),
  nco_ticket: varchar({ length: 60 }),
  /** SUNAT's CDR zip, base64. */
  nco_cdr: text(),
  /** Unguessable key of the public PDF link (`ovt_comprobante_enlace`), like an accredited provider's. */
  nco_clave_publica: varchar({ length: 64 }),
  /** A note's document (07, 08): the factura or boleta it corrects. */
  nco_referencia_id: integer().references((): AnyPgColumn => comprobante.nco_id),
  /** A note's reason (catalogue 09 or 10) or a cancellation's, and its text. */
  nco_motivo_codigo: varchar({ length: 2 }),
  nco_motivo: varchar({ length: 500 }),
  /**
   * What cancels this document: a summary (RA or RC) or a total credit note. It turns 'anulado' when SUNAT
   * accepts that one, and this is cleared when SUNAT rejects it (issue 23).
   */
  nco_baja_id: integer().references((): AnyPgColumn => comprobante.nco_id),
  nco_usuario: integer().notNull().references(() => usuario.usu_id),
  nco_fecha_registro: timestamp({ withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  // One standing factura or boleta per order (another may follow one SUNAT accepted as cancelled); notes and guides are many.
  uniqueIndex('comprobante_orden_uq').on(t.ovt_id).where(sql`${t.nco_tipo} in ('01', '03') and ${t.nco_estado_sunat} <> 'anulado'`),
  index('comprobante_ovt_idx').on(t.ovt_id, t.nco_id),
  index('comprobante_referencia_idx').on(t.nco_referencia_id).where(sql`${t.nco_referencia_id} is not null`),
  index('comprobante_baja_idx').on(t.nco_baja_id).where(sql`${t.nco_baja_id} is not null`),
  uniqueIndex('comprobante_numero_uq').on(t.nco_serie, t.nco_numero),
  // The list's order (issue date, id) newest first, scanned backwards (platform/list.ts: `.desc()` would write NULLS LAST, which `desc` cannot use).
  index('comprobante_fecha_idx').on(t.nco_fecha_emision, t.nco_id),
  index('comprobante_estado_idx').on(t.nco_estado_sunat, t.nco_fecha_emision, t.nco_id),
  index('comprobante_pendiente_idx').on(t.nco_proximo_intento).where(sql`${t.nco_proximo_intento} is not null`),
]);

/** Files attached to a sales order (spec 3 §7 /ordenVenta/adjuntar); the content lives in storage under `ova_clave`. */
export const ordenVentaArchivo = pgTable('orden_venta_archivo', {
  ova_id: serial().primaryKey(),
  ovt_id: integer().notNull().references(() => ordenVenta.ovt_id),
  /** The call's `tipo` (what the document is: 'orden_compra', 'contrato', ...), free text. */
  ova_tipo: varchar({ length: 60 }).notNull().default(''),
  ova_nombre: varchar({ length: 255 }).notNull(),
  ova_clave: varchar({ length: 200 }).notNull(),
  ova_mime: varchar({ length: 100 }).notNull(),
  ova_tamano: integer().notNull(),
  usu_id: integer().notNull().references(() => usuario.usu_id),
  ova_fecha: timestamp({ withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('orden_venta_archivo_ovt_idx').on(t.ovt_id, t.ova_id)]);
