-- The data version (issue 10, docs/architecture.md "Lists"): every row written to a table of the
-- public schema advances one sequence, so a list's count can be kept in memory and checked
-- against the database in the page's own statement (platform/list-count.ts). A sequence takes
-- no row lock, is not rolled back and is seen at once by every session; a count computed while
-- a writer was open is not kept (the count statement reads its snapshot's open transactions).
-- A table created later calls obra_version_vigilar('tabla') in its own migration (a test checks
-- that every table has the triggers).
CREATE SEQUENCE obra_version_datos;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION obra_version_datos() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('obra_version_datos');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION obra_version_vigilar(tabla text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION obra_version_datos()', tabla || '_version', tabla);
  EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION obra_version_datos()', tabla || '_version_truncate', tabla);
END $$;
--> statement-breakpoint
SELECT obra_version_vigilar(tablename) FROM pg_tables WHERE schemaname = 'public';
