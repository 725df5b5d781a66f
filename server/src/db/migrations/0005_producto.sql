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
ALTER TABLE "producto" ADD CONSTRAINT "producto_cat_id_categoria_producto_cat_id_fk" FOREIGN KEY ("cat_id") REFERENCES "public"."categoria_producto"("cat_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "producto" ADD CONSTRAINT "producto_tip_id_tipo_producto_tip_id_fk" FOREIGN KEY ("tip_id") REFERENCES "public"."tipo_producto"("tip_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "producto" ADD CONSTRAINT "producto_mar_id_marca_mar_id_fk" FOREIGN KEY ("mar_id") REFERENCES "public"."marca"("mar_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "producto" ADD CONSTRAINT "producto_unm_id_unidad_medida_unm_id_fk" FOREIGN KEY ("unm_id") REFERENCES "public"."unidad_medida"("unm_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tipo_producto" ADD CONSTRAINT "tipo_producto_cat_id_categoria_producto_cat_id_fk" FOREIGN KEY ("cat_id") REFERENCES "public"."categoria_producto"("cat_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "categoria_producto_nombre_uq" ON "categoria_producto" USING btree (lower("cat_nombre"));--> statement-breakpoint
CREATE UNIQUE INDEX "producto_nombre_marca_uq" ON "producto" USING btree (lower("prv_nombre"),coalesce("mar_id", 0));--> statement-breakpoint
CREATE INDEX "producto_nombre_trgm" ON "producto" USING gin (lower("prv_nombre") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "producto_cat_tip_idx" ON "producto" USING btree ("cat_id","tip_id");--> statement-breakpoint
CREATE INDEX "producto_tip_idx" ON "producto" USING btree ("tip_id");--> statement-breakpoint
CREATE INDEX "producto_mar_idx" ON "producto" USING btree ("mar_id");--> statement-breakpoint
CREATE INDEX "producto_unm_idx" ON "producto" USING btree ("unm_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tipo_producto_nombre_uq" ON "tipo_producto" USING btree ("cat_id",lower("tip_nombre"));