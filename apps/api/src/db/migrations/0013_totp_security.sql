-- Issue 8 §6: the last TOTP time step accepted for each user, so a code cannot be used twice (replay).
-- The secrets themselves are encrypted by the application (lib/secret-box.ts, 'v1:' prefix): clear-text values
-- written before this change stay readable and are sealed when the app starts (tools.service sealClearSecrets).
ALTER TABLE "users" ADD COLUMN "totp_last_step" bigint;
--> statement-breakpoint
-- Wrong current passwords or codes given while confirming an authenticator: at the limit the session ends,
-- so a stolen session cannot guess the password through this form.
ALTER TABLE "totp_setups" ADD COLUMN "failures" integer DEFAULT 0 NOT NULL;
