ALTER TABLE "valid_bets" ADD COLUMN "reference" text;--> statement-breakpoint
CREATE INDEX "valid_bets_reference_idx" ON "valid_bets" USING btree ("user_id","reference");