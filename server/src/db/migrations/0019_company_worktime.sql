CREATE TABLE "company_worktime" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"force" text,
	"forced_at" timestamp with time zone,
	"force_until" timestamp with time zone,
	"forced_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_worktime_force_check" CHECK ("company_worktime"."force" in ('open', 'closed'))
);
--> statement-breakpoint
ALTER TABLE "company_worktime" ADD CONSTRAINT "company_worktime_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_worktime" ADD CONSTRAINT "company_worktime_forced_by_users_id_fk" FOREIGN KEY ("forced_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "company_worktime_company_unique" ON "company_worktime" USING btree ("company_id");