CREATE TABLE "conductor" (
	"cdt_id" serial PRIMARY KEY NOT NULL,
	"cdt_nombre" varchar(100) NOT NULL,
	"cdt_apellido" varchar(100) NOT NULL,
	"cdt_placa" varchar(10) DEFAULT '' NOT NULL,
	"cdt_estado" integer DEFAULT 1 NOT NULL,
	"cdt_fecha_registro" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "envio" (
	"env_id" serial PRIMARY KEY NOT NULL,
	"env_codigo" varchar(20) NOT NULL,
	"ovt_id" integer NOT NULL,
	"ovd_id" integer NOT NULL,
	"mix_id" integer NOT NULL,
	"env_cantidad" numeric(14, 4) NOT NULL,
	"env_fecha_hora_envio" timestamp with time zone NOT NULL,
	"env_fecha_hora_carguio" timestamp with time zone NOT NULL,
	"env_fecha_hora_salida" timestamp with time zone NOT NULL,
	"env_fecha_hora_retorno" timestamp with time zone NOT NULL,
	"env_frecuencia" integer DEFAULT 60 NOT NULL,
	"est_id" integer NOT NULL,
	"usu_registrador" integer NOT NULL,
	"env_fecha_registro" timestamp with time zone DEFAULT now() NOT NULL,
	"env_version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "envio_cantidad_ck" CHECK ("envio"."env_cantidad" > 0),
	CONSTRAINT "envio_horas_ck" CHECK ("envio"."env_fecha_hora_carguio" < "envio"."env_fecha_hora_salida" and "envio"."env_fecha_hora_salida" < "envio"."env_fecha_hora_envio" and "envio"."env_fecha_hora_envio" < "envio"."env_fecha_hora_retorno")
);
--> statement-breakpoint
CREATE TABLE "envio_historial" (
	"hee_id" serial PRIMARY KEY NOT NULL,
	"env_id" integer NOT NULL,
	"est_id" integer NOT NULL,
	"usu_id" integer NOT NULL,
	"hee_fecha_registro" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guia_remision" (
	"ngu_id" serial PRIMARY KEY NOT NULL,
	"env_id" integer NOT NULL,
	"cdt_id" integer NOT NULL,
	"ngu_serie" varchar(4) NOT NULL,
	"ngu_numero" integer NOT NULL,
	"ngu_proveedor" varchar(20) NOT NULL,
	"ngu_enlace" varchar(300),
	"ngu_aceptada_en" timestamp with time zone,
	"ngu_datos" jsonb,
	"ngu_xml" text,
	"usu_id" integer NOT NULL,
	"ngu_fecha_registro" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mixer" (
	"mix_id" serial PRIMARY KEY NOT NULL,
	"mix_nombre" varchar(100) NOT NULL,
	"mix_placa" varchar(10) NOT NULL,
	"mix_capacidad" numeric(8, 2) NOT NULL,
	"est_id" integer DEFAULT 1 NOT NULL,
	"mix_fecha_registro" timestamp with time zone DEFAULT now() NOT NULL,
	"mix_version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "mixer_capacidad_ck" CHECK ("mixer"."mix_capacidad" > 0)
);
--> statement-breakpoint
ALTER TABLE "envio" ADD CONSTRAINT "envio_ovt_id_orden_venta_ovt_id_fk" FOREIGN KEY ("ovt_id") REFERENCES "public"."orden_venta"("ovt_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "envio" ADD CONSTRAINT "envio_ovd_id_orden_venta_detalle_ovd_id_fk" FOREIGN KEY ("ovd_id") REFERENCES "public"."orden_venta_detalle"("ovd_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "envio" ADD CONSTRAINT "envio_mix_id_mixer_mix_id_fk" FOREIGN KEY ("mix_id") REFERENCES "public"."mixer"("mix_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "envio" ADD CONSTRAINT "envio_est_id_estado_est_id_fk" FOREIGN KEY ("est_id") REFERENCES "public"."estado"("est_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "envio" ADD CONSTRAINT "envio_usu_registrador_usuario_usu_id_fk" FOREIGN KEY ("usu_registrador") REFERENCES "public"."usuario"("usu_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "envio_historial" ADD CONSTRAINT "envio_historial_env_id_envio_env_id_fk" FOREIGN KEY ("env_id") REFERENCES "public"."envio"("env_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "envio_historial" ADD CONSTRAINT "envio_historial_est_id_estado_est_id_fk" FOREIGN KEY ("est_id") REFERENCES "public"."estado"("est_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "envio_historial" ADD CONSTRAINT "envio_historial_usu_id_usuario_usu_id_fk" FOREIGN KEY ("usu_id") REFERENCES "public"."usuario"("usu_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guia_remision" ADD CONSTRAINT "guia_remision_env_id_envio_env_id_fk" FOREIGN KEY ("env_id") REFERENCES "public"."envio"("env_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guia_remision" ADD CONSTRAINT "guia_remision_cdt_id_conductor_cdt_id_fk" FOREIGN KEY ("cdt_id") REFERENCES "public"."conductor"("cdt_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guia_remision" ADD CONSTRAINT "guia_remision_usu_id_usuario_usu_id_fk" FOREIGN KEY ("usu_id") REFERENCES "public"."usuario"("usu_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mixer" ADD CONSTRAINT "mixer_est_id_estado_est_id_fk" FOREIGN KEY ("est_id") REFERENCES "public"."estado"("est_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conductor_nombre_trgm" ON "conductor" USING gin (lower("cdt_nombre" || ' ' || "cdt_apellido" || ' ' || "cdt_placa") gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "envio_codigo_uq" ON "envio" USING btree ("env_codigo");--> statement-breakpoint
CREATE INDEX "envio_mixer_carguio_idx" ON "envio" USING btree ("mix_id","env_fecha_hora_carguio");--> statement-breakpoint
CREATE INDEX "envio_carguio_idx" ON "envio" USING btree ("env_fecha_hora_carguio","env_id");--> statement-breakpoint
CREATE INDEX "envio_ovt_idx" ON "envio" USING btree ("ovt_id");--> statement-breakpoint
CREATE INDEX "envio_estado_idx" ON "envio" USING btree ("est_id","env_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "envio_historial_env_idx" ON "envio_historial" USING btree ("env_id","hee_id");--> statement-breakpoint
CREATE UNIQUE INDEX "guia_remision_envio_uq" ON "guia_remision" USING btree ("env_id");--> statement-breakpoint
CREATE UNIQUE INDEX "guia_remision_numero_uq" ON "guia_remision" USING btree ("ngu_serie","ngu_numero");--> statement-breakpoint
CREATE UNIQUE INDEX "mixer_placa_uq" ON "mixer" USING btree (upper("mix_placa"));--> statement-breakpoint
CREATE UNIQUE INDEX "producto_venta_nombre_uq" ON "producto_venta" USING btree (lower("pvt_nombre"));--> statement-breakpoint
CREATE INDEX "vendedor_nombre_idx" ON "vendedor" USING btree (lower("ven_nombre"),"ven_id");