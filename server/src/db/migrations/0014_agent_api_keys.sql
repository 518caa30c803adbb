CREATE TABLE "agent_api_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer,
	"name" text DEFAULT '' NOT NULL,
	"last_used_at" timestamp with time zone,
	"key_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "users_agent_api_key_hash_unique";--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "agent_api_key_id" integer;--> statement-breakpoint
ALTER TABLE "agent_api_keys" ADD CONSTRAINT "agent_api_keys_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_api_keys" ADD CONSTRAINT "agent_api_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_api_keys_company_idx" ON "agent_api_keys" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "agent_api_keys_key_hash_unique" ON "agent_api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "agent_api_keys_user_id_idx" ON "agent_api_keys" USING btree ("company_id","user_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_agent_api_key_id_idx" ON "refresh_tokens" USING btree ("agent_api_key_id") WHERE "refresh_tokens"."agent_api_key_id" is not null;--> statement-breakpoint
-- Keys issued before keys were an entity (one per user, users.agent_api_key_hash) keep signing in: each
-- becomes a key of its user named "Agent API key" (the demo's demo-agent1-key among them, CONTRACT §6).
INSERT INTO "agent_api_keys" ("company_id", "user_id", "name", "key_hash")
SELECT "company_id", "id", 'Agent API key', "agent_api_key_hash" FROM "users"
WHERE "agent_api_key_hash" IS NOT NULL AND "company_id" IS NOT NULL AND "deleted_at" IS NULL
ORDER BY "id";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "agent_api_key_hash";