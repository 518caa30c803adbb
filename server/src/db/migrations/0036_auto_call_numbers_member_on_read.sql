ALTER TABLE "auto_call_numbers" DROP CONSTRAINT "auto_call_numbers_member_id_members_id_fk";
--> statement-breakpoint
DROP INDEX "auto_call_numbers_member_idx";--> statement-breakpoint
ALTER TABLE "auto_call_numbers" DROP COLUMN "member_id";