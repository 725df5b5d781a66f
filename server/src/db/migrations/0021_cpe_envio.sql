CREATE TABLE "emisor_cpe" (
	"emi_id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"emi_ruc" varchar(11) NOT NULL,
	"emi_razon_social" varchar(200) NOT NULL,
	"emi_nombre_comercial" varchar(200) DEFAULT '' NOT NULL,
	"emi_direccion" varchar(300) NOT NULL,
	"emi_ubigeo" varchar(6) NOT NULL,
	"emi_establecimiento" varchar(4) DEFAULT '0000' NOT NULL,
	"emi_serie_factura" varchar(4) DEFAULT 'F001' NOT NULL,
	"emi_serie_boleta" varchar(4) DEFAULT 'B001' NOT NULL,
	"emi_serie_guia" varchar(4) DEFAULT 'T001' NOT NULL,
	"emi_canal" varchar(20) DEFAULT 'demo' NOT NULL,
	"emi_ose_url" varchar(300),
	"emi_ose_consulta_url" varchar(300),
	"emi_nubefact_url" varchar(300),
	"emi_nubefact_token" text,
	"emi_sol_usuario" varchar(30),
	"emi_sol_clave" text,
	"emi_certificado" text,
	"emi_certificado_clave" text,
	"emi_cert_sujeto" varchar(400),
	"emi_cert_emisor" varchar(400),
	"emi_cert_serie" varchar(100),
	"emi_cert_desde" timestamp with time zone,
	"emi_cert_hasta" timestamp with time zone,
	"emi_cert_prueba" boolean DEFAULT false NOT NULL,
	"emi_plazo_dias" smallint DEFAULT 3 NOT NULL,
	"emi_alerta_fecha" date,
	"emi_prueba_estado" varchar(10),
	"emi_prueba_mensaje" varchar(500),
	"emi_prueba_en" timestamp with time zone,
	"emi_version" integer DEFAULT 1 NOT NULL,
	"emi_modificado_en" timestamp with time zone DEFAULT now() NOT NULL,
	"emi_modificado_por" integer,
	CONSTRAINT "emisor_cpe_uno_ck" CHECK ("emisor_cpe"."emi_id" = 1)
);
--> statement-breakpoint
ALTER TABLE "comprobante" ALTER COLUMN "nco_estado_sunat" SET DEFAULT 'por_enviar';--> statement-breakpoint
ALTER TABLE "comprobante" ADD COLUMN "nco_tipo" varchar(2) DEFAULT '01' NOT NULL;--> statement-breakpoint
ALTER TABLE "comprobante" ADD COLUMN "nco_intentos" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "comprobante" ADD COLUMN "nco_proximo_intento" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "comprobante" ADD COLUMN "nco_bloqueo_hasta" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "comprobante" ADD COLUMN "nco_enviado_en" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "comprobante" ADD COLUMN "nco_respondido_en" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "comprobante" ADD COLUMN "nco_respuesta_codigo" varchar(20);--> statement-breakpoint
ALTER TABLE "comprobante" ADD COLUMN "nco_respuesta_texto" varchar(1000);--> statement-breakpoint
ALTER TABLE "comprobante" ADD COLUMN "nco_notas" jsonb;--> statement-breakpoint
ALTER TABLE "comprobante" ADD COLUMN "nco_ticket" varchar(60);--> statement-breakpoint
ALTER TABLE "comprobante" ADD COLUMN "nco_cdr" text;--> statement-breakpoint
ALTER TABLE "comprobante" ADD COLUMN "nco_clave_publica" varchar(64);--> statement-breakpoint
ALTER TABLE "emisor_cpe" ADD CONSTRAINT "emisor_cpe_emi_modificado_por_usuario_usu_id_fk" FOREIGN KEY ("emi_modificado_por") REFERENCES "public"."usuario"("usu_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comprobante_fecha_idx" ON "comprobante" USING btree ("nco_fecha_emision" DESC NULLS LAST,"nco_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "comprobante_estado_idx" ON "comprobante" USING btree ("nco_estado_sunat","nco_fecha_emision" DESC NULLS LAST,"nco_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "comprobante_pendiente_idx" ON "comprobante" USING btree ("nco_proximo_intento") WHERE "comprobante"."nco_proximo_intento" is not null;--> statement-breakpoint
-- Vouchers issued before issue 22 were never sent to SUNAT: the built-in provider only built their
-- XML. They say so now (demo), and each keeps its SUNAT type and a key for its public PDF link.
UPDATE "comprobante" SET "nco_tipo" = CASE WHEN "nco_serie" LIKE 'B%' THEN '03' ELSE '01' END,
  "nco_estado_sunat" = CASE WHEN "nco_proveedor" = 'interno' THEN 'demo' WHEN "nco_estado_sunat" = 'pendiente' THEN 'enviado' ELSE "nco_estado_sunat" END,
  "nco_proveedor" = CASE WHEN "nco_proveedor" = 'interno' THEN 'demo' ELSE "nco_proveedor" END,
  "nco_proximo_intento" = CASE WHEN "nco_estado_sunat" = 'pendiente' THEN now() END,
  "nco_clave_publica" = md5(random()::text || clock_timestamp()::text) || md5(random()::text);
--> statement-breakpoint
UPDATE "orden_venta" o SET "ovt_comprobante_enlace" = '/api/ordenVenta/verComprobante?ovt_id=' || c."ovt_id" || '&k=' || c."nco_clave_publica"
FROM "comprobante" c WHERE c."ovt_id" = o."ovt_id";
--> statement-breakpoint
SELECT obra_version_vigilar('emisor_cpe');
