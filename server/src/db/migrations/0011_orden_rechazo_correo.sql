ALTER TABLE "orden" ADD COLUMN "ord_rechazada" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "correo_salida_estado_idx" ON "correo_salida" USING btree ("cos_estado","cos_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "correo_salida_search_trgm" ON "correo_salida" USING gin ((lower("cos_para" || ' ' || "cos_asunto")) gin_trgm_ops);