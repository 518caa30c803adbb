CREATE TABLE "routing_applied" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"version" integer NOT NULL,
	"config" jsonb NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "routing_applied" ADD CONSTRAINT "routing_applied_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routing_applied" ADD CONSTRAINT "routing_applied_applied_by_users_id_fk" FOREIGN KEY ("applied_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "routing_applied_company_unique" ON "routing_applied" USING btree ("company_id");