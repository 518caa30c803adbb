CREATE TABLE "queue_stats_15m" (
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
CREATE TABLE "queue_stats_rolled" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"rolled_to" timestamp with time zone NOT NULL,
	CONSTRAINT "queue_stats_rolled_company_id_unique" UNIQUE("company_id")
);
--> statement-breakpoint
ALTER TABLE "queue_stats_15m" ADD CONSTRAINT "queue_stats_15m_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_stats_rolled" ADD CONSTRAINT "queue_stats_rolled_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "queue_stats_15m_company_agent_slot_queue_unique" ON "queue_stats_15m" USING btree ("company_id","agent","slot","queue");