CREATE TABLE "orden_archivo" (
	"oar_id" serial PRIMARY KEY NOT NULL,
	"ord_id" integer NOT NULL,
	"oar_nombre" varchar(255) NOT NULL,
	"oar_clave" varchar(200) NOT NULL,
	"oar_tipo" varchar(100) NOT NULL,
	"oar_tamano" integer NOT NULL,
	"usu_id" integer NOT NULL,
	"oar_fecha" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orden_pago" (
	"opg_id" serial PRIMARY KEY NOT NULL,
	"ord_id" integer NOT NULL,
	"opg_numero" integer NOT NULL,
	"opg_descripcion" varchar(500) NOT NULL,
	"opg_fecha_pago_programado" date NOT NULL,
	"opg_pago_cierre" smallint DEFAULT 0 NOT NULL,
	"tid_id" integer,
	"opg_comprobante" varchar(60) DEFAULT '' NOT NULL,
	"opg_sistema_pago" smallint NOT NULL,
	"opg_total" numeric(14, 2) NOT NULL,
	"opg_detraccion" numeric(14, 2) DEFAULT '0' NOT NULL,
	"opg_pago" numeric(14, 2) NOT NULL,
	"opg_estado" varchar(3) NOT NULL,
	"opg_creador" integer NOT NULL,
	"opg_aprobador" integer,
	"opg_fecha_registro" timestamp with time zone DEFAULT now() NOT NULL,
	"opg_fecha_aprobacion" timestamp with time zone,
	"opg_depositante" integer,
	"opg_fecha_deposito" timestamp with time zone,
	"opg_numero_operacion" varchar(60) DEFAULT '' NOT NULL,
	"opg_archivo_clave" varchar(200),
	"opg_archivo_nombre" varchar(255),
	"opg_version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orden_archivo" ADD CONSTRAINT "orden_archivo_ord_id_orden_ord_id_fk" FOREIGN KEY ("ord_id") REFERENCES "public"."orden"("ord_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orden_archivo" ADD CONSTRAINT "orden_archivo_usu_id_usuario_usu_id_fk" FOREIGN KEY ("usu_id") REFERENCES "public"."usuario"("usu_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orden_pago" ADD CONSTRAINT "orden_pago_ord_id_orden_ord_id_fk" FOREIGN KEY ("ord_id") REFERENCES "public"."orden"("ord_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orden_pago" ADD CONSTRAINT "orden_pago_tid_id_tipo_documento_tid_id_fk" FOREIGN KEY ("tid_id") REFERENCES "public"."tipo_documento"("tid_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orden_pago" ADD CONSTRAINT "orden_pago_opg_estado_estado_documento_edo_codigo_fk" FOREIGN KEY ("opg_estado") REFERENCES "public"."estado_documento"("edo_codigo") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orden_pago" ADD CONSTRAINT "orden_pago_opg_creador_usuario_usu_id_fk" FOREIGN KEY ("opg_creador") REFERENCES "public"."usuario"("usu_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orden_pago" ADD CONSTRAINT "orden_pago_opg_aprobador_usuario_usu_id_fk" FOREIGN KEY ("opg_aprobador") REFERENCES "public"."usuario"("usu_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orden_pago" ADD CONSTRAINT "orden_pago_opg_depositante_usuario_usu_id_fk" FOREIGN KEY ("opg_depositante") REFERENCES "public"."usuario"("usu_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orden_archivo_ord_idx" ON "orden_archivo" USING btree ("ord_id","oar_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orden_pago_numero_uq" ON "orden_pago" USING btree ("ord_id","opg_numero");--> statement-breakpoint
CREATE INDEX "orden_pago_estado_idx" ON "orden_pago" USING btree ("opg_estado");--> statement-breakpoint
CREATE INDEX "orden_pendiente_idx" ON "orden" USING btree ("ore_id","ord_usu_gerencia","ord_id") WHERE "orden"."ore_id" in (1, 2);--> statement-breakpoint
CREATE INDEX "orden_item_descripcion_trgm" ON "orden_item" USING gin (lower("oci_descripcion") gin_trgm_ops);