CREATE TABLE "centro_costo" (
	"cec_id" serial PRIMARY KEY NOT NULL,
	"cec_codigo" varchar(20) NOT NULL,
	"cec_descripcion" varchar(200) NOT NULL,
	"pry_id" integer NOT NULL,
	"cec_estado" smallint DEFAULT 1 NOT NULL,
	"cec_version" integer DEFAULT 1 NOT NULL,
	"cec_fecha_registro" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "centro_costo" ADD CONSTRAINT "centro_costo_pry_id_proyecto_pry_id_fk" FOREIGN KEY ("pry_id") REFERENCES "public"."proyecto"("pry_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "centro_costo_codigo_uq" ON "centro_costo" USING btree (lower("cec_codigo"));--> statement-breakpoint
CREATE INDEX "centro_costo_pry_idx" ON "centro_costo" USING btree ("pry_id","cec_codigo");--> statement-breakpoint
CREATE INDEX "centro_costo_search_trgm" ON "centro_costo" USING gin ((lower("cec_codigo" || ' ' || "cec_descripcion")) gin_trgm_ops);