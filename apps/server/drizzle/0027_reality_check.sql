CREATE TABLE "play_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"reality_check_minutes" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "play_settings" ADD CONSTRAINT "play_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;