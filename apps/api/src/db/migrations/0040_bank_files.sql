-- Bank files (issue 25): the remittances the job "Gerar remessa de cobrança" writes (one file per debit place), their
-- lines (one per charge, with what the bank's return said), the sequence number (NSA) per bank, layout and agreement,
-- and the imports (bank returns and other files) with their results. The files themselves live in the file store
-- (files.id = scanId). Money in integer cents.
--
-- The charge keeps the spec's return fields (cobRetorno, cdrCodRet in the CNAB 150 catalogue: 0 paid, otherwise not);
-- returns of the boleto (CNAB 240) and payroll layouts are mapped into that catalogue with the codes added below, and
-- the bank's own code and text stay on the remittance line (retCode, retDescription), as the file gave them.
INSERT INTO "charge_return_codes" ("cdr_cod_ret", "cdr_description", "cdr_paid") VALUES
	(40, 'Boleto rejeitado pelo banco', false),
	(41, 'Boleto baixado', false),
	(42, 'Não descontado em folha - margem consignável insuficiente', false),
	(43, 'Não descontado em folha - matrícula não encontrada', false),
	(44, 'Não descontado em folha - servidor afastado ou desligado', false),
	(45, 'Não descontado em folha - outros motivos', false);
--> statement-breakpoint
CREATE TABLE "bank_file_sequences" (
	"layout" varchar(8) NOT NULL,
	"bank_code" varchar(3) NOT NULL,
	"agreement" varchar(20) NOT NULL,
	"last_nsa" integer NOT NULL,
	CONSTRAINT "bank_file_sequences_pk" PRIMARY KEY ("layout", "bank_code", "agreement"),
	CONSTRAINT "bank_file_sequences_layout_ck" CHECK ("layout" IN ('cnab150', 'cnab240', 'payroll')),
	CONSTRAINT "bank_file_sequences_nsa_ck" CHECK ("last_nsa" BETWEEN 0 AND 999999)
);
--> statement-breakpoint
CREATE TABLE "bank_remittances" (
	"rm_id" serial PRIMARY KEY NOT NULL,
	"bnk_id" integer NOT NULL,
	"layout" varchar(8) NOT NULL,
	"bank_code" varchar(3) NOT NULL,
	"agreement" varchar(20) NOT NULL,
	"nsa" integer NOT NULL,
	"records" integer NOT NULL,
	"total" bigint NOT NULL,
	"file_name" varchar(120) NOT NULL,
	"scan_id" uuid REFERENCES "files"("id"),
	"fec_id" integer REFERENCES "closing_periods"("fec_id"),
	"job_id" uuid,
	"created_by" integer REFERENCES "users"("user_id") ON DELETE SET NULL,
	"created_by_name" varchar(64) NOT NULL DEFAULT '',
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_remittances_layout_ck" CHECK ("layout" IN ('cnab150', 'cnab240', 'payroll')),
	CONSTRAINT "bank_remittances_nsa_uq" UNIQUE ("layout", "bank_code", "agreement", "nsa")
);
--> statement-breakpoint
CREATE INDEX "bank_remittances_created_idx" ON "bank_remittances" ("created_at" DESC);
--> statement-breakpoint
CREATE TABLE "bank_imports" (
	"import_id" serial PRIMARY KEY NOT NULL,
	"origin" varchar(8) NOT NULL,
	"tipo" varchar(30) NOT NULL,
	"file_name" varchar(200) NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"bank_code" varchar(3),
	"nsa" integer,
	"scan_id" uuid REFERENCES "files"("id"),
	"status" varchar(8) NOT NULL DEFAULT 'running',
	"message" varchar(400),
	"result" jsonb,
	"job_id" uuid,
	"created_by" integer REFERENCES "users"("user_id") ON DELETE SET NULL,
	"created_by_name" varchar(64) NOT NULL DEFAULT '',
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "bank_imports_origin_ck" CHECK ("origin" IN ('banco', 'arquivo')),
	CONSTRAINT "bank_imports_status_ck" CHECK ("status" IN ('running', 'done', 'refused', 'failed'))
);
--> statement-breakpoint
-- The same file (type and content) is imported once: a second one is recognised and changes nothing. A refused or
-- failed import does not count, so the corrected file (or the same one after a crash) can be imported.
CREATE UNIQUE INDEX "bank_imports_file_uq" ON "bank_imports" ("tipo", "sha256") WHERE "status" IN ('running', 'done');
--> statement-breakpoint
CREATE INDEX "bank_imports_created_idx" ON "bank_imports" ("created_at" DESC);
--> statement-breakpoint
CREATE TABLE "bank_remittance_lines" (
	"rm_id" integer NOT NULL REFERENCES "bank_remittances"("rm_id"),
	"cob_id" integer NOT NULL REFERENCES "charges"("cob_id"),
	"cst_id" integer NOT NULL REFERENCES "customers"("cst_id"),
	"line" integer NOT NULL,
	"value" integer NOT NULL,
	"due_date" date NOT NULL,
	"status" varchar(12) NOT NULL DEFAULT 'pending',
	"ret_code" varchar(4),
	"ret_description" varchar(160),
	"ret_date" date,
	"paid_value" integer,
	"import_id" integer REFERENCES "bank_imports"("import_id"),
	CONSTRAINT "bank_remittance_lines_pk" PRIMARY KEY ("rm_id", "cob_id"),
	CONSTRAINT "bank_remittance_lines_status_ck" CHECK ("status" IN ('pending', 'paid', 'rejected', 'written-off', 'confirmed', 'other')),
	CONSTRAINT "bank_remittance_lines_value_ck" CHECK ("value" > 0)
);
--> statement-breakpoint
CREATE INDEX "bank_remittance_lines_cob_idx" ON "bank_remittance_lines" ("cob_id");
--> statement-breakpoint
CREATE INDEX "bank_remittance_lines_status_idx" ON "bank_remittance_lines" ("rm_id", "status");
--> statement-breakpoint
-- The remittance a charge was last sent in (null: not sent yet; the next remittance of its debit place carries it).
ALTER TABLE "charges" ADD COLUMN "rm_id" integer REFERENCES "bank_remittances"("rm_id");
--> statement-breakpoint
CREATE INDEX "charges_unsent_idx" ON "charges" ("bnk_id", "cob_id") WHERE "rm_id" IS NULL AND "cob_retorno" IS NULL;
