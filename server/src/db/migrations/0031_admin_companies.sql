CREATE TABLE "company_data_destroy_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"target_company_id" integer NOT NULL,
	"state" text DEFAULT 'running' NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"deleted" bigint DEFAULT 0 NOT NULL,
	"current_table" text,
	"started_by" integer,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"error" text
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "recording_password_sealed" text;--> statement-breakpoint
ALTER TABLE "company_data_destroy_jobs" ADD CONSTRAINT "company_data_destroy_jobs_target_company_id_companies_id_fk" FOREIGN KEY ("target_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_data_destroy_jobs_company_idx" ON "company_data_destroy_jobs" USING btree ("target_company_id","id");