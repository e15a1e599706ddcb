import { sql, type SQL } from 'drizzle-orm';
import type { Job } from '@assoc/domain';
import type { Executor } from '../../db/client.js';
import { timestampOf } from '../../lib/sql.js';

/** A job row with its owner, as the engine and the service read it. */
export interface JobRow extends Job {
  userId: number;
  userData: string;
}

/** The spec's `jobAttachments` text, `<fileId>;<display name>`, read from the job's file link (issue 10 §4). */
export const ATTACHMENT = `coalesce((select f.id || ';' || f.name from file_links l join files f on f.id = l.file_id
  where l.owner_kind = 'job' and l.owner_id = jobs.job_id::text order by l.created_at desc limit 1), '')`;

const COLUMNS = `job_id as "jobId", job_name as "jobName", job_description as "jobDescription", job_subtitle as "jobSubtitle",
  job_status as "jobStatus", job_submitted as "jobSubmitted", job_current as "jobCurrent", job_total as "jobTotal",
  ${ATTACHMENT} as "jobAttachments", job_result as "jobResult", job_finished as "jobFinished", show,
  user_id as "userId", user_data as "userData"`;

const toRow = (r: Record<string, unknown>): JobRow => ({
  ...(r as unknown as JobRow),
  jobSubmitted: timestampOf(r.jobSubmitted).toISOString(),
  jobFinished: r.jobFinished ? timestampOf(r.jobFinished).toISOString() : null,
});

/** What a client may see of a row (the owner and userData stay on the server). */
export const toJob = ({ userId: _u, userData: _d, ...job }: JobRow): Job => job;

const columns = sql.raw(COLUMNS);

/** SQL of the `jobs` table; every method runs on the caller's executor (the database or its transaction). */
export function createJobsRepository() {
  const many = async (db: Executor, query: SQL) => (await db.execute<Record<string, unknown>>(query)).rows.map(toRow);
  const one = async (db: Executor, query: SQL) => (await many(db, query))[0] ?? null;
  return {
    async insert(
      db: Executor,
      job: { jobId: string; jobName: string; jobDescription: string; jobSubtitle: string; userId: number; userData: string },
    ) {
      return (await one(
        db,
        sql`insert into jobs (job_id, job_name, job_description, job_subtitle, job_status, user_id, user_data)
         values (${job.jobId}, ${job.jobName}, ${job.jobDescription}, ${job.jobSubtitle}, 10, ${job.userId}, ${job.userData}) returning ${columns}`,
      ))!;
    },
    /** An open (waiting or running) job of this name, by anyone. */
    findOpenByName: (db: Executor, jobName: string) =>
      one(db, sql`select ${columns} from jobs where job_name = ${jobName} and job_status <= 10 limit 1`),
    get: (db: Executor, jobId: string) => one(db, sql`select ${columns} from jobs where job_id = ${jobId}`),
    listForUser: (db: Executor, userId: number) =>
      many(db, sql`select ${columns} from jobs where user_id = ${userId} and show order by job_submitted desc, job_id limit 200`),
    /** Open jobs, for the supervisor that settles the ones pg-boss gave up on. */
    listOpen: (db: Executor) => many(db, sql`select ${columns} from jobs where job_status <= 10 and job_submitted < now() - interval '2 seconds'`),
    hide: (db: Executor, jobId: string, userId: number) =>
      one(db, sql`update jobs set show = false where job_id = ${jobId} and user_id = ${userId} returning ${columns}`),
    /** Running again (first attempt or a retry): progress restarts, the result is cleared. */
    markRunning: (db: Executor, jobId: string, subtitle: string) =>
      one(
        db,
        sql`update jobs set job_status = 0, job_subtitle = ${subtitle}, job_current = 0, job_result = ''
                  where job_id = ${jobId} and job_status <= 10 returning ${columns}`,
      ),
    progress: (db: Executor, jobId: string, current: number, total: number, subtitle: string | null) =>
      one(
        db,
        sql`update jobs set job_current = ${current}, job_total = ${total}, job_subtitle = coalesce(${subtitle}, job_subtitle)
                  where job_id = ${jobId} and job_status = 0 returning ${columns}`,
      ),
    waiting: (db: Executor, jobId: string, subtitle: string, result: string) =>
      one(
        db,
        sql`update jobs set job_status = 10, job_subtitle = ${subtitle}, job_result = ${result} where job_id = ${jobId} and job_status <= 10 returning ${columns}`,
      ),
    /** Final state (20 or 30), written once: a finished job is never reopened. */
    finish: (db: Executor, jobId: string, status: 20 | 30, subtitle: string, result: string) =>
      one(
        db,
        sql`update jobs set job_status = ${status}::smallint, job_subtitle = ${subtitle}, job_result = ${result}, job_finished = now(),
                  job_current = case when ${status}::smallint = 30 then greatest(job_total, job_current) else job_current end
                  where job_id = ${jobId} and job_status <= 10 returning ${columns}`,
      ),
  };
}
export type JobsRepository = ReturnType<typeof createJobsRepository>;
