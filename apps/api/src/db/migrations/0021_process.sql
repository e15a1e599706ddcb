-- Digital process (issue 15): folders (a tree; the inbox first and fixed), processes (CNJ number unique), their
-- movements (external id unique per process: the import is idempotent), per-user read state, and the API keys
-- of the integrations. Full-text search: one tsvector per process over its fields and movement texts, in
-- Portuguese, both as written and without accents (so "intimação" finds "intimado" and "intimacao" finds
-- "intimação"), kept current by triggers, GIN-indexed.
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
	"search" tsvector,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "processes_numero_check" CHECK ("numero" ~ '^[0-9]{20}$')
);
--> statement-breakpoint
ALTER TABLE "processes" ADD CONSTRAINT "processes_pasta_id_fk" FOREIGN KEY ("pasta_id") REFERENCES "public"."process_folders"("pasta_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "processes" ADD CONSTRAINT "processes_pdf_file_id_fk" FOREIGN KEY ("pdf_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "processes_numero_idx" ON "processes" USING btree ("numero");--> statement-breakpoint
CREATE INDEX "processes_folder_idx" ON "processes" USING btree ("pasta_id", "ultimo_andamento" DESC NULLS LAST, "pro_id" DESC);--> statement-breakpoint
CREATE INDEX "processes_search_idx" ON "processes" USING gin ("search");--> statement-breakpoint
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
CREATE OR REPLACE FUNCTION processes_search_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search := process_search_vector(NEW.pro_id, NEW.tribunal, NEW.classe, NEW.assunto, NEW.partes, NEW.status);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "processes_search" BEFORE INSERT OR UPDATE OF "tribunal", "classe", "assunto", "partes", "status" ON "processes"
  FOR EACH ROW EXECUTE FUNCTION processes_search_trigger();
--> statement-breakpoint
-- Movements change a process's search text and last movement date: once per statement for all the
-- processes it touched (an import of thousands of movements recomputes each process once).
CREATE OR REPLACE FUNCTION process_movements_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE processes p
     SET search = process_search_vector(p.pro_id, p.tribunal, p.classe, p.assunto, p.partes, p.status),
         ultimo_andamento = (SELECT max(m.data) FROM process_movements m WHERE m.pro_id = p.pro_id)
   WHERE p.pro_id IN (SELECT DISTINCT t.pro_id FROM changed_rows t);
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
