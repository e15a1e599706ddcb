-- The menu's mass e-mail jobs (issue 30 item 1: celular-email, declaracaosaude-email): one row per job kind, period and
-- holder, written in the transaction that queues the holder's e-mail in the outbox. The primary key makes a second run,
-- or a retry after a crash, queue nothing again for that holder and period.
CREATE TABLE "mass_emails" (
	"kind" varchar(40) NOT NULL,
	"period" varchar(20) NOT NULL,
	"cst_id" integer NOT NULL,
	"outbox_id" integer,
	"job_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mass_emails_pk" PRIMARY KEY("kind","period","cst_id")
);
