CREATE TABLE "queue_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"event" text NOT NULL,
	"uniqueid" text DEFAULT '' NOT NULL,
	"queue" text DEFAULT '' NOT NULL,
	"agent" text DEFAULT '' NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "queue_log" ADD CONSTRAINT "queue_log_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "queue_log_company_at_idx" ON "queue_log" USING btree ("company_id","at");--> statement-breakpoint
CREATE INDEX "queue_log_company_queue_at_idx" ON "queue_log" USING btree ("company_id","queue","at");