CREATE TABLE "circunscricoes" (
	"cir_id" serial PRIMARY KEY NOT NULL,
	"cir_nome" varchar(64) NOT NULL,
	"cir_regional" varchar(64) NOT NULL,
	"cir_raj" integer,
	"cor_titular" integer,
	"cor_adjunto" integer
);
--> statement-breakpoint
CREATE TABLE "comarcas" (
	"com_id" serial PRIMARY KEY NOT NULL,
	"cir_id" integer NOT NULL,
	"com_nome" varchar(64) NOT NULL,
	"cor_titular" integer,
	"cor_adjunto" integer
);
--> statement-breakpoint
CREATE TABLE "forums" (
	"apf_id" serial PRIMARY KEY NOT NULL,
	"com_id" integer NOT NULL,
	"for_nome" varchar(64) NOT NULL,
	"for_short" varchar(64) NOT NULL,
	"for_zipcode" varchar(8),
	"for_address" varchar(80),
	"for_number" varchar(20),
	"for_complement" varchar(20),
	"for_city" varchar(32),
	"for_state" char(2),
	"for_phone_ddd1" varchar(2),
	"apf_phone1" varchar(9),
	"for_phone_ddd2" varchar(2),
	"for_phone2" varchar(9),
	"cor_titular" integer,
	"cor_adjunto" integer
);
--> statement-breakpoint
CREATE TABLE "ibge_municipios" (
	"city_id" integer PRIMARY KEY NOT NULL,
	"uf" char(2) NOT NULL,
	"city_name" varchar(64) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ibge_ufs" (
	"uf" char(2) PRIMARY KEY NOT NULL,
	"uf_code" smallint NOT NULL,
	"uf_name" varchar(32) NOT NULL,
	CONSTRAINT "ibge_ufs_uf_code_unique" UNIQUE("uf_code")
);
--> statement-breakpoint
CREATE TABLE "locals" (
	"loc_id" serial PRIMARY KEY NOT NULL,
	"apf_id" integer NOT NULL,
	"loc_nome" varchar(80) NOT NULL,
	"predio_nome" varchar(100) NOT NULL,
	"loc_phone1_ddd" varchar(2),
	"loc_phone1" varchar(9),
	"loc_phone1_ext" varchar(5),
	"loc_phone2_ddd" varchar(2),
	"loc_phone2" varchar(9),
	"loc_phone2_ext" varchar(5),
	"loc_fax_ddd" varchar(2),
	"loc_fax" varchar(9),
	"cor_titular" integer,
	"cor_adjunto" integer,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "region_cities" (
	"region_id" integer NOT NULL,
	"city_id" integer NOT NULL,
	CONSTRAINT "region_cities_region_id_city_id_pk" PRIMARY KEY("region_id","city_id")
);
--> statement-breakpoint
CREATE TABLE "regions" (
	"region_id" serial PRIMARY KEY NOT NULL,
	"region_name" varchar(64) NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "circunscricoes" ADD CONSTRAINT "circunscricoes_cir_raj_regions_region_id_fk" FOREIGN KEY ("cir_raj") REFERENCES "public"."regions"("region_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circunscricoes" ADD CONSTRAINT "circunscricoes_cor_titular_customers_cst_id_fk" FOREIGN KEY ("cor_titular") REFERENCES "public"."customers"("cst_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circunscricoes" ADD CONSTRAINT "circunscricoes_cor_adjunto_customers_cst_id_fk" FOREIGN KEY ("cor_adjunto") REFERENCES "public"."customers"("cst_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comarcas" ADD CONSTRAINT "comarcas_cir_id_circunscricoes_cir_id_fk" FOREIGN KEY ("cir_id") REFERENCES "public"."circunscricoes"("cir_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comarcas" ADD CONSTRAINT "comarcas_cor_titular_customers_cst_id_fk" FOREIGN KEY ("cor_titular") REFERENCES "public"."customers"("cst_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comarcas" ADD CONSTRAINT "comarcas_cor_adjunto_customers_cst_id_fk" FOREIGN KEY ("cor_adjunto") REFERENCES "public"."customers"("cst_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forums" ADD CONSTRAINT "forums_com_id_comarcas_com_id_fk" FOREIGN KEY ("com_id") REFERENCES "public"."comarcas"("com_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forums" ADD CONSTRAINT "forums_cor_titular_customers_cst_id_fk" FOREIGN KEY ("cor_titular") REFERENCES "public"."customers"("cst_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forums" ADD CONSTRAINT "forums_cor_adjunto_customers_cst_id_fk" FOREIGN KEY ("cor_adjunto") REFERENCES "public"."customers"("cst_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ibge_municipios" ADD CONSTRAINT "ibge_municipios_uf_ibge_ufs_uf_fk" FOREIGN KEY ("uf") REFERENCES "public"."ibge_ufs"("uf") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locals" ADD CONSTRAINT "locals_apf_id_forums_apf_id_fk" FOREIGN KEY ("apf_id") REFERENCES "public"."forums"("apf_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locals" ADD CONSTRAINT "locals_cor_titular_customers_cst_id_fk" FOREIGN KEY ("cor_titular") REFERENCES "public"."customers"("cst_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locals" ADD CONSTRAINT "locals_cor_adjunto_customers_cst_id_fk" FOREIGN KEY ("cor_adjunto") REFERENCES "public"."customers"("cst_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "region_cities" ADD CONSTRAINT "region_cities_region_id_regions_region_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("region_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "region_cities" ADD CONSTRAINT "region_cities_city_id_ibge_municipios_city_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."ibge_municipios"("city_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comarcas_cir_idx" ON "comarcas" USING btree ("cir_id");--> statement-breakpoint
CREATE INDEX "forums_com_idx" ON "forums" USING btree ("com_id");--> statement-breakpoint
CREATE INDEX "ibge_municipios_uf_idx" ON "ibge_municipios" USING btree ("uf");--> statement-breakpoint
CREATE INDEX "locals_apf_idx" ON "locals" USING btree ("apf_id");--> statement-breakpoint
CREATE UNIQUE INDEX "regions_name_uq" ON "regions" USING btree (lower("region_name")) WHERE deleted_at is null;