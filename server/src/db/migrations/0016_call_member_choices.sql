CREATE TABLE "call_member_choices" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"uniqueid" text NOT NULL,
	"member_id" integer NOT NULL,
	"chosen_by" integer,
	"chosen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "call_member_choices" ADD CONSTRAINT "call_member_choices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_member_choices" ADD CONSTRAINT "call_member_choices_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_member_choices" ADD CONSTRAINT "call_member_choices_chosen_by_users_id_fk" FOREIGN KEY ("chosen_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "call_member_choices_company_uniqueid_unique" ON "call_member_choices" USING btree ("company_id","uniqueid");--> statement-breakpoint
CREATE INDEX "call_member_choices_member_idx" ON "call_member_choices" USING btree ("member_id");