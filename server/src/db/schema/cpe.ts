import { sql } from 'drizzle-orm';
import { boolean, check, date, integer, pgTable, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { usuario } from './access.ts';

/**
 * The e-voucher issuer (issue 22, screen 'Facturación electrónica'): one row. Secrets (the PKCS#12
 * certificate and its password, the SOL password, Nubefact's token) are stored encrypted with the
 * instance's secrets key (platform/secretos.ts) and never sent back to a screen.
 */
export const emisorCpe = pgTable('emisor_cpe', {
  emi_id: smallint().primaryKey().default(1),
  emi_ruc: varchar({ length: 11 }).notNull(),
  emi_razon_social: varchar({ length: 200 }).notNull(),
  emi_nombre_comercial: varchar({ length: 200 }).notNull().default(''),
  emi_direccion: varchar({ length: 300 }).notNull(),
  /** INEI ubigeo of the fiscal address. */
  emi_ubigeo: varchar({ length: 6 }).notNull(),
  /** SUNAT's establishment code of the issuing place: '0000' the fiscal address. */
  emi_establecimiento: varchar({ length: 4 }).notNull().default('0000'),
  emi_serie_factura: varchar({ length: 4 }).notNull().default('F001'),
  emi_serie_boleta: varchar({ length: 4 }).notNull().default('B001'),
  emi_serie_guia: varchar({ length: 4 }).notNull().default('T001'),
  /** Series of credit notes (07) and debit notes (08) on facturas and on boletas (issue 23). */
  emi_serie_nc_factura: varchar({ length: 4 }).notNull().default('FC01'),
  emi_serie_nc_boleta: varchar({ length: 4 }).notNull().default('BC01'),
  emi_serie_nd_factura: varchar({ length: 4 }).notNull().default('FD01'),
  emi_serie_nd_boleta: varchar({ length: 4 }).notNull().default('BD01'),
  /** domain CPE_CANALES: demo, sunat_beta, sunat_produccion, ose, nubefact. */
  emi_canal: varchar({ length: 20 }).notNull().default('demo'),
  emi_ose_url: varchar({ length: 300 }),
  emi_ose_consulta_url: varchar({ length: 300 }),
  emi_nubefact_url: varchar({ length: 300 }),
  emi_nubefact_token: text(),
  emi_sol_usuario: varchar({ length: 30 }),
  emi_sol_clave: text(),
  /** SUNAT's GRE REST API (sender guides, issue 23): OAuth2 client credentials from SUNAT's menu SOL; the secret sealed. */
  emi_gre_client_id: varchar({ length: 100 }),
  emi_gre_client_secret: text(),
  /** The GRE API's and its token service's addresses when they are not SUNAT's (an OSE; tests). */
  emi_gre_url: varchar({ length: 300 }),
  emi_gre_token_url: varchar({ length: 300 }),
  emi_certificado: text(),
  emi_certificado_clave: text(),
  emi_cert_sujeto: varchar({ length: 400 }),
  emi_cert_emisor: varchar({ length: 400 }),
  emi_cert_serie: varchar({ length: 100 }),
  emi_cert_desde: timestamp({ withTimezone: true }),
  emi_cert_hasta: timestamp({ withTimezone: true }),
  /** The self-signed test certificate the first start generates (demo). */
  emi_cert_prueba: boolean().notNull().default(false),
  /** Days SUNAT gives to send a document; past them it is flagged and mailed daily. */
  emi_plazo_dias: smallint().notNull().default(3),
  /** The last day the overdue mail went out (one a day across instances). */
  emi_alerta_fecha: date({ mode: 'string' }),
  /** 'Probar conexión' runs in the worker, not in the request: 'pendiente' until it answers 'ok' or 'error'. */
  emi_prueba_estado: varchar({ length: 10 }),
  emi_prueba_mensaje: varchar({ length: 500 }),
  emi_prueba_en: timestamp({ withTimezone: true }),
  emi_version: integer().notNull().default(1),
  emi_modificado_en: timestamp({ withTimezone: true }).notNull().defaultNow(),
  emi_modificado_por: integer().references(() => usuario.usu_id),
}, (t) => [check('emisor_cpe_uno_ck', sql`${t.emi_id} = 1`)]);
