CREATE TABLE "banco" (
	"ban_id" integer PRIMARY KEY NOT NULL,
	"ban_nombre" varchar(120) NOT NULL,
	"ban_codigo" varchar(3) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "condicion_comercial" (
	"coc_id" integer PRIMARY KEY NOT NULL,
	"coc_descripcion" varchar(60) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "estado" (
	"est_id" integer PRIMARY KEY NOT NULL,
	"est_codigo" varchar(40) NOT NULL,
	"est_nombre" varchar(80) NOT NULL,
	"est_styles" varchar(40) DEFAULT 'default' NOT NULL,
	CONSTRAINT "estado_est_codigo_unique" UNIQUE("est_codigo")
);
--> statement-breakpoint
CREATE TABLE "estado_documento" (
	"edo_codigo" varchar(3) PRIMARY KEY NOT NULL,
	"edo_modulo" varchar(40) NOT NULL,
	"edo_nombre" varchar(80) NOT NULL,
	"edo_styles" varchar(40) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "metodo_pago" (
	"mep_id" integer PRIMARY KEY NOT NULL,
	"mep_descripcion" varchar(60) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "moneda" (
	"mon_id" integer PRIMARY KEY NOT NULL,
	"mon_codigo" varchar(3) NOT NULL,
	"mon_simbolo" varchar(5) NOT NULL,
	"mon_descripcion" varchar(40) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orden_estado" (
	"ore_id" integer PRIMARY KEY NOT NULL,
	"ore_codigo" varchar(40) NOT NULL,
	"ore_descripcion" varchar(80) NOT NULL,
	"ore_styles" varchar(40) NOT NULL,
	"ore_es_editable" boolean DEFAULT false NOT NULL,
	CONSTRAINT "orden_estado_ore_codigo_unique" UNIQUE("ore_codigo")
);
--> statement-breakpoint
CREATE TABLE "pais" (
	"pai_id" integer PRIMARY KEY NOT NULL,
	"pai_nombre" varchar(80) NOT NULL,
	"pai_iso" varchar(2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tipo_cuenta" (
	"tcu_id" integer PRIMARY KEY NOT NULL,
	"tcu_descripcion" varchar(40) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tipo_documento" (
	"tid_id" integer PRIMARY KEY NOT NULL,
	"tid_codigo" varchar(5) NOT NULL,
	"tid_descripcion" varchar(60) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tipo_documento_identidad" (
	"tdi_id" integer PRIMARY KEY NOT NULL,
	"tdi_codigo" varchar(2) NOT NULL,
	"tdi_nombre" varchar(40) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tipo_usuario" (
	"tiu_id" smallint PRIMARY KEY NOT NULL,
	"tiu_nombre" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ubigeo" (
	"ubi_id" varchar(6) PRIMARY KEY NOT NULL,
	"ubi_nombre" varchar(80) NOT NULL,
	"ubi_provincia" varchar(80) NOT NULL,
	"ubi_departamento" varchar(80) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "almacen" (
	"alm_id" serial PRIMARY KEY NOT NULL,
	"alm_nombre" varchar(120) NOT NULL,
	"alm_direccion" varchar(250) DEFAULT '' NOT NULL,
	"alm_tipo" smallint DEFAULT 1 NOT NULL,
	"alm_estado" smallint DEFAULT 1 NOT NULL,
	"pry_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "proveedor" (
	"pve_id" serial PRIMARY KEY NOT NULL,
	"pve_ruc" varchar(11) NOT NULL,
	"pve_razon_social" varchar(200) NOT NULL,
	"pve_direccion" varchar(250) DEFAULT '' NOT NULL,
	"pve_correo" varchar(150) DEFAULT '' NOT NULL,
	"pve_telefono" varchar(30) DEFAULT '' NOT NULL,
	"pve_especialidad" varchar(150) DEFAULT '' NOT NULL,
	"pve_cuenta_detraccion" varchar(30) DEFAULT '' NOT NULL,
	"pve_es_activo" boolean DEFAULT true NOT NULL,
	"pve_es_critico" boolean DEFAULT false NOT NULL,
	"pve_es_nacional" boolean DEFAULT true NOT NULL,
	"pai_id" integer,
	"pve_version" integer DEFAULT 1 NOT NULL,
	"pve_fecha_registro" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "proyecto" (
	"pry_id" serial PRIMARY KEY NOT NULL,
	"pry_codigo" varchar(20) NOT NULL,
	"pry_nombre" varchar(120) NOT NULL,
	"pry_descripcion" varchar(400) DEFAULT '' NOT NULL,
	"pry_estado" smallint DEFAULT 1 NOT NULL,
	"pry_version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "proyecto_pry_codigo_unique" UNIQUE("pry_codigo")
);
--> statement-breakpoint
CREATE TABLE "modulo" (
	"mod_id" integer PRIMARY KEY NOT NULL,
	"mod_codigo" varchar(40) NOT NULL,
	"mod_nombre" varchar(80) NOT NULL,
	"mod_url" varchar(80),
	"mgp_id" integer NOT NULL,
	CONSTRAINT "modulo_mod_codigo_unique" UNIQUE("mod_codigo")
);
--> statement-breakpoint
CREATE TABLE "modulo_grupo" (
	"mgp_id" integer PRIMARY KEY NOT NULL,
	"mgp_nombre" varchar(60) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "opcion" (
	"opc_id" integer PRIMARY KEY NOT NULL,
	"opc_codigo" varchar(60) NOT NULL,
	"opc_nombre" varchar(120) NOT NULL,
	"mod_id" integer NOT NULL,
	CONSTRAINT "opcion_opc_codigo_unique" UNIQUE("opc_codigo")
);
--> statement-breakpoint
CREATE TABLE "rol" (
	"rol_id" integer PRIMARY KEY NOT NULL,
	"rol_nombre" varchar(40) NOT NULL,
	CONSTRAINT "rol_rol_nombre_unique" UNIQUE("rol_nombre")
);
--> statement-breakpoint
CREATE TABLE "rol_modulo" (
	"rol_id" integer NOT NULL,
	"mod_id" integer NOT NULL,
	CONSTRAINT "rol_modulo_rol_id_mod_id_pk" PRIMARY KEY("rol_id","mod_id")
);
--> statement-breakpoint
CREATE TABLE "rol_opcion" (
	"rol_id" integer NOT NULL,
	"opc_id" integer NOT NULL,
	CONSTRAINT "rol_opcion_rol_id_opc_id_pk" PRIMARY KEY("rol_id","opc_id")
);
--> statement-breakpoint
CREATE TABLE "usuario" (
	"usu_id" serial PRIMARY KEY NOT NULL,
	"usu_nombre" varchar(100) NOT NULL,
	"usu_apellido" varchar(100) NOT NULL,
	"usu_dni" varchar(15) NOT NULL,
	"usu_correo" varchar(150) NOT NULL,
	"usu_password_hash" text NOT NULL,
	"usu_nivel" smallint DEFAULT 0 NOT NULL,
	"tiu_id" smallint DEFAULT 1 NOT NULL,
	"usu_estado" smallint DEFAULT 1 NOT NULL,
	"pry_id" integer,
	"pve_id" integer,
	"cli_id" integer,
	"usu_firma" text,
	"usu_token_version" integer DEFAULT 1 NOT NULL,
	"usu_version" integer DEFAULT 1 NOT NULL,
	"usu_confirmado" boolean DEFAULT true NOT NULL,
	"usu_fecha_registro" timestamp with time zone DEFAULT now() NOT NULL,
	"usu_fecha_modificacion" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "usuario_opcion" (
	"usu_id" integer NOT NULL,
	"opc_id" integer NOT NULL,
	CONSTRAINT "usuario_opcion_usu_id_opc_id_pk" PRIMARY KEY("usu_id","opc_id")
);
--> statement-breakpoint
CREATE TABLE "usuario_rol" (
	"usu_id" integer NOT NULL,
	"rol_id" integer NOT NULL,
	CONSTRAINT "usuario_rol_usu_id_rol_id_pk" PRIMARY KEY("usu_id","rol_id")
);
--> statement-breakpoint
CREATE TABLE "auditoria" (
	"aud_id" bigserial PRIMARY KEY NOT NULL,
	"aud_fecha" timestamp with time zone DEFAULT now() NOT NULL,
	"aud_accion" varchar(30) NOT NULL,
	"usu_id" integer,
	"aud_usuario" varchar(150),
	"aud_ip" varchar(64),
	"aud_metodo" varchar(10),
	"aud_ruta" varchar(200),
	"aud_modulo" varchar(40),
	"aud_estado_http" integer,
	"aud_detalle" jsonb
);
--> statement-breakpoint
CREATE TABLE "contador" (
	"cnt_serie" varchar(40) NOT NULL,
	"cnt_anio" integer NOT NULL,
	"cnt_ultimo" integer NOT NULL,
	CONSTRAINT "contador_cnt_serie_cnt_anio_pk" PRIMARY KEY("cnt_serie","cnt_anio")
);
--> statement-breakpoint
CREATE TABLE "correo_salida" (
	"cos_id" serial PRIMARY KEY NOT NULL,
	"cos_fecha" timestamp with time zone DEFAULT now() NOT NULL,
	"cos_para" varchar(300) NOT NULL,
	"cos_asunto" varchar(300) NOT NULL,
	"cos_texto" text NOT NULL,
	"cos_html" text,
	"cos_adjuntos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cos_estado" varchar(20) DEFAULT 'pendiente' NOT NULL,
	"cos_error" text
);
--> statement-breakpoint
ALTER TABLE "almacen" ADD CONSTRAINT "almacen_pry_id_proyecto_pry_id_fk" FOREIGN KEY ("pry_id") REFERENCES "public"."proyecto"("pry_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proveedor" ADD CONSTRAINT "proveedor_pai_id_pais_pai_id_fk" FOREIGN KEY ("pai_id") REFERENCES "public"."pais"("pai_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modulo" ADD CONSTRAINT "modulo_mgp_id_modulo_grupo_mgp_id_fk" FOREIGN KEY ("mgp_id") REFERENCES "public"."modulo_grupo"("mgp_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opcion" ADD CONSTRAINT "opcion_mod_id_modulo_mod_id_fk" FOREIGN KEY ("mod_id") REFERENCES "public"."modulo"("mod_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rol_modulo" ADD CONSTRAINT "rol_modulo_rol_id_rol_rol_id_fk" FOREIGN KEY ("rol_id") REFERENCES "public"."rol"("rol_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rol_modulo" ADD CONSTRAINT "rol_modulo_mod_id_modulo_mod_id_fk" FOREIGN KEY ("mod_id") REFERENCES "public"."modulo"("mod_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rol_opcion" ADD CONSTRAINT "rol_opcion_rol_id_rol_rol_id_fk" FOREIGN KEY ("rol_id") REFERENCES "public"."rol"("rol_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rol_opcion" ADD CONSTRAINT "rol_opcion_opc_id_opcion_opc_id_fk" FOREIGN KEY ("opc_id") REFERENCES "public"."opcion"("opc_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario" ADD CONSTRAINT "usuario_tiu_id_tipo_usuario_tiu_id_fk" FOREIGN KEY ("tiu_id") REFERENCES "public"."tipo_usuario"("tiu_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario" ADD CONSTRAINT "usuario_pry_id_proyecto_pry_id_fk" FOREIGN KEY ("pry_id") REFERENCES "public"."proyecto"("pry_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario" ADD CONSTRAINT "usuario_pve_id_proveedor_pve_id_fk" FOREIGN KEY ("pve_id") REFERENCES "public"."proveedor"("pve_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_opcion" ADD CONSTRAINT "usuario_opcion_usu_id_usuario_usu_id_fk" FOREIGN KEY ("usu_id") REFERENCES "public"."usuario"("usu_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_opcion" ADD CONSTRAINT "usuario_opcion_opc_id_opcion_opc_id_fk" FOREIGN KEY ("opc_id") REFERENCES "public"."opcion"("opc_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_rol" ADD CONSTRAINT "usuario_rol_usu_id_usuario_usu_id_fk" FOREIGN KEY ("usu_id") REFERENCES "public"."usuario"("usu_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_rol" ADD CONSTRAINT "usuario_rol_rol_id_rol_rol_id_fk" FOREIGN KEY ("rol_id") REFERENCES "public"."rol"("rol_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "almacen_pry_idx" ON "almacen" USING btree ("pry_id");--> statement-breakpoint
CREATE UNIQUE INDEX "proveedor_ruc_uq" ON "proveedor" USING btree ("pve_ruc");--> statement-breakpoint
CREATE INDEX "proveedor_razon_trgm" ON "proveedor" USING gin (lower("pve_razon_social") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "proyecto_nombre_idx" ON "proyecto" USING btree ("pry_nombre");--> statement-breakpoint
CREATE UNIQUE INDEX "usuario_correo_uq" ON "usuario" USING btree (lower("usu_correo"));--> statement-breakpoint
CREATE INDEX "usuario_dni_idx" ON "usuario" USING btree ("usu_dni");--> statement-breakpoint
CREATE INDEX "usuario_pry_idx" ON "usuario" USING btree ("pry_id");--> statement-breakpoint
CREATE INDEX "usuario_pve_idx" ON "usuario" USING btree ("pve_id");--> statement-breakpoint
CREATE INDEX "usuario_search_trgm" ON "usuario" USING gin ((lower("usu_nombre" || ' ' || "usu_apellido" || ' ' || "usu_correo" || ' ' || "usu_dni")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "usuario_orden_idx" ON "usuario" USING btree ("usu_apellido","usu_nombre","usu_id");--> statement-breakpoint
CREATE INDEX "usuario_rol_rol_idx" ON "usuario_rol" USING btree ("rol_id");--> statement-breakpoint
CREATE INDEX "auditoria_accion_fecha_idx" ON "auditoria" USING btree ("aud_accion","aud_fecha");--> statement-breakpoint
CREATE INDEX "auditoria_usuario_fecha_idx" ON "auditoria" USING btree ("aud_usuario","aud_fecha");--> statement-breakpoint
CREATE INDEX "auditoria_ip_fecha_idx" ON "auditoria" USING btree ("aud_ip","aud_fecha");--> statement-breakpoint
CREATE INDEX "correo_salida_fecha_idx" ON "correo_salida" USING btree ("cos_fecha");