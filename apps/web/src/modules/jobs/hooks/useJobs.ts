import { useQuery } from '@tanstack/react-query';
import { jobsContracts, type Job } from '@assoc/domain';
import { callApi, queryKeyOf } from '../../../app/client';
import { useRealtime } from '../../realtime/RealtimeProvider';

export const jobsKey = queryKeyOf(jobsContracts.list);

/** Newest submitted first (spec 1 §2). */
export const sortJobs = (jobs: readonly Job[]) =>
  [...jobs].sort((a, b) => (a.jobSubmitted < b.jobSubmitted ? 1 : a.jobSubmitted > b.jobSubmitted ? -1 : 0));

/** A job update from the server: replaces the job, or adds a new one at the front. */
export function upsertJob(list: readonly Job[] | undefined, job: Job): Job[] {
  const current = list ?? [];
  const at = current.findIndex((j) => j.jobId === job.jobId);
  if (at < 0) return sortJobs([job, ...current]);
  const next = [...current];
  next[at] = job;
  return next;
}

/**
 * GET jobs: the user's jobs, kept live by `jobprogress` messages. Without the real-time channel
 * (environment mode 5, or while disconnected) the list is polled while some job is still open.
 */
export function useJobs() {
  const { connected } = useRealtime();
  return useQuery({
    queryKey: jobsKey,
    queryFn: ({ signal }) => callApi(jobsContracts.list, {}, { signal }),
    staleTime: 30_000,
    refetchInterval: (query) => (!connected && (query.state.data ?? []).some((j) => j.jobStatus < 20) ? 3000 : false),
  });
}
