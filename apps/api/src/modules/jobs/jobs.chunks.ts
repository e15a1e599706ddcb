import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import { jobChunks } from '../../db/schema/index.js';
import type { JobContext } from './jobs.types.js';

/** What a checkpoint may hold: JSON (it is stored as jsonb). */
export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

export interface ChunkPlan<Row, Key extends Json, State extends Json> {
  /** The checkpoint's name within the job ('main'); a job with several passes names each. */
  name?: string;
  /** Rows per chunk (one transaction each). */
  size: number;
  /** The next rows strictly after `after` (null: from the first) in key order, at most `limit`: a keyset query. */
  fetch(tx: Executor, after: Key | null, limit: number): Promise<Row[]>;
  /** The key of a row, in the order `fetch` sorts by. */
  key(row: Row): Key;
  /** The running state before the first chunk (totals, counts…). */
  initial: State;
  /** One chunk's work, in the chunk's transaction: answers the new state and, if any, the chunk's part of the output. */
  run(tx: Executor, rows: Row[], state: State): Promise<{ state: State; output?: string }>;
  /** For progress: how many rows in all (progress reports rows done). */
  total?: number;
  subtitle?: string;
}

export interface ChunkResult<State> {
  state: State;
  /** The committed chunks' outputs in order (those of earlier attempts included). */
  outputs: string[];
  done: number;
}

/**
 * Runs a job's work in chunks that survive a crash (issue 23 §1): each chunk reads the rows after the checkpoint, does
 * its work and writes the new checkpoint (last key, running state, output) in ONE transaction on the jobs' pool. A
 * retry reads the newest checkpoint and goes on after it, so no committed chunk is redone and none is skipped; a chunk
 * cut short by a crash rolled back whole. (job_id, name, seq) is the key: two attempts of one job racing (a worker
 * thought dead) cannot both commit a chunk.
 */
export async function forEachChunk<Row, Key extends Json, State extends Json>(
  ctx: Pick<JobContext, 'jobId' | 'db' | 'progress'> & { signal?: AbortSignal },
  plan: ChunkPlan<Row, Key, State>,
): Promise<ChunkResult<State>> {
  const name = plan.name ?? 'main';
  const where = and(eq(jobChunks.jobId, ctx.jobId), eq(jobChunks.name, name));
  const [last] = await ctx.db.select().from(jobChunks).where(where).orderBy(desc(jobChunks.seq)).limit(1);
  let seq = last?.seq ?? 0;
  let after = (last ? last.afterKey : null) as Key | null;
  let state = (last ? last.state : plan.initial) as State;
  let done = last?.done ?? 0;
  const report = async () => {
    if (plan.total !== undefined) await ctx.progress(done, Math.max(plan.total, done), plan.subtitle);
  };
  await report();
  for (;;) {
    if (ctx.signal?.aborted) throw new Error('Tarefa interrompida');
    const next = await ctx.db.transaction(async (tx) => {
      const rows = await plan.fetch(tx, after, plan.size);
      if (rows.length === 0) return null;
      const result = await plan.run(tx, rows, state);
      const key = plan.key(rows[rows.length - 1]!);
      await tx.insert(jobChunks).values({
        jobId: ctx.jobId,
        name,
        seq: seq + 1,
        afterKey: key,
        state: result.state,
        done: done + rows.length,
        output: result.output ?? null,
      });
      return { key, state: result.state, count: rows.length };
    });
    if (!next) break;
    seq += 1;
    after = next.key;
    state = next.state;
    done += next.count;
    await report();
  }
  const outputs = await ctx.db
    .select({ output: jobChunks.output })
    .from(jobChunks)
    .where(and(where, sql`${jobChunks.output} is not null`))
    .orderBy(asc(jobChunks.seq));
  return { state, outputs: outputs.map((o) => o.output!), done };
}

/** Forgets a job's checkpoints (the engine, once the job has ended; a direct run, once done). */
export async function dropCheckpoints(db: Db, jobId: string) {
  await db.delete(jobChunks).where(eq(jobChunks.jobId, jobId));
}
