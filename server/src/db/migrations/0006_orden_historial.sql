CREATE TABLE "orden_historial" (
	"orh_id" serial PRIMARY KEY NOT NULL,
	"ord_id" integer NOT NULL,
	"ore_id_desde" integer,
	"ore_id_hasta" integer NOT NULL,
	"usu_id" integer NOT NULL,
	"comentario" varchar(500) DEFAULT '' NOT NULL,
	"fecha" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orden" ADD COLUMN "ord_usu_aprobador_gerencia" integer;--> statement-breakpoint
ALTER TABLE "orden" ADD COLUMN "ord_fecha_aprobacion_gerencia" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orden" ADD COLUMN "ord_usu_aprobador_contabilidad" integer;--> statement-breakpoint
ALTER TABLE "orden" ADD COLUMN "ord_fecha_aprobacion_contabilidad" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orden_historial" ADD CONSTRAINT "orden_historial_ord_id_orden_ord_id_fk" FOREIGN KEY ("ord_id") REFERENCES "public"."orden"("ord_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orden_historial" ADD CONSTRAINT "orden_historial_ore_id_desde_orden_estado_ore_id_fk" FOREIGN KEY ("ore_id_desde") REFERENCES "public"."orden_estado"("ore_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orden_historial" ADD CONSTRAINT "orden_historial_ore_id_hasta_orden_estado_ore_id_fk" FOREIGN KEY ("ore_id_hasta") REFERENCES "public"."orden_estado"("ore_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orden_historial" ADD CONSTRAINT "orden_historial_usu_id_usuario_usu_id_fk" FOREIGN KEY ("usu_id") REFERENCES "public"."usuario"("usu_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orden_historial_ord_idx" ON "orden_historial" USING btree ("ord_id","orh_id");--> statement-breakpoint
ALTER TABLE "orden" ADD CONSTRAINT "orden_ord_usu_aprobador_gerencia_usuario_usu_id_fk" FOREIGN KEY ("ord_usu_aprobador_gerencia") REFERENCES "public"."usuario"("usu_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orden" ADD CONSTRAINT "orden_ord_usu_aprobador_contabilidad_usuario_usu_id_fk" FOREIGN KEY ("ord_usu_aprobador_contabilidad") REFERENCES "public"."usuario"("usu_id") ON DELETE no action ON UPDATE no action;