-- Report templates by name (issue 11, decisions 8 and 15) and their versions.
CREATE TABLE "report_templates" (
	"report_id" serial PRIMARY KEY NOT NULL,
	"name" varchar(80) NOT NULL,
	"template" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by_name" varchar(64),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_templates_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "report_template_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"report_id" integer NOT NULL,
	"version" integer NOT NULL,
	"template" jsonb NOT NULL,
	"action" varchar(10) NOT NULL,
	"saved_by_name" varchar(64),
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_template_versions_report_version_uq" UNIQUE("report_id","version")
);
--> statement-breakpoint
ALTER TABLE "report_template_versions" ADD CONSTRAINT "report_template_versions_report_id_report_templates_report_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."report_templates"("report_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_template_versions_report_idx" ON "report_template_versions" USING btree ("report_id");
