CREATE TABLE "asignacion" (
	"asi_id" serial PRIMARY KEY NOT NULL,
	"asi_fecha_registro" date NOT NULL,
	"est_id" integer DEFAULT 12 NOT NULL,
	"usu_registrador" integer NOT NULL,
	"emp_solicitante" integer NOT NULL,
	"emp_autorizador" integer NOT NULL,
	"pry_id" integer NOT NULL,
	"alm_id" integer NOT NULL,
	"asi_notas" varchar(500) DEFAULT '' NOT NULL,
	"asi_fecha_creacion" timestamp with time zone DEFAULT now() NOT NULL,
	"asi_fecha_eliminacion" timestamp with time zone,
	"asi_usu_eliminador" integer
);
--> statement-breakpoint
CREATE TABLE "asignacion_detalle" (
	"aid_id" serial PRIMARY KEY NOT NULL,
	"asi_id" integer NOT NULL,
	"pal_id" integer NOT NULL,
	"prv_id" integer NOT NULL,
	"aid_cantidad" numeric(14, 4) NOT NULL,
	"aid_devuelto" numeric(14, 4) DEFAULT '0' NOT NULL,
	"aid_notas" varchar(500) DEFAULT '' NOT NULL,
	CONSTRAINT "asignacion_detalle_ck" CHECK ("asignacion_detalle"."aid_cantidad" > 0 and "asignacion_detalle"."aid_devuelto" >= 0 and "asignacion_detalle"."aid_devuelto" <= "asignacion_detalle"."aid_cantidad")
);
--> statement-breakpoint
CREATE TABLE "devolucion" (
	"dei_id" serial PRIMARY KEY NOT NULL,
	"asi_id" integer NOT NULL,
	"est_id" integer DEFAULT 2 NOT NULL,
	"dei_fecha_registro" date NOT NULL,
	"usu_registrador" integer NOT NULL,
	"pry_id" integer NOT NULL,
	"dei_notas" varchar(500) DEFAULT '' NOT NULL,
	"dei_fecha_creacion" timestamp with time zone DEFAULT now() NOT NULL,
	"dei_fecha_eliminacion" timestamp with time zone,
	"dei_usu_eliminador" integer
);
--> statement-breakpoint
CREATE TABLE "devolucion_detalle" (
	"did_id" serial PRIMARY KEY NOT NULL,
	"dei_id" integer NOT NULL,
	"aid_id" integer NOT NULL,
	"pal_id" integer NOT NULL,
	"did_cantidad" numeric(14, 4) NOT NULL,
	"did_notas" varchar(500) DEFAULT '' NOT NULL,
	CONSTRAINT "devolucion_detalle_ck" CHECK ("devolucion_detalle"."did_cantidad" > 0)
);
--> statement-breakpoint
CREATE TABLE "kardex" (
	"kdx_id" bigserial PRIMARY KEY NOT NULL,
	"pal_id" integer NOT NULL,
	"kdx_fecha" timestamp with time zone DEFAULT now() NOT NULL,
	"kdx_glosa" varchar(250) NOT NULL,
	"kdx_cantidad" numeric(14, 4) NOT NULL,
	"kdx_saldo" numeric(14, 4) NOT NULL,
	"kdx_doc_tipo" varchar(3) NOT NULL,
	"kdx_doc_id" integer NOT NULL,
	"usu_id" integer NOT NULL,
	CONSTRAINT "kardex_saldo_ck" CHECK ("kardex"."kdx_saldo" >= 0 and "kardex"."kdx_cantidad" <> 0)
);
--> statement-breakpoint
CREATE TABLE "producto_almacen" (
	"pal_id" serial PRIMARY KEY NOT NULL,
	"alm_id" integer NOT NULL,
	"prv_id" integer NOT NULL,
	"pal_numero_serie" varchar(60) DEFAULT '' NOT NULL,
	"pal_stock" numeric(14, 4) DEFAULT '0' NOT NULL,
	"pal_fecha_registro" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "producto_almacen_stock_ck" CHECK ("producto_almacen"."pal_stock" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_minimo" (
	"alm_id" integer NOT NULL,
	"prv_id" integer NOT NULL,
	"stm_minimo" numeric(14, 4) NOT NULL,
	"stm_fecha_modificacion" timestamp with time zone DEFAULT now() NOT NULL,
	"usu_id" integer NOT NULL,
	CONSTRAINT "stock_minimo_alm_id_prv_id_pk" PRIMARY KEY("alm_id","prv_id"),
	CONSTRAINT "stock_minimo_ck" CHECK ("stock_minimo"."stm_minimo" >= 0)
);
--> statement-breakpoint
CREATE TABLE "transferencia" (
	"tfi_id" serial PRIMARY KEY NOT NULL,
	"tfi_codigo" varchar(20) NOT NULL,
	"tfi_numero" integer NOT NULL,
	"tfi_anio" smallint NOT NULL,
	"tfi_tipo" smallint NOT NULL,
	"est_id" integer DEFAULT 3 NOT NULL,
	"ord_id" integer,
	"alm_origen" integer,
	"alm_destino" integer NOT NULL,
	"tfi_fecha_estimada_llegada" date NOT NULL,
	"tfi_guia_remision" varchar(40) DEFAULT '' NOT NULL,
	"tfi_notas" varchar(500) DEFAULT '' NOT NULL,
	"tfi_fecha_registro" timestamp with time zone DEFAULT now() NOT NULL,
	"tfi_usu_registrador" integer NOT NULL,
	"tfi_fecha_ingreso" timestamp with time zone,
	"tfi_usu_recepcionador" integer,
	"tfi_fecha_eliminacion" timestamp with time zone,
	"tfi_usu_eliminador" integer,
	CONSTRAINT "transferencia_tfi_codigo_unique" UNIQUE("tfi_codigo"),
	CONSTRAINT "transferencia_tipo_ck" CHECK ("transferencia"."tfi_tipo" in (1, 2, 3))
);
--> statement-breakpoint
CREATE TABLE "transferencia_detalle" (
	"tid_id" serial PRIMARY KEY NOT NULL,
	"tfi_id" integer NOT NULL,
	"prv_id" integer NOT NULL,
	"oci_id" integer,
	"pal_origen" integer,
	"pal_destino" integer,
	"tid_numero_serie" varchar(60) DEFAULT '' NOT NULL,
	"tid_cantidad" numeric(14, 4) NOT NULL,
	"tid_ingreso_cantidad" numeric(14, 4),
	"tid_ingreso_notas" varchar(500) DEFAULT '' NOT NULL,
	CONSTRAINT "transferencia_detalle_cantidad_ck" CHECK ("transferencia_detalle"."tid_cantidad" > 0 and coalesce("transferencia_detalle"."tid_ingreso_cantidad", 0) >= 0)
);
--> statement-breakpoint
ALTER TABLE "asignacion" ADD CONSTRAINT "asignacion_usu_registrador_usuario_usu_id_fk" FOREIGN KEY ("usu_registrador") REFERENCES "public"."usuario"("usu_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asignacion" ADD CONSTRAINT "asignacion_emp_solicitante_empleado_emp_id_fk" FOREIGN KEY ("emp_solicitante") REFERENCES "public"."empleado"("emp_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asignacion" ADD CONSTRAINT "asignacion_emp_autorizador_empleado_emp_id_fk" FOREIGN KEY ("emp_autorizador") REFERENCES "public"."empleado"("emp_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asignacion" ADD CONSTRAINT "asignacion_pry_id_proyecto_pry_id_fk" FOREIGN KEY ("pry_id") REFERENCES "public"."proyecto"("pry_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asignacion" ADD CONSTRAINT "asignacion_alm_id_almacen_alm_id_fk" FOREIGN KEY ("alm_id") REFERENCES "public"."almacen"("alm_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asignacion" ADD CONSTRAINT "asignacion_asi_usu_eliminador_usuario_usu_id_fk" FOREIGN KEY ("asi_usu_eliminador") REFERENCES "public"."usuario"("usu_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asignacion_detalle" ADD CONSTRAINT "asignacion_detalle_asi_id_asignacion_asi_id_fk" FOREIGN KEY ("asi_id") REFERENCES "public"."asignacion"("asi_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asignacion_detalle" ADD CONSTRAINT "asignacion_detalle_pal_id_producto_almacen_pal_id_fk" FOREIGN KEY ("pal_id") REFERENCES "public"."producto_almacen"("pal_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asignacion_detalle" ADD CONSTRAINT "asignacion_detalle_prv_id_producto_prv_id_fk" FOREIGN KEY ("prv_id") REFERENCES "public"."producto"("prv_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devolucion" ADD CONSTRAINT "devolucion_asi_id_asignacion_asi_id_fk" FOREIGN KEY ("asi_id") REFERENCES "public"."asignacion"("asi_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devolucion" ADD CONSTRAINT "devolucion_usu_registrador_usuario_usu_id_fk" FOREIGN KEY ("usu_registrador") REFERENCES "public"."usuario"("usu_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devolucion" ADD CONSTRAINT "devolucion_pry_id_proyecto_pry_id_fk" FOREIGN KEY ("pry_id") REFERENCES "public"."proyecto"("pry_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devolucion" ADD CONSTRAINT "devolucion_dei_usu_eliminador_usuario_usu_id_fk" FOREIGN KEY ("dei_usu_eliminador") REFERENCES "public"."usuario"("usu_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devolucion_detalle" ADD CONSTRAINT "devolucion_detalle_dei_id_devolucion_dei_id_fk" FOREIGN KEY ("dei_id") REFERENCES "public"."devolucion"("dei_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devolucion_detalle" ADD CONSTRAINT "devolucion_detalle_aid_id_asignacion_detalle_aid_id_fk" FOREIGN KEY ("aid_id") REFERENCES "public"."asignacion_detalle"("aid_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devolucion_detalle" ADD CONSTRAINT "devolucion_detalle_pal_id_producto_almacen_pal_id_fk" FOREIGN KEY ("pal_id") REFERENCES "public"."producto_almacen"("pal_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kardex" ADD CONSTRAINT "kardex_pal_id_producto_almacen_pal_id_fk" FOREIGN KEY ("pal_id") REFERENCES "public"."producto_almacen"("pal_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kardex" ADD CONSTRAINT "kardex_usu_id_usuario_usu_id_fk" FOREIGN KEY ("usu_id") REFERENCES "public"."usuario"("usu_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "producto_almacen" ADD CONSTRAINT "producto_almacen_alm_id_almacen_alm_id_fk" FOREIGN KEY ("alm_id") REFERENCES "public"."almacen"("alm_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "producto_almacen" ADD CONSTRAINT "producto_almacen_prv_id_producto_prv_id_fk" FOREIGN KEY ("prv_id") REFERENCES "public"."producto"("prv_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_minimo" ADD CONSTRAINT "stock_minimo_alm_id_almacen_alm_id_fk" FOREIGN KEY ("alm_id") REFERENCES "public"."almacen"("alm_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_minimo" ADD CONSTRAINT "stock_minimo_prv_id_producto_prv_id_fk" FOREIGN KEY ("prv_id") REFERENCES "public"."producto"("prv_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_minimo" ADD CONSTRAINT "stock_minimo_usu_id_usuario_usu_id_fk" FOREIGN KEY ("usu_id") REFERENCES "public"."usuario"("usu_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transferencia" ADD CONSTRAINT "transferencia_ord_id_orden_ord_id_fk" FOREIGN KEY ("ord_id") REFERENCES "public"."orden"("ord_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transferencia" ADD CONSTRAINT "transferencia_alm_origen_almacen_alm_id_fk" FOREIGN KEY ("alm_origen") REFERENCES "public"."almacen"("alm_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transferencia" ADD CONSTRAINT "transferencia_alm_destino_almacen_alm_id_fk" FOREIGN KEY ("alm_destino") REFERENCES "public"."almacen"("alm_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transferencia" ADD CONSTRAINT "transferencia_tfi_usu_registrador_usuario_usu_id_fk" FOREIGN KEY ("tfi_usu_registrador") REFERENCES "public"."usuario"("usu_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transferencia" ADD CONSTRAINT "transferencia_tfi_usu_recepcionador_usuario_usu_id_fk" FOREIGN KEY ("tfi_usu_recepcionador") REFERENCES "public"."usuario"("usu_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transferencia" ADD CONSTRAINT "transferencia_tfi_usu_eliminador_usuario_usu_id_fk" FOREIGN KEY ("tfi_usu_eliminador") REFERENCES "public"."usuario"("usu_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transferencia_detalle" ADD CONSTRAINT "transferencia_detalle_tfi_id_transferencia_tfi_id_fk" FOREIGN KEY ("tfi_id") REFERENCES "public"."transferencia"("tfi_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transferencia_detalle" ADD CONSTRAINT "transferencia_detalle_prv_id_producto_prv_id_fk" FOREIGN KEY ("prv_id") REFERENCES "public"."producto"("prv_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transferencia_detalle" ADD CONSTRAINT "transferencia_detalle_oci_id_orden_item_oci_id_fk" FOREIGN KEY ("oci_id") REFERENCES "public"."orden_item"("oci_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transferencia_detalle" ADD CONSTRAINT "transferencia_detalle_pal_origen_producto_almacen_pal_id_fk" FOREIGN KEY ("pal_origen") REFERENCES "public"."producto_almacen"("pal_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transferencia_detalle" ADD CONSTRAINT "transferencia_detalle_pal_destino_producto_almacen_pal_id_fk" FOREIGN KEY ("pal_destino") REFERENCES "public"."producto_almacen"("pal_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "asignacion_estado_idx" ON "asignacion" USING btree ("est_id","asi_id");--> statement-breakpoint
CREATE INDEX "asignacion_alm_idx" ON "asignacion" USING btree ("alm_id","asi_id");--> statement-breakpoint
CREATE INDEX "asignacion_solicitante_idx" ON "asignacion" USING btree ("emp_solicitante");--> statement-breakpoint
CREATE INDEX "asignacion_pry_idx" ON "asignacion" USING btree ("pry_id");--> statement-breakpoint
CREATE INDEX "asignacion_detalle_asi_idx" ON "asignacion_detalle" USING btree ("asi_id");--> statement-breakpoint
CREATE INDEX "asignacion_detalle_pal_idx" ON "asignacion_detalle" USING btree ("pal_id","aid_id");--> statement-breakpoint
CREATE INDEX "devolucion_asi_idx" ON "devolucion" USING btree ("asi_id");--> statement-breakpoint
CREATE INDEX "devolucion_estado_idx" ON "devolucion" USING btree ("est_id","dei_id");--> statement-breakpoint
CREATE INDEX "devolucion_detalle_dei_idx" ON "devolucion_detalle" USING btree ("dei_id");--> statement-breakpoint
CREATE INDEX "devolucion_detalle_aid_idx" ON "devolucion_detalle" USING btree ("aid_id");--> statement-breakpoint
CREATE INDEX "kardex_pal_idx" ON "kardex" USING btree ("pal_id","kdx_id");--> statement-breakpoint
CREATE INDEX "kardex_doc_idx" ON "kardex" USING btree ("kdx_doc_tipo","kdx_doc_id");--> statement-breakpoint
CREATE UNIQUE INDEX "producto_almacen_uq" ON "producto_almacen" USING btree ("alm_id","prv_id","pal_numero_serie");--> statement-breakpoint
CREATE INDEX "producto_almacen_prv_idx" ON "producto_almacen" USING btree ("prv_id");--> statement-breakpoint
CREATE INDEX "transferencia_tipo_estado_idx" ON "transferencia" USING btree ("tfi_tipo","est_id","tfi_id");--> statement-breakpoint
CREATE INDEX "transferencia_destino_idx" ON "transferencia" USING btree ("alm_destino","tfi_id");--> statement-breakpoint
CREATE INDEX "transferencia_origen_idx" ON "transferencia" USING btree ("alm_origen");--> statement-breakpoint
CREATE INDEX "transferencia_orden_idx" ON "transferencia" USING btree ("ord_id");--> statement-breakpoint
CREATE INDEX "transferencia_detalle_tfi_idx" ON "transferencia_detalle" USING btree ("tfi_id");--> statement-breakpoint
CREATE INDEX "transferencia_detalle_oci_idx" ON "transferencia_detalle" USING btree ("oci_id");--> statement-breakpoint
CREATE INDEX "transferencia_detalle_pal_destino_idx" ON "transferencia_detalle" USING btree ("pal_destino");--> statement-breakpoint
CREATE INDEX "transferencia_detalle_pal_origen_idx" ON "transferencia_detalle" USING btree ("pal_origen");