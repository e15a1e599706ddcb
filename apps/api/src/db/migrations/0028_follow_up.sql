-- Follow-up rows (atendimentos, issue 13; spec 2 §3): a member's service-desk records, edited in the member's
-- Acompanhamento tab (a child list of the member save) and on /acompanhamento. atd_data and atd_criado_por are the
-- insert's time and user, set by the server; version is the row's (decision 5).
CREATE TABLE "atendimentos" (
	"atd_id" serial PRIMARY KEY NOT NULL,
	"cst_id" integer NOT NULL,
	"atd_data" timestamp with time zone DEFAULT now() NOT NULL,
	"atd_tipo" smallint NOT NULL,
	"atd_departamento" smallint NOT NULL,
	"atd_assunto" smallint NOT NULL,
	"atd_titulo" varchar(200) NOT NULL,
	"atd_criado_por" varchar(64) NOT NULL,
	"atd_criado_por_id" integer,
	"atd_status" smallint DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "atendimentos" ADD CONSTRAINT "atendimentos_cst_id_customers_cst_id_fk" FOREIGN KEY ("cst_id") REFERENCES "public"."customers"("cst_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "atendimentos" ADD CONSTRAINT "atendimentos_atd_criado_por_id_users_user_id_fk" FOREIGN KEY ("atd_criado_por_id") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "atendimentos_cst_idx" ON "atendimentos" USING btree ("cst_id","atd_data");--> statement-breakpoint
CREATE INDEX "atendimentos_status_idx" ON "atendimentos" USING btree ("atd_status","atd_data");
