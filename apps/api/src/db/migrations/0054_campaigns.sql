-- Marketing (issue 29 item 2; docs/MARKETING.md): the members' opt-out of campaigns (Configurações tab), the campaigns
-- and one row per campaign and member, written in the transaction that queues the member's outbox row: the primary
-- key makes a retried job never send twice. The idempotency key (per user) makes a double click answer one campaign.
ALTER TABLE "customers" ADD COLUMN "cust_recusa_campanhas" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(120) NOT NULL,
	"filter_id" integer,
	"filter_name" varchar(80) NOT NULL,
	"query" jsonb NOT NULL,
	"channel" varchar(10) NOT NULL,
	"templates" jsonb NOT NULL,
	"status" varchar(10) DEFAULT 'enviando' NOT NULL,
	"idempotency_key" varchar(80),
	"created_by" integer,
	"created_by_name" varchar(64) DEFAULT '' NOT NULL,
	"job_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "campaigns_channel_ck" CHECK ("campaigns"."channel" IN ('email', 'sms', 'whatsapp', 'preferido')),
	CONSTRAINT "campaigns_status_ck" CHECK ("campaigns"."status" IN ('enviando', 'concluida', 'falhou'))
);
--> statement-breakpoint
CREATE TABLE "campaign_recipients" (
	"campaign_id" integer NOT NULL,
	"cst_id" integer NOT NULL,
	"channel" varchar(10),
	"outcome" varchar(12) NOT NULL,
	"to" varchar(160),
	"outbox_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_recipients_pk" PRIMARY KEY("campaign_id","cst_id"),
	CONSTRAINT "campaign_recipients_outcome_ck" CHECK ("campaign_recipients"."outcome" IN ('enviado', 'sem_email', 'sem_celular', 'recusa', 'correio'))
);
--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD CONSTRAINT "campaign_recipients_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "campaigns_key_uq" ON "campaigns" USING btree ("created_by","idempotency_key") WHERE "campaigns"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "campaigns_created_idx" ON "campaigns" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "campaign_recipients_outbox_idx" ON "campaign_recipients" USING btree ("outbox_id");
