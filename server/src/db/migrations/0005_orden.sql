CREATE TABLE "orden" (
	"ord_id" serial PRIMARY KEY NOT NULL,
	"ord_numero" integer NOT NULL,
	"ord_codigo" varchar(60) NOT NULL,
	"ord_tipo_orden" smallint NOT NULL,
	"ord_es_importacion" boolean DEFAULT false NOT NULL,
	"pai_id" integer,
	"cec_id" integer NOT NULL,
	"pve_id" integer NOT NULL,
	"mon_id" integer NOT NULL,
	"coc_id" integer NOT NULL,
	"mep_id" integer NOT NULL,
	"tid_id" integer NOT NULL,
	"ord_numero_documento" varchar(30) DEFAULT '' NOT NULL,
	"ord_fecha_pago" date NOT NULL,
	"ord_fecha_orden" date NOT NULL,
	"ord_carta_credito" varchar(60) DEFAULT '' NOT NULL,
	"ord_lugar_entrega" varchar(250) NOT NULL,
	"ord_usu_logistica" integer NOT NULL,
	"ord_usu_contabilidad" integer NOT NULL,
	"ord_usu_administrador" integer NOT NULL,
	"ord_usu_gerencia" integer NOT NULL,
	"ord_referencia" varchar(200) NOT NULL,
	"ord_referencia_detalle" varchar(500) DEFAULT '' NOT NULL,
	"ord_observacion" varchar(1000) DEFAULT '' NOT NULL,
	"ord_descuento" numeric(14, 4) DEFAULT '0' NOT NULL,
	"ord_tipo_descuento" smallint DEFAULT 1 NOT NULL,
	"ord_porcentaje_adelanto" numeric(5, 2),
	"ord_monto_sin_impuesto" numeric(14, 2) NOT NULL,
	"ord_monto_con_impuesto" numeric(14, 2) NOT NULL,
	"ore_id" integer NOT NULL,
	"pei_id" integer,
	"ord_anio" smallint NOT NULL,
	"ord_version" integer DEFAULT 1 NOT NULL,
	"ord_fecha_registro" timestamp with time zone DEFAULT now() NOT NULL,
	"ord_usu_registrador" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orden_impuesto" (
	"ori_id" serial PRIMARY KEY NOT NULL,
	"ord_id" integer NOT NULL,
	"ori_descripcion" varchar(100) NOT NULL,
	"ori_tipo" smallint NOT NULL,
	"ori_valor" numeric(8, 6) NOT NULL,
	"ori_valor_aplicado" numeric(14, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orden_item" (
	"oci_id" serial PRIMARY KEY NOT NULL,
	"ord_id" integer NOT NULL,
	"oci_orden" smallint NOT NULL,
	"prv_id" integer,
	"oci_descripcion" varchar(500) DEFAULT '' NOT NULL,
	"mar_id" integer,
	"unm_id" integer NOT NULL,
	"oci_cantidad" numeric(14, 4) NOT NULL,
	"oci_precio_unitario" numeric(14, 4) NOT NULL,
	"oci_precio_fob" numeric(14, 4),
	"oci_importe" numeric(14, 2) NOT NULL,
	"oci_observacion" varchar(500) DEFAULT '' NOT NULL,
	"pid_id" integer
);
--> statement-breakpoint
ALTER TABLE "orden" ADD CONSTRAINT "orden_pai_id_pais_pai_id_fk" FOREIGN KEY ("pai_id") REFERENCES "public"."pais"("pai_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orden" ADD CONSTRAINT "orden_cec_id_centro_costo_cec_id_fk" FOREIGN KEY ("cec_id") REFERENCES "public"."centro_costo"("cec_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orden" ADD CONSTRAINT "orden_pve_id_proveedor_pve_id_fk" FOREIGN KEY ("pve_id") REFERENCES "public"."proveedor"("pve_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orden" ADD CONSTRAINT "orden_mon_id_moneda_mon_id_fk" FOREIGN KEY ("mon_id") REFERENCES "public"."moneda"("mon_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orden" ADD CONSTRAINT "orden_coc_id_condicion_comercial_coc_id_fk" FOREIGN KEY ("coc_id") REFERENCES "public"."condicion_comercial"("coc_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orden" ADD CONSTRAINT "orden_mep_id_metodo_pago_mep_id_fk" FOREIGN KEY ("mep_id") REFERENCES "public"."metodo_pago"("mep_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orden" ADD CONSTRAINT "orden_tid_id_tipo_documento_tid_id_fk" FOREIGN KEY ("tid_id") REFERENCES "public"."tipo_documento"("tid_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orden" ADD CONSTRAINT "orden_ord_usu_logistica_usuario_usu_id_fk" FOREIGN KEY ("ord_usu_logistica") REFERENCES "public"."usuario"("usu_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orden" ADD CONSTRAINT "orden_ord_usu_contabilidad_usuario_usu_id_fk" FOREIGN KEY ("ord_usu_contabilidad") REFERENCES "public"."usuario"("usu_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orden" ADD CONSTRAINT "orden_ord_usu_administrador_usuario_usu_id_fk" FOREIGN KEY ("ord_usu_administrador") REFERENCES "public"."usuario"("usu_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orden" ADD CONSTRAINT "orden_ord_usu_gerencia_usuario_usu_id_fk" FOREIGN KEY ("ord_usu_gerencia") REFERENCES "public"."usuario"("usu_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orden" ADD CONSTRAINT "orden_ore_id_orden_estado_ore_id_fk" FOREIGN KEY ("ore_id") REFERENCES "public"."orden_estado"("ore_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orden" ADD CONSTRAINT "orden_ord_usu_registrador_usuario_usu_id_fk" FOREIGN KEY ("ord_usu_registrador") REFERENCES "public"."usuario"("usu_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orden_impuesto" ADD CONSTRAINT "orden_impuesto_ord_id_orden_ord_id_fk" FOREIGN KEY ("ord_id") REFERENCES "public"."orden"("ord_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orden_item" ADD CONSTRAINT "orden_item_ord_id_orden_ord_id_fk" FOREIGN KEY ("ord_id") REFERENCES "public"."orden"("ord_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orden_item" ADD CONSTRAINT "orden_item_prv_id_producto_prv_id_fk" FOREIGN KEY ("prv_id") REFERENCES "public"."producto"("prv_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orden_item" ADD CONSTRAINT "orden_item_mar_id_marca_mar_id_fk" FOREIGN KEY ("mar_id") REFERENCES "public"."marca"("mar_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orden_item" ADD CONSTRAINT "orden_item_unm_id_unidad_medida_unm_id_fk" FOREIGN KEY ("unm_id") REFERENCES "public"."unidad_medida"("unm_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orden_codigo_uq" ON "orden" USING btree ("ord_codigo");--> statement-breakpoint
CREATE UNIQUE INDEX "orden_numero_uq" ON "orden" USING btree ("ord_tipo_orden","ord_anio","ord_numero");--> statement-breakpoint
CREATE INDEX "orden_lista_idx" ON "orden" USING btree ("ord_anio","ord_tipo_orden","ore_id","ord_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orden_cec_idx" ON "orden" USING btree ("cec_id");--> statement-breakpoint
CREATE INDEX "orden_pve_idx" ON "orden" USING btree ("pve_id");--> statement-breakpoint
CREATE INDEX "orden_search_trgm" ON "orden" USING gin ((lower("ord_codigo" || ' ' || "ord_referencia")) gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "orden_impuesto_tipo_uq" ON "orden_impuesto" USING btree ("ord_id","ori_tipo");--> statement-breakpoint
CREATE UNIQUE INDEX "orden_item_linea_uq" ON "orden_item" USING btree ("ord_id","oci_orden");--> statement-breakpoint
CREATE INDEX "orden_item_prv_idx" ON "orden_item" USING btree ("prv_id");--> statement-breakpoint
CREATE INDEX "orden_item_mar_idx" ON "orden_item" USING btree ("mar_id");--> statement-breakpoint
CREATE INDEX "orden_item_unm_idx" ON "orden_item" USING btree ("unm_id");