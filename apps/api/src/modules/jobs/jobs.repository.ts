import type pg from 'pg';
import type { Job } from '@assoc/domain';

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
  jobSubmitted: (r.jobSubmitted as Date).toISOString(),
  jobFinished: r.jobFinished ? (r.jobFinished as Date).toISOString() : null,
});

/** What a client may see of a row (the owner and userData stay on the server). */
export const toJob = ({ userId: _u, userData: _d, ...job }: JobRow): Job => job;

type Queryable = Pick<pg.Pool | pg.PoolClient, 'query'>;

export function createJobsRepository(pool: pg.Pool) {
  const one = async (db: Queryable, text: string, values: unknown[]) => {
    const { rows } = await db.query(text, values);
    return rows[0] ? toRow(rows[0]) : null;
  };
  return {
    async insert(
      db: Queryable,
      job: { jobId: string; jobName: string; jobDescription: string; jobSubtitle: string; userId: number; userData: string },
    ) {
      return (await one(
        db,
        `insert into jobs (job_id, job_name, job_description, job_subtitle, job_status, user_id, user_data)
         values ($1, $2, $3, $4, 10, $5, $6) returning ${COLUMNS}`,
        [job.jobId, job.jobName, job.jobDescription, job.jobSubtitle, job.userId, job.userData],
      ))!;
    },
    /** An open (waiting or running) job of this name, by anyone. */
    async findOpenByName(db: Queryable, jobName: string) {
      return one(db, `select ${COLUMNS} from jobs where job_name = $1 and job_status <= 10 limit 1`, [jobName]);
    },
    get: (jobId: string) => one(pool, `select ${COLUMNS} from jobs where job_id = $1`, [jobId]),
    async listForUser(userId: number) {
      const { rows } = await pool.query(`select ${COLUMNS} from jobs where user_id = $1 and show order by job_submitted desc, job_id limit 200`, [
        userId,
      ]);
      return rows.map(toRow);
    },
    /** Open jobs, for the supervisor that settles the ones pg-boss gave up on. */
    async listOpen() {
      const { rows } = await pool.query(`select ${COLUMNS} from jobs where job_status <= 10 and job_submitted < now() - interval '2 seconds'`);
      return rows.map(toRow);
    },
    hide: (jobId: string, userId: number) =>
      one(pool, `update jobs set show = false where job_id = $1 and user_id = $2 returning ${COLUMNS}`, [jobId, userId]),
    /** Running again (first attempt or a retry): progress restarts, the result is cleared. */
    markRunning: (jobId: string, subtitle: string) =>
      one(
        pool,
        `update jobs set job_status = 0, job_subtitle = $2, job_current = 0, job_result = ''
                  where job_id = $1 and job_status <= 10 returning ${COLUMNS}`,
        [jobId, subtitle],
      ),
    progress: (jobId: string, current: number, total: number, subtitle: string | null) =>
      one(
        pool,
        `update jobs set job_current = $2, job_total = $3, job_subtitle = coalesce($4, job_subtitle)
                  where job_id = $1 and job_status = 0 returning ${COLUMNS}`,
        [jobId, current, total, subtitle],
      ),
    waiting: (jobId: string, subtitle: string, result: string) =>
      one(pool, `update jobs set job_status = 10, job_subtitle = $2, job_result = $3 where job_id = $1 and job_status <= 10 returning ${COLUMNS}`, [
        jobId,
        subtitle,
        result,
      ]),
    /** Final state (20 or 30), written once: a finished job is never reopened. */
    finish: (jobId: string, status: 20 | 30, subtitle: string, result: string) =>
      one(
        pool,
        `update jobs set job_status = $2::smallint, job_subtitle = $3, job_result = $4, job_finished = now(),
                  job_current = case when $2::smallint = 30 then greatest(job_total, job_current) else job_current end
                  where job_id = $1 and job_status <= 10 returning ${COLUMNS}`,
        [jobId, status, subtitle, result],
      ),
  };
}
export type JobsRepository = ReturnType<typeof createJobsRepository>;
