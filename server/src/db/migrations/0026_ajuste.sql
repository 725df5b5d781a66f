CREATE TABLE "ajuste" (
	"aju_clave" varchar(60) PRIMARY KEY NOT NULL,
	"aju_valor" text NOT NULL,
	"aju_fecha" timestamp with time zone DEFAULT now() NOT NULL,
	"usu_id" integer
);
