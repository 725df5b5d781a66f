CREATE TABLE "cuenta_confirmacion" (
	"cfc_id" serial PRIMARY KEY NOT NULL,
	"usu_id" integer NOT NULL,
	"cfc_token_hash" varchar(64) NOT NULL,
	"cfc_expira" timestamp with time zone NOT NULL,
	"cfc_usado" boolean DEFAULT false NOT NULL,
	"cfc_fecha_registro" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pedido_estado" (
	"pes_codigo" varchar(20) PRIMARY KEY NOT NULL,
	"pes_nombre" varchar(60) NOT NULL,
	"pes_styles" varchar(40) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pedido_items" (
	"pei_id" serial PRIMARY KEY NOT NULL,
	"pei_codigo" varchar(20) NOT NULL,
	"pei_estado" varchar(20) NOT NULL,
	"pei_notas" varchar(500) DEFAULT '' NOT NULL,
	"alm_id" integer NOT NULL,
	"pry_id" integer NOT NULL,
	"cec_id" integer NOT NULL,
	"usu_solicitante" integer NOT NULL,
	"usu_logistica" integer NOT NULL,
	"usu_aprobador" integer,
	"pei_fecha_registro" timestamp with time zone DEFAULT now() NOT NULL,
	"pei_fecha_aprobacion" timestamp with time zone,
	"pei_version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pedido_items_detalle" (
	"pid_id" serial PRIMARY KEY NOT NULL,
	"pei_id" integer NOT NULL,
	"prv_id" integer NOT NULL,
	"pid_cantidad_solicitada" numeric(14, 4) NOT NULL,
	"pid_cantidad_aprobada" numeric(14, 4),
	"oci_cantidad" numeric(14, 4) DEFAULT '0' NOT NULL,
	CONSTRAINT "pedido_items_detalle_cantidad_ck" CHECK ("pedido_items_detalle"."pid_cantidad_solicitada" > 0
    and ("pedido_items_detalle"."pid_cantidad_aprobada" is null or "pedido_items_detalle"."pid_cantidad_aprobada" >= 0)
    and "pedido_items_detalle"."oci_cantidad" >= 0 and "pedido_items_detalle"."oci_cantidad" <= coalesce("pedido_items_detalle"."pid_cantidad_aprobada", 0))
);
--> statement-breakpoint
ALTER TABLE "orden_archivo" ADD COLUMN "oar_proveedor" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "cuenta_confirmacion" ADD CONSTRAINT "cuenta_confirmacion_usu_id_usuario_usu_id_fk" FOREIGN KEY ("usu_id") REFERENCES "public"."usuario"("usu_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedido_items" ADD CONSTRAINT "pedido_items_pei_estado_pedido_estado_pes_codigo_fk" FOREIGN KEY ("pei_estado") REFERENCES "public"."pedido_estado"("pes_codigo") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedido_items" ADD CONSTRAINT "pedido_items_alm_id_almacen_alm_id_fk" FOREIGN KEY ("alm_id") REFERENCES "public"."almacen"("alm_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedido_items" ADD CONSTRAINT "pedido_items_pry_id_proyecto_pry_id_fk" FOREIGN KEY ("pry_id") REFERENCES "public"."proyecto"("pry_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedido_items" ADD CONSTRAINT "pedido_items_cec_id_centro_costo_cec_id_fk" FOREIGN KEY ("cec_id") REFERENCES "public"."centro_costo"("cec_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedido_items" ADD CONSTRAINT "pedido_items_usu_solicitante_usuario_usu_id_fk" FOREIGN KEY ("usu_solicitante") REFERENCES "public"."usuario"("usu_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedido_items" ADD CONSTRAINT "pedido_items_usu_logistica_usuario_usu_id_fk" FOREIGN KEY ("usu_logistica") REFERENCES "public"."usuario"("usu_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedido_items" ADD CONSTRAINT "pedido_items_usu_aprobador_usuario_usu_id_fk" FOREIGN KEY ("usu_aprobador") REFERENCES "public"."usuario"("usu_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedido_items_detalle" ADD CONSTRAINT "pedido_items_detalle_pei_id_pedido_items_pei_id_fk" FOREIGN KEY ("pei_id") REFERENCES "public"."pedido_items"("pei_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedido_items_detalle" ADD CONSTRAINT "pedido_items_detalle_prv_id_producto_prv_id_fk" FOREIGN KEY ("prv_id") REFERENCES "public"."producto"("prv_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cuenta_confirmacion_token_uq" ON "cuenta_confirmacion" USING btree ("cfc_token_hash");--> statement-breakpoint
CREATE INDEX "cuenta_confirmacion_usu_idx" ON "cuenta_confirmacion" USING btree ("usu_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pedido_items_codigo_uq" ON "pedido_items" USING btree ("pei_codigo");--> statement-breakpoint
CREATE INDEX "pedido_items_pry_idx" ON "pedido_items" USING btree ("pry_id","pei_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "pedido_items_estado_idx" ON "pedido_items" USING btree ("pei_estado","pei_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "pedido_items_alm_idx" ON "pedido_items" USING btree ("alm_id","pei_id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "pedido_items_detalle_producto_uq" ON "pedido_items_detalle" USING btree ("pei_id","prv_id");--> statement-breakpoint
ALTER TABLE "orden" ADD CONSTRAINT "orden_pei_id_pedido_items_pei_id_fk" FOREIGN KEY ("pei_id") REFERENCES "public"."pedido_items"("pei_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orden_item" ADD CONSTRAINT "orden_item_pid_id_pedido_items_detalle_pid_id_fk" FOREIGN KEY ("pid_id") REFERENCES "public"."pedido_items_detalle"("pid_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orden_item_pid_idx" ON "orden_item" USING btree ("pid_id");