CREATE TABLE "consultation_big_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consultation_custom_fields" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"field_type" text DEFAULT 'text' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consultation_custom_fields_type_check" CHECK ("consultation_custom_fields"."field_type" in ('text', 'number', 'date'))
);
--> statement-breakpoint
CREATE TABLE "consultation_departments" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consultation_inquiries" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consultation_small_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"big_category_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consultations" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"member_id" integer,
	"agent_id" integer,
	"call_uniqueid" text,
	"phone_number" text NOT NULL,
	"direction" text NOT NULL,
	"title" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"inquiry" text,
	"department" text,
	"big_category" text NOT NULL,
	"small_category" text,
	"custom_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"treatment_result" text DEFAULT 'receipt' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consultations_direction_check" CHECK ("consultations"."direction" in ('inbound', 'outbound')),
	CONSTRAINT "consultations_treatment_result_check" CHECK ("consultations"."treatment_result" in ('receipt', 'progress', 'waiting', 'complete'))
);
--> statement-breakpoint
CREATE TABLE "custom_table_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"table_key" text NOT NULL,
	"columns" jsonb NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custom_table_settings_table_check" CHECK ("custom_table_settings"."table_key" in ('members', 'consultations', 'inbound-details', 'outbound-details'))
);
--> statement-breakpoint
ALTER TABLE "consultation_big_categories" ADD CONSTRAINT "consultation_big_categories_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation_custom_fields" ADD CONSTRAINT "consultation_custom_fields_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation_departments" ADD CONSTRAINT "consultation_departments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation_inquiries" ADD CONSTRAINT "consultation_inquiries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation_small_categories" ADD CONSTRAINT "consultation_small_categories_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation_small_categories" ADD CONSTRAINT "consultation_small_categories_big_category_id_consultation_big_categories_id_fk" FOREIGN KEY ("big_category_id") REFERENCES "public"."consultation_big_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultations" ADD CONSTRAINT "consultations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultations" ADD CONSTRAINT "consultations_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultations" ADD CONSTRAINT "consultations_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_table_settings" ADD CONSTRAINT "custom_table_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_table_settings" ADD CONSTRAINT "custom_table_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "consultation_big_categories_company_name_unique" ON "consultation_big_categories" USING btree ("company_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "consultation_custom_fields_company_name_unique" ON "consultation_custom_fields" USING btree ("company_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "consultation_departments_company_name_unique" ON "consultation_departments" USING btree ("company_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "consultation_inquiries_company_name_unique" ON "consultation_inquiries" USING btree ("company_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "consultation_small_categories_big_name_unique" ON "consultation_small_categories" USING btree ("company_id","big_category_id","name");--> statement-breakpoint
CREATE INDEX "consultation_small_categories_big_idx" ON "consultation_small_categories" USING btree ("big_category_id");--> statement-breakpoint
CREATE INDEX "consultations_company_created_idx" ON "consultations" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "consultations_company_phone_idx" ON "consultations" USING btree ("company_id","phone_number");--> statement-breakpoint
CREATE INDEX "consultations_company_member_idx" ON "consultations" USING btree ("company_id","member_id");--> statement-breakpoint
CREATE INDEX "consultations_company_agent_idx" ON "consultations" USING btree ("company_id","agent_id");--> statement-breakpoint
CREATE INDEX "consultations_company_uniqueid_idx" ON "consultations" USING btree ("company_id","call_uniqueid");--> statement-breakpoint
CREATE INDEX "consultations_company_big_small_idx" ON "consultations" USING btree ("company_id","big_category","small_category");--> statement-breakpoint
CREATE INDEX "consultations_company_inquiry_idx" ON "consultations" USING btree ("company_id","inquiry");--> statement-breakpoint
CREATE INDEX "consultations_company_department_idx" ON "consultations" USING btree ("company_id","department");--> statement-breakpoint
CREATE UNIQUE INDEX "custom_table_settings_company_table_unique" ON "custom_table_settings" USING btree ("company_id","table_key");