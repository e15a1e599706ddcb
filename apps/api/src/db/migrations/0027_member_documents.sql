-- The member's documents (issue 13, spec 1 §3 "Document", decision 9): one row per uploaded file. An upload waits with
-- cst_id null until a member save attaches it (a row left waiting is removed with its file by the clean-up); a delete
-- only sets deleted_at, so the file stays for the audit.
CREATE TABLE "member_documents" (
	"scan_id" serial PRIMARY KEY NOT NULL,
	"file_id" uuid NOT NULL,
	"cst_id" integer,
	"description" varchar(200),
	"filesize" bigint NOT NULL,
	"mime_type" varchar(120) NOT NULL,
	"created_by" integer,
	"created_by_name" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attached_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	CONSTRAINT "member_documents_file_uq" UNIQUE("file_id")
);
--> statement-breakpoint
ALTER TABLE "member_documents" ADD CONSTRAINT "member_documents_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_documents" ADD CONSTRAINT "member_documents_cst_id_customers_cst_id_fk" FOREIGN KEY ("cst_id") REFERENCES "public"."customers"("cst_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_documents" ADD CONSTRAINT "member_documents_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_documents" ADD CONSTRAINT "member_documents_deleted_by_users_user_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_documents_cst_idx" ON "member_documents" USING btree ("cst_id","created_at");--> statement-breakpoint
CREATE INDEX "member_documents_pending_idx" ON "member_documents" USING btree ("created_at") WHERE "cst_id" IS NULL;
