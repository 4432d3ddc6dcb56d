CREATE INDEX "users_username_prefix_idx" ON "users" USING btree (lower("username") text_pattern_ops,"id");--> statement-breakpoint
CREATE INDEX "users_realname_prefix_idx" ON "users" USING btree ("realname" text_pattern_ops,"id");--> statement-breakpoint
CREATE INDEX "users_mobile_idx" ON "users" USING btree ("mobile");