CREATE TABLE "auto_call_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"state" text DEFAULT 'ready' NOT NULL,
	"snapshot" jsonb NOT NULL,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auto_call_runs_state_check" CHECK ("state" in ('ready', 'on_going', 'complete', 'paused', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "auto_call_runs" ADD CONSTRAINT "auto_call_runs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_call_runs" ADD CONSTRAINT "auto_call_runs_campaign_id_auto_call_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."auto_call_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "auto_call_runs_campaign_unique" ON "auto_call_runs" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "auto_call_runs_lease_idx" ON "auto_call_runs" USING btree ("state","lease_until");