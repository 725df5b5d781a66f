ALTER TABLE "caja" ADD COLUMN "caj_monto_cierre" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "caja" ADD COLUMN "caj_fecha_cierre" date;--> statement-breakpoint
ALTER TABLE "caja" ADD COLUMN "caj_numero_operacion_cierre" varchar(60) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "caja" ADD COLUMN "usu_cierre" integer;--> statement-breakpoint
ALTER TABLE "caja" ADD COLUMN "caj_cierre_registro" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "caja" ADD COLUMN "caj_voucher_clave" varchar(200);--> statement-breakpoint
ALTER TABLE "caja" ADD COLUMN "caj_voucher_nombre" varchar(255);--> statement-breakpoint
ALTER TABLE "caja" ADD CONSTRAINT "caja_usu_cierre_usuario_usu_id_fk" FOREIGN KEY ("usu_cierre") REFERENCES "public"."usuario"("usu_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caja" ADD CONSTRAINT "caja_monto_cierre_ck" CHECK ("caja"."caj_monto_cierre" is null or "caja"."caj_monto_cierre" > 0);