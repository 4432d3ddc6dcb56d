ALTER TABLE "articles" DROP CONSTRAINT "articles_type_unique";--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "section" text DEFAULT 'help' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "sponsor_url_1" text DEFAULT '/support/sponsor/1' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "sponsor_url_2" text DEFAULT '/support/sponsor/2' NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_section_type_unique" UNIQUE("section","type");