CREATE TABLE "cuenta_proveedor" (
	"cpv_id" serial PRIMARY KEY NOT NULL,
	"pve_id" integer NOT NULL,
	"ban_id" integer NOT NULL,
	"mon_id" integer NOT NULL,
	"tcu_id" integer NOT NULL,
	"cpv_cuenta" varchar(30) NOT NULL,
	"cpv_cci" varchar(20) NOT NULL,
	"cpv_fecha_registro" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marca" (
	"mar_id" serial PRIMARY KEY NOT NULL,
	"mar_nombre" varchar(100) NOT NULL,
	"mar_estado" smallint DEFAULT 1 NOT NULL,
	"mar_fecha_registro" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "unidad_medida" (
	"unm_id" serial PRIMARY KEY NOT NULL,
	"unm_simbolo" varchar(10) NOT NULL,
	"unm_descripcion" varchar(100) NOT NULL,
	"unm_estado" smallint DEFAULT 1 NOT NULL,
	"unm_fecha_registro" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categoria_producto" (
	"cat_id" serial PRIMARY KEY NOT NULL,
	"cat_nombre" varchar(100) NOT NULL,
	"cat_estado" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "producto" (
	"prv_id" serial PRIMARY KEY NOT NULL,
	"prv_nombre" varchar(200) NOT NULL,
	"prv_descripcion" varchar(400) DEFAULT '' NOT NULL,
	"cat_id" integer NOT NULL,
	"tip_id" integer NOT NULL,
	"mar_id" integer,
	"unm_id" integer NOT NULL,
	"prv_item" smallint DEFAULT 0 NOT NULL,
	"prv_reposicion" smallint DEFAULT 0 NOT NULL,
	"prv_retornable" smallint DEFAULT 0 NOT NULL,
	"prv_retorno_estimado" integer,
	"prv_stock_minimo" numeric(14, 2) DEFAULT '0' NOT NULL,
	"prv_estado" smallint DEFAULT 1 NOT NULL,
	"prv_version" integer DEFAULT 1 NOT NULL,
	"prv_fecha_registro" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tipo_producto" (
	"tip_id" serial PRIMARY KEY NOT NULL,
	"cat_id" integer NOT NULL,
	"tip_nombre" varchar(100) NOT NULL,
	"tip_estado" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "empleado" (
	"emp_id" serial PRIMARY KEY NOT NULL,
	"emp_nombre" varchar(100) NOT NULL,
	"emp_apellido" varchar(100) NOT NULL,
	"emp_dni" varchar(15) NOT NULL,
	"emp_celular" varchar(20) DEFAULT '' NOT NULL,
	"emp_email" varchar(150) DEFAULT '' NOT NULL,
	"pue_id" integer NOT NULL,
	"pry_id" integer,
	"usu_id" integer,
	"emp_estado" smallint DEFAULT 1 NOT NULL,
	"emp_version" integer DEFAULT 1 NOT NULL,
	"emp_fecha_registro" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "puesto" (
	"pue_id" serial PRIMARY KEY NOT NULL,
	"pue_nombre" varchar(100) NOT NULL,
	"pue_estado" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cuenta_proveedor" ADD CONSTRAINT "cuenta_proveedor_pve_id_proveedor_pve_id_fk" FOREIGN KEY ("pve_id") REFERENCES "public"."proveedor"("pve_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cuenta_proveedor" ADD CONSTRAINT "cuenta_proveedor_ban_id_banco_ban_id_fk" FOREIGN KEY ("ban_id") REFERENCES "public"."banco"("ban_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cuenta_proveedor" ADD CONSTRAINT "cuenta_proveedor_mon_id_moneda_mon_id_fk" FOREIGN KEY ("mon_id") REFERENCES "public"."moneda"("mon_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cuenta_proveedor" ADD CONSTRAINT "cuenta_proveedor_tcu_id_tipo_cuenta_tcu_id_fk" FOREIGN KEY ("tcu_id") REFERENCES "public"."tipo_cuenta"("tcu_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "producto" ADD CONSTRAINT "producto_cat_id_categoria_producto_cat_id_fk" FOREIGN KEY ("cat_id") REFERENCES "public"."categoria_producto"("cat_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "producto" ADD CONSTRAINT "producto_tip_id_tipo_producto_tip_id_fk" FOREIGN KEY ("tip_id") REFERENCES "public"."tipo_producto"("tip_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "producto" ADD CONSTRAINT "producto_mar_id_marca_mar_id_fk" FOREIGN KEY ("mar_id") REFERENCES "public"."marca"("mar_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "producto" ADD CONSTRAINT "producto_unm_id_unidad_medida_unm_id_fk" FOREIGN KEY ("unm_id") REFERENCES "public"."unidad_medida"("unm_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tipo_producto" ADD CONSTRAINT "tipo_producto_cat_id_categoria_producto_cat_id_fk" FOREIGN KEY ("cat_id") REFERENCES "public"."categoria_producto"("cat_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "empleado" ADD CONSTRAINT "empleado_pue_id_puesto_pue_id_fk" FOREIGN KEY ("pue_id") REFERENCES "public"."puesto"("pue_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "empleado" ADD CONSTRAINT "empleado_pry_id_proyecto_pry_id_fk" FOREIGN KEY ("pry_id") REFERENCES "public"."proyecto"("pry_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "empleado" ADD CONSTRAINT "empleado_usu_id_usuario_usu_id_fk" FOREIGN KEY ("usu_id") REFERENCES "public"."usuario"("usu_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cuenta_proveedor_pve_idx" ON "cuenta_proveedor" USING btree ("pve_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cuenta_proveedor_cci_uq" ON "cuenta_proveedor" USING btree ("pve_id","cpv_cci");--> statement-breakpoint
CREATE UNIQUE INDEX "marca_nombre_uq" ON "marca" USING btree (lower("mar_nombre"));--> statement-breakpoint
CREATE INDEX "marca_nombre_trgm" ON "marca" USING gin (lower("mar_nombre") gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "unidad_medida_simbolo_uq" ON "unidad_medida" USING btree (lower("unm_simbolo"));--> statement-breakpoint
CREATE INDEX "unidad_medida_search_trgm" ON "unidad_medida" USING gin ((lower("unm_simbolo" || ' ' || "unm_descripcion")) gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "categoria_producto_nombre_uq" ON "categoria_producto" USING btree (lower("cat_nombre"));--> statement-breakpoint
CREATE UNIQUE INDEX "producto_nombre_marca_uq" ON "producto" USING btree (lower("prv_nombre"),coalesce("mar_id", 0));--> statement-breakpoint
CREATE INDEX "producto_nombre_trgm" ON "producto" USING gin (lower("prv_nombre") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "producto_cat_tip_idx" ON "producto" USING btree ("cat_id","tip_id");--> statement-breakpoint
CREATE INDEX "producto_tip_idx" ON "producto" USING btree ("tip_id");--> statement-breakpoint
CREATE INDEX "producto_mar_idx" ON "producto" USING btree ("mar_id");--> statement-breakpoint
CREATE INDEX "producto_unm_idx" ON "producto" USING btree ("unm_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tipo_producto_nombre_uq" ON "tipo_producto" USING btree ("cat_id",lower("tip_nombre"));--> statement-breakpoint
CREATE UNIQUE INDEX "empleado_dni_uq" ON "empleado" USING btree ("emp_dni");--> statement-breakpoint
CREATE UNIQUE INDEX "empleado_usu_uq" ON "empleado" USING btree ("usu_id");--> statement-breakpoint
CREATE INDEX "empleado_pry_idx" ON "empleado" USING btree ("pry_id");--> statement-breakpoint
CREATE INDEX "empleado_pue_idx" ON "empleado" USING btree ("pue_id");--> statement-breakpoint
CREATE INDEX "empleado_lista_idx" ON "empleado" USING btree ("emp_estado","emp_apellido","emp_nombre","emp_id");--> statement-breakpoint
CREATE INDEX "empleado_search_trgm" ON "empleado" USING gin ((lower("emp_nombre" || ' ' || "emp_apellido" || ' ' || "emp_dni")) gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "puesto_nombre_uq" ON "puesto" USING btree (lower("pue_nombre"));--> statement-breakpoint
CREATE INDEX "proveedor_razon_idx" ON "proveedor" USING btree ("pve_razon_social","pve_id");--> statement-breakpoint
CREATE INDEX "proveedor_ruc_trgm" ON "proveedor" USING gin ("pve_ruc" gin_trgm_ops);