-- The documents a menu job e-mailed (issue 30 item 1: the monthly statement `extrato-email`, the annual I.R. `ir-email`):
-- one row per kind, holder and period (the statement's fecId, the I.R.'s base year), written in the transaction that
-- queues the e-mail, so a second run or a retry after a crash never e-mails the same document twice.
CREATE TABLE "document_sends" (
	"kind" varchar(20) NOT NULL,
	"cst_id" integer NOT NULL,
	"period" integer NOT NULL,
	"job_id" uuid NOT NULL,
	"outbox_id" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_sends_pkey" PRIMARY KEY("kind","cst_id","period")
);
