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
ALTER TABLE "empleado" ADD CONSTRAINT "empleado_pue_id_puesto_pue_id_fk" FOREIGN KEY ("pue_id") REFERENCES "public"."puesto"("pue_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "empleado" ADD CONSTRAINT "empleado_pry_id_proyecto_pry_id_fk" FOREIGN KEY ("pry_id") REFERENCES "public"."proyecto"("pry_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "empleado" ADD CONSTRAINT "empleado_usu_id_usuario_usu_id_fk" FOREIGN KEY ("usu_id") REFERENCES "public"."usuario"("usu_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "empleado_dni_uq" ON "empleado" USING btree ("emp_dni");--> statement-breakpoint
CREATE UNIQUE INDEX "empleado_usu_uq" ON "empleado" USING btree ("usu_id");--> statement-breakpoint
CREATE INDEX "empleado_pry_idx" ON "empleado" USING btree ("pry_id");--> statement-breakpoint
CREATE INDEX "empleado_pue_idx" ON "empleado" USING btree ("pue_id");--> statement-breakpoint
CREATE INDEX "empleado_lista_idx" ON "empleado" USING btree ("emp_estado","emp_apellido","emp_nombre","emp_id");--> statement-breakpoint
CREATE INDEX "empleado_search_trgm" ON "empleado" USING gin ((lower("emp_nombre" || ' ' || "emp_apellido" || ' ' || "emp_dni")) gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "puesto_nombre_uq" ON "puesto" USING btree (lower("pue_nombre"));