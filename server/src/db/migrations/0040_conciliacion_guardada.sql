ALTER TABLE "orden" ADD COLUMN "ord_observada" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orden" ADD COLUMN "ord_conciliar" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "orden_conciliar_idx" ON "orden" USING btree ("ord_id") WHERE "orden"."ord_conciliar";--> statement-breakpoint
CREATE INDEX "orden_observada_idx" ON "orden" USING btree ("cec_id") WHERE "orden"."ord_observada";--> statement-breakpoint
-- The three-way match kept on the order (issue 25, modules/conciliacion/queries.ts): whatever it reads changes, the
-- order is marked to be computed again (ord_conciliar); the count and the list's filter compute the marked ones first.
CREATE OR REPLACE FUNCTION obra_conciliar(p_ord integer) RETURNS void LANGUAGE sql AS $$
  UPDATE orden SET ord_conciliar = true WHERE ord_id = p_ord AND NOT ord_conciliar
$$;
--> statement-breakpoint
-- Rows that carry the order's id: its lines, taxes and invoices, and purchase transfers.
CREATE OR REPLACE FUNCTION obra_conciliar_por_orden() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    IF NEW.ord_id IS NOT NULL THEN PERFORM obra_conciliar(NEW.ord_id); END IF;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    IF OLD.ord_id IS NOT NULL THEN PERFORM obra_conciliar(OLD.ord_id); END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A transfer's lines: the order of their transfer.
CREATE OR REPLACE FUNCTION obra_conciliar_por_transferencia() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM obra_conciliar(t.ord_id) FROM transferencia t WHERE t.tfi_id = NEW.tfi_id AND t.ord_id IS NOT NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM obra_conciliar(t.ord_id) FROM transferencia t WHERE t.tfi_id = OLD.tfi_id AND t.ord_id IS NOT NULL;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The order itself: its amounts, exchange rate, type or state (the flags' own writes change none of these).
CREATE OR REPLACE FUNCTION obra_conciliar_orden() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.ord_monto_sin_impuesto, NEW.ord_tipo_cambio, NEW.ord_tipo_orden, NEW.ore_id)
      IS DISTINCT FROM (OLD.ord_monto_sin_impuesto, OLD.ord_tipo_cambio, OLD.ord_tipo_orden, OLD.ore_id) THEN
    NEW.ord_conciliar := true;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER orden_conciliar BEFORE UPDATE ON orden FOR EACH ROW EXECUTE FUNCTION obra_conciliar_orden();
--> statement-breakpoint
CREATE TRIGGER orden_item_conciliar AFTER INSERT OR UPDATE OR DELETE ON orden_item FOR EACH ROW EXECUTE FUNCTION obra_conciliar_por_orden();
--> statement-breakpoint
CREATE TRIGGER orden_impuesto_conciliar AFTER INSERT OR UPDATE OR DELETE ON orden_impuesto FOR EACH ROW EXECUTE FUNCTION obra_conciliar_por_orden();
--> statement-breakpoint
CREATE TRIGGER orden_factura_conciliar AFTER INSERT OR UPDATE OR DELETE ON orden_factura FOR EACH ROW EXECUTE FUNCTION obra_conciliar_por_orden();
--> statement-breakpoint
CREATE TRIGGER transferencia_conciliar AFTER INSERT OR UPDATE OR DELETE ON transferencia FOR EACH ROW EXECUTE FUNCTION obra_conciliar_por_orden();
--> statement-breakpoint
CREATE TRIGGER transferencia_detalle_conciliar AFTER INSERT OR UPDATE OR DELETE ON transferencia_detalle FOR EACH ROW EXECUTE FUNCTION obra_conciliar_por_transferencia();
--> statement-breakpoint
-- Orders that may have a flag today (an invoice, or a purchase entry) are computed by the first count.
UPDATE orden o SET ord_conciliar = true WHERE EXISTS (SELECT 1 FROM orden_factura f WHERE f.ord_id = o.ord_id)
  OR EXISTS (SELECT 1 FROM transferencia t WHERE t.ord_id = o.ord_id);
