-- Print dialogs (issue 11): the user's preferences (POST config) and the server print queue.
CREATE TABLE "user_preferences" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"preferences" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "print_jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"user_name" varchar(64) NOT NULL,
	"printer" smallint NOT NULL,
	"file_id" uuid,
	"file_name" varchar(200) NOT NULL,
	"range_start" integer,
	"range_end" integer,
	"status" varchar(10) DEFAULT 'queued' NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "print_jobs_printer_check" CHECK ("printer" IN (1, 2)),
	CONSTRAINT "print_jobs_status_check" CHECK ("status" IN ('queued', 'sent', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "user_preferences" ADD CONSTRAINT "user_preferences_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_jobs" ADD CONSTRAINT "print_jobs_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_jobs" ADD CONSTRAINT "print_jobs_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "print_jobs_created_idx" ON "print_jobs" USING btree ("created_at");
