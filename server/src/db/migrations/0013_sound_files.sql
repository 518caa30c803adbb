CREATE TABLE "sound_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"file" jsonb,
	"file_name" text DEFAULT '' NOT NULL,
	"duration_ms" integer,
	"extension" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "entity_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"entity" text NOT NULL,
	"record_id" integer NOT NULL,
	"field" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sound_files" ADD CONSTRAINT "sound_files_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_files" ADD CONSTRAINT "entity_files_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sound_files_company_idx" ON "sound_files" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "sound_files_extension_idx" ON "sound_files" USING btree ("company_id","extension");--> statement-breakpoint
CREATE UNIQUE INDEX "entity_files_record_field_unique" ON "entity_files" USING btree ("entity","record_id","field");--> statement-breakpoint
CREATE INDEX "entity_files_company_idx" ON "entity_files" USING btree ("company_id");
--> statement-breakpoint
-- File bytes are MP3s and the like: compression gains nothing, and uncompressed out-of-line values let
-- substring() (range requests) read only the chunks it needs.
ALTER TABLE "entity_files" ALTER COLUMN "data" SET STORAGE EXTERNAL;