-- Custom data migration: turnover becomes a running requirement.
-- A seeded opening balance (the demo and trial members') must be played through like any bonus.
UPDATE "users" u SET "turnover_required_cents" = u."turnover_required_cents" + o.cents
FROM (SELECT w."user_id", sum(e."amount_cents") AS cents FROM "ledger_entries" e
      JOIN "wallets" w ON w."id" = e."wallet_id" WHERE e."reason" = 'opening' GROUP BY w."user_id") o
WHERE o."user_id" = u."id" AND o.cents > 0;
--> statement-breakpoint
-- Valid bets since the last approved withdrawal (how it was counted before) are what is done of it.
UPDATE "users" u SET "turnover_done_cents" = least(u."turnover_required_cents", coalesce((
  SELECT sum(b."valid_cents") FROM "valid_bets" b
  WHERE b."user_id" = u."id" AND b."state" = 'settled'
    AND (u."last_withdrawal_at" IS NULL OR b."created_at" > u."last_withdrawal_at")), 0));
--> statement-breakpoint
-- A requirement already met is cleared.
UPDATE "users" SET "turnover_required_cents" = 0, "turnover_done_cents" = 0
WHERE "turnover_done_cents" >= "turnover_required_cents";
