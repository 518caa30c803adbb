CREATE TABLE "transfer_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"extension" text DEFAULT '' NOT NULL,
	"action" text DEFAULT 'updated' NOT NULL,
	"number_before" text DEFAULT '' NOT NULL,
	"number_after" text DEFAULT '' NOT NULL,
	"active_before" boolean DEFAULT false NOT NULL,
	"active_after" boolean DEFAULT false NOT NULL,
	"live_before" boolean DEFAULT false NOT NULL,
	"live_after" boolean DEFAULT false NOT NULL,
	"source" text DEFAULT 'screen' NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transfer_history_action_check" CHECK ("action" in ('created', 'updated', 'deleted', 'started', 'ended')),
	CONSTRAINT "transfer_history_source_check" CHECK ("source" in ('screen', 'cti_bar', 'cti_api', 'schedule'))
);
--> statement-breakpoint
CREATE TABLE "transfers" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"extension" text DEFAULT '' NOT NULL,
	"number" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"live" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "transfer_history" ADD CONSTRAINT "transfer_history_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_history" ADD CONSTRAINT "transfer_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transfer_history_company_idx" ON "transfer_history" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "transfer_history_extension_idx" ON "transfer_history" USING btree ("company_id","extension");--> statement-breakpoint
CREATE INDEX "transfer_history_action_idx" ON "transfer_history" USING btree ("company_id","action");--> statement-breakpoint
CREATE INDEX "transfer_history_number_before_idx" ON "transfer_history" USING btree ("company_id","number_before");--> statement-breakpoint
CREATE INDEX "transfer_history_number_after_idx" ON "transfer_history" USING btree ("company_id","number_after");--> statement-breakpoint
CREATE INDEX "transfer_history_source_idx" ON "transfer_history" USING btree ("company_id","source");--> statement-breakpoint
CREATE INDEX "transfer_history_user_id_idx" ON "transfer_history" USING btree ("company_id","user_id");--> statement-breakpoint
CREATE INDEX "transfers_company_idx" ON "transfers" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "transfers_extension_unique" ON "transfers" USING btree ("company_id",lower("extension"));--> statement-breakpoint
CREATE INDEX "transfers_number_idx" ON "transfers" USING btree ("company_id","number");--> statement-breakpoint
CREATE INDEX "transfers_active_idx" ON "transfers" USING btree ("company_id","active");--> statement-breakpoint
CREATE INDEX "transfers_live_idx" ON "transfers" USING btree ("company_id","live");