-- Issue 8, finding 9: the outbox's readable text never holds a live secret. A security e-mail's link
-- lives in "secrets" (placeholder → value), resolved by the sender and wiped once sent, failed or expired.
ALTER TABLE "outbox" ADD COLUMN "sensitive" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "secrets" jsonb;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "secrets_expire_at" timestamp with time zone;--> statement-breakpoint
-- Reset e-mails written before: the links of unsent ones move to "secrets" (kept a day at most: a reset
-- code lives 60 minutes by default), every copy in the readable text and HTML is redacted.
UPDATE "outbox"
   SET "sensitive" = true,
       "secrets" = CASE WHEN "status" IN ('pending', 'sending')
                        THEN jsonb_build_object('[link de redefinição]', substring("text" from 'https?://[^[:space:]"<]*/reset\?q=[A-Za-z0-9_-]+'))
                   END,
       "secrets_expire_at" = CASE WHEN "status" IN ('pending', 'sending') THEN "created_at" + interval '1 day' END,
       "text" = regexp_replace("text", 'https?://[^[:space:]"<]*/reset\?q=[A-Za-z0-9_-]+', '[link de redefinição]', 'g'),
       "html" = regexp_replace("html", 'https?://[^[:space:]"<]*/reset\?q=[A-Za-z0-9_-]+', '[link de redefinição]', 'g')
 WHERE "text" ~ '/reset\?q=';
