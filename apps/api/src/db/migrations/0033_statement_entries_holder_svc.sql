-- GET user/{cstId} reads the holder's I.R. base years (irDatas: the years of the entries of services with an IR
-- group) in the member's statement. With svc_id in the holder index that is an index-only scan of the holder's
-- entries, instead of one heap page per entry (a holder's entries are spread over the periods' pages).
DROP INDEX "statement_entries_holder_idx";
--> statement-breakpoint
CREATE INDEX "statement_entries_holder_idx" ON "statement_entries" ("cst_id", "fec_id", "ext_date", "ext_id") INCLUDE ("ext_valor", "svc_id");
