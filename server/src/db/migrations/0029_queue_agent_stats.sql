CREATE TABLE "queue_agent_stats_15m" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"queue" text NOT NULL,
	"agent" text DEFAULT '' NOT NULL,
	"slot" timestamp with time zone NOT NULL,
	"offered" integer DEFAULT 0 NOT NULL,
	"answered" integer DEFAULT 0 NOT NULL,
	"within" integer DEFAULT 0 NOT NULL,
	"abandoned" integer DEFAULT 0 NOT NULL,
	"wait_s" double precision DEFAULT 0 NOT NULL,
	"talk_s" double precision DEFAULT 0 NOT NULL,
	"talked" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "queue_agent_stats_15m" ADD CONSTRAINT "queue_agent_stats_15m_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "queue_agent_stats_15m_company_agent_slot_queue_unique" ON "queue_agent_stats_15m" USING btree ("company_id","agent","slot","queue");--> statement-breakpoint
INSERT INTO "queue_agent_stats_15m" ("company_id", "queue", "agent", "slot", "offered", "answered", "within", "abandoned", "wait_s", "talk_s", "talked")
  SELECT "company_id", "queue", "agent", "slot", "offered", "answered", "within", "abandoned", "wait_s", "talk_s", "talked" FROM "queue_stats_15m" WHERE "agent" <> '';--> statement-breakpoint
DELETE FROM "queue_stats_15m" WHERE "agent" <> '';
