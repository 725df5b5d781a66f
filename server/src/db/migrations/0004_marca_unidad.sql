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
ALTER TABLE "cuenta_proveedor" ADD CONSTRAINT "cuenta_proveedor_pve_id_proveedor_pve_id_fk" FOREIGN KEY ("pve_id") REFERENCES "public"."proveedor"("pve_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cuenta_proveedor" ADD CONSTRAINT "cuenta_proveedor_ban_id_banco_ban_id_fk" FOREIGN KEY ("ban_id") REFERENCES "public"."banco"("ban_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cuenta_proveedor" ADD CONSTRAINT "cuenta_proveedor_mon_id_moneda_mon_id_fk" FOREIGN KEY ("mon_id") REFERENCES "public"."moneda"("mon_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cuenta_proveedor" ADD CONSTRAINT "cuenta_proveedor_tcu_id_tipo_cuenta_tcu_id_fk" FOREIGN KEY ("tcu_id") REFERENCES "public"."tipo_cuenta"("tcu_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cuenta_proveedor_pve_idx" ON "cuenta_proveedor" USING btree ("pve_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cuenta_proveedor_cci_uq" ON "cuenta_proveedor" USING btree ("pve_id","cpv_cci");--> statement-breakpoint
CREATE UNIQUE INDEX "marca_nombre_uq" ON "marca" USING btree (lower("mar_nombre"));--> statement-breakpoint
CREATE INDEX "marca_nombre_trgm" ON "marca" USING gin (lower("mar_nombre") gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "unidad_medida_simbolo_uq" ON "unidad_medida" USING btree (lower("unm_simbolo"));--> statement-breakpoint
CREATE INDEX "unidad_medida_search_trgm" ON "unidad_medida" USING gin ((lower("unm_simbolo" || ' ' || "unm_descripcion")) gin_trgm_ops);