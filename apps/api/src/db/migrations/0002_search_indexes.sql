DROP INDEX "customers_search_name_prefix";--> statement-breakpoint
CREATE INDEX "terceiros_search_name_prefix" ON "terceiros" USING btree ("search_name" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "customers_search_name_prefix" ON "customers" USING btree ("search_name" text_pattern_ops,"cst_id","cust_name");