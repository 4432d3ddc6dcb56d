ALTER TABLE "turnover_requirements" ADD COLUMN "base_cents" bigint;--> statement-breakpoint
ALTER TABLE "turnover_requirements" ADD COLUMN "multiple" integer;