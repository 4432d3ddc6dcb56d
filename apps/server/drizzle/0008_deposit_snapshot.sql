ALTER TABLE "deposits" ADD COLUMN "voucher" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "pay_account" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "pay_qr" text DEFAULT '' NOT NULL;