DROP INDEX "orden_pve_idx";--> statement-breakpoint
DROP INDEX "comprobante_fecha_idx";--> statement-breakpoint
DROP INDEX "comprobante_estado_idx";--> statement-breakpoint
DROP INDEX "pedido_items_pry_idx";--> statement-breakpoint
DROP INDEX "pedido_items_estado_idx";--> statement-breakpoint
DROP INDEX "pedido_items_alm_idx";--> statement-breakpoint
CREATE INDEX "orden_pve_idx" ON "orden" USING btree ("pve_id","ord_id");--> statement-breakpoint
CREATE INDEX "comprobante_fecha_idx" ON "comprobante" USING btree ("nco_fecha_emision","nco_id");--> statement-breakpoint
CREATE INDEX "comprobante_estado_idx" ON "comprobante" USING btree ("nco_estado_sunat","nco_fecha_emision","nco_id");--> statement-breakpoint
CREATE INDEX "pedido_items_pry_idx" ON "pedido_items" USING btree ("pry_id","pei_id");--> statement-breakpoint
CREATE INDEX "pedido_items_estado_idx" ON "pedido_items" USING btree ("pei_estado","pei_id");--> statement-breakpoint
CREATE INDEX "pedido_items_alm_idx" ON "pedido_items" USING btree ("alm_id","pei_id");