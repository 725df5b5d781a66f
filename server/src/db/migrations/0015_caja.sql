CREATE TABLE "tipo_caja" (
	"tca_id" integer PRIMARY KEY NOT NULL,
	"tca_nombre" varchar(60) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "caja" (
	"caj_id" serial PRIMARY KEY NOT NULL,
	"caj_codigo" varchar(20) NOT NULL,
	"caj_titulo" varchar(150) NOT NULL,
	"caj_descripcion" varchar(400) DEFAULT '' NOT NULL,
	"caj_monto" numeric(14, 2) NOT NULL,
	"mon_id" integer NOT NULL,
	"cec_id" integer NOT NULL,
	"pry_id" integer NOT NULL,
	"tca_id" integer NOT NULL,
	"usu_gerente" integer NOT NULL,
	"usu_solicitante" integer NOT NULL,
	"usu_creador" integer NOT NULL,
	"caj_estado" varchar(3) NOT NULL,
	"caj_fecha_registro" timestamp with time zone DEFAULT now() NOT NULL,
	"caj_fecha_aprobacion" timestamp with time zone,
	"usu_aprobador" integer,
	"caj_observacion" varchar(400) DEFAULT '' NOT NULL,
	"caj_fecha_deposito" date,
	"usu_depositante" integer,
	"caj_numero_operacion" varchar(60) DEFAULT '' NOT NULL,
	"ren_total" numeric(14, 2) DEFAULT '0' NOT NULL,
	"ren_fecha_registro" timestamp with time zone,
	"ren_fecha_aprobacion" timestamp with time zone,
	"usu_aprobador_rendicion" integer,
	"caj_pdf_clave" varchar(200),
	"caj_pdf_nombre" varchar(255),
	"caj_version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "caja_monto_ck" CHECK ("caja"."caj_monto" > 0),
	CONSTRAINT "caja_ren_total_ck" CHECK ("caja"."ren_total" >= 0)
);
--> statement-breakpoint
CREATE TABLE "caja_historial" (
	"cah_id" serial PRIMARY KEY NOT NULL,
	"caj_id" integer NOT NULL,
	"cah_estado" varchar(3) NOT NULL,
	"usu_id" integer NOT NULL,
	"cah_fecha" timestamp with time zone DEFAULT now() NOT NULL,
	"cah_observacion" varchar(400) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rendicion_detalle" (
	"red_id" serial PRIMARY KEY NOT NULL,
	"caj_id" integer NOT NULL,
	"red_item" smallint NOT NULL,
	"red_fecha" date NOT NULL,
	"red_dni_ruc" varchar(11) NOT NULL,
	"red_razon_social" varchar(200) NOT NULL,
	"red_descripcion" varchar(300) DEFAULT '' NOT NULL,
	"cec_id" integer NOT NULL,
	"tid_id" integer NOT NULL,
	"red_serie" varchar(10) NOT NULL,
	"red_numero" varchar(20) NOT NULL,
	"red_importe" numeric(14, 2) NOT NULL,
	CONSTRAINT "rendicion_detalle_importe_ck" CHECK ("rendicion_detalle"."red_importe" > 0)
);
--> statement-breakpoint
ALTER TABLE "caja" ADD CONSTRAINT "caja_mon_id_moneda_mon_id_fk" FOREIGN KEY ("mon_id") REFERENCES "public"."moneda"("mon_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caja" ADD CONSTRAINT "caja_cec_id_centro_costo_cec_id_fk" FOREIGN KEY ("cec_id") REFERENCES "public"."centro_costo"("cec_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caja" ADD CONSTRAINT "caja_pry_id_proyecto_pry_id_fk" FOREIGN KEY ("pry_id") REFERENCES "public"."proyecto"("pry_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caja" ADD CONSTRAINT "caja_tca_id_tipo_caja_tca_id_fk" FOREIGN KEY ("tca_id") REFERENCES "public"."tipo_caja"("tca_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caja" ADD CONSTRAINT "caja_usu_gerente_usuario_usu_id_fk" FOREIGN KEY ("usu_gerente") REFERENCES "public"."usuario"("usu_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caja" ADD CONSTRAINT "caja_usu_solicitante_usuario_usu_id_fk" FOREIGN KEY ("usu_solicitante") REFERENCES "public"."usuario"("usu_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caja" ADD CONSTRAINT "caja_usu_creador_usuario_usu_id_fk" FOREIGN KEY ("usu_creador") REFERENCES "public"."usuario"("usu_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caja" ADD CONSTRAINT "caja_caj_estado_estado_documento_edo_codigo_fk" FOREIGN KEY ("caj_estado") REFERENCES "public"."estado_documento"("edo_codigo") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caja" ADD CONSTRAINT "caja_usu_aprobador_usuario_usu_id_fk" FOREIGN KEY ("usu_aprobador") REFERENCES "public"."usuario"("usu_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caja" ADD CONSTRAINT "caja_usu_depositante_usuario_usu_id_fk" FOREIGN KEY ("usu_depositante") REFERENCES "public"."usuario"("usu_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caja" ADD CONSTRAINT "caja_usu_aprobador_rendicion_usuario_usu_id_fk" FOREIGN KEY ("usu_aprobador_rendicion") REFERENCES "public"."usuario"("usu_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caja_historial" ADD CONSTRAINT "caja_historial_caj_id_caja_caj_id_fk" FOREIGN KEY ("caj_id") REFERENCES "public"."caja"("caj_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caja_historial" ADD CONSTRAINT "caja_historial_cah_estado_estado_documento_edo_codigo_fk" FOREIGN KEY ("cah_estado") REFERENCES "public"."estado_documento"("edo_codigo") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caja_historial" ADD CONSTRAINT "caja_historial_usu_id_usuario_usu_id_fk" FOREIGN KEY ("usu_id") REFERENCES "public"."usuario"("usu_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rendicion_detalle" ADD CONSTRAINT "rendicion_detalle_caj_id_caja_caj_id_fk" FOREIGN KEY ("caj_id") REFERENCES "public"."caja"("caj_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rendicion_detalle" ADD CONSTRAINT "rendicion_detalle_cec_id_centro_costo_cec_id_fk" FOREIGN KEY ("cec_id") REFERENCES "public"."centro_costo"("cec_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rendicion_detalle" ADD CONSTRAINT "rendicion_detalle_tid_id_tipo_documento_tid_id_fk" FOREIGN KEY ("tid_id") REFERENCES "public"."tipo_documento"("tid_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "caja_codigo_uq" ON "caja" USING btree ("caj_codigo");--> statement-breakpoint
CREATE INDEX "caja_fecha_idx" ON "caja" USING btree ("caj_fecha_registro" DESC NULLS LAST,"caj_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "caja_pry_fecha_idx" ON "caja" USING btree ("pry_id","caj_fecha_registro" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "caja_estado_fecha_idx" ON "caja" USING btree ("caj_estado","caj_fecha_registro" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "caja_solicitante_idx" ON "caja" USING btree ("usu_solicitante");--> statement-breakpoint
CREATE INDEX "caja_gerente_idx" ON "caja" USING btree ("usu_gerente");--> statement-breakpoint
CREATE INDEX "caja_titulo_trgm" ON "caja" USING gin (lower("caj_titulo") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "caja_historial_caj_idx" ON "caja_historial" USING btree ("caj_id","cah_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rendicion_detalle_documento_uq" ON "rendicion_detalle" USING btree ("red_dni_ruc","tid_id","red_serie","red_numero");--> statement-breakpoint
CREATE UNIQUE INDEX "rendicion_detalle_item_uq" ON "rendicion_detalle" USING btree ("caj_id","red_item");