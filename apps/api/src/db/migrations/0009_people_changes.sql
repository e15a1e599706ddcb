-- Change feed of the searchable people (customers, their residential addresses, third parties), for the
-- in-process search index of every API instance (modules/search/people-index.ts, docs/decisions/0002).
--
-- data_versions.v counts committed changes: it is bumped inside the writing transaction (the row lock
-- orders concurrent writers, so versions commit in order) and each bump is announced on the channel
-- people_changed with the ids touched. A request reads the current version with its session, so an
-- index that has applied that version reflects every change committed before the request.
CREATE TABLE "data_versions" (
	"name" text PRIMARY KEY NOT NULL,
	"v" bigint NOT NULL DEFAULT 0
);
--> statement-breakpoint
INSERT INTO "data_versions" ("name", "v") VALUES ('people', 0);
--> statement-breakpoint
-- One statement-level trigger function for the three tables and the three row events. The payload is
-- {"v": version, "kind": "customers" | "terceiros", "ids": [...]}; ids is null (reload everything) for
-- TRUNCATE and for statements touching more rows than fit a notification.
CREATE FUNCTION people_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	version bigint;
	ids int[];
	kind text := CASE WHEN TG_TABLE_NAME = 'terceiros' THEN 'terceiros' ELSE 'customers' END;
BEGIN
	IF TG_OP = 'INSERT' THEN
		EXECUTE format('select array_agg(distinct %I) from new_rows', TG_ARGV[0]) INTO ids;
	ELSIF TG_OP = 'UPDATE' THEN
		EXECUTE format('select array_agg(distinct id) from (select %1$I as id from new_rows union select %1$I from old_rows) x', TG_ARGV[0]) INTO ids;
	ELSIF TG_OP = 'DELETE' THEN
		EXECUTE format('select array_agg(distinct %I) from old_rows', TG_ARGV[0]) INTO ids;
	END IF;
	IF TG_OP <> 'TRUNCATE' AND ids IS NULL THEN
		RETURN NULL; -- the statement touched no row
	END IF;
	IF cardinality(ids) > 500 THEN
		ids := NULL;
	END IF;
	UPDATE data_versions SET v = v + 1 WHERE name = 'people' RETURNING v INTO version;
	PERFORM pg_notify('people_changed', json_build_object('v', version, 'kind', kind, 'ids', ids)::text);
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER customers_changed_ins AFTER INSERT ON customers REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION people_changed('cst_id');
--> statement-breakpoint
CREATE TRIGGER customers_changed_upd AFTER UPDATE ON customers REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION people_changed('cst_id');
--> statement-breakpoint
CREATE TRIGGER customers_changed_del AFTER DELETE ON customers REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION people_changed('cst_id');
--> statement-breakpoint
CREATE TRIGGER customers_changed_trunc AFTER TRUNCATE ON customers FOR EACH STATEMENT EXECUTE FUNCTION people_changed('cst_id');
--> statement-breakpoint
CREATE TRIGGER addresses_changed_ins AFTER INSERT ON addresses REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION people_changed('cst_id');
--> statement-breakpoint
CREATE TRIGGER addresses_changed_upd AFTER UPDATE ON addresses REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION people_changed('cst_id');
--> statement-breakpoint
CREATE TRIGGER addresses_changed_del AFTER DELETE ON addresses REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION people_changed('cst_id');
--> statement-breakpoint
CREATE TRIGGER addresses_changed_trunc AFTER TRUNCATE ON addresses FOR EACH STATEMENT EXECUTE FUNCTION people_changed('cst_id');
--> statement-breakpoint
CREATE TRIGGER terceiros_changed_ins AFTER INSERT ON terceiros REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION people_changed('ter_id');
--> statement-breakpoint
CREATE TRIGGER terceiros_changed_upd AFTER UPDATE ON terceiros REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION people_changed('ter_id');
--> statement-breakpoint
CREATE TRIGGER terceiros_changed_del AFTER DELETE ON terceiros REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION people_changed('ter_id');
--> statement-breakpoint
CREATE TRIGGER terceiros_changed_trunc AFTER TRUNCATE ON terceiros FOR EACH STATEMENT EXECUTE FUNCTION people_changed('ter_id');
