ALTER TABLE "sessions" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "play_settings" ADD COLUMN "session_limit_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "play_settings" ADD COLUMN "pending_session_minutes" integer;--> statement-breakpoint
ALTER TABLE "play_settings" ADD COLUMN "pending_session_from" timestamp with time zone;