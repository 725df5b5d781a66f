ALTER TABLE "auditoria" ADD COLUMN "aud_documento" varchar(80);--> statement-breakpoint
CREATE INDEX "auditoria_usu_id_idx" ON "auditoria" USING btree ("usu_id","aud_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "auditoria_modulo_id_idx" ON "auditoria" USING btree ("aud_modulo","aud_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "auditoria_documento_id_idx" ON "auditoria" USING btree ("aud_documento","aud_id" DESC NULLS LAST);