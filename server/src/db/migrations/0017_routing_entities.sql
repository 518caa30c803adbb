CREATE TABLE "callback_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"number" text DEFAULT '' NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"members" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"callback_delay_s" integer,
	"max_attempts" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbound_numbers" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"number" text DEFAULT '' NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"destination" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ivrs" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"number" text DEFAULT '' NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"greeting_sound_file_id" integer,
	"timeout_s" integer,
	"invalid_retries" integer,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"timeout_destination" jsonb,
	"invalid_destination" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ring_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"number" text DEFAULT '' NOT NULL,
	"display_name" text DEFAULT '' NOT NULL,
	"strategy" text DEFAULT 'ringall' NOT NULL,
	"ring_time_s" integer,
	"members" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"no_answer_destination" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ring_groups_strategy_check" CHECK ("strategy" in ('ringall', 'hunt', 'memoryhunt', 'firstavailable'))
);
--> statement-breakpoint
CREATE TABLE "time_conditions" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"type" text DEFAULT 'working_hour' NOT NULL,
	"start_weekday" integer,
	"end_weekday" integer,
	"start_month" integer,
	"end_month" integer,
	"start_date" integer,
	"end_date" integer,
	"start_hour" integer,
	"start_minute" integer,
	"end_hour" integer,
	"end_minute" integer,
	"destination" jsonb,
	"sound_file_id" integer,
	"korean_holidays" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "time_conditions_type_check" CHECK ("type" in ('holiday', 'custom_temporary_holiday', 'lunch_hour', 'working_hour'))
);
--> statement-breakpoint
ALTER TABLE "callback_groups" ADD CONSTRAINT "callback_groups_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_numbers" ADD CONSTRAINT "inbound_numbers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ivrs" ADD CONSTRAINT "ivrs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ivrs" ADD CONSTRAINT "ivrs_greeting_sound_file_id_sound_files_id_fk" FOREIGN KEY ("greeting_sound_file_id") REFERENCES "public"."sound_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ring_groups" ADD CONSTRAINT "ring_groups_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_conditions" ADD CONSTRAINT "time_conditions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_conditions" ADD CONSTRAINT "time_conditions_sound_file_id_sound_files_id_fk" FOREIGN KEY ("sound_file_id") REFERENCES "public"."sound_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "callback_groups_company_idx" ON "callback_groups" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "callback_groups_number_unique" ON "callback_groups" USING btree ("company_id",lower("number"));--> statement-breakpoint
CREATE INDEX "inbound_numbers_company_idx" ON "inbound_numbers" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "inbound_numbers_number_unique" ON "inbound_numbers" USING btree ("company_id",lower("number"));--> statement-breakpoint
CREATE INDEX "ivrs_company_idx" ON "ivrs" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ivrs_number_unique" ON "ivrs" USING btree ("company_id",lower("number"));--> statement-breakpoint
CREATE INDEX "ring_groups_company_idx" ON "ring_groups" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ring_groups_number_unique" ON "ring_groups" USING btree ("company_id",lower("number"));--> statement-breakpoint
CREATE INDEX "ring_groups_strategy_idx" ON "ring_groups" USING btree ("company_id","strategy");--> statement-breakpoint
CREATE INDEX "time_conditions_company_idx" ON "time_conditions" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "time_conditions_type_idx" ON "time_conditions" USING btree ("company_id","type");--> statement-breakpoint
CREATE INDEX "time_conditions_korean_holidays_idx" ON "time_conditions" USING btree ("company_id","korean_holidays");