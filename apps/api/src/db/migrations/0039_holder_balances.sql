-- Issue 24 "Speed": what a holder owes (the sum of every statement entry of the holder, issue 22 item 1) kept per
-- holder by the database itself, so the open balance, the closing and the debt read one row instead of summing ~60
-- entries per holder. Entries are insert-only (statement_entries_no_update), so an insert is the only change: a
-- statement-level trigger adds each statement's rows per holder. The sum over the entries stays the definition;
-- this table is its cache and is never written by the application.
CREATE TABLE "holder_balances" (
	"cst_id" integer PRIMARY KEY NOT NULL,
	"balance" bigint NOT NULL
);
--> statement-breakpoint
-- Adds each statement's rows per holder, upserting in cst_id order: two transactions that insert for the same holders
-- lock their rows in the same order (no deadlock), and the second waits for the first to commit, so neither loses
-- the other's amount. A delete (or update) only gets past statement_entries_no_update with triggers off
-- (session_replication_role = replica, the E2E fixtures): these triggers fire ALWAYS, so the cache follows it too.
CREATE FUNCTION holder_balances_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO holder_balances AS b (cst_id, balance)
		SELECT n.cst_id, sum(n.ext_valor) FROM new_rows n GROUP BY n.cst_id ORDER BY n.cst_id
		ON CONFLICT (cst_id) DO UPDATE SET balance = b.balance + excluded.balance;
	ELSIF TG_OP = 'DELETE' THEN
		INSERT INTO holder_balances AS b (cst_id, balance)
		SELECT o.cst_id, -sum(o.ext_valor) FROM old_rows o GROUP BY o.cst_id ORDER BY o.cst_id
		ON CONFLICT (cst_id) DO UPDATE SET balance = b.balance + excluded.balance;
	ELSE
		INSERT INTO holder_balances AS b (cst_id, balance)
		SELECT d.cst_id, sum(d.valor) FROM (
			SELECT n.cst_id, n.ext_valor AS valor FROM new_rows n UNION ALL SELECT o.cst_id, -o.ext_valor FROM old_rows o
		) d GROUP BY d.cst_id ORDER BY d.cst_id
		ON CONFLICT (cst_id) DO UPDATE SET balance = b.balance + excluded.balance;
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER statement_entries_balance_ins AFTER INSERT ON statement_entries REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION holder_balances_add();
--> statement-breakpoint
CREATE TRIGGER statement_entries_balance_del AFTER DELETE ON statement_entries REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION holder_balances_add();
--> statement-breakpoint
CREATE TRIGGER statement_entries_balance_upd AFTER UPDATE ON statement_entries REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION holder_balances_add();
--> statement-breakpoint
ALTER TABLE statement_entries ENABLE ALWAYS TRIGGER statement_entries_balance_ins;
--> statement-breakpoint
ALTER TABLE statement_entries ENABLE ALWAYS TRIGGER statement_entries_balance_del;
--> statement-breakpoint
ALTER TABLE statement_entries ENABLE ALWAYS TRIGGER statement_entries_balance_upd;
--> statement-breakpoint
-- A truncate of the entries (the demo seed, a cascade from customers) empties the cache with them.
CREATE FUNCTION holder_balances_reset() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	TRUNCATE holder_balances;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER statement_entries_truncate AFTER TRUNCATE ON statement_entries FOR EACH STATEMENT EXECUTE FUNCTION holder_balances_reset();
--> statement-breakpoint
ALTER TABLE statement_entries ENABLE ALWAYS TRIGGER statement_entries_truncate;
--> statement-breakpoint
INSERT INTO holder_balances (cst_id, balance) SELECT cst_id, sum(ext_valor) FROM statement_entries GROUP BY cst_id;
