-- Issue 24: the monthly closing and postings (Lançamentos), the writers of the ledger.
-- A service's posting mode (spec 2 §2.6: plugin lanccelular = by phone number, lancbar = by file; null = rows typed).
ALTER TABLE "services" ADD COLUMN "svc_lanc_plugin" varchar(16);
--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_lanc_plugin_ck" CHECK ("svc_lanc_plugin" IS NULL OR "svc_lanc_plugin" IN ('lanccelular', 'lancbar'));
--> statement-breakpoint
-- One run of the monthly closing of a period: who started it, its job, its outcome and the totals it wrote. A period is
-- closed once: one 'done' row per period.
CREATE TABLE "closings" (
	"clo_id" serial PRIMARY KEY NOT NULL,
	"fec_id" integer NOT NULL REFERENCES "closing_periods"("fec_id"),
	"job_id" uuid,
	"status" varchar(10) DEFAULT 'running' NOT NULL,
	"started_by" integer,
	"started_by_name" varchar(64) DEFAULT '' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"holders" integer,
	"entries" integer,
	"total" bigint,
	"charges" integer,
	"charges_total" bigint,
	"difference" bigint,
	"message" varchar(200),
	CONSTRAINT "closings_status_ck" CHECK ("status" IN ('running', 'done', 'failed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "closings_fec_done_uq" ON "closings" ("fec_id") WHERE "status" = 'done';
--> statement-breakpoint
CREATE UNIQUE INDEX "closings_running_uq" ON "closings" ((true)) WHERE "status" = 'running';
--> statement-breakpoint
-- A batch of postings (one POST lancamentos or lancamentos/files): its rows become ledger entries through a job.
CREATE TABLE "postings" (
	"lan_id" serial PRIMARY KEY NOT NULL,
	"svc_id" integer NOT NULL REFERENCES "services"("svc_id"),
	"mode" varchar(12) NOT NULL,
	"rows" integer NOT NULL,
	"total" bigint NOT NULL,
	"job_id" uuid,
	"created_by" integer,
	"created_by_name" varchar(64) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "postings_mode_ck" CHECK ("mode" IN ('padrao', 'lanccelular', 'lancbar'))
);
--> statement-breakpoint
-- The instalments of the postings: instalment k of a row falls in month (ano, mes), the (k − 1)-th after the posting's.
-- The posting job writes those of the open month; each closing writes those of its month (key 'parcela:<pin_id>').
CREATE TABLE "posting_instalments" (
	"pin_id" serial PRIMARY KEY NOT NULL,
	"lan_id" integer NOT NULL REFERENCES "postings"("lan_id"),
	"row_index" smallint NOT NULL,
	"cst_id" integer NOT NULL REFERENCES "customers"("cst_id"),
	"resp_id" integer NOT NULL,
	"svc_id" integer NOT NULL,
	"descricao" varchar(120) NOT NULL,
	"parcela" smallint NOT NULL,
	"parcelas" smallint NOT NULL,
	"valor" integer NOT NULL,
	"ano" smallint NOT NULL,
	"mes" smallint NOT NULL,
	CONSTRAINT "posting_instalments_uq" UNIQUE ("lan_id", "row_index", "parcela"),
	CONSTRAINT "posting_instalments_valor_ck" CHECK ("valor" > 0),
	CONSTRAINT "posting_instalments_parcela_ck" CHECK ("parcela" BETWEEN 1 AND "parcelas")
);
--> statement-breakpoint
CREATE INDEX "posting_instalments_month_idx" ON "posting_instalments" ("ano", "mes", "cst_id");
--> statement-breakpoint
-- The closing that created a charge: one charge per holder and closing (a resumed closing never creates two).
ALTER TABLE "charges" ADD COLUMN "fec_id" integer REFERENCES "closing_periods"("fec_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "charges_closing_uq" ON "charges" ("fec_id", "cst_id") WHERE "fec_id" IS NOT NULL;
