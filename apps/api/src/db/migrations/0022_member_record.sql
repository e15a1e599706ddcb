-- Member record (issue 12): the member's service rows (usuarioServicos; issue 13 builds their screen, the monthly
-- closing charges them from cslInicio to cslFim), and the lookup that assigns internal numbers and lists audits.
CREATE TABLE "customer_services" (
	"csl_id" serial PRIMARY KEY NOT NULL,
	"cst_id" integer NOT NULL,
	"svc_id" integer NOT NULL,
	"valor" integer DEFAULT 0 NOT NULL,
	"csl_quantidade" integer,
	"csl_int1" integer,
	"csl_int4" integer,
	"csl_int5" integer,
	"csl_str1" varchar(40),
	"csl_str2" varchar(100),
	"csl_str3" varchar(40),
	"csl_str4" varchar(40),
	"csl_date1" date,
	"csl_value1" integer,
	"csl_value2" integer,
	"csl_inicio" date,
	"csl_fim" date,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_services_valor_ck" CHECK ("valor" >= 0),
	CONSTRAINT "customer_services_period_ck" CHECK ("csl_fim" IS NULL OR "csl_inicio" IS NULL OR "csl_fim" >= "csl_inicio")
);
--> statement-breakpoint
ALTER TABLE "customer_services" ADD CONSTRAINT "customer_services_cst_id_customers_cst_id_fk" FOREIGN KEY ("cst_id") REFERENCES "public"."customers"("cst_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_services" ADD CONSTRAINT "customer_services_svc_id_services_svc_id_fk" FOREIGN KEY ("svc_id") REFERENCES "public"."services"("svc_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_services_cst_idx" ON "customer_services" USING btree ("cst_id");--> statement-breakpoint
CREATE INDEX "customer_services_svc_idx" ON "customer_services" USING btree ("svc_id");--> statement-breakpoint
-- Audit mode lists a member's changes newest first (category, owner, time): audits_owner_idx already covers it.
-- The internal number of a new holder is max + 1 under an advisory lock; this index answers the max.
CREATE INDEX "customers_numero_interno_desc_idx" ON "customers" USING btree ("cust_numero_interno" DESC) WHERE "parent_id" IS NULL;--> statement-breakpoint
-- Two holders never share an internal number (the advisory lock gives max + 1; this is the database's guarantee).
CREATE UNIQUE INDEX "customers_numero_interno_holder_uq" ON "customers" USING btree ("cust_numero_interno") WHERE "parent_id" IS NULL AND "cust_numero_interno" IS NOT NULL;
