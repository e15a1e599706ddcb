-- Issue 8 §2: one counter row per CPF ('cpf:…') and per address ('ip:…'), incremented with
-- INSERT … ON CONFLICT DO UPDATE … RETURNING so concurrent sign-ins never read the same count.
CREATE TABLE "login_limits" (
	"key" varchar(80) PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone DEFAULT now() NOT NULL,
	"count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Issue 8 §10: the security-events list reads the audit table by category, newest first.
CREATE INDEX "audits_category_at_idx" ON "audits" USING btree ("category","at");
