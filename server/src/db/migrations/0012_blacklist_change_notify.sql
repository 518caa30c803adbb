-- The PBX refuses blacklisted numbers, inbound and outbound (docs/telephony.md "Blacklist"). Each server
-- process keeps its companies' blacklists in memory (server/src/services/telephony/blacklist-screen.ts),
-- so a call's check costs no query, and must hear at once when an entry changes, whoever changed it:
-- another app process, a company's data being destroyed, an administrator in psql. A statement-level
-- trigger sends one notification per statement; the listeners drop every company's copy (blacklist
-- writes are rare next to the calls they check), as session_change does for the session caches.
CREATE OR REPLACE FUNCTION notify_blacklist_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('blacklist_change', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER blacklist_entries_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON blacklist_entries
  FOR EACH STATEMENT EXECUTE FUNCTION notify_blacklist_change();
