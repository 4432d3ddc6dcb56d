ALTER TABLE "users" DROP CONSTRAINT "users_turnover_done_le_required";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "turnover_required_cents";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "turnover_done_cents";