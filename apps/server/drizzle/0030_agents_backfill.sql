-- Hand-written (issue 33): members already approved as agents (isagent = 1) become top agents of the
-- tree, and members they referred become their level-1 downline. Later approvals do both in the
-- service (modules/agents/tree.ts).
INSERT INTO "agents" ("user_id", "path", "depth", "created_at")
SELECT "id", '/' || "id" || '/', 1, now() FROM "users" WHERE "isagent" = 1
ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "users" AS m SET "agent_id" = m."pid"
FROM "agents" AS a
WHERE a."user_id" = m."pid" AND m."agent_id" IS NULL;
