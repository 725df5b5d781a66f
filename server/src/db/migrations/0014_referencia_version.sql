CREATE TABLE "referencia_version" (
	"rfv_id" smallint PRIMARY KEY NOT NULL,
	"rfv_huella" varchar(64) NOT NULL,
	"rfv_fecha" timestamp with time zone DEFAULT now() NOT NULL
);
