-- Each kardex line's position in its stock row's kardex, and the row's line count (the ledger keeps both).
ALTER TABLE "kardex" ADD COLUMN "kdx_numero" integer;--> statement-breakpoint
UPDATE "kardex" k SET "kdx_numero" = n.rn FROM (SELECT "kdx_id", row_number() OVER (PARTITION BY "pal_id" ORDER BY "kdx_id") AS rn FROM "kardex") n WHERE n."kdx_id" = k."kdx_id";--> statement-breakpoint
ALTER TABLE "kardex" ALTER COLUMN "kdx_numero" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "producto_almacen" ADD COLUMN "pal_lineas" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "producto_almacen" pa SET "pal_lineas" = c.n FROM (SELECT "pal_id", count(*)::int AS n FROM "kardex" GROUP BY "pal_id") c WHERE c."pal_id" = pa."pal_id";--> statement-breakpoint
DROP INDEX "kardex_pal_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "kardex_pal_numero_uq" ON "kardex" USING btree ("pal_id","kdx_numero");
