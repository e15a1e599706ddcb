CREATE TABLE "assoc_cargos" (
	"aac_id" serial PRIMARY KEY NOT NULL,
	"aac_cargo" varchar(120) NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "extrato_groups" (
	"extgrp_id" serial PRIMARY KEY NOT NULL,
	"extgrp_name" varchar(80) NOT NULL,
	"extgrp_sort" smallint DEFAULT 10 NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "feriados" (
	"fer_id" serial PRIMARY KEY NOT NULL,
	"fer_dia" date NOT NULL,
	"fer_descricao" varchar(80) NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "forum_cargos" (
	"afc_id" serial PRIMARY KEY NOT NULL,
	"afc_cargo" varchar(64) NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "message_templates" (
	"em_id" serial PRIMARY KEY NOT NULL,
	"channel" varchar(12) NOT NULL,
	"em_name" varchar(32) NOT NULL,
	"em_description" varchar(80) NOT NULL,
	"em_data" varchar(240) NOT NULL,
	"em_uses" integer DEFAULT 0 NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "terceiros_document_uq";--> statement-breakpoint
ALTER TABLE "terceiros" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "assoc_cargos_cargo_uq" ON "assoc_cargos" USING btree (lower("aac_cargo")) WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "extrato_groups_name_uq" ON "extrato_groups" USING btree (lower("extgrp_name")) WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "feriados_dia_uq" ON "feriados" USING btree ("fer_dia") WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "forum_cargos_cargo_uq" ON "forum_cargos" USING btree (lower("afc_cargo")) WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "message_templates_name_uq" ON "message_templates" USING btree ("channel",upper("em_name")) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "message_templates_channel_idx" ON "message_templates" USING btree ("channel");--> statement-breakpoint
CREATE UNIQUE INDEX "terceiros_document_uq" ON "terceiros" USING btree ("ter_cpf_cnpj") WHERE deleted_at is null;