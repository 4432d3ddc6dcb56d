-- When a valid-bet record was written (agents' statements count bets by it, issue 33). Existing rows
-- were written when they were settled: their created_at is the best record there is.
ALTER TABLE "valid_bets" ADD COLUMN "recorded_at" timestamp with time zone;--> statement-breakpoint
UPDATE "valid_bets" SET "recorded_at" = "created_at";--> statement-breakpoint
ALTER TABLE "valid_bets" ALTER COLUMN "recorded_at" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "valid_bets_user_recorded_idx" ON "valid_bets" USING btree ("user_id","recorded_at");
