CREATE TABLE "products" (
	"suc_id" serial PRIMARY KEY NOT NULL,
	"sup_id" integer NOT NULL,
	"suc_name" varchar(40) NOT NULL,
	"suc_health" boolean DEFAULT false NOT NULL,
	"suc_muda_faixa" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "services" (
	"svc_id" serial PRIMARY KEY NOT NULL,
	"suc_id" integer NOT NULL,
	"svc_name" varchar(50) NOT NULL,
	"svc_valor" integer DEFAULT 0 NOT NULL,
	"svc_taxa_adm" numeric(5, 2) DEFAULT 0 NOT NULL,
	"svc_taxa_adm_ns" numeric(5, 2) DEFAULT 0 NOT NULL,
	"svc_max_parcelas" smallint DEFAULT 1 NOT NULL,
	"svc_pro_rata" boolean DEFAULT false NOT NULL,
	"svc_lanca_no_fim" boolean DEFAULT false NOT NULL,
	"svc_service_type" smallint DEFAULT 0 NOT NULL,
	"svc_permite_dependente" boolean DEFAULT true NOT NULL,
	"svc_permite_duplicado" boolean DEFAULT false NOT NULL,
	"svc_muda_faixa" boolean DEFAULT false NOT NULL,
	"svc_min" smallint DEFAULT 0 NOT NULL,
	"svc_max" smallint DEFAULT 999 NOT NULL,
	"svc_conta_debito" varchar(20),
	"svc_conta_credito" varchar(20),
	"svc_centro_de_custo" varchar(20),
	"extgrp_id" integer,
	"irgrp_id" integer,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "services_type_ck" CHECK ("services"."svc_service_type" between 0 and 3)
);
--> statement-breakpoint
CREATE TABLE "suppliers" (
	"sup_id" serial PRIMARY KEY NOT NULL,
	"sup_name" varchar(40) NOT NULL,
	"sup_fantasia" varchar(40),
	"sup_cnpj" varchar(19) NOT NULL,
	"sup_ie" varchar(20),
	"sup_ccm" varchar(20),
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_sup_id_suppliers_sup_id_fk" FOREIGN KEY ("sup_id") REFERENCES "public"."suppliers"("sup_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_suc_id_products_suc_id_fk" FOREIGN KEY ("suc_id") REFERENCES "public"."products"("suc_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_extgrp_id_extrato_groups_extgrp_id_fk" FOREIGN KEY ("extgrp_id") REFERENCES "public"."extrato_groups"("extgrp_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_irgrp_id_extrato_groups_extgrp_id_fk" FOREIGN KEY ("irgrp_id") REFERENCES "public"."extrato_groups"("extgrp_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_sup_idx" ON "products" USING btree ("sup_id");--> statement-breakpoint
CREATE INDEX "services_suc_idx" ON "services" USING btree ("suc_id");