-- One-time recovery codes (issue 28 "Segurança"): ten per set for a user with an authenticator, stored as argon2id
-- hashes only; a new set deletes the previous one; a code accepted at sign-in is spent (used_at), never cleared.
CREATE TABLE "recovery_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("user_id") ON DELETE CASCADE,
	"code_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "recovery_codes_user_idx" ON "recovery_codes" ("user_id");
