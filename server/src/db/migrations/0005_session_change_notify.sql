-- Every authenticated request checks that its session is still live (users, companies, refresh_tokens).
-- Each server process caches those checks (server/src/services/session/session-cache.ts) and must hear
-- at once when one of the three tables changes, whoever changed it: another app process, a migration,
-- an administrator in psql. A statement-level trigger sends one notification per statement; the
-- listeners drop their whole cache (changes to these tables are rare next to the reads they save).
CREATE OR REPLACE FUNCTION notify_session_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_change', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_session_change AFTER UPDATE OR DELETE OR TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION notify_session_change();
--> statement-breakpoint
CREATE TRIGGER companies_session_change AFTER UPDATE OR DELETE OR TRUNCATE ON companies
  FOR EACH STATEMENT EXECUTE FUNCTION notify_session_change();
--> statement-breakpoint
CREATE TRIGGER refresh_tokens_session_change AFTER UPDATE OR DELETE OR TRUNCATE ON refresh_tokens
  FOR EACH STATEMENT EXECUTE FUNCTION notify_session_change();
