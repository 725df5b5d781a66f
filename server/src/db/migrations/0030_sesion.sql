CREATE TABLE "sesion" (
	"ses_id" varchar(32) PRIMARY KEY NOT NULL,
	"usu_id" integer NOT NULL,
	"ses_ip" varchar(64) DEFAULT '' NOT NULL,
	"ses_dispositivo" varchar(250) DEFAULT '' NOT NULL,
	"ses_inicio" timestamp with time zone DEFAULT now() NOT NULL,
	"ses_ultimo_uso" timestamp with time zone DEFAULT now() NOT NULL,
	"ses_expira" timestamp with time zone NOT NULL,
	"ses_version" integer NOT NULL,
	"ses_cerrada" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sesion" ADD CONSTRAINT "sesion_usu_id_usuario_usu_id_fk" FOREIGN KEY ("usu_id") REFERENCES "public"."usuario"("usu_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sesion_usuario_idx" ON "sesion" USING btree ("usu_id","ses_expira");
--> statement-breakpoint
-- Closing a session changes what the access guard allows: tell every instance, as for any change of access
-- (migration 0010). Only ses_cerrada notifies; the last-use touch does not.
CREATE OR REPLACE FUNCTION obra_notify_acceso() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME IN ('usuario', 'usuario_rol', 'usuario_opcion', 'sesion') THEN
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
CREATE TRIGGER sesion_acceso AFTER UPDATE OF ses_cerrada ON sesion FOR EACH ROW
  WHEN (OLD.ses_cerrada IS DISTINCT FROM NEW.ses_cerrada) EXECUTE FUNCTION obra_notify_acceso();
--> statement-breakpoint
-- The reset links (0028) count like any table for the lists' data version; the sessions do not (platform/list.test.ts
-- says why): their last-use touch would end every kept count once a minute per signed-in user.
SELECT obra_version_vigilar('restablecimiento_password');
