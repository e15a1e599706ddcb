-- The dashboard's cards (issue 30 items 2 and 3; docs/DASHBOARD.md): each card's query under 200 ms at 30,000
-- holders. Index-only reads of what the cards count, so no card reads the wide rows of customers or the ledger.
-- Sócios: holders by situation and status; admitted and deceased by month.
CREATE INDEX "customers_holder_situation_idx" ON "customers" ("cust_assoc_situacao", "cust_status") WHERE "parent_id" IS NULL;
--> statement-breakpoint
CREATE INDEX "customers_holder_admissao_idx" ON "customers" ("cust_admissao") WHERE "parent_id" IS NULL AND "cust_admissao" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "customers_holder_deceased_idx" ON "customers" ("cust_deceased") WHERE "parent_id" IS NULL AND "cust_deceased" IS NOT NULL;
--> statement-breakpoint
-- CCH: the period's requests by month, status and benefit.
CREATE INDEX "cch_requests_month_idx" ON "cch_requests" ("cch_data_solicitacao") INCLUDE ("cch_status", "cch_beneficio");
--> statement-breakpoint
-- Open balance by age: the owing holders' debit place without reading the wide rows, and the last 90 days' debits.
CREATE INDEX "customers_holder_place_idx" ON "customers" ("cst_id") INCLUDE ("bnk_id") WHERE "parent_id" IS NULL;
--> statement-breakpoint
CREATE INDEX "statement_entries_recent_debit_idx" ON "statement_entries" ("ext_date") INCLUDE ("cst_id", "ext_valor", "ext_id") WHERE "ext_valor" > 0;
--> statement-breakpoint
-- Closing by group: what each closed period charged, per service.
CREATE INDEX "statement_entries_fec_charge_idx" ON "statement_entries" ("fec_id", "svc_id") INCLUDE ("ext_valor") WHERE "ext_tipo" IN ('fechamento', 'lancamento');
