CREATE TABLE "auto_call_campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"variant" text DEFAULT 'studymax' NOT NULL,
	"caller_id" text DEFAULT '' NOT NULL,
	"multiple" integer,
	"extensions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sound_file_id" integer,
	"pacing" text DEFAULT 'progressive' NOT NULL,
	"max_abandon_rate" double precision DEFAULT 0.03 NOT NULL,
	"call_window" jsonb DEFAULT '{"start":"08:00","end":"21:00"}'::jsonb NOT NULL,
	"max_attempts" integer DEFAULT 3 NOT NULL,
	"retry_delay_s" integer DEFAULT 600 NOT NULL,
	"state" text DEFAULT 'ready' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auto_call_campaigns_variant_check" CHECK ("variant" in ('studymax', 'public')),
	CONSTRAINT "auto_call_campaigns_pacing_check" CHECK ("pacing" in ('preview', 'progressive', 'predictive')),
	CONSTRAINT "auto_call_campaigns_state_check" CHECK ("state" in ('ready', 'on_going', 'complete', 'paused', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "auto_call_numbers" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"phone_number" text NOT NULL,
	"member_id" integer,
	"attempts" integer DEFAULT 0 NOT NULL,
	"result" text,
	"next_attempt_at" timestamp with time zone,
	"last_attempt_at" timestamp with time zone,
	"uniqueid" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auto_call_numbers_result_check" CHECK ("result" is null or "result" in ('machine', 'busy', 'success', 'listen_hangup', 'block', 'dropcall', 'no_answer'))
);
--> statement-breakpoint
ALTER TABLE "import_jobs" DROP CONSTRAINT "import_jobs_entity_check";--> statement-breakpoint
ALTER TABLE "auto_call_campaigns" ADD CONSTRAINT "auto_call_campaigns_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_call_campaigns" ADD CONSTRAINT "auto_call_campaigns_sound_file_id_sound_files_id_fk" FOREIGN KEY ("sound_file_id") REFERENCES "public"."sound_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_call_numbers" ADD CONSTRAINT "auto_call_numbers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_call_numbers" ADD CONSTRAINT "auto_call_numbers_campaign_id_auto_call_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."auto_call_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_call_numbers" ADD CONSTRAINT "auto_call_numbers_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auto_call_campaigns_company_idx" ON "auto_call_campaigns" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "auto_call_campaigns_variant_idx" ON "auto_call_campaigns" USING btree ("company_id","variant");--> statement-breakpoint
CREATE INDEX "auto_call_campaigns_caller_id_idx" ON "auto_call_campaigns" USING btree ("company_id","caller_id");--> statement-breakpoint
CREATE INDEX "auto_call_campaigns_pacing_idx" ON "auto_call_campaigns" USING btree ("company_id","pacing");--> statement-breakpoint
CREATE INDEX "auto_call_campaigns_state_idx" ON "auto_call_campaigns" USING btree ("company_id","state");--> statement-breakpoint
CREATE UNIQUE INDEX "auto_call_numbers_campaign_number_unique" ON "auto_call_numbers" USING btree ("campaign_id","phone_number");--> statement-breakpoint
CREATE INDEX "auto_call_numbers_due_idx" ON "auto_call_numbers" USING btree ("company_id","campaign_id","result","next_attempt_at");--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_entity_check" CHECK ("import_jobs"."entity" in ('member', 'consultation', 'auto-call'));