-- Reimbursements (ressarcimentos; issue 27 items 3-4; spec 2 §2.4, §3 "Reimbursement" and "Procedure", §4, §5): a
-- holder's health-expense claims, one patient each (the holder or a dependent), with their procedures. Saved with the
-- member (child list `ressarcimentos`); a claim is never deleted once saved. Money in integer cents.
CREATE TABLE "reimbursements" (
	"res_id" serial PRIMARY KEY NOT NULL,
	"cst_id" integer NOT NULL REFERENCES "customers"("cst_id"),
	"res_titular_nome" varchar(64) NOT NULL,
	"res_paciente_cst_id" integer NOT NULL REFERENCES "customers"("cst_id"),
	"res_paciente_nome" varchar(64) NOT NULL,
	"res_marca_otica" varchar(8) NOT NULL,
	"res_protocolo_assoc" varchar(12),
	"res_recebido_data" timestamp with time zone DEFAULT now() NOT NULL,
	"res_recebido_por" varchar(64) NOT NULL DEFAULT '',
	"created_by" integer REFERENCES "users"("user_id") ON DELETE SET NULL
);
--> statement-breakpoint
-- The member's tab: a holder's claims, newest first.
CREATE INDEX "reimbursements_cst_idx" ON "reimbursements" ("cst_id", "res_recebido_data" DESC);
--> statement-breakpoint
-- A procedure (type 1 Consulta … 6 Outros) with its document (proc_key, a file of the store) and its return (status 1
-- Pago, 2 Devolvido/Pendente, 3 Negado, null Pendente; date and value only for Pago). A paid procedure's credit in the
-- holder's ledger is ext_id (key ressarcimento:{proc_id}, written once).
CREATE TABLE "reimbursement_procedures" (
	"proc_id" serial PRIMARY KEY NOT NULL,
	"res_id" integer NOT NULL REFERENCES "reimbursements"("res_id"),
	"proc_procedimento_id" smallint NOT NULL,
	"proc_procedimento_data" date NOT NULL,
	"proc_procedimento_valor" integer NOT NULL,
	"proc_protocolo" varchar(20),
	"proc_cch" boolean DEFAULT false NOT NULL,
	"proc_observacao" varchar(200),
	"proc_key" uuid REFERENCES "files"("id"),
	"key_length" integer,
	"proc_retorno_status" smallint,
	"proc_retorno_data" date,
	"proc_retorno_valor" integer,
	"proc_retorno_motivo" varchar(80),
	"ext_id" integer REFERENCES "statement_entries"("ext_id"),
	CONSTRAINT "reimbursement_procedures_type_ck" CHECK ("proc_procedimento_id" BETWEEN 1 AND 6),
	CONSTRAINT "reimbursement_procedures_value_ck" CHECK ("proc_procedimento_valor" > 0),
	CONSTRAINT "reimbursement_procedures_status_ck" CHECK ("proc_retorno_status" IS NULL OR "proc_retorno_status" BETWEEN 1 AND 3),
	CONSTRAINT "reimbursement_procedures_paid_ck" CHECK (
		("proc_retorno_status" = 1 AND "proc_retorno_data" IS NOT NULL AND "proc_retorno_valor" > 0)
		OR ("proc_retorno_status" IS DISTINCT FROM 1 AND "proc_retorno_data" IS NULL AND "proc_retorno_valor" IS NULL))
);
--> statement-breakpoint
CREATE INDEX "reimbursement_procedures_res_idx" ON "reimbursement_procedures" ("res_id", "proc_id");
--> statement-breakpoint
-- A document names one procedure: the save checks it (keyInUse) by this index (the demo's procedures share a receipt).
CREATE INDEX "reimbursement_procedures_key_idx" ON "reimbursement_procedures" ("proc_key");
