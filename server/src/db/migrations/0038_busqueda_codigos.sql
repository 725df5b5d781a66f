CREATE INDEX "orden_codigo_c_idx" ON "orden" USING btree ("ord_codigo" collate "C");--> statement-breakpoint
CREATE INDEX "transferencia_codigo_c_idx" ON "transferencia" USING btree ("tfi_codigo" collate "C");--> statement-breakpoint
CREATE INDEX "caja_codigo_c_idx" ON "caja" USING btree ("caj_codigo" collate "C");--> statement-breakpoint
CREATE INDEX "envio_codigo_c_idx" ON "envio" USING btree ("env_codigo" collate "C");