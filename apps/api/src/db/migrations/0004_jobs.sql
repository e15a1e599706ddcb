CREATE TABLE "files" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" varchar(200) NOT NULL,
	"mime_type" varchar(120) NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"job_id" uuid PRIMARY KEY NOT NULL,
	"job_name" varchar(80) NOT NULL,
	"job_description" varchar(200) NOT NULL,
	"job_subtitle" varchar(200) DEFAULT '' NOT NULL,
	"job_status" smallint DEFAULT 10 NOT NULL,
	"job_submitted" timestamp with time zone DEFAULT now() NOT NULL,
	"job_current" integer DEFAULT 0 NOT NULL,
	"job_total" integer DEFAULT 0 NOT NULL,
	"job_attachments" text DEFAULT '' NOT NULL,
	"job_result" text DEFAULT '' NOT NULL,
	"job_finished" timestamp with time zone,
	"show" boolean DEFAULT true NOT NULL,
	"user_id" integer NOT NULL,
	"user_data" varchar(200) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "socket_io_attachments" (
	"id" bigserial NOT NULL,
	"created_at" timestamp with time zone DEFAULT now(),
	"payload" "bytea",
	CONSTRAINT "socket_io_attachments_id_unique" UNIQUE("id")
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_user_submitted_idx" ON "jobs" USING btree ("user_id","job_submitted");--> statement-breakpoint
CREATE INDEX "jobs_open_name_idx" ON "jobs" USING btree ("job_name") WHERE job_status <= 10;