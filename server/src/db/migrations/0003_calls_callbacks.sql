CREATE TABLE "call_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"call_id" integer NOT NULL,
	"type" text NOT NULL,
	"state" text,
	"extension" text NOT NULL,
	"number" text DEFAULT '' NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	CONSTRAINT "call_events_type_check" CHECK ("call_events"."type" in ('inbound_call', 'call_state', 'one_touch_recording'))
);
--> statement-breakpoint
CREATE TABLE "calls" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"uniqueid" text NOT NULL,
	"direction" text NOT NULL,
	"caller_number" text DEFAULT '' NOT NULL,
	"callee_number" text DEFAULT '' NOT NULL,
	"extension" text,
	"extensions" text[] DEFAULT '{}'::text[] NOT NULL,
	"queue" text,
	"started_at" timestamp with time zone NOT NULL,
	"ringing_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"duration_seconds" integer,
	"talk_seconds" integer,
	"disposition" text,
	"recording_file" text,
	"one_touch_files" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calls_direction_check" CHECK ("calls"."direction" in ('inbound', 'outbound', 'internal')),
	CONSTRAINT "calls_disposition_check" CHECK ("calls"."disposition" is null or "calls"."disposition" in ('answered', 'missed', 'abandoned'))
);
--> statement-breakpoint
CREATE TABLE "callbacks" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"phone_number" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"assigned_user_id" integer,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_call_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_uniqueid" text,
	"uniqueids" text[] DEFAULT '{}'::text[] NOT NULL,
	"queue" text,
	"source" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "callbacks_status_check" CHECK ("callbacks"."status" in ('open', 'in_progress', 'done', 'cancelled')),
	CONSTRAINT "callbacks_source_check" CHECK ("callbacks"."source" in ('missed_call', 'manual'))
);
--> statement-breakpoint
ALTER TABLE "call_events" ADD CONSTRAINT "call_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_events" ADD CONSTRAINT "call_events_call_id_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "callbacks" ADD CONSTRAINT "callbacks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "callbacks" ADD CONSTRAINT "callbacks_assigned_user_id_users_id_fk" FOREIGN KEY ("assigned_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "call_events_call_idx" ON "call_events" USING btree ("call_id","occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "calls_company_uniqueid_unique" ON "calls" USING btree ("company_id","uniqueid");--> statement-breakpoint
CREATE INDEX "calls_company_started_idx" ON "calls" USING btree ("company_id","started_at");--> statement-breakpoint
CREATE INDEX "calls_company_caller_idx" ON "calls" USING btree ("company_id","caller_number");--> statement-breakpoint
CREATE INDEX "calls_company_callee_idx" ON "calls" USING btree ("company_id","callee_number");--> statement-breakpoint
CREATE INDEX "calls_extensions_idx" ON "calls" USING gin ("extensions");--> statement-breakpoint
CREATE UNIQUE INDEX "callbacks_company_open_number_unique" ON "callbacks" USING btree ("company_id","phone_number") WHERE "callbacks"."status" in ('open', 'in_progress');--> statement-breakpoint
CREATE INDEX "callbacks_company_last_call_idx" ON "callbacks" USING btree ("company_id","last_call_at");--> statement-breakpoint
CREATE INDEX "callbacks_company_assigned_idx" ON "callbacks" USING btree ("company_id","assigned_user_id");