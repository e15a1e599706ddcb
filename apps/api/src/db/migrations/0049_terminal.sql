-- The terminal (decision 14; issue 29 item 4; docs/TERMINAL.md): the history of every query, and the database role
-- the queries run as (SET LOCAL ROLE assoc_terminal): NOLOGIN, SELECT on the application's tables only, column by
-- column, never a secret column (password and code hashes, TOTP secrets, session and XSRF tokens, API-key hashes,
-- the outbox's secrets) nor the tables that only hold secrets.
CREATE TABLE "terminal_queries" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer REFERENCES "users"("user_id") ON DELETE SET NULL,
	"user_name" varchar(64),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"sql" text NOT NULL,
	"outcome" varchar(16) NOT NULL,
	"row_count" integer,
	"truncated" boolean DEFAULT false NOT NULL,
	"elapsed_ms" integer,
	"message" text,
	CONSTRAINT "terminal_queries_outcome_ck" CHECK ("outcome" IN ('ok', 'refused', 'error'))
);
--> statement-breakpoint
CREATE INDEX "terminal_queries_user_idx" ON "terminal_queries" ("user_id", "at" DESC, "id" DESC);
--> statement-breakpoint
-- (Re)grants the terminal's reads: every column of every table of schema public, except the tables and the column
-- names below. Default deny: a table created later is not readable until a migration runs this function again,
-- and a new secret column must be named by a pattern below or listed here (the rule of docs/TERMINAL.md).
CREATE OR REPLACE FUNCTION terminal_grant_reads() RETURNS void LANGUAGE plpgsql AS $fn$
DECLARE
  denied_tables text[] := ARRAY['sessions', 'recovery_codes', 'password_resets', 'totp_setups'];
  denied_columns text[] := ARRAY['%hash%', '%secret%', '%token%', '%password%', '%totp%', '%otp\_%', '%recovery%', '%salt%',
    '%credential%', '%private%', '%api\_key%', '%apikey%'];
  r record;
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'assoc_terminal') THEN
    RAISE WARNING 'terminal_grant_reads: the role assoc_terminal does not exist';
    RETURN;
  END IF;
  -- Revoking a table's privilege revokes its column privileges too: start from nothing.
  REVOKE ALL ON ALL TABLES IN SCHEMA public FROM assoc_terminal;
  REVOKE ALL ON ALL SEQUENCES IN SCHEMA public FROM assoc_terminal;
  REVOKE ALL ON ALL FUNCTIONS IN SCHEMA public FROM assoc_terminal;
  GRANT USAGE ON SCHEMA public TO assoc_terminal;
  FOR r IN
    SELECT c.relname, string_agg(quote_ident(a.attname), ', ' ORDER BY a.attnum) AS cols
      FROM pg_class c
      JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
      JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
     WHERE c.relkind IN ('r', 'p')
       AND c.relname <> ALL (denied_tables)
       AND NOT (a.attname ILIKE ANY (denied_columns))
     GROUP BY c.relname
  LOOP
    EXECUTE format('GRANT SELECT (%s) ON public.%I TO assoc_terminal', r.cols, r.relname);
  END LOOP;
END
$fn$;
--> statement-breakpoint
-- Only the migrations (the owner) run it: not the terminal's role, nor anyone through PUBLIC.
REVOKE ALL ON FUNCTION terminal_grant_reads() FROM PUBLIC;
--> statement-breakpoint
DO $do$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'assoc_terminal') THEN
    CREATE ROLE assoc_terminal NOLOGIN NOINHERIT NOCREATEDB NOCREATEROLE NOSUPERUSER NOREPLICATION NOBYPASSRLS;
  END IF;
  -- The application's user switches to it with SET LOCAL ROLE inside each terminal transaction.
  EXECUTE format('GRANT assoc_terminal TO %I', current_user);
EXCEPTION WHEN insufficient_privilege THEN
  -- A database user without CREATEROLE: the terminal answers 'Terminal indisponível' until an administrator
  -- creates the role and runs SELECT terminal_grant_reads() (docs/TERMINAL.md).
  RAISE WARNING 'migration 0049: could not create the role assoc_terminal (%): the terminal stays unavailable', SQLERRM;
END
$do$;
--> statement-breakpoint
SELECT terminal_grant_reads();
