ALTER TABLE "orden" ADD COLUMN "ord_tipo_cambio" numeric(10, 4) DEFAULT '1' NOT NULL;--> statement-breakpoint
ALTER TABLE "asignacion_detalle" ADD COLUMN "aid_costo_unitario" numeric(20, 8);--> statement-breakpoint
ALTER TABLE "kardex" ADD COLUMN "kdx_costo_unitario" numeric(20, 8) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "kardex" ADD COLUMN "kdx_valor" numeric(16, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "kardex" ADD COLUMN "kdx_saldo_valor" numeric(16, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "producto_almacen" ADD COLUMN "pal_valor" numeric(16, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "transferencia_detalle" ADD COLUMN "tid_costo_unitario" numeric(20, 8);--> statement-breakpoint
ALTER TABLE "producto_almacen" ADD CONSTRAINT "producto_almacen_valor_ck" CHECK ("producto_almacen"."pal_valor" >= 0);