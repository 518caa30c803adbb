CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor_user_id" integer NOT NULL,
	"action" text NOT NULL,
	"target_user_id" integer,
	"target_company_id" integer,
	"ip" text,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_api_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"key_hash" text NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" DROP CONSTRAINT "companies_api_key_hash_unique";--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "company_api_key_id" integer;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "impersonated_by" integer;--> statement-breakpoint
ALTER TABLE "company_api_keys" ADD CONSTRAINT "company_api_keys_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_log_target_company_idx" ON "audit_log" USING btree ("target_company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "company_api_keys_key_hash_unique" ON "company_api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "company_api_keys_company_idx" ON "company_api_keys" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_company_api_key_id_idx" ON "refresh_tokens" USING btree ("company_api_key_id") WHERE "refresh_tokens"."company_api_key_id" is not null;--> statement-breakpoint
-- The one key a company had (companies.api_key_hash) becomes its first key, named "Company API key"
-- (the demo's demo-company-key among them, CONTRACT §6), so it keeps signing in.
INSERT INTO "company_api_keys" ("company_id", "name", "key_hash")
SELECT "id", 'Company API key', "api_key_hash" FROM "companies" WHERE "api_key_hash" IS NOT NULL ORDER BY "id";--> statement-breakpoint
ALTER TABLE "companies" DROP COLUMN "api_key_hash";