-- The access guard caches each user's profile (platform/auth/profile-cache.ts). Whatever writes
-- a user, their roles or options, or what a role grants, tells every instance in the same
-- transaction: the payload is the user's id, or '*' when a role's grants change.
CREATE OR REPLACE FUNCTION obra_notify_acceso() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME IN ('usuario', 'usuario_rol', 'usuario_opcion') THEN
    PERFORM pg_notify('obra_acceso', (CASE WHEN TG_OP = 'DELETE' THEN OLD.usu_id ELSE NEW.usu_id END)::text);
    IF TG_OP = 'UPDATE' AND NEW.usu_id <> OLD.usu_id THEN
      PERFORM pg_notify('obra_acceso', OLD.usu_id::text);
    END IF;
  ELSE
    PERFORM pg_notify('obra_acceso', '*');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER usuario_acceso AFTER INSERT OR UPDATE OR DELETE ON usuario FOR EACH ROW EXECUTE FUNCTION obra_notify_acceso();
--> statement-breakpoint
CREATE TRIGGER usuario_rol_acceso AFTER INSERT OR UPDATE OR DELETE ON usuario_rol FOR EACH ROW EXECUTE FUNCTION obra_notify_acceso();
--> statement-breakpoint
CREATE TRIGGER usuario_opcion_acceso AFTER INSERT OR UPDATE OR DELETE ON usuario_opcion FOR EACH ROW EXECUTE FUNCTION obra_notify_acceso();
--> statement-breakpoint
CREATE TRIGGER rol_modulo_acceso AFTER INSERT OR UPDATE OR DELETE ON rol_modulo FOR EACH STATEMENT EXECUTE FUNCTION obra_notify_acceso();
--> statement-breakpoint
CREATE TRIGGER rol_opcion_acceso AFTER INSERT OR UPDATE OR DELETE ON rol_opcion FOR EACH STATEMENT EXECUTE FUNCTION obra_notify_acceso();
--> statement-breakpoint
CREATE TRIGGER modulo_acceso AFTER INSERT OR UPDATE OR DELETE ON modulo FOR EACH STATEMENT EXECUTE FUNCTION obra_notify_acceso();
--> statement-breakpoint
CREATE TRIGGER opcion_acceso AFTER INSERT OR UPDATE OR DELETE ON opcion FOR EACH STATEMENT EXECUTE FUNCTION obra_notify_acceso();
