DROP INDEX "usuario_orden_idx";--> statement-breakpoint
CREATE INDEX "usuario_lista_idx" ON "usuario" USING btree ("tiu_id","usu_estado","usu_apellido","usu_nombre","usu_id");