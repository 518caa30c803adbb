CREATE TABLE "member_custom_fields" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"field_type" text DEFAULT 'text' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_custom_fields_type_check" CHECK ("member_custom_fields"."field_type" in ('text', 'number', 'date'))
);
--> statement-breakpoint
CREATE TABLE "member_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_levels" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "company_name" text;--> statement-breakpoint
ALTER TABLE "member_custom_fields" ADD CONSTRAINT "member_custom_fields_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_groups" ADD CONSTRAINT "member_groups_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_levels" ADD CONSTRAINT "member_levels_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "member_custom_fields_company_name_unique" ON "member_custom_fields" USING btree ("company_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "member_groups_company_name_unique" ON "member_groups" USING btree ("company_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "member_levels_company_name_unique" ON "member_levels" USING btree ("company_id","name");--> statement-breakpoint
CREATE INDEX "members_company_name_idx" ON "members" USING btree ("company_id","name");--> statement-breakpoint
CREATE INDEX "members_company_company_name_idx" ON "members" USING btree ("company_id","company_name");--> statement-breakpoint
CREATE INDEX "members_groups_idx" ON "members" USING gin ("groups");--> statement-breakpoint
CREATE INDEX "members_levels_idx" ON "members" USING gin ("levels");--> statement-breakpoint
-- Databases seeded before member settings existed: every group, level and custom field their members
-- already use becomes a setting, so those members stay valid and renames reach them.
INSERT INTO "member_groups" ("company_id", "name") SELECT DISTINCT "company_id", unnest("groups") FROM "members" ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "member_levels" ("company_id", "name") SELECT DISTINCT "company_id", unnest("levels") FROM "members" ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "member_custom_fields" ("company_id", "name") SELECT DISTINCT "company_id", jsonb_object_keys("custom_fields") FROM "members" ON CONFLICT DO NOTHING;
