CREATE TABLE "notificacion" (
	"ntf_id" bigserial PRIMARY KEY NOT NULL,
	"usu_id" integer NOT NULL,
	"ntf_tipo" varchar(30) NOT NULL,
	"ntf_documento_tipo" varchar(30) NOT NULL,
	"ntf_documento_id" integer NOT NULL,
	"ntf_codigo" varchar(80) NOT NULL,
	"ntf_accion" varchar(200) NOT NULL,
	"ntf_enlace" varchar(200) NOT NULL,
	"usu_actor" integer,
	"ntf_fecha" timestamp with time zone DEFAULT now() NOT NULL,
	"ntf_leida" boolean DEFAULT false NOT NULL,
	"ntf_fecha_leida" timestamp with time zone,
	"cos_id" integer
);
--> statement-breakpoint
CREATE TABLE "notificacion_preferencia" (
	"usu_id" integer NOT NULL,
	"npr_tipo" varchar(30) NOT NULL,
	"npr_correo" boolean NOT NULL,
	CONSTRAINT "notificacion_preferencia_usu_id_npr_tipo_pk" PRIMARY KEY("usu_id","npr_tipo")
);
--> statement-breakpoint
CREATE TABLE "tarea_diaria" (
	"tad_tarea" varchar(40) NOT NULL,
	"tad_fecha" date NOT NULL,
	"usu_id" integer NOT NULL,
	"cos_id" integer,
	"tad_registro" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tarea_diaria_tad_tarea_tad_fecha_usu_id_pk" PRIMARY KEY("tad_tarea","tad_fecha","usu_id")
);
--> statement-breakpoint
ALTER TABLE "notificacion" ADD CONSTRAINT "notificacion_usu_id_usuario_usu_id_fk" FOREIGN KEY ("usu_id") REFERENCES "public"."usuario"("usu_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notificacion" ADD CONSTRAINT "notificacion_usu_actor_usuario_usu_id_fk" FOREIGN KEY ("usu_actor") REFERENCES "public"."usuario"("usu_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notificacion" ADD CONSTRAINT "notificacion_cos_id_correo_salida_cos_id_fk" FOREIGN KEY ("cos_id") REFERENCES "public"."correo_salida"("cos_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notificacion_preferencia" ADD CONSTRAINT "notificacion_preferencia_usu_id_usuario_usu_id_fk" FOREIGN KEY ("usu_id") REFERENCES "public"."usuario"("usu_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tarea_diaria" ADD CONSTRAINT "tarea_diaria_usu_id_usuario_usu_id_fk" FOREIGN KEY ("usu_id") REFERENCES "public"."usuario"("usu_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tarea_diaria" ADD CONSTRAINT "tarea_diaria_cos_id_correo_salida_cos_id_fk" FOREIGN KEY ("cos_id") REFERENCES "public"."correo_salida"("cos_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notificacion_usuario_idx" ON "notificacion" USING btree ("usu_id","ntf_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notificacion_no_leidas_idx" ON "notificacion" USING btree ("usu_id","ntf_id" DESC NULLS LAST) WHERE not "notificacion"."ntf_leida";--> statement-breakpoint
CREATE INDEX "notificacion_orden_idx" ON "notificacion" USING btree ("usu_id",(case when "ntf_leida" then 0 else 1 end),"ntf_id");--> statement-breakpoint
CREATE INDEX "notificacion_correo_idx" ON "notificacion" USING btree ("cos_id") WHERE "notificacion"."cos_id" is not null;--> statement-breakpoint
CREATE INDEX "tarea_diaria_correo_idx" ON "tarea_diaria" USING btree ("cos_id") WHERE "tarea_diaria"."cos_id" is not null;--> statement-breakpoint
SELECT obra_version_vigilar('notificacion');--> statement-breakpoint
SELECT obra_version_vigilar('notificacion_preferencia');--> statement-breakpoint
SELECT obra_version_vigilar('tarea_diaria');