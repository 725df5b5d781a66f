CREATE TABLE "ajuste" (
	"aju_clave" varchar(60) PRIMARY KEY NOT NULL,
	"aju_valor" text NOT NULL,
	"aju_fecha" timestamp with time zone DEFAULT now() NOT NULL,
	"usu_id" integer
);
--> statement-breakpoint
-- Changes to settings move the data version too (0020), as every table's.
SELECT obra_version_vigilar('ajuste');
