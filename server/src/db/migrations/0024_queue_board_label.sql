ALTER TABLE "queues" ADD COLUMN "board_label" text;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "wait_warning_s" integer;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "wait_danger_s" integer;