-- SMS and WhatsApp through provider adapters (decision 10, issue 29 item 3): the WhatsApp template of a row, the
-- adapter that answered, the provider's message id and its last answer. The due index is per channel, so a channel
-- without a provider (its rows stay pending) is not walked by the other channels' rounds.
ALTER TABLE "outbox" ADD COLUMN "template" jsonb;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "provider" varchar(32);--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "provider_message_id" varchar(200);--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "provider_answer" jsonb;--> statement-breakpoint
DROP INDEX "outbox_due_idx";--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("channel","next_attempt_at") WHERE "outbox"."status" in ('pending', 'sending');
