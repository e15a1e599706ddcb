-- The member filter (issue 29 item 1, /filter; docs/FILTER.md): saved filters per user with their shares, the
-- requests of large exports (the job's payload), and the indexes the criteria's SQL uses.
CREATE TABLE "saved_filters" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL REFERENCES "users"("user_id") ON DELETE CASCADE,
	"name" varchar(80) NOT NULL,
	"query" jsonb NOT NULL,
	"columns" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "saved_filters_owner_name_uq" ON "saved_filters" ("owner_id", lower("name"));
--> statement-breakpoint
CREATE TABLE "saved_filter_shares" (
	"filter_id" integer NOT NULL REFERENCES "saved_filters"("id") ON DELETE CASCADE,
	"user_id" integer NOT NULL REFERENCES "users"("user_id") ON DELETE CASCADE,
	CONSTRAINT "saved_filter_shares_filter_id_user_id_pk" PRIMARY KEY("filter_id","user_id")
);
--> statement-breakpoint
CREATE INDEX "saved_filter_shares_user_idx" ON "saved_filter_shares" ("user_id");
--> statement-breakpoint
CREATE TABLE "filter_exports" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("user_id") ON DELETE CASCADE,
	"job_id" uuid,
	"request" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "customers_filter_status_idx" ON "customers" ("cust_status","cust_assoc_situacao");
--> statement-breakpoint
CREATE INDEX "customers_birthdate_idx" ON "customers" ("cust_birthdate");
--> statement-breakpoint
CREATE INDEX "customers_filter_forum_idx" ON "customers" ("apf_id");
--> statement-breakpoint
CREATE INDEX "customers_filter_bank_idx" ON "customers" ("bnk_id");
--> statement-breakpoint
CREATE INDEX "customers_filter_admissao_idx" ON "customers" ("cust_admissao");
--> statement-breakpoint
CREATE INDEX "addresses_filter_city_idx" ON "addresses" ("ad_state",f_unaccent(lower("ad_city"))) WHERE "addresses"."kind" = 1;
--> statement-breakpoint
CREATE INDEX "customer_services_filter_idx" ON "customer_services" ("svc_id","cst_id","csl_fim");
--> statement-breakpoint
CREATE INDEX "holder_balances_filter_idx" ON "holder_balances" ("balance","cst_id");
