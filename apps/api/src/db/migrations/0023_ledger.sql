-- The member's ledger (issue 14, decision 6): closing periods (fecID) and statement entries (extrato) in integer
-- cents. svc_id, csl_id and resp_id name the service, the member's service row and the responsible person
-- (holder or dependent) without a foreign key: the registries' seed empties services with TRUNCATE, and a ledger
-- row outlives the rows it names (the responsible person's name is kept in ext_responsavel).
-- Sign convention: ext_valor > 0 is a debit (the member owes it: fee, plan, phone bill), ext_valor < 0 a credit
-- (payment, credit issued, reversal of a debit); a holder's balance is the sum (> 0: the member owes).
--
-- Rules the database keeps by itself (the ledger service checks them first for a clear pt-BR message):
--   * one open period (locked_at null) at a time, for everyone; a locked period never opens again;
--   * an entry is never updated nor deleted (a reversal is a counter-entry); TRUNCATE stays possible, for
--     `npm run seed`, which wipes the demo data (an administrator's act, not a row write);
--   * an entry goes only into an open period (the insert takes a share lock on its period's row, so a closing that
--     locks the period waits for it, and an insert waits for a closing under way and then sees the lock);
--   * a reversal (ext_estorno_parent) names an entry of the same holder that is not itself a reversal, with the
--     opposite value; an entry is reversed at most once (unique ext_estorno_parent);
--   * an idempotency key is unique per holder (the same request twice writes one entry).
CREATE TABLE "closing_periods" (
	"fec_id" serial PRIMARY KEY NOT NULL,
	"fec_ano" smallint NOT NULL,
	"fec_mes" smallint NOT NULL,
	"locked_at" timestamp with time zone,
	"locked_by" integer,
	"locked_by_name" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "closing_periods_mes_ck" CHECK ("fec_mes" BETWEEN 1 AND 12),
	CONSTRAINT "closing_periods_ano_ck" CHECK ("fec_ano" BETWEEN 2000 AND 2200),
	CONSTRAINT "closing_periods_ano_mes_uq" UNIQUE ("fec_ano", "fec_mes")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "closing_periods_one_open_uq" ON "closing_periods" ((true)) WHERE "locked_at" IS NULL;
--> statement-breakpoint
CREATE TABLE "statement_entries" (
	"ext_id" serial PRIMARY KEY NOT NULL,
	"cst_id" integer NOT NULL REFERENCES "customers" ("cst_id"),
	"fec_id" integer NOT NULL REFERENCES "closing_periods" ("fec_id"),
	"ext_date" timestamp with time zone DEFAULT now() NOT NULL,
	"ext_descricao" varchar(120) NOT NULL,
	"resp_id" integer,
	"ext_responsavel" varchar(80) DEFAULT '' NOT NULL,
	"svc_id" integer,
	"csl_id" integer,
	"ext_valor" integer NOT NULL,
	"ext_tipo" varchar(12) DEFAULT 'lancamento' NOT NULL,
	"ext_estorno_parent" integer REFERENCES "statement_entries" ("ext_id"),
	"ext_key" varchar(80),
	"ext_created_by" integer,
	"ext_created_by_name" varchar(64) DEFAULT '' NOT NULL,
	"ext_created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "statement_entries_valor_ck" CHECK ("ext_valor" <> 0),
	CONSTRAINT "statement_entries_tipo_ck" CHECK ("ext_tipo" IN ('lancamento', 'fechamento', 'credito', 'pagamento', 'estorno')),
	CONSTRAINT "statement_entries_estorno_ck" CHECK (("ext_tipo" = 'estorno') = ("ext_estorno_parent" IS NOT NULL)),
	CONSTRAINT "statement_entries_estorno_parent_uq" UNIQUE ("ext_estorno_parent")
);
--> statement-breakpoint
-- A holder's statement of a period in date order, its opening balance (index-only over ext_valor) and its periods.
CREATE INDEX "statement_entries_holder_idx" ON "statement_entries" ("cst_id", "fec_id", "ext_date", "ext_id") INCLUDE ("ext_valor");
--> statement-breakpoint
CREATE UNIQUE INDEX "statement_entries_key_uq" ON "statement_entries" ("cst_id", "ext_key") WHERE "ext_key" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "statement_entries_fec_idx" ON "statement_entries" ("fec_id");
--> statement-breakpoint
CREATE FUNCTION statement_entries_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'statement entries are never updated nor deleted (reverse them)' USING ERRCODE = 'check_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER statement_entries_no_update BEFORE UPDATE OR DELETE ON statement_entries FOR EACH ROW EXECUTE FUNCTION statement_entries_immutable();
--> statement-breakpoint
-- Checked once per statement over the inserted rows (the closing inserts a period's entries in one statement).
CREATE FUNCTION statement_entries_check_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	-- FOR SHARE: waits for a closing that is locking one of these periods, and holds it off until this commits.
	PERFORM 1 FROM closing_periods p WHERE p.fec_id IN (SELECT DISTINCT fec_id FROM new_rows) FOR SHARE;
	IF EXISTS (SELECT 1 FROM new_rows n JOIN closing_periods p ON p.fec_id = n.fec_id WHERE p.locked_at IS NOT NULL) THEN
		RAISE EXCEPTION 'closing period is locked' USING ERRCODE = 'check_violation';
	END IF;
	IF EXISTS (
		SELECT 1 FROM new_rows n
		JOIN statement_entries p ON p.ext_id = n.ext_estorno_parent
		WHERE p.ext_estorno_parent IS NOT NULL OR p.cst_id <> n.cst_id OR p.ext_valor <> -n.ext_valor
	) THEN
		RAISE EXCEPTION 'a reversal must negate an entry of the same holder that is not a reversal' USING ERRCODE = 'check_violation';
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER statement_entries_check_ins AFTER INSERT ON statement_entries REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION statement_entries_check_insert();
--> statement-breakpoint
-- A period is locked once and for good; it is never deleted once it holds entries (the foreign key).
CREATE FUNCTION closing_periods_check_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF OLD.locked_at IS NOT NULL THEN
		RAISE EXCEPTION 'a locked closing period does not change' USING ERRCODE = 'check_violation';
	END IF;
	IF NEW.fec_ano <> OLD.fec_ano OR NEW.fec_mes <> OLD.fec_mes THEN
		RAISE EXCEPTION 'a closing period keeps its month' USING ERRCODE = 'check_violation';
	END IF;
	RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER closing_periods_check_upd BEFORE UPDATE ON closing_periods FOR EACH ROW EXECUTE FUNCTION closing_periods_check_update();
