CREATE TABLE "restablecimiento_password" (
	"rpw_id" serial PRIMARY KEY NOT NULL,
	"usu_id" integer NOT NULL,
	"rpw_token_hash" varchar(64) NOT NULL,
	"rpw_expira" timestamp with time zone NOT NULL,
	"rpw_usado" boolean DEFAULT false NOT NULL,
	"rpw_ip" varchar(64),
	"rpw_fecha_registro" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "restablecimiento_password" ADD CONSTRAINT "restablecimiento_password_usu_id_usuario_usu_id_fk" FOREIGN KEY ("usu_id") REFERENCES "public"."usuario"("usu_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "restablecimiento_password_token_uq" ON "restablecimiento_password" USING btree ("rpw_token_hash");--> statement-breakpoint
CREATE INDEX "restablecimiento_password_usu_idx" ON "restablecimiento_password" USING btree ("usu_id","rpw_fecha_registro");