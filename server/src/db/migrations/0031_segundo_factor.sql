CREATE TABLE "navegador_recordado" (
	"nar_hash" varchar(64) PRIMARY KEY NOT NULL,
	"usu_id" integer NOT NULL,
	"nar_expira" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usuario_codigo_recuperacion" (
	"ucr_id" serial PRIMARY KEY NOT NULL,
	"usu_id" integer NOT NULL,
	"ucr_hash" varchar(64) NOT NULL,
	"ucr_usado" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "usuario_segundo_factor" (
	"usu_id" integer PRIMARY KEY NOT NULL,
	"usf_secreto" text NOT NULL,
	"usf_activo" boolean DEFAULT false NOT NULL,
	"usf_paso" bigint DEFAULT 0 NOT NULL,
	"usf_fecha_alta" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rol" ADD COLUMN "rol_requiere_segundo_factor" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "navegador_recordado" ADD CONSTRAINT "navegador_recordado_usu_id_usuario_usu_id_fk" FOREIGN KEY ("usu_id") REFERENCES "public"."usuario"("usu_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_codigo_recuperacion" ADD CONSTRAINT "usuario_codigo_recuperacion_usu_id_usuario_usu_id_fk" FOREIGN KEY ("usu_id") REFERENCES "public"."usuario"("usu_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_segundo_factor" ADD CONSTRAINT "usuario_segundo_factor_usu_id_usuario_usu_id_fk" FOREIGN KEY ("usu_id") REFERENCES "public"."usuario"("usu_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "navegador_recordado_usu_idx" ON "navegador_recordado" USING btree ("usu_id");--> statement-breakpoint
CREATE INDEX "usuario_codigo_recuperacion_usu_idx" ON "usuario_codigo_recuperacion" USING btree ("usu_id");--> statement-breakpoint
SELECT obra_version_vigilar('usuario_segundo_factor');
--> statement-breakpoint
SELECT obra_version_vigilar('usuario_codigo_recuperacion');
--> statement-breakpoint
SELECT obra_version_vigilar('navegador_recordado');
