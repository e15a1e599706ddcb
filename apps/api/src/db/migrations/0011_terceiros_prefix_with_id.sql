DROP INDEX "terceiros_search_name_prefix";--> statement-breakpoint
CREATE INDEX "terceiros_search_name_prefix" ON "terceiros" USING btree ("search_name" text_pattern_ops,"ter_id");