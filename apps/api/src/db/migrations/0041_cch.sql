-- The CCH (issue 26; spec 2 §2.1, §2.2, §2.10, §3, §4, §5): health-benefit requests, the yearly amounts with their
-- increases, and the TUSS codes staff add to the shipped subset. Money in integer cents. The balance rules
-- (packages/domain/src/cch/cch.balance.ts, docs/CCH.md) read the requests and the value sets; the server checks them
-- again inside the transaction that writes (the member's CCH enrolment row is locked first).
--
-- cch_value_sets: the yearly amounts (benefits 1-5, physiotherapy, acupuncture and their sessions). The row whose
-- data_base is null holds the service's values before any increase; each CCH increase adds a row with its base date.
CREATE TABLE "cch_value_sets" (
	"set_id" serial PRIMARY KEY NOT NULL,
	"data_base" date,
	"beneficio1" integer NOT NULL,
	"beneficio2" integer NOT NULL,
	"beneficio3" integer NOT NULL,
	"beneficio4" integer NOT NULL,
	"beneficio5" integer NOT NULL,
	"fisioterapia" integer NOT NULL,
	"fisioterapia_sessoes" integer NOT NULL,
	"acupuntura" integer NOT NULL,
	"acupuntura_sessoes" integer NOT NULL,
	"created_by" integer REFERENCES "users"("user_id") ON DELETE SET NULL,
	"created_by_name" varchar(64) NOT NULL DEFAULT '',
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cch_value_sets_values_ck" CHECK (least("beneficio1", "beneficio2", "beneficio3", "beneficio4", "beneficio5", "fisioterapia",
		"fisioterapia_sessoes", "acupuntura", "acupuntura_sessoes") >= 0)
);
--> statement-breakpoint
-- One set per base date, and one service set (null base date).
CREATE UNIQUE INDEX "cch_value_sets_base_uq" ON "cch_value_sets" (coalesce("data_base", '0001-01-01'::date));
--> statement-breakpoint
-- A request (spec 2 §3 "CCH request"): cst_id is the person it is for (the holder or a dependent, enrolled in the CCH);
-- the payment credit goes to the holder's ledger (ext_id; its reversal on cancel: ext_estorno_id).
CREATE TABLE "cch_requests" (
	"cch_id" serial PRIMARY KEY NOT NULL,
	"cst_id" integer NOT NULL REFERENCES "customers"("cst_id"),
	"cch_beneficio" smallint NOT NULL,
	"cch_recurso" boolean DEFAULT false NOT NULL,
	"cch_status" smallint NOT NULL,
	"cch_plano_saude" integer,
	"cch_data_procedimento" date NOT NULL,
	"cch_data_solicitacao" timestamp with time zone DEFAULT now() NOT NULL,
	"cch_data_credito" timestamp with time zone,
	"cch_scan_key" uuid REFERENCES "files"("id"),
	"cch_scan_key_original" uuid REFERENCES "files"("id"),
	"cch_valor_total" integer NOT NULL,
	"cch_valor_convenio" integer,
	"cch_valor_solicitado" integer NOT NULL,
	"cch_tuss" varchar(8) NOT NULL,
	"cch_quantidade" smallint NOT NULL,
	"cch_procedimento" varchar(80),
	"cch_obs" text,
	"cch_deliberacao" varchar(120),
	"cch_importado" boolean DEFAULT false NOT NULL,
	"cch_banco_cliente" varchar(64),
	"cch_banco_cpf" varchar(11),
	"cch_banco_numero" varchar(3),
	"cch_banco_agencia" varchar(4),
	"cch_banco_conta" varchar(12),
	"cch_banco_conta_digito" varchar(1),
	"cch_data_pagamento" date,
	"cch_valor_pago" integer,
	"ext_id" integer REFERENCES "statement_entries"("ext_id"),
	"ext_estorno_id" integer REFERENCES "statement_entries"("ext_id"),
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer REFERENCES "users"("user_id") ON DELETE SET NULL,
	"created_by_name" varchar(64) NOT NULL DEFAULT '',
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cch_requests_beneficio_ck" CHECK ("cch_beneficio" BETWEEN 1 AND 5),
	CONSTRAINT "cch_requests_status_ck" CHECK ("cch_status" BETWEEN 1 AND 6),
	CONSTRAINT "cch_requests_quantidade_ck" CHECK ("cch_quantidade" BETWEEN 1 AND 20),
	CONSTRAINT "cch_requests_values_ck" CHECK ("cch_valor_total" > 0 AND "cch_valor_solicitado" > 0
		AND coalesce("cch_valor_convenio", 0) >= 0 AND coalesce("cch_valor_pago", 0) >= 0),
	CONSTRAINT "cch_requests_paid_ck" CHECK ("cch_status" NOT IN (5, 6) OR "cch_data_pagamento" IS NOT NULL)
);
--> statement-breakpoint
-- The list: a status, newest first (spec 2 §2.1; a year holds thousands of requests).
CREATE INDEX "cch_requests_status_idx" ON "cch_requests" ("cch_status", "cch_data_solicitacao" DESC, "cch_id" DESC);
--> statement-breakpoint
-- The balances: a person's requests of a year.
CREATE INDEX "cch_requests_person_idx" ON "cch_requests" ("cst_id", "cch_data_procedimento");
--> statement-breakpoint
-- The TUSS codes the shipped subset lacks (superadmin's registry on top of it).
CREATE TABLE "tuss_codes" (
	"tuss_id" serial PRIMARY KEY NOT NULL,
	"tuss_codigo" varchar(8) NOT NULL,
	"tuss_terminologia" varchar(250) NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "tuss_codes_codigo_ck" CHECK ("tuss_codigo" ~ '^[0-9]{8}$')
);
--> statement-breakpoint
CREATE UNIQUE INDEX "tuss_codes_codigo_uq" ON "tuss_codes" ("tuss_codigo") WHERE "deleted_at" IS NULL;
