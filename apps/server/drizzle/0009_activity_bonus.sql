ALTER TABLE "activities" ADD COLUMN "bonus_basis" text DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "bonus_percent_bp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "bonus_cap_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "bonus_min_deposit_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "bonus_pay_type" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "turnover_multiple" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "activity_applications" ADD COLUMN "bonus_cents" bigint;--> statement-breakpoint
ALTER TABLE "activity_applications" ADD COLUMN "deposit_id" integer;--> statement-breakpoint
ALTER TABLE "activity_applications" ADD CONSTRAINT "activity_applications_deposit_id_deposits_id_fk" FOREIGN KEY ("deposit_id") REFERENCES "public"."deposits"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "activity_applications_one_paid" ON "activity_applications" USING btree ("user_id","activity_id") WHERE "activity_applications"."state" = 2 and "activity_applications"."bonus_cents" is not null;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_bonus_check" CHECK ("activities"."bonus_basis" in ('first_deposit', 'latest_deposit', 'manual', 'none') and "activities"."bonus_percent_bp" >= 0 and "activities"."bonus_cap_cents" >= 0 and "activities"."turnover_multiple" >= 0);--> statement-breakpoint
-- Custom data migration: the seeded activities get the rules their texts state (operators' own
-- activities keep the default: the operator names each bonus).
UPDATE "activities" SET "bonus_basis" = 'first_deposit', "bonus_percent_bp" = 3800, "bonus_cap_cents" = 88800, "bonus_min_deposit_cents" = 10000, "turnover_multiple" = 10 WHERE "title" = '新会员首存送 38%';
--> statement-breakpoint
UPDATE "activities" SET "bonus_basis" = 'none', "turnover_multiple" = 1 WHERE "title" IN ('VIP 尊享每日返水', '每日红包雨');
--> statement-breakpoint
UPDATE "activities" SET "bonus_basis" = 'latest_deposit', "bonus_percent_bp" = 200, "bonus_cap_cents" = 288800, "bonus_min_deposit_cents" = 50000, "bonus_pay_type" = 'usdt', "turnover_multiple" = 5 WHERE "title" = 'USDT 存款加赠 2%';
--> statement-breakpoint
UPDATE "activities" SET "bonus_basis" = 'manual', "bonus_percent_bp" = 500, "bonus_cap_cents" = 588800, "turnover_multiple" = 3 WHERE "title" = '周末救援金';
--> statement-breakpoint
UPDATE "activities" SET "banner" = '/assets-seed/banner-5.svg' WHERE "title" = '周末救援金' AND "banner" = '/assets-seed/banner-1.svg';
