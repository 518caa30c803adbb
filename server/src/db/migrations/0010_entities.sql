CREATE TABLE "blacklist_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"phone_number" text DEFAULT '' NOT NULL,
	"direction" text DEFAULT 'both' NOT NULL,
	"memo" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blacklist_entries_direction_check" CHECK ("direction" in ('inbound', 'outbound', 'both'))
);
--> statement-breakpoint
CREATE TABLE "branch_extensions" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"extension" text DEFAULT '' NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"branch" text DEFAULT '' NOT NULL,
	"forward_number" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "callback_numbers" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"number" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "callback_numbers_status_check" CHECK ("status" in ('active', 'inactive'))
);
--> statement-breakpoint
CREATE TABLE "message_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"category_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blacklist_entries" ADD CONSTRAINT "blacklist_entries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branch_extensions" ADD CONSTRAINT "branch_extensions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "callback_numbers" ADD CONSTRAINT "callback_numbers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_categories" ADD CONSTRAINT "message_categories_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_templates" ADD CONSTRAINT "message_templates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_templates" ADD CONSTRAINT "message_templates_category_id_message_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."message_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_categories" ADD CONSTRAINT "task_categories_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blacklist_entries_company_idx" ON "blacklist_entries" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "blacklist_entries_phone_number_unique" ON "blacklist_entries" USING btree ("company_id",lower("phone_number"));--> statement-breakpoint
CREATE INDEX "blacklist_entries_direction_idx" ON "blacklist_entries" USING btree ("company_id","direction");--> statement-breakpoint
CREATE INDEX "branch_extensions_company_idx" ON "branch_extensions" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "branch_extensions_extension_unique" ON "branch_extensions" USING btree ("company_id",lower("extension"));--> statement-breakpoint
CREATE INDEX "branch_extensions_forward_number_idx" ON "branch_extensions" USING btree ("company_id","forward_number");--> statement-breakpoint
CREATE INDEX "callback_numbers_company_idx" ON "callback_numbers" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "callback_numbers_number_unique" ON "callback_numbers" USING btree ("company_id",lower("number"));--> statement-breakpoint
CREATE INDEX "callback_numbers_status_idx" ON "callback_numbers" USING btree ("company_id","status");--> statement-breakpoint
CREATE INDEX "message_categories_company_idx" ON "message_categories" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "message_categories_title_unique" ON "message_categories" USING btree ("company_id",lower("title"));--> statement-breakpoint
CREATE INDEX "message_templates_company_idx" ON "message_templates" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "message_templates_category_id_idx" ON "message_templates" USING btree ("company_id","category_id");--> statement-breakpoint
CREATE INDEX "task_categories_company_idx" ON "task_categories" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "task_categories_name_unique" ON "task_categories" USING btree ("company_id",lower("name"));