-- Extensions and helpers the schema needs before any table: trigram search on accent-less names.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
-- unaccent() is only STABLE; an IMMUTABLE wrapper with the dictionary named explicitly can be indexed.
CREATE OR REPLACE FUNCTION f_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;
--> statement-breakpoint
-- Names sort the Brazilian way (C.UTF-8 would put "Zé" before "alice").
CREATE COLLATION IF NOT EXISTS pt_br (provider = icu, locale = 'pt-BR');
