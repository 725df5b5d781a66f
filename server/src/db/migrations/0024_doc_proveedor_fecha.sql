ALTER TABLE "transferencia" ADD COLUMN "tfi_doc_fecha" date;
--> statement-breakpoint
-- Receipts entered before the date was asked: the day the goods entered (Lima), the date the PLE book used for them.
UPDATE "transferencia" SET "tfi_doc_fecha" = (coalesce("tfi_fecha_ingreso", "tfi_fecha_registro") AT TIME ZONE 'America/Lima')::date
  WHERE "tfi_doc_tipo" <> '' AND "tfi_doc_fecha" IS NULL;
