CREATE TABLE "caller_ids" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"number" text DEFAULT '' NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"user_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "caller_id_choices" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"caller_id_id" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "call_events" DROP CONSTRAINT "call_events_type_check";--> statement-breakpoint
ALTER TABLE "calls" DROP CONSTRAINT "calls_disposition_check";--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "caller_id" text;--> statement-breakpoint
ALTER TABLE "caller_ids" ADD CONSTRAINT "caller_ids_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caller_id_choices" ADD CONSTRAINT "caller_id_choices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caller_id_choices" ADD CONSTRAINT "caller_id_choices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caller_id_choices" ADD CONSTRAINT "caller_id_choices_caller_id_id_caller_ids_id_fk" FOREIGN KEY ("caller_id_id") REFERENCES "public"."caller_ids"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "caller_ids_company_idx" ON "caller_ids" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "caller_ids_number_unique" ON "caller_ids" USING btree ("company_id",lower("number"));--> statement-breakpoint
CREATE INDEX "caller_id_choices_caller_id_idx" ON "caller_id_choices" USING btree ("caller_id_id");--> statement-breakpoint
ALTER TABLE "call_events" ADD CONSTRAINT "call_events_type_check" CHECK ("call_events"."type" in ('inbound_call', 'call_state', 'one_touch_recording', 'call_started', 'call_ended', 'call_blocked'));--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_disposition_check" CHECK ("calls"."disposition" is null or "calls"."disposition" in ('answered', 'missed', 'abandoned', 'blocked'));