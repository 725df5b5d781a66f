CREATE TABLE "cliente" (
	"cli_id" serial PRIMARY KEY NOT NULL,
	"tdi_id" integer NOT NULL,
	"cli_documento_identidad" varchar(15) NOT NULL,
	"cli_nombre" varchar(200) NOT NULL,
	"cli_nombre_contacto" varchar(150) NOT NULL,
	"cli_domicilio_fiscal" varchar(300) NOT NULL,
	"cli_correo" varchar(150) NOT NULL,
	"cli_telefono" varchar(30) NOT NULL,
	"cli_especial" smallint DEFAULT 0 NOT NULL,
	"cli_estado" smallint DEFAULT 1 NOT NULL,
	"cli_fecha_registro" timestamp with time zone DEFAULT now() NOT NULL,
	"cli_version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cliente_direccion_envio" (
	"cde_id" serial PRIMARY KEY NOT NULL,
	"cli_id" integer NOT NULL,
	"cde_sequence" smallint NOT NULL,
	"cde_alias" varchar(60) NOT NULL,
	"cde_direccion" varchar(300) NOT NULL,
	"cde_referencia" varchar(300) NOT NULL,
	"ubi_id" varchar(6) NOT NULL,
	"cde_estado" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "comprobante" (
	"nco_id" serial PRIMARY KEY NOT NULL,
	"ovt_id" integer NOT NULL,
	"tid_id" integer NOT NULL,
	"nco_serie" varchar(4) NOT NULL,
	"nco_numero" integer NOT NULL,
	"nco_fecha_emision" date NOT NULL,
	"nco_total" numeric(14, 2) NOT NULL,
	"nco_proveedor" varchar(20) NOT NULL,
	"nco_enlace" varchar(300),
	"nco_xml" text,
	"nco_hash" varchar(100),
	"nco_estado_sunat" varchar(40) DEFAULT 'aceptado' NOT NULL,
	"nco_usuario" integer NOT NULL,
	"nco_fecha_registro" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orden_venta" (
	"ovt_id" serial PRIMARY KEY NOT NULL,
	"cli_id" integer NOT NULL,
	"cde_id" integer,
	"ven_id" integer,
	"tid_id" integer NOT NULL,
	"mon_id" integer DEFAULT 1 NOT NULL,
	"coc_id" integer NOT NULL,
	"ovt_nombre_contacto" varchar(150) NOT NULL,
	"ovt_documento_identidad_contacto" varchar(15) DEFAULT '' NOT NULL,
	"ovt_telefono_contacto" varchar(30) NOT NULL,
	"ovt_correo_contacto" varchar(150) NOT NULL,
	"ovt_observaciones" varchar(500) DEFAULT '' NOT NULL,
	"ovt_guia" varchar(30) DEFAULT '' NOT NULL,
	"ovt_fecha_venta" timestamp with time zone DEFAULT now() NOT NULL,
	"ovt_fecha_entrega" timestamp with time zone NOT NULL,
	"ovt_direccion_envio" varchar(300) NOT NULL,
	"ovt_referencia_envio" varchar(300) NOT NULL,
	"ubi_id" varchar(6) NOT NULL,
	"ovt_subtotal" numeric(14, 2) NOT NULL,
	"ovt_igv_tasa" numeric(6, 4) NOT NULL,
	"ovt_igv" numeric(14, 2) NOT NULL,
	"ovt_total" numeric(14, 2) NOT NULL,
	"ovt_pagado" numeric(14, 2) DEFAULT '0' NOT NULL,
	"ovt_registrador" integer NOT NULL,
	"ovt_aprobador" integer,
	"ovt_fecha_aprobacion" timestamp with time zone,
	"ovt_comprobante" varchar(20),
	"ovt_comprobante_enlace" varchar(300),
	"est_id" integer NOT NULL,
	"ovt_version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "orden_venta_pagado_ck" CHECK ("orden_venta"."ovt_pagado" >= 0 and "orden_venta"."ovt_pagado" <= "orden_venta"."ovt_total")
);
--> statement-breakpoint
CREATE TABLE "orden_venta_detalle" (
	"ovd_id" serial PRIMARY KEY NOT NULL,
	"ovt_id" integer NOT NULL,
	"pvt_id" integer NOT NULL,
	"ovd_producto" varchar(200) NOT NULL,
	"ovd_precio" numeric(14, 2) NOT NULL,
	"ovd_cantidad" numeric(14, 4) NOT NULL,
	"ovd_subtotal" numeric(14, 2) NOT NULL,
	"ovd_igv" numeric(14, 2) NOT NULL,
	"ovd_total" numeric(14, 2) NOT NULL,
	"ovd_saldo_envio" numeric(14, 4) NOT NULL,
	"env_frecuencia" smallint DEFAULT 60 NOT NULL,
	CONSTRAINT "orden_venta_detalle_ck" CHECK ("orden_venta_detalle"."ovd_cantidad" > 0 and "orden_venta_detalle"."ovd_precio" >= 0 and "orden_venta_detalle"."ovd_saldo_envio" >= 0 and "orden_venta_detalle"."ovd_saldo_envio" <= "orden_venta_detalle"."ovd_cantidad")
);
--> statement-breakpoint
CREATE TABLE "orden_venta_pago" (
	"ovp_id" serial PRIMARY KEY NOT NULL,
	"ovt_id" integer NOT NULL,
	"ovp_orden" smallint NOT NULL,
	"ovp_fecha_pago" timestamp with time zone NOT NULL,
	"ovp_descripcion" varchar(300) NOT NULL,
	"ovp_monto" numeric(14, 2) NOT NULL,
	"ovp_registrador" integer NOT NULL,
	"ovp_fecha_registro" timestamp with time zone DEFAULT now() NOT NULL,
	"ovp_archivo_clave" varchar(200),
	"ovp_archivo_nombre" varchar(255),
	"est_id" integer DEFAULT 1 NOT NULL,
	"ovp_cancelador" integer,
	"ovp_fecha_cancelacion" timestamp with time zone,
	CONSTRAINT "orden_venta_pago_monto_ck" CHECK ("orden_venta_pago"."ovp_monto" > 0)
);
--> statement-breakpoint
CREATE TABLE "producto_venta" (
	"pvt_id" serial PRIMARY KEY NOT NULL,
	"pvt_nombre" varchar(200) NOT NULL,
	"pvt_descripcion" varchar(500) DEFAULT '' NOT NULL,
	"pvt_precio" numeric(14, 2) NOT NULL,
	"pvt_precio_minimo" numeric(14, 2) NOT NULL,
	"pvt_stock" numeric(14, 4) DEFAULT '0' NOT NULL,
	"pvg_id" integer NOT NULL,
	"pti_id" integer NOT NULL,
	"mar_id" integer NOT NULL,
	"unm_id" integer NOT NULL,
	"est_id" integer DEFAULT 1 NOT NULL,
	"pvt_fecha_registro" timestamp with time zone DEFAULT now() NOT NULL,
	"pvt_version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "producto_venta_precio_ck" CHECK ("producto_venta"."pvt_precio_minimo" >= 0 and "producto_venta"."pvt_precio" >= "producto_venta"."pvt_precio_minimo"),
	CONSTRAINT "producto_venta_stock_ck" CHECK ("producto_venta"."pvt_stock" >= 0)
);
--> statement-breakpoint
CREATE TABLE "producto_venta_grupo" (
	"pvg_id" integer PRIMARY KEY NOT NULL,
	"pvg_nombre" varchar(60) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "producto_venta_tipo" (
	"pti_id" serial PRIMARY KEY NOT NULL,
	"pti_nombre" varchar(100) NOT NULL,
	"pti_parent" integer,
	"pti_estado" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendedor" (
	"ven_id" serial PRIMARY KEY NOT NULL,
	"ven_nombre" varchar(150) NOT NULL,
	"ven_documento_identidad" varchar(15) NOT NULL,
	"ven_correo" varchar(150) DEFAULT '' NOT NULL,
	"ven_telefono" varchar(30) DEFAULT '' NOT NULL,
	"est_id" integer DEFAULT 1 NOT NULL,
	"ven_fecha_registro" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cliente" ADD CONSTRAINT "cliente_tdi_id_tipo_documento_identidad_tdi_id_fk" FOREIGN KEY ("tdi_id") REFERENCES "public"."tipo_documento_identidad"("tdi_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cliente_direccion_envio" ADD CONSTRAINT "cliente_direccion_envio_cli_id_cliente_cli_id_fk" FOREIGN KEY ("cli_id") REFERENCES "public"."cliente"("cli_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cliente_direccion_envio" ADD CONSTRAINT "cliente_direccion_envio_ubi_id_ubigeo_ubi_id_fk" FOREIGN KEY ("ubi_id") REFERENCES "public"."ubigeo"("ubi_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comprobante" ADD CONSTRAINT "comprobante_ovt_id_orden_venta_ovt_id_fk" FOREIGN KEY ("ovt_id") REFERENCES "public"."orden_venta"("ovt_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comprobante" ADD CONSTRAINT "comprobante_tid_id_tipo_documento_tid_id_fk" FOREIGN KEY ("tid_id") REFERENCES "public"."tipo_documento"("tid_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comprobante" ADD CONSTRAINT "comprobante_nco_usuario_usuario_usu_id_fk" FOREIGN KEY ("nco_usuario") REFERENCES "public"."usuario"("usu_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orden_venta" ADD CONSTRAINT "orden_venta_cli_id_cliente_cli_id_fk" FOREIGN KEY ("cli_id") REFERENCES "public"."cliente"("cli_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orden_venta" ADD CONSTRAINT "orden_venta_cde_id_cliente_direccion_envio_cde_id_fk" FOREIGN KEY ("cde_id") REFERENCES "public"."cliente_direccion_envio"("cde_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orden_venta" ADD CONSTRAINT "orden_venta_ven_id_vendedor_ven_id_fk" FOREIGN KEY ("ven_id") REFERENCES "public"."vendedor"("ven_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orden_venta" ADD CONSTRAINT "orden_venta_tid_id_tipo_documento_tid_id_fk" FOREIGN KEY ("tid_id") REFERENCES "public"."tipo_documento"("tid_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orden_venta" ADD CONSTRAINT "orden_venta_mon_id_moneda_mon_id_fk" FOREIGN KEY ("mon_id") REFERENCES "public"."moneda"("mon_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orden_venta" ADD CONSTRAINT "orden_venta_coc_id_condicion_comercial_coc_id_fk" FOREIGN KEY ("coc_id") REFERENCES "public"."condicion_comercial"("coc_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orden_venta" ADD CONSTRAINT "orden_venta_ubi_id_ubigeo_ubi_id_fk" FOREIGN KEY ("ubi_id") REFERENCES "public"."ubigeo"("ubi_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orden_venta" ADD CONSTRAINT "orden_venta_ovt_registrador_usuario_usu_id_fk" FOREIGN KEY ("ovt_registrador") REFERENCES "public"."usuario"("usu_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orden_venta" ADD CONSTRAINT "orden_venta_ovt_aprobador_usuario_usu_id_fk" FOREIGN KEY ("ovt_aprobador") REFERENCES "public"."usuario"("usu_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orden_venta" ADD CONSTRAINT "orden_venta_est_id_estado_est_id_fk" FOREIGN KEY ("est_id") REFERENCES "public"."estado"("est_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orden_venta_detalle" ADD CONSTRAINT "orden_venta_detalle_ovt_id_orden_venta_ovt_id_fk" FOREIGN KEY ("ovt_id") REFERENCES "public"."orden_venta"("ovt_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orden_venta_detalle" ADD CONSTRAINT "orden_venta_detalle_pvt_id_producto_venta_pvt_id_fk" FOREIGN KEY ("pvt_id") REFERENCES "public"."producto_venta"("pvt_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orden_venta_pago" ADD CONSTRAINT "orden_venta_pago_ovt_id_orden_venta_ovt_id_fk" FOREIGN KEY ("ovt_id") REFERENCES "public"."orden_venta"("ovt_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orden_venta_pago" ADD CONSTRAINT "orden_venta_pago_ovp_registrador_usuario_usu_id_fk" FOREIGN KEY ("ovp_registrador") REFERENCES "public"."usuario"("usu_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orden_venta_pago" ADD CONSTRAINT "orden_venta_pago_est_id_estado_est_id_fk" FOREIGN KEY ("est_id") REFERENCES "public"."estado"("est_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orden_venta_pago" ADD CONSTRAINT "orden_venta_pago_ovp_cancelador_usuario_usu_id_fk" FOREIGN KEY ("ovp_cancelador") REFERENCES "public"."usuario"("usu_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "producto_venta" ADD CONSTRAINT "producto_venta_pvg_id_producto_venta_grupo_pvg_id_fk" FOREIGN KEY ("pvg_id") REFERENCES "public"."producto_venta_grupo"("pvg_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "producto_venta" ADD CONSTRAINT "producto_venta_pti_id_producto_venta_tipo_pti_id_fk" FOREIGN KEY ("pti_id") REFERENCES "public"."producto_venta_tipo"("pti_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "producto_venta" ADD CONSTRAINT "producto_venta_mar_id_marca_mar_id_fk" FOREIGN KEY ("mar_id") REFERENCES "public"."marca"("mar_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "producto_venta" ADD CONSTRAINT "producto_venta_unm_id_unidad_medida_unm_id_fk" FOREIGN KEY ("unm_id") REFERENCES "public"."unidad_medida"("unm_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "producto_venta" ADD CONSTRAINT "producto_venta_est_id_estado_est_id_fk" FOREIGN KEY ("est_id") REFERENCES "public"."estado"("est_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendedor" ADD CONSTRAINT "vendedor_est_id_estado_est_id_fk" FOREIGN KEY ("est_id") REFERENCES "public"."estado"("est_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cliente_documento_uq" ON "cliente" USING btree ("tdi_id","cli_documento_identidad");--> statement-breakpoint
CREATE INDEX "cliente_search_trgm" ON "cliente" USING gin ((lower("cli_documento_identidad" || ' ' || "cli_nombre")) gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "cliente_direccion_seq_uq" ON "cliente_direccion_envio" USING btree ("cli_id","cde_sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "comprobante_orden_uq" ON "comprobante" USING btree ("ovt_id");--> statement-breakpoint
CREATE UNIQUE INDEX "comprobante_numero_uq" ON "comprobante" USING btree ("nco_serie","nco_numero");--> statement-breakpoint
CREATE INDEX "orden_venta_fecha_idx" ON "orden_venta" USING btree ("ovt_fecha_venta" DESC NULLS LAST,"ovt_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orden_venta_entrega_idx" ON "orden_venta" USING btree ("ovt_fecha_entrega");--> statement-breakpoint
CREATE INDEX "orden_venta_cli_idx" ON "orden_venta" USING btree ("cli_id");--> statement-breakpoint
CREATE INDEX "orden_venta_estado_idx" ON "orden_venta" USING btree ("est_id","ovt_fecha_venta" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "orden_venta_detalle_producto_uq" ON "orden_venta_detalle" USING btree ("ovt_id","pvt_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orden_venta_pago_orden_uq" ON "orden_venta_pago" USING btree ("ovt_id","ovp_orden");--> statement-breakpoint
CREATE INDEX "producto_venta_nombre_trgm" ON "producto_venta" USING gin (lower("pvt_nombre") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "producto_venta_tipo_parent_idx" ON "producto_venta_tipo" USING btree ("pti_parent");--> statement-breakpoint
CREATE UNIQUE INDEX "producto_venta_tipo_nombre_uq" ON "producto_venta_tipo" USING btree (coalesce("pti_parent", 0),lower("pti_nombre"));--> statement-breakpoint
CREATE UNIQUE INDEX "vendedor_documento_uq" ON "vendedor" USING btree ("ven_documento_identidad");--> statement-breakpoint
CREATE INDEX "vendedor_nombre_trgm" ON "vendedor" USING gin (lower("ven_nombre") gin_trgm_ops);