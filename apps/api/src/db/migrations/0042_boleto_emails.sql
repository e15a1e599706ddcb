-- The menu job "Enviar boletos gerados por e-mail" (issue 25 item 6): each boleto line of a CNAB 240 remittance is
-- e-mailed once; the outbox row it queued is kept on the line (set in the transaction that queues the e-mail), so a
-- second run, or a retry after a crash, sends nothing again.
ALTER TABLE "bank_remittance_lines" ADD COLUMN "emailed_outbox_id" integer;
--> statement-breakpoint
ALTER TABLE "bank_remittance_lines" ADD COLUMN "emailed_at" timestamp with time zone;
