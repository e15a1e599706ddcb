-- Digital process (issue 15): folders (a tree; the inbox first and fixed), processes (CNJ number unique), their
-- movements (external id unique per process: the import is idempotent), per-user read state, and the API keys
-- of the integrations. Full-text search: one tsvector per process over its fields and movement texts, in
-- Portuguese, both as written and without accents (so "intimação" finds "intimado" and "intimacao" finds
-- "intimação"), kept current by triggers, GIN-indexed, in the narrow side table process_search.
CREATE TABLE "process_folders" (
	"pasta_id" serial PRIMARY KEY NOT NULL,
	"nome" varchar(80) NOT NULL,
	"parent_id" integer,
	"inbox" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "process_folders_inbox_root_check" CHECK (NOT "inbox" OR "parent_id" IS NULL)
);
--> statement-breakpoint
ALTER TABLE "process_folders" ADD CONSTRAINT "process_folders_parent_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."process_folders"("pasta_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "process_folders_inbox_idx" ON "process_folders" USING btree ("inbox") WHERE "inbox";--> statement-breakpoint
CREATE UNIQUE INDEX "process_folders_name_idx" ON "process_folders" USING btree (coalesce("parent_id", 0), lower("nome"));--> statement-breakpoint
INSERT INTO "process_folders" ("nome", "inbox") VALUES ('Caixa de entrada', true);
--> statement-breakpoint
CREATE TABLE "processes" (
	"pro_id" serial PRIMARY KEY NOT NULL,
	"numero" char(20) NOT NULL,
	"pasta_id" integer NOT NULL,
	"tribunal" varchar(60) NOT NULL,
	"classe" varchar(120) NOT NULL,
	"assunto" varchar(200) NOT NULL,
	"partes" varchar(1000) NOT NULL,
	"status" varchar(60) NOT NULL,
	"ano" smallint NOT NULL,
	"ultimo_andamento" date,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"pdf_file_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "processes_numero_check" CHECK ("numero" ~ '^[0-9]{20}$')
);
--> statement-breakpoint
ALTER TABLE "processes" ADD CONSTRAINT "processes_pasta_id_fk" FOREIGN KEY ("pasta_id") REFERENCES "public"."process_folders"("pasta_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "processes" ADD CONSTRAINT "processes_pdf_file_id_fk" FOREIGN KEY ("pdf_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "processes_numero_idx" ON "processes" USING btree ("numero");--> statement-breakpoint
CREATE INDEX "processes_folder_idx" ON "processes" USING btree ("pasta_id", "ultimo_andamento" DESC NULLS LAST, "pro_id" DESC);--> statement-breakpoint
CREATE INDEX "processes_recent_idx" ON "processes" USING btree ("ultimo_andamento" DESC NULLS LAST, "pro_id" DESC);--> statement-breakpoint
CREATE INDEX "processes_number_order_idx" ON "processes" USING btree ("ano", "numero");--> statement-breakpoint
CREATE INDEX "processes_pdf_idx" ON "processes" USING btree ("pdf_file_id");
--> statement-breakpoint
CREATE TABLE "process_movements" (
	"and_id" serial PRIMARY KEY NOT NULL,
	"pro_id" integer NOT NULL,
	"external_id" varchar(100),
	"data" date NOT NULL,
	"texto" text NOT NULL,
	"document_file_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "process_movements" ADD CONSTRAINT "process_movements_pro_id_fk" FOREIGN KEY ("pro_id") REFERENCES "public"."processes"("pro_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_movements" ADD CONSTRAINT "process_movements_document_file_id_fk" FOREIGN KEY ("document_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "process_movements_external_idx" ON "process_movements" USING btree ("pro_id", "external_id");--> statement-breakpoint
CREATE INDEX "process_movements_process_idx" ON "process_movements" USING btree ("pro_id", "data" DESC, "and_id" DESC);--> statement-breakpoint
CREATE INDEX "process_movements_document_idx" ON "process_movements" USING btree ("document_file_id");
--> statement-breakpoint
CREATE TABLE "process_reads" (
	"user_id" integer NOT NULL,
	"pro_id" integer NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "process_reads_pk" PRIMARY KEY ("user_id", "pro_id")
);
--> statement-breakpoint
ALTER TABLE "process_reads" ADD CONSTRAINT "process_reads_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_reads" ADD CONSTRAINT "process_reads_pro_id_fk" FOREIGN KEY ("pro_id") REFERENCES "public"."processes"("pro_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "process_reads_process_idx" ON "process_reads" USING btree ("pro_id");
--> statement-breakpoint
CREATE TABLE "api_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"nome" varchar(80) NOT NULL,
	"scope" varchar(40) NOT NULL,
	"prefix" varchar(16) NOT NULL,
	"key_hash" char(64) NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_hash_idx" ON "api_keys" USING btree ("key_hash");
--> statement-breakpoint
-- Text of a process for the search: weighted fields (A: parties and subject, B: class, court, status) and
-- the movements (C); each as written (Portuguese stems) and without accents.
CREATE OR REPLACE FUNCTION process_text_vector(body text, weight "char") RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT setweight(to_tsvector('portuguese', coalesce(body, '')) || to_tsvector('portuguese', f_unaccent(coalesce(body, ''))), weight) $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION process_search_vector(p_pro_id integer, p_tribunal text, p_classe text, p_assunto text, p_partes text, p_status text)
  RETURNS tsvector LANGUAGE sql STABLE
  AS $$
    SELECT process_text_vector(p_partes || ' ' || p_assunto, 'A')
      || process_text_vector(p_classe || ' ' || p_tribunal || ' ' || p_status, 'B')
      || process_text_vector((SELECT string_agg(m.texto, ' ') FROM process_movements m WHERE m.pro_id = p_pro_id), 'C')
  $$;
--> statement-breakpoint
-- The search side of a process: the columns the search filters, counts and orders by, and the vector. Its heap
-- stays narrow (about 100 bytes a row, ~12 MB for 100,000 processes) so counting the facets of a word found in
-- every process reads little: the vector (~1.1 KB) is always moved out of line to the TOAST table. PostgreSQL
-- only toasts a row above ~2 KB (then shrinks it to toast_tuple_target), hence "pad": 2,100 spaces compressed
-- inline to ~35 bytes that lift every new row over that threshold; rows already holding an out-of-line value
-- are toasted on every update. Matching without a recheck (plain words) then never reads the vector; ranking
-- and phrases read it only for their candidates.
-- Each combination of folder, court, year and status met so far, numbered: the facet counts group the matches
-- by this one integer (one small hash table) and sum each facet from the few hundred combinations.
CREATE TABLE "process_facets" (
	"facet" serial PRIMARY KEY NOT NULL,
	"pasta_id" integer NOT NULL,
	"tribunal" varchar(60) NOT NULL,
	"ano" smallint NOT NULL,
	"status" varchar(60) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "process_facets_key_idx" ON "process_facets" USING btree ("pasta_id", "tribunal", "ano", "status");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION process_facet(p_pasta_id integer, p_tribunal text, p_ano smallint, p_status text) RETURNS integer
  LANGUAGE plpgsql AS $$
DECLARE k integer;
BEGIN
  SELECT facet INTO k FROM process_facets WHERE pasta_id = p_pasta_id AND tribunal = p_tribunal AND ano = p_ano AND status = p_status;
  IF k IS NULL THEN
    INSERT INTO process_facets (pasta_id, tribunal, ano, status) VALUES (p_pasta_id, p_tribunal, p_ano, p_status)
      ON CONFLICT DO NOTHING RETURNING facet INTO k;
    IF k IS NULL THEN -- inserted meanwhile by a concurrent transaction, now committed
      SELECT facet INTO k FROM process_facets WHERE pasta_id = p_pasta_id AND tribunal = p_tribunal AND ano = p_ano AND status = p_status;
    END IF;
  END IF;
  RETURN k;
END $$;
--> statement-breakpoint
CREATE TABLE "process_search" (
	"pro_id" integer PRIMARY KEY NOT NULL,
	"facet" integer NOT NULL,
	"pasta_id" integer NOT NULL,
	"tribunal" varchar(60) NOT NULL,
	"ano" smallint NOT NULL,
	"status" varchar(60) NOT NULL,
	"numero" char(20) NOT NULL,
	"ultimo_andamento" date,
	"vector" tsvector NOT NULL,
	"pad" text DEFAULT repeat(' ', 2100) NOT NULL
) WITH (toast_tuple_target = 128);
--> statement-breakpoint
ALTER TABLE "process_search" ALTER COLUMN "vector" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "process_search" ADD CONSTRAINT "process_search_pro_id_fk" FOREIGN KEY ("pro_id") REFERENCES "public"."processes"("pro_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "process_search_vector_idx" ON "process_search" USING gin ("vector") WITH (fastupdate = off);--> statement-breakpoint
CREATE INDEX "process_search_recent_idx" ON "process_search" USING btree ("ultimo_andamento" DESC NULLS LAST, "pro_id" DESC);--> statement-breakpoint
CREATE INDEX "process_search_number_idx" ON "process_search" USING btree ("ano", "numero");
--> statement-breakpoint
-- A new process gets its search row; a change of its fields, folder or last movement date is copied to it (the
-- vector recomputed only when a searched field changed).
CREATE OR REPLACE FUNCTION processes_search_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO process_search (pro_id, facet, pasta_id, tribunal, ano, status, numero, ultimo_andamento, vector)
    VALUES (NEW.pro_id, process_facet(NEW.pasta_id, NEW.tribunal, NEW.ano, NEW.status), NEW.pasta_id, NEW.tribunal, NEW.ano, NEW.status, NEW.numero, NEW.ultimo_andamento,
            process_search_vector(NEW.pro_id, NEW.tribunal, NEW.classe, NEW.assunto, NEW.partes, NEW.status));
  ELSIF (NEW.tribunal, NEW.classe, NEW.assunto, NEW.partes, NEW.status) IS DISTINCT FROM (OLD.tribunal, OLD.classe, OLD.assunto, OLD.partes, OLD.status) THEN
    UPDATE process_search
       SET facet = process_facet(NEW.pasta_id, NEW.tribunal, NEW.ano, NEW.status),
           pasta_id = NEW.pasta_id, tribunal = NEW.tribunal, ano = NEW.ano, status = NEW.status, numero = NEW.numero,
           ultimo_andamento = NEW.ultimo_andamento,
           vector = process_search_vector(NEW.pro_id, NEW.tribunal, NEW.classe, NEW.assunto, NEW.partes, NEW.status)
     WHERE pro_id = NEW.pro_id;
  ELSE
    UPDATE process_search
       SET facet = process_facet(NEW.pasta_id, NEW.tribunal, NEW.ano, NEW.status),
           pasta_id = NEW.pasta_id, ano = NEW.ano, numero = NEW.numero, ultimo_andamento = NEW.ultimo_andamento
     WHERE pro_id = NEW.pro_id
       AND (pasta_id, ano, numero, ultimo_andamento) IS DISTINCT FROM (NEW.pasta_id, NEW.ano, NEW.numero, NEW.ultimo_andamento);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "processes_search_insert" AFTER INSERT ON "processes"
  FOR EACH ROW EXECUTE FUNCTION processes_search_trigger();
--> statement-breakpoint
CREATE TRIGGER "processes_search_update" AFTER UPDATE OF "pasta_id", "tribunal", "classe", "assunto", "partes", "status", "ano", "numero", "ultimo_andamento" ON "processes"
  FOR EACH ROW EXECUTE FUNCTION processes_search_trigger();
--> statement-breakpoint
-- Movements change a process's search text and last movement date: once per statement for all the
-- processes it touched (an import of thousands of movements recomputes each process once). The search row is
-- written first, so the processes trigger then finds it current.
CREATE OR REPLACE FUNCTION process_movements_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH touched AS (
    SELECT p.pro_id, (SELECT max(m.data) FROM process_movements m WHERE m.pro_id = p.pro_id) AS ultimo,
           process_search_vector(p.pro_id, p.tribunal, p.classe, p.assunto, p.partes, p.status) AS vector
      FROM processes p WHERE p.pro_id IN (SELECT DISTINCT t.pro_id FROM changed_rows t)
  )
  UPDATE process_search s SET vector = t.vector, ultimo_andamento = t.ultimo FROM touched t WHERE s.pro_id = t.pro_id;
  UPDATE processes p
     SET ultimo_andamento = s.ultimo_andamento
    FROM process_search s
   WHERE s.pro_id = p.pro_id AND p.pro_id IN (SELECT DISTINCT t.pro_id FROM changed_rows t)
     AND p.ultimo_andamento IS DISTINCT FROM s.ultimo_andamento;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "process_movements_insert" AFTER INSERT ON "process_movements" REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION process_movements_changed();
--> statement-breakpoint
CREATE TRIGGER "process_movements_update" AFTER UPDATE ON "process_movements" REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION process_movements_changed();
--> statement-breakpoint
CREATE TRIGGER "process_movements_delete" AFTER DELETE ON "process_movements" REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION process_movements_changed();
