ALTER TABLE "queues" ADD COLUMN "members" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- The queue entity (issue 18): members move into the queue as [{ extension, penalty }], in their old order.
UPDATE "queues" SET "members" = coalesce((SELECT jsonb_agg(jsonb_build_object('extension', m."extension", 'penalty', 0) ORDER BY m."id") FROM "queue_members" m WHERE m."queue_id" = "queues"."id"), '[]'::jsonb);--> statement-breakpoint
ALTER TABLE "queue_members" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "queue_members" CASCADE;--> statement-breakpoint
DROP INDEX "queues_company_number_unique";--> statement-breakpoint
ALTER TABLE "queues" ALTER COLUMN "number" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "queues" ALTER COLUMN "name" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "wrapup_s" integer;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "service_level_s" integer;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "max_wait_s" integer;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "overflow_destination" jsonb;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "hold_music_sound_file_id" integer;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "announce_sound_file_id" integer;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "announce_position" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "announce_every_s" integer;--> statement-breakpoint
ALTER TABLE "queues" ADD CONSTRAINT "queues_hold_music_sound_file_id_sound_files_id_fk" FOREIGN KEY ("hold_music_sound_file_id") REFERENCES "public"."sound_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queues" ADD CONSTRAINT "queues_announce_sound_file_id_sound_files_id_fk" FOREIGN KEY ("announce_sound_file_id") REFERENCES "public"."sound_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "queues_company_idx" ON "queues" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "queues_number_unique" ON "queues" USING btree ("company_id",lower("number"));--> statement-breakpoint
CREATE INDEX "queues_strategy_idx" ON "queues" USING btree ("company_id","strategy");--> statement-breakpoint
CREATE INDEX "queues_enabled_idx" ON "queues" USING btree ("company_id","enabled");--> statement-breakpoint
-- Asterisk's names: the old round robin carried on after the last one rung, which is rrmemory.
UPDATE "queues" SET "strategy" = CASE WHEN "strategy" = 'roundrobin' THEN 'rrmemory' WHEN "strategy" in ('ringall', 'leastrecent', 'fewestcalls', 'rrmemory', 'linear', 'random') THEN "strategy" ELSE 'ringall' END;--> statement-breakpoint
ALTER TABLE "queues" ADD CONSTRAINT "queues_strategy_check" CHECK ("strategy" in ('ringall', 'leastrecent', 'fewestcalls', 'rrmemory', 'linear', 'random'));
