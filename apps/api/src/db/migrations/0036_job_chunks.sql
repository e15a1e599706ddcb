-- Issue 23 §1: a job's committed chunks. Each row is written in the same transaction as the chunk's work, so the newest
-- row of a job is its checkpoint (the last key done and the running totals): a retry after a crash resumes after it.
-- (job_id, name, seq) is the key, so two attempts of one job can never both commit the same chunk. No foreign key: a
-- report function run directly (tests) checkpoints under its own id; the engine deletes a job's chunks when it ends.
CREATE TABLE "job_chunks" (
	"job_id" uuid NOT NULL,
	"name" varchar(40) NOT NULL,
	"seq" integer NOT NULL,
	"after_key" jsonb NOT NULL,
	"state" jsonb NOT NULL,
	"done" integer NOT NULL,
	"output" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_chunks_pkey" PRIMARY KEY("job_id","name","seq")
);
