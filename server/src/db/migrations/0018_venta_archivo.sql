CREATE TABLE "orden_venta_archivo" (
	"ova_id" serial PRIMARY KEY NOT NULL,
	"ovt_id" integer NOT NULL,
	"ova_tipo" varchar(60) DEFAULT '' NOT NULL,
	"ova_nombre" varchar(255) NOT NULL,
	"ova_clave" varchar(200) NOT NULL,
	"ova_mime" varchar(100) NOT NULL,
	"ova_tamano" integer NOT NULL,
	"usu_id" integer NOT NULL,
	"ova_fecha" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "comprobante" ADD COLUMN "nco_datos" jsonb;--> statement-breakpoint
ALTER TABLE "comprobante" ADD COLUMN "nco_codigo_qr" varchar(300);--> statement-breakpoint
ALTER TABLE "orden_venta_archivo" ADD CONSTRAINT "orden_venta_archivo_ovt_id_orden_venta_ovt_id_fk" FOREIGN KEY ("ovt_id") REFERENCES "public"."orden_venta"("ovt_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orden_venta_archivo" ADD CONSTRAINT "orden_venta_archivo_usu_id_usuario_usu_id_fk" FOREIGN KEY ("usu_id") REFERENCES "public"."usuario"("usu_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orden_venta_archivo_ovt_idx" ON "orden_venta_archivo" USING btree ("ovt_id","ova_id");--> statement-breakpoint
CREATE INDEX "cliente_nombre_idx" ON "cliente" USING btree ("cli_nombre","cli_id");