-- Custom data migration: turnover becomes a running requirement. Valid bets since the last approved
-- withdrawal (how it was counted before) are what has been done of it; a requirement met is cleared.
UPDATE "users" u SET "turnover_done_cents" = least(u."turnover_required_cents", coalesce((
  SELECT sum(b."valid_cents") FROM "valid_bets" b
  WHERE b."user_id" = u."id" AND b."state" = 'settled'
    AND (u."last_withdrawal_at" IS NULL OR b."created_at" > u."last_withdrawal_at")), 0));
--> statement-breakpoint
UPDATE "users" SET "turnover_required_cents" = 0, "turnover_done_cents" = 0
WHERE "turnover_done_cents" >= "turnover_required_cents";
