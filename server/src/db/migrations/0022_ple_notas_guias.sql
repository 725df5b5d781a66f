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
