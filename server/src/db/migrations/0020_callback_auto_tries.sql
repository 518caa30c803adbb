ALTER TABLE "callbacks" ADD COLUMN "auto_state" text;--> statement-breakpoint
ALTER TABLE "callbacks" ADD COLUMN "auto_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "callbacks" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "callbacks" ADD COLUMN "auto_group" text;--> statement-breakpoint
ALTER TABLE "callbacks" ADD COLUMN "auto_extension" text;--> statement-breakpoint
ALTER TABLE "callbacks" ADD COLUMN "auto_uniqueid" text;--> statement-breakpoint
CREATE INDEX "callbacks_auto_due_idx" ON "callbacks" USING btree ("next_attempt_at") WHERE "callbacks"."auto_state" in ('scheduled', 'calling');--> statement-breakpoint
ALTER TABLE "callbacks" ADD CONSTRAINT "callbacks_auto_state_check" CHECK ("callbacks"."auto_state" is null or "callbacks"."auto_state" in ('scheduled', 'calling', 'connected', 'exhausted', 'stopped'));