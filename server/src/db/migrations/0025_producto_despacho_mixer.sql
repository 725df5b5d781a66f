ALTER TABLE "producto_venta" ADD COLUMN "pvt_despacho_mixer" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
-- Services (a type named 'Servicios' or under it: pumping) are not carried by a mixer: their lines need no dispatch.
UPDATE "producto_venta" SET "pvt_despacho_mixer" = false WHERE "pti_id" IN (
  SELECT t."pti_id" FROM "producto_venta_tipo" t LEFT JOIN "producto_venta_tipo" p ON p."pti_id" = t."pti_parent"
  WHERE lower(t."pti_nombre") = 'servicios' OR lower(p."pti_nombre") = 'servicios');
