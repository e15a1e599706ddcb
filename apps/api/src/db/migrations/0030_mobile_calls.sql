-- Mobile-phone statement (issue 14 item 5; spec 1 §2 "Mobile-phone statement", §7 GET celular/{cstId}/{ano}/{mes}):
-- the call records of the members' corporate phone lines, imported per month (the import screen comes with the
-- finance issue; the demo seed fills some months). One row per call, SMS or data use, in the holder's statement
-- (cst_id) with the person whose line it is (resp_id, holder or dependent; the name is kept in mc_responsavel,
-- like the ledger). Money in integer cents.
CREATE TABLE "mobile_calls" (
	"mc_id" serial PRIMARY KEY NOT NULL,
	"cst_id" integer NOT NULL,
	"resp_id" integer,
	"mc_responsavel" varchar(80) NOT NULL,
	"mc_ano" smallint NOT NULL,
	"mc_mes" smallint NOT NULL,
	"mc_data" timestamp with time zone NOT NULL,
	"mc_numero" varchar(11) NOT NULL,
	"mc_tipo" varchar(30) NOT NULL,
	"mc_destino" varchar(40) NOT NULL,
	"mc_qtde" integer DEFAULT 1 NOT NULL,
	"mc_valor" integer NOT NULL,
	"mc_import" varchar(40),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mobile_calls_mes_ck" CHECK ("mc_mes" BETWEEN 1 AND 12),
	CONSTRAINT "mobile_calls_ano_ck" CHECK ("mc_ano" BETWEEN 2000 AND 2200),
	CONSTRAINT "mobile_calls_qtde_ck" CHECK ("mc_qtde" >= 0)
);
--> statement-breakpoint
ALTER TABLE "mobile_calls" ADD CONSTRAINT "mobile_calls_cst_id_customers_cst_id_fk" FOREIGN KEY ("cst_id") REFERENCES "public"."customers"("cst_id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "mobile_calls_member_idx" ON "mobile_calls" USING btree ("cst_id","mc_ano","mc_mes","mc_data");
