CREATE TABLE "login_failures" (
	"id" serial PRIMARY KEY NOT NULL,
	"cpf" varchar(11) NOT NULL,
	"ip" varchar(64) NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profile_roles" (
	"perm_id" integer NOT NULL,
	"role" varchar(64) NOT NULL,
	CONSTRAINT "profile_roles_perm_id_role_pk" PRIMARY KEY("perm_id","role")
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"perm_id" serial PRIMARY KEY NOT NULL,
	"name" varchar(64) NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	CONSTRAINT "profiles_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"session_id" serial PRIMARY KEY NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"user_id" integer NOT NULL,
	"xsrf_token" varchar(64) NOT NULL,
	"subscriber_id" text DEFAULT '' NOT NULL,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"user_id" integer NOT NULL,
	"role" varchar(64) NOT NULL,
	CONSTRAINT "user_roles_user_id_role_pk" PRIMARY KEY("user_id","role")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"user_id" serial PRIMARY KEY NOT NULL,
	"cpf" varchar(11) NOT NULL,
	"name" varchar(64) NOT NULL,
	"email" varchar(120),
	"password_hash" text NOT NULL,
	"perm_id" integer,
	"cst_id" integer,
	"fn_allow_external" boolean DEFAULT false NOT NULL,
	"totp_secret" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_cpf_unique" UNIQUE("cpf")
);
--> statement-breakpoint
CREATE TABLE "addresses" (
	"cst_id" integer NOT NULL,
	"kind" smallint NOT NULL,
	"ad_zipcode" varchar(8),
	"ad_address" varchar(80),
	"ad_number" varchar(20),
	"ad_complement" varchar(20),
	"ad_bairro" varchar(32),
	"ad_city" varchar(32),
	"ad_state" varchar(2),
	"ad_add_new_cep" smallint DEFAULT 0 NOT NULL,
	"ad_phone_ddd" varchar(2),
	"ad_phone" varchar(9),
	"ad_phone_ddd2" varchar(2),
	"ad_phone2" varchar(9),
	CONSTRAINT "addresses_cst_id_kind_pk" PRIMARY KEY("cst_id","kind")
);
--> statement-breakpoint
CREATE TABLE "audits" (
	"audit_id" serial PRIMARY KEY NOT NULL,
	"category" varchar(40) NOT NULL,
	"owner_id" integer,
	"entity_id" text,
	"action" varchar(16) NOT NULL,
	"user_id" integer,
	"user_name" varchar(64),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"cst_id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"cust_name" varchar(64) NOT NULL,
	"search_name" text GENERATED ALWAYS AS (f_unaccent(lower(cust_name))) STORED,
	"cust_birthdate" date,
	"cust_sex" smallint,
	"cust_estado_civil" smallint,
	"cust_cpf" varchar(11),
	"cust_rg" varchar(14),
	"cust_rg_emissor" varchar(20),
	"cust_treatment" varchar(8),
	"cust_filiacao_mae" varchar(80),
	"cust_filiacao_pai" varchar(80),
	"cust_nacionalidade" varchar(40),
	"cust_naturalidade" varchar(60),
	"cust_titulos_academicos" varchar(120),
	"cust_email" varchar(120),
	"cust_celular_ddd" varchar(2),
	"cust_celular" varchar(9),
	"cust_status" char(1),
	"cust_socio" char(1) DEFAULT 'N' NOT NULL,
	"cust_assoc_situacao" smallint,
	"cust_assoc_cargo" integer,
	"cust_assoc_cargo2" integer,
	"cust_assoc_cargo3" integer,
	"cust_assoc_cargo4" integer,
	"cust_numero_interno" varchar(7),
	"cust_photo_key" varchar(80),
	"cust_parentesco" smallint,
	"cust_concurso" varchar(18),
	"cust_comunicacao" smallint DEFAULT 1 NOT NULL,
	"cust_extrato_por_email" boolean DEFAULT false NOT NULL,
	"cust_ir_por_email" boolean DEFAULT false NOT NULL,
	"cust_dir_forum" boolean DEFAULT false NOT NULL,
	"cust_data_dir_forum" date,
	"fal_id" integer,
	"desig_apf_id" integer,
	"desig_apc_id" integer,
	"desig_loc_id" integer,
	"prov_apf_id" integer,
	"prov_apc_id" integer,
	"prov_loc_id" integer,
	"cust_prov_data" date,
	"cust_prov_forum" varchar(80),
	"cust_prov_vara" varchar(80),
	"cust_coordenador_titular" boolean DEFAULT false NOT NULL,
	"cust_coordenador_adjunto" boolean DEFAULT false NOT NULL,
	"afc_id" integer,
	"apf_id" integer,
	"loc_id" integer,
	"cust_cobranca_dia" smallint DEFAULT 4 NOT NULL,
	"cust_financeiro_status" char(1),
	"bnk_id" integer,
	"bnkacc_branch" varchar(4),
	"bnkacc_branch_digit" varchar(1),
	"bnkacc_account" varchar(8),
	"bnkacc_account_digit" varchar(1),
	"endereco_selected" smallint DEFAULT 1 NOT NULL,
	"cust_admissao" date,
	"cust_saida" date,
	"cust_marriage" date,
	"cust_aposentadoria" date,
	"cust_deceased" date,
	"cust_contato_nome" varchar(64),
	"cust_contato_parentesco" smallint,
	"cust_contato_fone_ddd" varchar(2),
	"cust_contato_fone" varchar(9),
	"cust_contato_email" varchar(120),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lookup_cache" (
	"cache_key" varchar(120) PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "position_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"cst_id" integer NOT NULL,
	"cargo" varchar(120) NOT NULL,
	"data_entrada" timestamp with time zone NOT NULL,
	"data_saida" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "search_history" (
	"user_id" integer NOT NULL,
	"cst_id" integer NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_history_user_id_cst_id_pk" PRIMARY KEY("user_id","cst_id")
);
--> statement-breakpoint
CREATE TABLE "terceiros" (
	"ter_id" serial PRIMARY KEY NOT NULL,
	"ter_tipo" smallint DEFAULT 0 NOT NULL,
	"ter_cpf_cnpj" varchar(14) NOT NULL,
	"ter_nome" varchar(80) NOT NULL,
	"search_name" text GENERATED ALWAYS AS (f_unaccent(lower(ter_nome))) STORED,
	"ter_contato" varchar(80),
	"ter_email" varchar(120),
	"ter_cep" varchar(8),
	"ter_logradouro" varchar(80),
	"ter_numero" varchar(20),
	"ter_complemento" varchar(20),
	"ter_bairro" varchar(32),
	"ter_cidade" varchar(32),
	"ter_uf" varchar(2),
	"ter_telefone1" varchar(15),
	"ter_telefone2" varchar(15),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "profile_roles" ADD CONSTRAINT "profile_roles_perm_id_profiles_perm_id_fk" FOREIGN KEY ("perm_id") REFERENCES "public"."profiles"("perm_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_perm_id_profiles_perm_id_fk" FOREIGN KEY ("perm_id") REFERENCES "public"."profiles"("perm_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_cst_id_customers_cst_id_fk" FOREIGN KEY ("cst_id") REFERENCES "public"."customers"("cst_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_cst_id_customers_cst_id_fk" FOREIGN KEY ("cst_id") REFERENCES "public"."customers"("cst_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "position_history" ADD CONSTRAINT "position_history_cst_id_customers_cst_id_fk" FOREIGN KEY ("cst_id") REFERENCES "public"."customers"("cst_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_history" ADD CONSTRAINT "search_history_cst_id_customers_cst_id_fk" FOREIGN KEY ("cst_id") REFERENCES "public"."customers"("cst_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "login_failures_key_idx" ON "login_failures" USING btree ("cpf","ip","at");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "audits_owner_idx" ON "audits" USING btree ("category","owner_id","at");--> statement-breakpoint
CREATE INDEX "customers_search_name_trgm" ON "customers" USING gin ("search_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_search_name_prefix" ON "customers" USING btree ("search_name" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "customers_cpf_idx" ON "customers" USING btree ("cust_cpf");--> statement-breakpoint
CREATE INDEX "customers_numero_interno_idx" ON "customers" USING btree ("cust_numero_interno");--> statement-breakpoint
CREATE INDEX "customers_parent_idx" ON "customers" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "customers_birthday_idx" ON "customers" USING btree (extract(month from "cust_birthdate"),extract(day from "cust_birthdate"));--> statement-breakpoint
CREATE INDEX "position_history_cst_idx" ON "position_history" USING btree ("cst_id");--> statement-breakpoint
CREATE INDEX "search_history_recent_idx" ON "search_history" USING btree ("user_id","viewed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "terceiros_document_uq" ON "terceiros" USING btree ("ter_cpf_cnpj");--> statement-breakpoint
CREATE INDEX "terceiros_search_name_trgm" ON "terceiros" USING gin ("search_name" gin_trgm_ops);