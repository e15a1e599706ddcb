-- GET cobranca/divida/{cstId} sums a holder's entries except bank payments (ext_tipo <> 'pagamento'): with ext_tipo in
-- the holder index as well, that sum is an index-only scan too, instead of one heap page per entry (issue 14's
-- target, p95 ≤ 5 ms, was met with little margin: 4.5 ms).
DROP INDEX "statement_entries_holder_idx";
--> statement-breakpoint
CREATE INDEX "statement_entries_holder_idx" ON "statement_entries" ("cst_id", "fec_id", "ext_date", "ext_id") INCLUDE ("ext_valor", "svc_id", "ext_tipo");
