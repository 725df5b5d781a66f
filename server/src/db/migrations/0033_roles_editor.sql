CREATE SEQUENCE "public"."rol_personalizado_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 100 CACHE 1;--> statement-breakpoint
ALTER TABLE "rol" ADD COLUMN "rol_estado" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "rol" ADD COLUMN "rol_descripcion" varchar(200);--> statement-breakpoint
ALTER TABLE "rol" ADD COLUMN "rol_editado" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "rol" ADD COLUMN "rol_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "rol_nombre_lower_uq" ON "rol" USING btree (lower("rol_nombre"));--> statement-breakpoint
-- A role deactivated or renamed changes what its users may do: the access guard of every instance forgets its profiles.
CREATE TRIGGER rol_acceso AFTER INSERT OR UPDATE OR DELETE ON rol FOR EACH STATEMENT EXECUTE FUNCTION obra_notify_acceso();
