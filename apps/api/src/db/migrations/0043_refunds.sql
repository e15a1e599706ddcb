-- Refunds (devolução; issue 27 part 1; spec 2 §2.3, §3, §4, §5): money given back to a member for a service, with an
-- approval flow (1 EM ANÁLISE, 2 APROVADO, 3 FINALIZADO, 4 CANCELADO; packages/domain/src/refunds/refunds.status.ts).
-- cst_id is the person (holder or dependent); a FINALIZADO refund of type 1 (Sistema) is credited in the holder's
-- ledger (ext_id, key devolucao:{dev_id}); one of type 2 (C/C) is transferred by the bank (the to-pay list) and
-- writes nothing in the ledger. Money in integer cents. Who registered, approved and finalised or cancelled it stays
-- on the row (the audit keeps every write).
CREATE TABLE "refunds" (
	"dev_id" serial PRIMARY KEY NOT NULL,
	"cst_id" integer NOT NULL REFERENCES "customers"("cst_id"),
	"dev_status" smallint DEFAULT 1 NOT NULL,
	"dev_tipo" smallint DEFAULT 1 NOT NULL,
	"dev_valor" integer NOT NULL,
	"sup_id" integer NOT NULL REFERENCES "suppliers"("sup_id"),
	"suc_id" integer NOT NULL REFERENCES "products"("suc_id"),
	"svc_id" integer NOT NULL REFERENCES "services"("svc_id"),
	"observacoes" varchar(1024),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer REFERENCES "users"("user_id") ON DELETE SET NULL,
	"created_by_name" varchar(64) NOT NULL DEFAULT '',
	"approved_at" timestamp with time zone,
	"approved_by" integer REFERENCES "users"("user_id") ON DELETE SET NULL,
	"approved_by_name" varchar(64),
	"closed_at" timestamp with time zone,
	"closed_by" integer REFERENCES "users"("user_id") ON DELETE SET NULL,
	"closed_by_name" varchar(64),
	"ext_id" integer REFERENCES "statement_entries"("ext_id"),
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_status_ck" CHECK ("dev_status" BETWEEN 1 AND 4),
	CONSTRAINT "refunds_tipo_ck" CHECK ("dev_tipo" IN (1, 2)),
	CONSTRAINT "refunds_valor_ck" CHECK ("dev_valor" BETWEEN 1 AND 3000000),
	-- A ledger credit only for a FINALIZADO refund of type 1.
	CONSTRAINT "refunds_credit_ck" CHECK ("ext_id" IS NULL OR ("dev_status" = 3 AND "dev_tipo" = 1))
);
--> statement-breakpoint
-- The list: a status, newest first (thousands of rows).
CREATE INDEX "refunds_status_idx" ON "refunds" ("dev_status", "created_at" DESC, "dev_id" DESC);
--> statement-breakpoint
-- The to-pay list: the FINALIZADO transfers by finalisation date.
CREATE INDEX "refunds_to_pay_idx" ON "refunds" ("closed_at") WHERE "dev_status" = 3 AND "dev_tipo" = 2;
--> statement-breakpoint
CREATE INDEX "refunds_person_idx" ON "refunds" ("cst_id");
