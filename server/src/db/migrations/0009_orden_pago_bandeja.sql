DROP INDEX "orden_pago_estado_idx";--> statement-breakpoint
CREATE INDEX "orden_pago_estado_id_idx" ON "orden_pago" USING btree ("opg_estado","opg_id" DESC NULLS LAST);--> statement-breakpoint
-- Deposits recorded before the operation number was required keep a visible mark instead of an empty one.
UPDATE "orden_pago" SET "opg_numero_operacion" = 'sin registrar' WHERE "opg_estado" = 'OPP' AND "opg_numero_operacion" = '';--> statement-breakpoint
ALTER TABLE "orden_pago" ADD CONSTRAINT "orden_pago_deposito_operacion_ck" CHECK ("orden_pago"."opg_estado" <> 'OPP' or "orden_pago"."opg_numero_operacion" <> '');