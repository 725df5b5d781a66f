DROP INDEX "comprobante_orden_uq";--> statement-breakpoint
DROP INDEX "conductor_nombre_trgm";--> statement-breakpoint
ALTER TABLE "comprobante" ALTER COLUMN "ovt_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "comprobante" ALTER COLUMN "tid_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "comprobante" ALTER COLUMN "nco_serie" SET DATA TYPE varchar(12);--> statement-breakpoint
ALTER TABLE "almacen" ADD COLUMN "alm_establecimiento" varchar(4) DEFAULT '0000' NOT NULL;--> statement-breakpoint
ALTER TABLE "categoria_producto" ADD COLUMN "cat_tipo_existencia" varchar(2) DEFAULT '99' NOT NULL;--> statement-breakpoint
ALTER TABLE "transferencia" ADD COLUMN "tfi_doc_tipo" varchar(2) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "transferencia" ADD COLUMN "tfi_doc_serie" varchar(20) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "transferencia" ADD COLUMN "tfi_doc_numero" varchar(20) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "comprobante" ADD COLUMN "nco_referencia_id" integer;--> statement-breakpoint
ALTER TABLE "comprobante" ADD COLUMN "nco_motivo_codigo" varchar(2);--> statement-breakpoint
ALTER TABLE "comprobante" ADD COLUMN "nco_motivo" varchar(500);--> statement-breakpoint
ALTER TABLE "comprobante" ADD COLUMN "nco_baja_id" integer;--> statement-breakpoint
ALTER TABLE "producto_venta" ADD COLUMN "pvt_peso" numeric(12, 3);--> statement-breakpoint
ALTER TABLE "conductor" ADD COLUMN "cdt_tipo_documento" varchar(1) DEFAULT '1' NOT NULL;--> statement-breakpoint
ALTER TABLE "conductor" ADD COLUMN "cdt_numero_documento" varchar(15) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "conductor" ADD COLUMN "cdt_licencia" varchar(10) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "guia_remision" ADD COLUMN "nco_id" integer;--> statement-breakpoint
ALTER TABLE "guia_remision" ADD COLUMN "ngu_peso_bruto" numeric(14, 3);--> statement-breakpoint
ALTER TABLE "guia_remision" ADD COLUMN "ngu_unidad_peso" varchar(3) DEFAULT 'KGM' NOT NULL;--> statement-breakpoint
ALTER TABLE "guia_remision" ADD COLUMN "ngu_motivo_traslado" varchar(2) DEFAULT '01' NOT NULL;--> statement-breakpoint
ALTER TABLE "emisor_cpe" ADD COLUMN "emi_serie_nc_factura" varchar(4) DEFAULT 'FC01' NOT NULL;--> statement-breakpoint
ALTER TABLE "emisor_cpe" ADD COLUMN "emi_serie_nc_boleta" varchar(4) DEFAULT 'BC01' NOT NULL;--> statement-breakpoint
ALTER TABLE "emisor_cpe" ADD COLUMN "emi_serie_nd_factura" varchar(4) DEFAULT 'FD01' NOT NULL;--> statement-breakpoint
ALTER TABLE "emisor_cpe" ADD COLUMN "emi_serie_nd_boleta" varchar(4) DEFAULT 'BD01' NOT NULL;--> statement-breakpoint
ALTER TABLE "emisor_cpe" ADD COLUMN "emi_gre_client_id" varchar(100);--> statement-breakpoint
ALTER TABLE "emisor_cpe" ADD COLUMN "emi_gre_client_secret" text;--> statement-breakpoint
ALTER TABLE "emisor_cpe" ADD COLUMN "emi_gre_url" varchar(300);--> statement-breakpoint
ALTER TABLE "emisor_cpe" ADD COLUMN "emi_gre_token_url" varchar(300);--> statement-breakpoint
ALTER TABLE "comprobante" ADD CONSTRAINT "comprobante_nco_referencia_id_comprobante_nco_id_fk" FOREIGN KEY ("nco_referencia_id") REFERENCES "public"."comprobante"("nco_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comprobante" ADD CONSTRAINT "comprobante_nco_baja_id_comprobante_nco_id_fk" FOREIGN KEY ("nco_baja_id") REFERENCES "public"."comprobante"("nco_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guia_remision" ADD CONSTRAINT "guia_remision_nco_id_comprobante_nco_id_fk" FOREIGN KEY ("nco_id") REFERENCES "public"."comprobante"("nco_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comprobante_ovt_idx" ON "comprobante" USING btree ("ovt_id","nco_id");--> statement-breakpoint
CREATE INDEX "comprobante_referencia_idx" ON "comprobante" USING btree ("nco_referencia_id") WHERE "comprobante"."nco_referencia_id" is not null;--> statement-breakpoint
CREATE INDEX "comprobante_baja_idx" ON "comprobante" USING btree ("nco_baja_id") WHERE "comprobante"."nco_baja_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "comprobante_orden_uq" ON "comprobante" USING btree ("ovt_id") WHERE "comprobante"."nco_tipo" in ('01', '03');--> statement-breakpoint
CREATE INDEX "conductor_nombre_trgm" ON "conductor" USING gin (lower("cdt_nombre" || ' ' || "cdt_apellido" || ' ' || "cdt_placa" || ' ' || "cdt_licencia" || ' ' || "cdt_numero_documento") gin_trgm_ops);--> statement-breakpoint
-- Until issue 23 the driver's licence was typed into cdt_placa (the product printed it as the licence):
-- it moves to its own field, and cdt_placa is free for what spec 3 names it.
UPDATE "conductor" SET "cdt_licencia" = upper(regexp_replace("cdt_placa", '[^0-9A-Za-z]', '', 'g')), "cdt_placa" = '' WHERE "cdt_placa" <> '';
--> statement-breakpoint
-- Until issue 23 a receipt kept the supplier's guide only as typed text (tfi_guia_remision): a received purchase whose
-- guide was typed as SERIE-NÚMERO gets it as its supplier document (tabla 10 '09' guía de remisión remitente), which
-- the PLE 12.1 book reports; the others stay without one (docs/business-rules.md "SUNAT PLE 12.1").
UPDATE "transferencia" SET "tfi_doc_tipo" = '09',
  "tfi_doc_serie" = split_part(regexp_replace(upper("tfi_guia_remision"), '\s', '', 'g'), '-', 1),
  "tfi_doc_numero" = split_part(regexp_replace(upper("tfi_guia_remision"), '\s', '', 'g'), '-', 2)
WHERE "tfi_doc_tipo" = '' AND ("tfi_tipo" = 3 OR ("tfi_tipo" = 1 AND "est_id" IN (25, 26)))
  AND regexp_replace(upper("tfi_guia_remision"), '\s', '', 'g') ~ '^[A-Z0-9]{4}-[A-Z0-9]{0,7}[1-9A-Z][A-Z0-9]{0,7}$'
  AND length(split_part(regexp_replace(upper("tfi_guia_remision"), '\s', '', 'g'), '-', 2)) <= 8;
--> statement-breakpoint
-- Until issue 23 a sender guide lived only in guia_remision and turned 'accepted' on a timer, never sent to SUNAT:
-- each becomes the comprobante row of type '09' that guides are now, in state 'demo' (never sent, no validity),
-- its request in the shape guides take now (the driver's document and licence from the driver; no weight was declared).
INSERT INTO "comprobante" ("ovt_id", "tid_id", "nco_tipo", "nco_serie", "nco_numero", "nco_fecha_emision", "nco_total", "nco_proveedor",
  "nco_enlace", "nco_xml", "nco_datos", "nco_estado_sunat", "nco_respuesta_texto", "nco_clave_publica", "nco_usuario", "nco_fecha_registro", "nco_respondido_en")
SELECT v."ovt_id", NULL, '09', g."ngu_serie", g."ngu_numero",
  coalesce((g."ngu_datos"->'solicitud'->>'fecha_emision')::date, (g."ngu_fecha_registro" AT TIME ZONE 'America/Lima')::date),
  0, g."ngu_proveedor", '/api/envio/verGuiaRemitente?ngu_id=' || g."ngu_id", g."ngu_xml",
  CASE WHEN g."ngu_datos"->'solicitud' IS NOT NULL THEN ((g."ngu_datos"->'solicitud') - 'conductor') || jsonb_build_object(
    'motivo_traslado', '01', 'peso_bruto', coalesce(g."ngu_peso_bruto"::text, ''), 'unidad_peso', g."ngu_unidad_peso",
    'conductor', jsonb_build_object('tipo_documento', c."cdt_tipo_documento", 'numero_documento', c."cdt_numero_documento",
      'nombre', coalesce(g."ngu_datos"->'solicitud'->'conductor'->>'nombre', c."cdt_nombre"),
      'apellido', coalesce(g."ngu_datos"->'solicitud'->'conductor'->>'apellido', c."cdt_apellido"),
      'licencia', upper(regexp_replace(coalesce(nullif(g."ngu_datos"->'solicitud'->'conductor'->>'licencia_placa', ''), c."cdt_licencia"), '[^0-9A-Za-z]', '', 'g'))))
  END,
  'demo', 'Guía emitida antes del envío a SUNAT: nunca se envió', md5(random()::text || g."ngu_id"::text), g."usu_id", g."ngu_fecha_registro", g."ngu_fecha_registro"
FROM "guia_remision" g JOIN "envio" v ON v."env_id" = g."env_id" JOIN "conductor" c ON c."cdt_id" = g."cdt_id"
WHERE g."nco_id" IS NULL;
--> statement-breakpoint
UPDATE "guia_remision" g SET "nco_id" = c."nco_id" FROM "comprobante" c
WHERE g."nco_id" IS NULL AND c."nco_tipo" = '09' AND c."nco_serie" = g."ngu_serie" AND c."nco_numero" = g."ngu_numero";
