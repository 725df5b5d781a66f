CREATE TABLE "orden_factura" (
	"ofa_id" serial PRIMARY KEY NOT NULL,
	"ord_id" integer NOT NULL,
	"pve_id" integer NOT NULL,
	"ofa_ruc" varchar(11) NOT NULL,
	"ofa_serie" varchar(4) NOT NULL,
	"ofa_numero" integer NOT NULL,
	"ofa_moneda" varchar(3) NOT NULL,
	"ofa_subtotal" numeric(14, 2) NOT NULL,
	"ofa_igv" numeric(14, 2) NOT NULL,
	"ofa_total" numeric(14, 2) NOT NULL,
	"ofa_fecha_emision" date NOT NULL,
	"ofa_lineas" jsonb NOT NULL,
	"ofa_por_linea" boolean NOT NULL,
	"oar_xml" integer,
	"usu_id" integer NOT NULL,
	"ofa_fecha" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orden_factura" ADD CONSTRAINT "orden_factura_ord_id_orden_ord_id_fk" FOREIGN KEY ("ord_id") REFERENCES "public"."orden"("ord_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orden_factura" ADD CONSTRAINT "orden_factura_pve_id_proveedor_pve_id_fk" FOREIGN KEY ("pve_id") REFERENCES "public"."proveedor"("pve_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orden_factura" ADD CONSTRAINT "orden_factura_oar_xml_orden_archivo_oar_id_fk" FOREIGN KEY ("oar_xml") REFERENCES "public"."orden_archivo"("oar_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orden_factura" ADD CONSTRAINT "orden_factura_usu_id_usuario_usu_id_fk" FOREIGN KEY ("usu_id") REFERENCES "public"."usuario"("usu_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orden_factura_numero_uq" ON "orden_factura" USING btree ("ofa_ruc","ofa_serie","ofa_numero");--> statement-breakpoint
CREATE INDEX "orden_factura_ord_idx" ON "orden_factura" USING btree ("ord_id");--> statement-breakpoint
CREATE INDEX "orden_factura_pve_idx" ON "orden_factura" USING btree ("pve_id");--> statement-breakpoint
-- Invoices read from the supplier's XML move the data version too (0020), as every table's.
SELECT obra_version_vigilar('orden_factura');