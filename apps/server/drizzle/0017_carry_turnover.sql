-- Data for the tables of 0016 (a custom migration: drizzle-kit generate --custom), before 0018 drops
-- the single turnover counter of users.

-- What the single counter still owed becomes one requirement row, counted in full like before.
INSERT INTO "turnover_requirements" ("user_id", "source", "reference", "required_cents", "done_cents", "created_at")
SELECT "id", 'carried', '', "turnover_required_cents", "turnover_done_cents", now()
  FROM "users"
 WHERE "turnover_required_cents" > "turnover_done_cents";
--> statement-breakpoint

-- Deposits that bonuses were already paid on: no second bonus on them (the first application keeps it).
INSERT INTO "bonus_claims" ("kind", "value", "user_id", "application_id", "created_at")
SELECT 'deposit', "deposit_id"::text, "user_id", "id", coalesce("reviewed_at", now())
  FROM "activity_applications"
 WHERE "state" = 2 AND "bonus_cents" IS NOT NULL AND "deposit_id" IS NOT NULL
 ORDER BY "id"
ON CONFLICT DO NOTHING;
--> statement-breakpoint

-- Members already paid a first-deposit bonus: their mobile, cards, USDT addresses and real names, as
-- modules/promo/claims.ts normalises them (the earliest paid member keeps a shared one).
WITH holders AS (
  SELECT DISTINCT ON (a."user_id") a."user_id", a."id" AS application_id, coalesce(a."reviewed_at", now()) AS at
    FROM "activity_applications" a
    JOIN "activities" act ON act."id" = a."activity_id"
   WHERE a."state" = 2 AND a."bonus_cents" IS NOT NULL AND act."bonus_basis" = 'first_deposit'
   ORDER BY a."user_id", a."id"
), identities AS (
  SELECT h.*, 'mobile' AS kind, regexp_replace(u."mobile", '\D', '', 'g') AS value
    FROM holders h JOIN "users" u ON u."id" = h."user_id"
  UNION ALL
  SELECT h.*, 'real_name', regexp_replace(u."realname", '\s', '', 'g')
    FROM holders h JOIN "users" u ON u."id" = h."user_id"
  UNION ALL
  SELECT h.*, 'bank_card', regexp_replace(c."bank_no", '\D', '', 'g')
    FROM holders h JOIN "cards" c ON c."user_id" = h."user_id" AND c."type" = 1
  UNION ALL
  SELECT h.*, 'real_name', regexp_replace(c."owner", '\s', '', 'g')
    FROM holders h JOIN "cards" c ON c."user_id" = h."user_id" AND c."type" = 1
  UNION ALL
  SELECT h.*, 'usdt_address',
         CASE WHEN lower(regexp_replace(c."bank_no", '\s', '', 'g')) LIKE '0x%'
              THEN lower(regexp_replace(c."bank_no", '\s', '', 'g'))
              ELSE regexp_replace(c."bank_no", '\s', '', 'g') END
    FROM holders h JOIN "cards" c ON c."user_id" = h."user_id" AND c."type" = 2
)
INSERT INTO "bonus_claims" ("kind", "value", "user_id", "application_id", "created_at")
SELECT kind, value, "user_id", application_id, at
  FROM identities
 WHERE value <> ''
 ORDER BY application_id
ON CONFLICT DO NOTHING;
