-- Issue 24: postings (Lançamentos). A batch keeps its checked rows (the job posts them) and its idempotency key: the
-- screen's lancamentoKey, or for a file the hash of service + content + user, so a repeated submit posts once.
ALTER TABLE "postings" ADD COLUMN "lancamento_key" varchar(80);
--> statement-breakpoint
ALTER TABLE "postings" ADD COLUMN "lines" jsonb DEFAULT '[]'::jsonb NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "postings_key_uq" ON "postings" ("lancamento_key");
--> statement-breakpoint
-- A negative row (a discount) may be split too: its instalments are negative; none is zero.
ALTER TABLE "posting_instalments" DROP CONSTRAINT "posting_instalments_valor_ck";
--> statement-breakpoint
ALTER TABLE "posting_instalments" ADD CONSTRAINT "posting_instalments_valor_ck" CHECK ("valor" <> 0);
