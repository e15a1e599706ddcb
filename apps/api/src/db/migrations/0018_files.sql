-- Files as a primitive (issue 10 §4): content hash, storage key and author on each file; owners through file_links.
ALTER TABLE "files" ADD COLUMN "sha256" varchar(64);--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "storage_key" varchar(300);--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "created_by" integer;--> statement-breakpoint
UPDATE "files" SET "storage_key" = "id"::text;--> statement-breakpoint
ALTER TABLE "files" ALTER COLUMN "storage_key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "file_links" (
	"owner_kind" varchar(40) NOT NULL,
	"owner_id" varchar(80) NOT NULL,
	"file_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "file_links_owner_kind_owner_id_file_id_pk" PRIMARY KEY("owner_kind","owner_id","file_id")
);
--> statement-breakpoint
ALTER TABLE "file_links" ADD CONSTRAINT "file_links_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "file_links_file_idx" ON "file_links" USING btree ("file_id");--> statement-breakpoint
-- Job attachments were the text '<fileId>;<name>' in jobs.job_attachments: they become links.
INSERT INTO "file_links" ("owner_kind", "owner_id", "file_id")
  SELECT 'job', j."job_id"::text, f."id" FROM "jobs" j JOIN "files" f ON f."id"::text = split_part(j."job_attachments", ';', 1)
  WHERE j."job_attachments" <> '' ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "files" f SET "created_by" = j."user_id" FROM "file_links" l JOIN "jobs" j ON j."job_id"::text = l."owner_id"
  WHERE l."owner_kind" = 'job' AND l."file_id" = f."id";--> statement-breakpoint
ALTER TABLE "jobs" DROP COLUMN "job_attachments";
